package org.ratchet.reasoner.topdown;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.Engine;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * The top-down engine as {@link Engines} finds it (listed in {@code META-INF/services}): the prover's tabled
 * backward chaining on interned terms. It grounds nothing and computes nothing ahead, so it prepares any game
 * the prover reads in moments, and the budgets of the options do not limit it.
 */
public final class TopDownEngine implements Engine {
    private static final Logger LOG = LogManager.getLogger(TopDownEngine.class);

    @Override
    public String name() {
        return Engines.TOPDOWN;
    }

    @Override
    public StateMachineFactory prepare(GameDescription game, EngineOptions options) throws GdlException {
        if (game.roles().isEmpty()) {
            throw new GdlException("the game declares no roles");
        }
        Rules rules = Rules.compile(game);
        int filtered = RelaxedFilters.attach(rules);
        LOG.debug("ground calls of {} state relations filtered by their relaxation", filtered);
        return new TopDownFactory(rules);
    }
}
