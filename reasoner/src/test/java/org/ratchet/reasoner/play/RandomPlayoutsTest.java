package org.ratchet.reasoner.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;

class RandomPlayoutsTest {
    /** A game that never ends: every playout runs until its step bound or its deadline. */
    private static final String ENDLESS = """
        (role walker)
        (init (at 0))
        (legal walker step)
        (legal walker stay)
        (<= (next (at 0)) (does walker stay))
        (<= (next (at 0)) (does walker step))
        (goal walker 0)
        """;

    private static StateMachine endless(String engine) throws GdlException {
        return Engines.create(engine, GdlParser.parse(ENDLESS)).newMachine();
    }

    @Test
    void aPassedDeadlineStopsBeforeTheFirstStep() throws GdlException {
        StateMachine machine = endless(Engines.HSFC);
        RandomPlayouts playouts = new RandomPlayouts(machine, 1, 1_000_000);
        assertEquals(RandomPlayouts.End.DEADLINE, playouts.play(machine.initialState(), System.nanoTime() - 1));
        assertEquals(0, playouts.steps());
    }

    @Test
    void aPlayoutStopsSoonAfterItsDeadlineThoughTheClockIsReadEveryFewSteps() throws GdlException {
        StateMachine machine = endless(Engines.HSFC);
        RandomPlayouts playouts = new RandomPlayouts(machine, 1, Integer.MAX_VALUE);
        for (int round = 0; round < 20; round++) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(5);
            assertEquals(RandomPlayouts.End.DEADLINE, playouts.play(machine.initialState(), deadline));
            long late = System.nanoTime() - deadline;
            assertTrue(playouts.steps() > 0);
            // a look at the clock comes every 64 steps at most; a step of this game takes well under a
            // microsecond once compiled, so anything near 200 ms late means the deadline was missed
            assertTrue(late < TimeUnit.MILLISECONDS.toNanos(200), "stopped " + late + " ns after the deadline");
        }
    }

    @Test
    void theStepBoundEndsAnUntimedPlayout() throws GdlException {
        StateMachine machine = endless(Engines.HSFC);
        RandomPlayouts playouts = new RandomPlayouts(machine, 1, 100);
        assertEquals(RandomPlayouts.End.STEP_BOUND, playouts.play(machine.initialState()));
        assertEquals(100, playouts.steps());
    }
}
