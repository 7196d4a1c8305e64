package org.ratchet.reasoner.topdown;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.TermIndex;
import org.ratchet.reasoner.gdl.GameDescription;

/** One game prepared for the top-down engine: its compiled rules and the fact and move ids of all machines. */
final class TopDownFactory implements StateMachineFactory {
    private static final Logger LOG = LogManager.getLogger(TopDownFactory.class);

    final Rules rules;
    final TermIndex facts = new TermIndex();
    final TermIndex moves = new TermIndex();
    private final AtomicBoolean warnedMissingGoal = new AtomicBoolean();
    private final AtomicBoolean warnedSeveralGoals = new AtomicBoolean();

    TopDownFactory(Rules rules) {
        this.rules = rules;
    }

    @Override
    public String engineName() {
        return Engines.TOPDOWN;
    }

    @Override
    public GameDescription description() {
        return rules.game;
    }

    @Override
    public StateMachine newMachine() {
        return new TopDownMachine(this);
    }

    /** Logs the first ill-defined goal of the game only, so that playouts do not flood the log. */
    void warnIllDefinedGoal(boolean noValue, String detail) {
        AtomicBoolean warned = noValue ? warnedMissingGoal : warnedSeveralGoals;
        if (warned.compareAndSet(false, true)) {
            LOG.warn("{}; {} (reported once per game)", detail, noValue ? "using 0" : "using the maximum");
        }
    }
}
