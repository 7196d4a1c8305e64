package org.ratchet.reasoner.bottomup;

import org.ratchet.reasoner.Engine;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * The bottom-up engine as {@link Engines} finds it (listed in {@code META-INF/services}). It grounds nothing:
 * only the static relations are computed while preparing, within the options' time budget and a row budget
 * derived from the memory budget.
 */
public final class BottomUpEngine implements Engine {
    /** A rough size of one stored row (values, hash slots, index links), to turn bytes into rows. */
    private static final long BYTES_PER_ROW = 64;
    /** Rows a join may try for the probe's first two states; far above what fast games need. */
    private static final long PROBE_WORK = 200_000;

    @Override
    public String name() {
        return Engines.BOTTOMUP;
    }

    @Override
    public StateMachineFactory prepare(GameDescription game, EngineOptions options) throws GdlException {
        if (game.roles().isEmpty()) {
            throw new GdlException("the game declares no roles");
        }
        long deadline = System.nanoTime() + options.timeBudgetMillis() * 1_000_000L;
        long maxRows = options.memoryBudgetBytes() / BYTES_PER_ROW;
        BottomUpFactory factory = new BottomUpFactory(Program.compile(game, deadline, maxRows), game);
        probe(factory, deadline);
        return factory;
    }

    /**
     * Plays the first two states (terminal, every role's legal moves, one joint move) and declines the game
     * when that takes more than {@value #PROBE_WORK} rows tried by joins: rules that enumerate large relations
     * in every state (chess's clear-line relations over all squares) make bottom-up evaluation slower than the
     * prover's goal-directed search, and the rows tried do not depend on the machine's speed.
     */
    private static void probe(BottomUpFactory factory, long deadline) throws GdlException {
        BottomUpMachine machine = new BottomUpMachine(factory, deadline, PROBE_WORK);
        try {
            int[] joint = new int[machine.roleCount()];
            for (int step = 0; step < 2 && !machine.isTerminal(); step++) {
                for (int r = 0; r < joint.length; r++) {
                    if (machine.legalCount(r) == 0) {
                        return;
                    }
                    joint[r] = machine.legalMove(r, 0);
                }
                machine.advance(joint);
            }
        } catch (Evaluator.BudgetExceeded e) {
            throw new GdlException("bottom-up evaluation is too slow for this game (its first two states: "
                + e.getMessage() + ")");
        }
    }
}
