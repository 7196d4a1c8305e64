package org.ratchet.player.gauntlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EloEstimateTest {

    @Test
    void knownScoresGiveKnownEloDifferences() {
        assertEquals(0, EloEstimate.elo(0.5), 1e-9);
        assertEquals(190.85, EloEstimate.elo(0.75), 0.01);
        assertEquals(-190.85, EloEstimate.elo(0.25), 0.01);
        assertEquals(-400 * Math.log10(1 / 0.9 - 1), EloEstimate.elo(0.9), 1e-9);
    }

    @Test
    void evenResultsCentreOnZeroWithASymmetricInterval() {
        EloEstimate even = EloEstimate.of(new double[] {1, 0, 1, 0, 0.5, 0.5, 1, 0});
        assertEquals(0.5, even.score(), 1e-12);
        assertEquals(0, even.elo(), 1e-9);
        assertEquals(-even.eloLow(), even.eloHigh(), 1e-9);
        assertTrue(even.eloLow() < 0 && even.eloHigh() > 0);
    }

    @Test
    void intervalIsScorePlusOrMinusTwoStandardErrors() {
        double[] scores = {1, 1, 1, 0};
        // mean 0.75, sample variance 0.25, standard error sqrt(0.25 / 4) = 0.25
        EloEstimate e = EloEstimate.of(scores);
        assertEquals(0.75, e.score(), 1e-12);
        assertEquals(0.75 - 1.959964 * 0.25, e.scoreLow(), 1e-9);
        assertEquals(1.0, e.scoreHigh(), 1e-12, "the upper bound 1.24 is clipped to a whole win");
        assertEquals(EloEstimate.elo(0.75), e.elo(), 1e-9);
        assertEquals(EloEstimate.elo(0.75 - 1.959964 * 0.25), e.eloLow(), 1e-9);
        assertEquals(EloEstimate.elo(1 - 0.5 / 4), e.eloHigh(), 1e-9, "a clipped bound becomes finite Elo");
    }

    @Test
    void intervalNarrowsWithMoreMatches() {
        double[] pattern = {1, 0.5, 1, 0, 1};
        EloEstimate few = EloEstimate.of(repeat(pattern, 4));
        EloEstimate many = EloEstimate.of(repeat(pattern, 40));
        assertEquals(few.score(), many.score(), 1e-12);
        assertEquals(few.elo(), many.elo(), 1e-9);
        assertTrue(many.eloHigh() - many.eloLow() < (few.eloHigh() - few.eloLow()) / 2,
            "ten times the matches should shrink the interval by about sqrt(10)");
        assertTrue(many.eloLow() > few.eloLow() && many.eloHigh() < few.eloHigh());
    }

    @Test
    void allWinsAndAllLossesStayFinite() {
        EloEstimate wins = EloEstimate.of(repeat(new double[] {1}, 10));
        assertEquals(1, wins.score());
        assertEquals(EloEstimate.elo(0.95), wins.elo(), 1e-9, "ten wins read as 9.5 out of 10");
        assertTrue(Double.isFinite(wins.eloLow()) && Double.isFinite(wins.eloHigh()));
        assertTrue(wins.eloLow() > 0 && wins.eloLow() < wins.elo(), "no spread seen, yet the interval has width");

        EloEstimate losses = EloEstimate.of(repeat(new double[] {0}, 10));
        assertEquals(-wins.elo(), losses.elo(), 1e-9);
        assertTrue(Double.isFinite(losses.eloLow()) && losses.eloHigh() < 0);
    }

    @Test
    void oneMatchHasAWideIntervalAndNoMatchesHaveNone() {
        EloEstimate one = EloEstimate.of(new double[] {0.5});
        assertEquals(0, one.elo(), 1e-9);
        assertEquals(0, one.scoreLow(), 1e-12);
        assertEquals(1, one.scoreHigh(), 1e-12);
        EloEstimate none = EloEstimate.of(new double[0]);
        assertEquals(0, none.matches());
        assertTrue(Double.isNaN(none.score()) && Double.isNaN(none.elo()));
    }

    private static double[] repeat(double[] pattern, int times) {
        double[] out = new double[pattern.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(pattern, 0, out, i * pattern.length, pattern.length);
        }
        return out;
    }
}
