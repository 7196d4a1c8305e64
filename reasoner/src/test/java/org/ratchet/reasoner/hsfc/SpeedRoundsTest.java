package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the compile-time speed comparisons end and what they judge, on rounds recorded from real compiles. */
class SpeedRoundsTest {
    private static final boolean BUSY = false;
    private static final boolean QUIET = true;

    /** cephalopodMicro's order comparison: the JIT compiled through four rounds, then the speeds settled. */
    @Test
    void roundsWhileTheJitCompilesDoNotJudge() {
        SpeedRounds rounds = new SpeedRounds();
        assertFalse(rounds.add(199, 250, BUSY, false));
        assertFalse(rounds.add(346, 263, BUSY, false));
        assertFalse(rounds.add(355, 297, BUSY, false));
        assertFalse(rounds.add(444, 389, BUSY, false));
        assertFalse(rounds.add(496, 401, QUIET, false));
        assertTrue(rounds.add(506, 403, QUIET, false));
        assertEquals(6, rounds.rounds());
        assertArrayEquals(new double[] {506, 403}, rounds.judged());
        assertEquals("the rounds the JIT compiled nothing in", rounds.judgedBy());
    }

    /** Early rounds that favour the first game, settled ones the second: the settled ones decide. */
    @Test
    void settledRoundsOverruleEarlyOnes() {
        SpeedRounds rounds = new SpeedRounds();
        assertFalse(rounds.add(300, 150, BUSY, false));
        assertFalse(rounds.add(400, 300, BUSY, false));
        assertFalse(rounds.add(420, 500, QUIET, false));
        assertFalse(rounds.add(410, 520, BUSY, false));
        assertTrue(rounds.add(415, 510, QUIET, false));
        double[] judged = rounds.judged();
        assertTrue(judged[1] > judged[0], "the second game is faster once settled");
        assertArrayEquals(new double[] {420, 510}, judged);
    }

    /** The first round runs new code whatever the JIT did meanwhile, so it never judges. */
    @Test
    void theFirstRoundNeverCountsAsSettled() {
        SpeedRounds rounds = new SpeedRounds();
        assertFalse(rounds.add(100, 900, QUIET, false));
        assertFalse(rounds.add(500, 400, QUIET, false));
        assertTrue(rounds.add(510, 390, QUIET, false));
        assertArrayEquals(new double[] {510, 400}, rounds.judged());
    }

    /** connectFour's keeping: three times as fast in every round, so the third round ends it, JIT or not. */
    @Test
    void aClearWinnerEndsTheRoundsEarly() {
        SpeedRounds rounds = new SpeedRounds();
        assertFalse(rounds.add(3365, 635, BUSY, false));
        assertFalse(rounds.add(2776, 1086, BUSY, false));
        assertTrue(rounds.add(3298, 1110, BUSY, false));
        assertArrayEquals(new double[] {3298, 1110}, rounds.judged());
        assertEquals("the last two rounds, one game clearly ahead", rounds.judgedBy());
    }

    /** Clearly apart, but not the same game ahead: no early end. */
    @Test
    void clearRoundsDisagreeingDoNotEndIt() {
        SpeedRounds rounds = new SpeedRounds();
        assertFalse(rounds.add(100, 100, BUSY, false));
        assertFalse(rounds.add(300, 100, BUSY, false));
        assertFalse(rounds.add(100, 300, BUSY, false));
        assertFalse(rounds.add(220, 200, BUSY, false));
    }

    /** A JIT that never settles: the last two of the most rounds allowed judge. */
    @Test
    void aJitThatNeverSettlesEndsAtTheMostRounds() {
        SpeedRounds rounds = new SpeedRounds();
        for (int round = 1; round < SpeedRounds.MAX_ROUNDS; round++) {
            assertFalse(rounds.add(round, round + 1, BUSY, false), "round " + round);
        }
        assertTrue(rounds.add(100, 90, BUSY, false));
        assertEquals(SpeedRounds.MAX_ROUNDS, rounds.rounds());
        assertArrayEquals(new double[] {100, 90}, rounds.judged());
        assertEquals("the last two rounds", rounds.judgedBy());
    }

    /** No JIT to watch, or the budget short: the fixed rounds, judged by the last two. */
    @Test
    void mustEndStopsAfterTheFixedRounds() {
        SpeedRounds rounds = new SpeedRounds();
        assertFalse(rounds.add(50, 60, BUSY, true));
        assertFalse(rounds.add(70, 65, BUSY, true));
        assertTrue(rounds.add(68, 66, BUSY, true));
        assertEquals(SpeedRounds.FIXED_ROUNDS, rounds.rounds());
        assertArrayEquals(new double[] {70, 66}, rounds.judged());
    }
}
