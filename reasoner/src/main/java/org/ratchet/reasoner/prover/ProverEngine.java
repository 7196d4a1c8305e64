package org.ratchet.reasoner.prover;

import org.ratchet.reasoner.Engine;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * The reference prover as {@link Engines} finds it (listed in {@code META-INF/services}). It grounds
 * nothing, so the budgets of the options do not limit it.
 */
public final class ProverEngine implements Engine {

    @Override
    public String name() {
        return Engines.PROVER;
    }

    @Override
    public StateMachineFactory prepare(GameDescription game, EngineOptions options) throws GdlException {
        return ProverStateMachineFactory.create(game);
    }
}
