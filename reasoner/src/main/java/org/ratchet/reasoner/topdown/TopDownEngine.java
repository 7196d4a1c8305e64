package org.ratchet.reasoner.topdown;

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

    @Override
    public String name() {
        return Engines.TOPDOWN;
    }

    @Override
    public StateMachineFactory prepare(GameDescription game, EngineOptions options) throws GdlException {
        if (game.roles().isEmpty()) {
            throw new GdlException("the game declares no roles");
        }
        return new TopDownFactory(Rules.compile(game));
    }
}
