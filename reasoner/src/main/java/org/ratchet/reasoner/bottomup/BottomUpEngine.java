package org.ratchet.reasoner.bottomup;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
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
    private static final Logger LOG = LogManager.getLogger(BottomUpEngine.class);
    /** A rough size of one stored row (values, hash slots, index links), to turn bytes into rows. */
    private static final long BYTES_PER_ROW = 64;
    /** Rows a join may try for the probe's first two states; far above what fast games need. */
    private static final long PROBE_WORK = 200_000;
    /**
     * Rows tried in the probe past which a game with recursive state relations is compiled a second time,
     * with them evaluated on demand, and the cheaper of the two plays: whole, a recursive relation derives
     * every key (skirmish's lines of sight from every square); on demand, only the keys its readers ask for,
     * but each separately (hitori's counts, asked for every count a rule enumerates first). A game declined
     * whole stays declined: those of the corpus (chess, slaughter, merrills) prepare on demand but still
     * play slower than on the prover (chess about 2x over random playouts, merrills 50x).
     */
    private static final long TRY_ON_DEMAND_WORK = 20_000;

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
        Program whole = Program.compile(game, deadline, maxRows, false);
        Probe wholeProbe = probe(new BottomUpFactory(whole, game), deadline);
        Probe chosen = wholeProbe;
        if (wholeProbe.failure == null && wholeProbe.work > TRY_ON_DEMAND_WORK && whole.hasRecursiveStateRelations()) {
            Program onDemand = Program.compile(game, deadline, maxRows, true);
            if (onDemand.recursionOnDemand()) {
                Probe onDemandProbe = probe(new BottomUpFactory(onDemand, game), deadline);
                if (onDemandProbe.work < wholeProbe.work) {
                    chosen = onDemandProbe;
                }
                LOG.info("recursive state relations evaluated {} (rows tried in the first two states: {} whole, "
                    + "{} on demand)", chosen == onDemandProbe ? "on demand" : "whole",
                    rowsTried(wholeProbe), rowsTried(onDemandProbe));
            }
        }
        if (chosen.failure != null) {
            throw new GdlException("bottom-up evaluation is too slow for this game (its first two states: "
                + chosen.failure + ")");
        }
        return chosen.factory;
    }

    private static String rowsTried(Probe probe) {
        return probe.failure == null ? Long.toString(probe.work) : probe.failure;
    }

    /** What the probe of one compiled program found: its rows tried, or why it stopped (then null). */
    private record Probe(BottomUpFactory factory, long work, String failure) {
    }

    /**
     * Plays the first two states (terminal, every role's legal moves, one joint move), counting the rows
     * tried by joins, and stops past {@value #PROBE_WORK}: rules that enumerate large relations in every
     * state make bottom-up evaluation slower than the prover's goal-directed search, and the rows tried do
     * not depend on the machine's speed. A probe that stops has work {@link Long#MAX_VALUE}.
     */
    private static Probe probe(BottomUpFactory factory, long deadline) {
        BottomUpMachine machine = new BottomUpMachine(factory, deadline, PROBE_WORK);
        try {
            int[] joint = new int[machine.roleCount()];
            for (int step = 0; step < 2 && !machine.isTerminal(); step++) {
                for (int r = 0; r < joint.length; r++) {
                    if (machine.legalCount(r) == 0) {
                        return new Probe(factory, machine.work(), null);
                    }
                    joint[r] = machine.legalMove(r, 0);
                }
                machine.advance(joint);
            }
            return new Probe(factory, machine.work(), null);
        } catch (Evaluator.BudgetExceeded e) {
            return new Probe(factory, Long.MAX_VALUE, e.getMessage());
        }
    }
}
