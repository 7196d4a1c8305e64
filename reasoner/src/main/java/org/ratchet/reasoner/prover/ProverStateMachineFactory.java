package org.ratchet.reasoner.prover;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.TermIndex;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * The reference engine for one game: the prepared rules and the fact and move ids shared by all its
 * machines. Each machine has its own prover and answer tables, so machines never share mutable proof state.
 */
public final class ProverStateMachineFactory implements StateMachineFactory {
    private static final Logger LOG = LogManager.getLogger(ProverStateMachineFactory.class);

    private final ProverRules rules;
    private final TermIndex facts = new TermIndex();
    private final TermIndex moves = new TermIndex();
    private final AtomicBoolean warnedMissingGoal = new AtomicBoolean();
    private final AtomicBoolean warnedSeveralGoals = new AtomicBoolean();

    private ProverStateMachineFactory(GameDescription game) {
        this.rules = new ProverRules(game);
    }

    /**
     * Prepares a game; rejects one without roles. Recursion through negation is not rejected here: it is
     * detected per call while proving (see {@link Prover}), because some real games are stratified only
     * call by call.
     */
    public static ProverStateMachineFactory create(GameDescription game) throws GdlException {
        if (game.roles().isEmpty()) {
            throw new GdlException("the game declares no roles");
        }
        return new ProverStateMachineFactory(game);
    }

    @Override
    public String engineName() {
        return Engines.PROVER;
    }

    @Override
    public GameDescription description() {
        return rules.game();
    }

    @Override
    public ProverStateMachine newMachine() {
        return new ProverStateMachine(this);
    }

    ProverRules rules() {
        return rules;
    }

    TermIndex facts() {
        return facts;
    }

    TermIndex moves() {
        return moves;
    }

    /** Logs the first ill-defined goal of the game only, so that playouts do not flood the log. */
    void warnIllDefinedGoal(boolean noValue, String detail) {
        AtomicBoolean warned = noValue ? warnedMissingGoal : warnedSeveralGoals;
        if (warned.compareAndSet(false, true)) {
            LOG.warn("{}; {} (reported once per game)", detail,
                noValue ? "using 0" : "using the maximum");
        }
    }
}
