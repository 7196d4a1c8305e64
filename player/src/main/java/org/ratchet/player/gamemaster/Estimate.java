package org.ratchet.player.gamemaster;

/** A sample estimate with its 95% confidence interval. */
public record Estimate(double value, double low, double high) {

    // Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom.
    private static final double[] T_975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
    };
    private static final double Z_975 = 1.959964;

    /**
     * The mean with a Student-t interval: tournaments are small, and the normal quantile would claim too
     * much certainty from a handful of matches. With one sample the interval is unknown (NaN bounds).
     */
    public static Estimate mean(double[] samples) {
        int n = samples.length;
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, Double.NaN);
        }
        double sum = 0;
        for (double x : samples) {
            sum += x;
        }
        double mean = sum / n;
        if (n == 1) {
            return new Estimate(mean, Double.NaN, Double.NaN);
        }
        double squares = 0;
        for (double x : samples) {
            squares += (x - mean) * (x - mean);
        }
        double halfWidth = tQuantile(n - 1) * Math.sqrt(squares / (n - 1) / n);
        return new Estimate(mean, mean - halfWidth, mean + halfWidth);
    }

    /**
     * A proportion with the Wilson score interval, which stays inside [0, 1] and stays honest when a player
     * won all or none of a few matches (where the normal interval collapses to a point).
     */
    public static Estimate proportion(double successes, int trials) {
        if (trials == 0) {
            return new Estimate(Double.NaN, Double.NaN, Double.NaN);
        }
        double p = successes / trials;
        double z2 = Z_975 * Z_975;
        double denominator = 1 + z2 / trials;
        double centre = (p + z2 / (2.0 * trials)) / denominator;
        double halfWidth = Z_975 * Math.sqrt(p * (1 - p) / trials + z2 / (4.0 * trials * trials)) / denominator;
        // At p = 0 or 1 the bound is exactly p in theory; rounding can put it a hair on the wrong side.
        return new Estimate(p, Math.min(p, Math.max(0, centre - halfWidth)), Math.max(p, Math.min(1, centre + halfWidth)));
    }

    /** The same estimate with its bounds clipped to the range the quantity can take (e.g. goals 0..100). */
    public Estimate within(double min, double max) {
        return new Estimate(value, Math.max(min, low), Math.min(max, high));
    }

    static double tQuantile(int degreesOfFreedom) {
        if (degreesOfFreedom <= T_975.length) {
            return T_975[degreesOfFreedom - 1];
        }
        // First Cornish-Fisher correction to the normal quantile; within 0.003 of t beyond 30 degrees.
        return Z_975 + (Z_975 * Z_975 * Z_975 + Z_975) / (4.0 * degreesOfFreedom);
    }
}
