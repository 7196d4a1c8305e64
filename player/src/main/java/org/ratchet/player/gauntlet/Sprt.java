package org.ratchet.player.gauntlet;

import java.util.Locale;

/**
 * Wald's sequential probability ratio test on a game's match scores, the way chess engines decide whether to
 * keep a change: after every match it weighs "the new build is {@code elo1} stronger" (H1) against "it is
 * {@code elo0} stronger" (H0, usually 0: no better) and stops as soon as either is likely enough, so a clear
 * result costs few matches and only a close one the whole budget. The errors are bounded: H1 is accepted
 * wrongly with probability about {@code alpha}, H0 with about {@code beta}.
 *
 * <p>The model is a binomial one: at a strength difference of d Elo the new build scores a match with
 * probability s(d) = 1 / (1 + 10^(−d/400)), a draw counting as half a win and half a loss (any score in
 * [0, 1], as a three-player match gives, is split the same way). The log-likelihood ratio of n scores x is
 * Σ x·ln(s1/s0) + (1 − x)·ln((1 − s1)/(1 − s0)), exact for this model at any n (the normal approximations
 * made for thousands of games overstate the evidence of a few). Wald's bounds: accept H1 at
 * ln((1 − beta)/alpha) and H0 at ln(beta/(1 − alpha)), ±2.94 at 5% each.
 */
public record Sprt(double elo0, double elo1, double alpha, double beta) {

    /** What the scores so far say. */
    public enum Verdict {
        /** Not enough evidence either way yet. */
        CONTINUE,
        /** H0: the new build is not stronger by elo1 (it is about elo0 or less). */
        H0,
        /** H1: the new build is stronger by about elo1 or more. */
        H1
    }

    public Sprt {
        if (!(elo0 < elo1) || Double.isInfinite(elo0) || Double.isInfinite(elo1)) {
            throw new IllegalArgumentException("the SPRT needs ELO0 below ELO1, both finite (e.g. 0,50), not "
                + elo0 + "," + elo1);
        }
        if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) {
            throw new IllegalArgumentException("the SPRT's error rates must lie in (0, 0.5)");
        }
    }

    /** Elo bounds with 5% errors each way. */
    public static Sprt of(double elo0, double elo1) {
        return new Sprt(elo0, elo1, 0.05, 0.05);
    }

    /** Reads {@code ELO0,ELO1}, e.g. {@code 0,50}. */
    public static Sprt parse(String text) {
        String[] parts = text.split(",");
        if (parts.length != 2) {
            throw new IllegalArgumentException("--sprt takes ELO0,ELO1 (e.g. 0,50), not '" + text + "'");
        }
        try {
            return of(Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--sprt takes two numbers ELO0,ELO1 (e.g. 0,50), not '" + text + "'");
        }
    }

    /** The expected score at a strength difference of {@code elo}. */
    static double expectedScore(double elo) {
        return 1 / (1 + Math.pow(10, -elo / 400));
    }

    /** The log-likelihood ratio of H1 against H0 given these match scores (each in [0, 1]). */
    public double llr(double[] scores) {
        double s0 = expectedScore(elo0);
        double s1 = expectedScore(elo1);
        double win = Math.log(s1 / s0);
        double loss = Math.log((1 - s1) / (1 - s0));
        double llr = 0;
        for (double x : scores) {
            llr += x * win + (1 - x) * loss;
        }
        return llr;
    }

    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }

    public Verdict verdict(double[] scores) {
        double llr = llr(scores);
        return llr >= upperBound() ? Verdict.H1 : llr <= lowerBound() ? Verdict.H0 : Verdict.CONTINUE;
    }

    /** One line for people, e.g. {@code H1 accepted: stronger by 50 Elo or more (LLR 2.98 of [-2.94, 2.94])}. */
    public String describe(double[] scores) {
        double llr = llr(scores);
        String bounds = String.format(Locale.ROOT, "LLR %.2f of [%.2f, %.2f]", llr, lowerBound(), upperBound());
        return switch (verdict(scores)) {
            case H1 -> String.format(Locale.ROOT, "H1 accepted: stronger by %s Elo or more (%s)", number(elo1), bounds);
            case H0 -> String.format(Locale.ROOT, "H0 accepted: not stronger by %s Elo (%s)", number(elo1), bounds);
            case CONTINUE -> "undecided (" + bounds + ")";
        };
    }

    /** The test for people, e.g. {@code +50 against +0 Elo, errors 5%/5%}. */
    public String hypotheses() {
        return String.format(Locale.ROOT, "%s against %s Elo, errors %s%%/%s%%", signed(elo1), signed(elo0),
            number(100 * alpha), number(100 * beta));
    }

    private static String signed(double elo) {
        return (elo >= 0 ? "+" : "") + number(elo);
    }

    private static String number(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }
}
