package org.ratchet.player.gamemaster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void meanIntervalUsesStudentT() {
        // mean 50, sample standard deviation 50*sqrt(4/3): half width t(3) * s / 2.
        Estimate e = Estimate.mean(new double[] {0, 100, 0, 100});
        double s = Math.sqrt((4 * 2500.0) / 3);
        assertEquals(50, e.value(), 1e-9);
        assertEquals(50 - 3.182 * s / 2, e.low(), 1e-9);
        assertEquals(50 + 3.182 * s / 2, e.high(), 1e-9);
    }

    @Test
    void clippingKeepsTheBoundsInsideTheGoalRange() {
        Estimate e = Estimate.mean(new double[] {0, 100}).within(0, 100);
        assertEquals(50, e.value(), 1e-9);
        assertEquals(0, e.low());
        assertEquals(100, e.high());
    }

    @Test
    void oneSampleHasNoInterval() {
        Estimate e = Estimate.mean(new double[] {75});
        assertEquals(75, e.value());
        assertTrue(Double.isNaN(e.low()) && Double.isNaN(e.high()));
    }

    @Test
    void tQuantileApproachesTheNormal() {
        assertEquals(2.042, Estimate.tQuantile(30), 1e-9);
        assertEquals(2.021, Estimate.tQuantile(40), 0.003);
        assertEquals(1.984, Estimate.tQuantile(100), 0.003);
    }

    @Test
    void wilsonIntervalStaysInsideZeroOneAndIsWideForFewMatches() {
        Estimate allWon = Estimate.proportion(5, 5);
        assertEquals(1.0, allWon.value());
        assertEquals(1.0, allWon.high(), 1e-12);
        assertEquals(0.566, allWon.low(), 0.001);
        Estimate half = Estimate.proportion(5, 10);
        assertEquals(0.237, half.low(), 0.001);
        assertEquals(0.763, half.high(), 0.001);
    }

    @Test
    void wilsonIntervalAlwaysContainsTheObservedRate() {
        // Rounding once put the upper bound of 4 wins in 4 at 0.9999999999999999, below the rate itself.
        for (int trials = 1; trials <= 200; trials++) {
            for (int wins = 0; wins <= trials; wins++) {
                Estimate e = Estimate.proportion(wins, trials);
                assertTrue(e.low() <= e.value() && e.value() <= e.high(), wins + " of " + trials + ": " + e);
            }
        }
    }

    @Test
    void winSharesSplitTiesAtTheTop() {
        assertEquals(1.0, TournamentResult.winShare(List.of(100, 0), 0));
        assertEquals(0.0, TournamentResult.winShare(List.of(100, 0), 1));
        assertEquals(0.5, TournamentResult.winShare(List.of(50, 50), 1));
        assertEquals(0.5, TournamentResult.winShare(List.of(70, 20, 70), 2));
        assertEquals(0.0, TournamentResult.winShare(List.of(70, 20, 70), 1));
        assertEquals(1.0, TournamentResult.winShare(List.of(100), 0));
        assertEquals(0.0, TournamentResult.winShare(List.of(99), 0));
    }
}
