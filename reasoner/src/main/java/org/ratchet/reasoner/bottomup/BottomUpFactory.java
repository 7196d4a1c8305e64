package org.ratchet.reasoner.bottomup;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.TermIndex;
import org.ratchet.reasoner.gdl.GameDescription;

/** One game prepared for bottom-up evaluation: the compiled program and the fact and move ids of all machines. */
final class BottomUpFactory implements StateMachineFactory {
    private static final Logger LOG = LogManager.getLogger(BottomUpFactory.class);

    final Program program;
    private final GameDescription description;
    final TermIndex facts = new TermIndex();
    final TermIndex moves = new TermIndex();
    private final AtomicBoolean warnedMissingGoal = new AtomicBoolean();
    private final AtomicBoolean warnedSeveralGoals = new AtomicBoolean();

    /** The program compiled from {@code description}'s rules, or from a rewrite of them. */
    BottomUpFactory(Program program, GameDescription description) {
        this.program = program;
        this.description = description;
    }

    @Override
    public String engineName() {
        return Engines.BOTTOMUP;
    }

    @Override
    public GameDescription description() {
        return description;
    }

    @Override
    public StateMachine newMachine() {
        return new BottomUpMachine(this);
    }

    /** Logs the first ill-defined goal of the game only, so that playouts do not flood the log. */
    void warnIllDefinedGoal(boolean noValue, String detail) {
        AtomicBoolean warned = noValue ? warnedMissingGoal : warnedSeveralGoals;
        if (warned.compareAndSet(false, true)) {
            LOG.warn("{}; {} (reported once per game)", detail, noValue ? "using 0" : "using the maximum");
        }
    }
}
