package org.ratchet.player.gauntlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SprtTest {

    private static double[] repeated(double score, int times) {
        double[] scores = new double[times];
        Arrays.fill(scores, score);
        return scores;
    }

    /**
     * At 0 against 50 Elo with 5% errors, by hand: s(50) = 0.5714631, so a win adds ln(0.5714631/0.5) = 0.1335918
     * and a loss ln(0.4285369/0.5) = -0.1542313 to the log-likelihood ratio, whose bounds are ±ln(19) = ±2.944439. So
     * it takes 23 straight wins to accept H1 (22 give 2.939) and 20 straight losses to accept H0 (19 give -2.930).
     */
    @Test
    void straightWinsOrLossesReachTheVerdictsWhereWaldsBoundsPutThem() {
        Sprt sprt = Sprt.of(0, 50);
        assertEquals(0.1335918, sprt.llr(repeated(1, 1)), 1e-7);
        assertEquals(-0.1542313, sprt.llr(repeated(0, 1)), 1e-7);
        assertEquals(2.944439, sprt.upperBound(), 1e-6);
        assertEquals(-2.944439, sprt.lowerBound(), 1e-6);
        assertEquals(Sprt.Verdict.CONTINUE, sprt.verdict(repeated(1, 22)));
        assertEquals(Sprt.Verdict.H1, sprt.verdict(repeated(1, 23)));
        assertEquals(Sprt.Verdict.CONTINUE, sprt.verdict(repeated(0, 19)));
        assertEquals(Sprt.Verdict.H0, sprt.verdict(repeated(0, 20)));
        assertEquals(Sprt.Verdict.CONTINUE, sprt.verdict(new double[0]));
    }

    /** A draw is what H0 (an even match) expects, so draws speak for H0, and a win then a loss cancel less. */
    @Test
    void drawsAndMixedResultsWeighTowardsTheHypothesisTheyFit() {
        Sprt sprt = Sprt.of(0, 50);
        assertEquals((0.1335918 - 0.1542313) / 2, sprt.llr(repeated(0.5, 1)), 1e-7);
        assertEquals(sprt.llr(new double[] {1, 0}), 2 * sprt.llr(repeated(0.5, 1)), 1e-12);
        // Against a weak opponent, 300 Elo: 9 wins in 10 accept "at least +300" over "+100".
        Sprt strong = Sprt.of(100, 300);
        double[] nineOfTen = {1, 1, 1, 1, 0, 1, 1, 1, 1, 1};
        assertTrue(strong.llr(nineOfTen) > 0);
        assertTrue(strong.describe(nineOfTen).contains("LLR"), strong.describe(nineOfTen));
        assertEquals("+300 against +100 Elo, errors 5%/5%", strong.hypotheses());
    }

    @Test
    void badTestsAreRefusedWithAMessage() {
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("50,0"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("0,50,100"));
        assertThrows(IllegalArgumentException.class, () -> Sprt.parse("zero,fifty"));
        assertThrows(IllegalArgumentException.class, () -> new Sprt(0, 50, 0.5, 0.05));
        assertEquals(Sprt.of(-10, 40.5), Sprt.parse(" -10 , 40.5"));
    }
}
