package org.ratchet.player.gauntlet;

/**
 * How much stronger the new build is than the reference, from its per-match scores in [0, 1] (1 a win, 0.5
 * a draw, 0 a loss): the mean score with a 95% interval, and the Elo differences they imply. The interval is
 * the normal one, score ± 1.96 standard errors, where the standard error is the spread of the match scores
 * over √n; draws make the spread, and so the interval, smaller than win/loss results alone would.
 *
 * <p>Two edge cases keep every figure finite and honest:
 * <ul>
 *   <li>A run of n matches cannot tell a score nearer to 0 or 1 than half a match, so before a score becomes
 *       an Elo difference it is clamped into [1/(2n), 1 − 1/(2n)]: ten wins out of ten give +511 Elo, not
 *       infinity.</li>
 *   <li>When every match ended alike (or there is only one), the sample shows no spread at all; the
 *       standard error then assumes the widest spread a score of that size can have, s·(1 − s), rather than
 *       claiming a zero-width interval.</li>
 * </ul>
 */
public record EloEstimate(int matches, double score, double scoreLow, double scoreHigh,
                          double elo, double eloLow, double eloHigh) {

    private static final double Z_975 = 1.959964;

    /**
     * The Elo difference at which the stronger side expects {@code score}: -400·log10(1/score − 1), written
     * as 400·log10(score/(1 − score)) so that an even score gives 0 rather than -0.
     */
    public static double elo(double score) {
        return 400 * Math.log10(score / (1 - score));
    }

    /** The estimate from one score per match; with no matches every figure is NaN. */
    public static EloEstimate of(double[] scores) {
        int n = scores.length;
        if (n == 0) {
            return new EloEstimate(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double sum = 0;
        for (double score : scores) {
            sum += score;
        }
        double mean = sum / n;
        double squares = 0;
        for (double score : scores) {
            squares += (score - mean) * (score - mean);
        }
        double variance = n > 1 ? squares / (n - 1) : 0;
        double edge = 0.5 / n;
        double measurable = clamp(mean, edge, 1 - edge);
        if (variance == 0) {
            variance = measurable * (1 - measurable);
        }
        double halfWidth = Z_975 * Math.sqrt(variance / n);
        double low = clamp(mean - halfWidth, 0, 1);
        double high = clamp(mean + halfWidth, 0, 1);
        return new EloEstimate(n, mean, low, high, elo(measurable), elo(clamp(low, edge, 1 - edge)),
            elo(clamp(high, edge, 1 - edge)));
    }

    private static double clamp(double x, double min, double max) {
        return Math.max(min, Math.min(max, x));
    }
}
