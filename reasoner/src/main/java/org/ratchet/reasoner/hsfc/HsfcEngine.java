package org.ratchet.reasoner.hsfc;

import org.ratchet.reasoner.Engine;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/** The hsfc engine as {@link Engines} finds it (listed in {@code META-INF/services}). */
public final class HsfcEngine implements Engine {

    @Override
    public String name() {
        return Engines.HSFC;
    }

    @Override
    public StateMachineFactory prepare(GameDescription game, EngineOptions options) throws GdlException {
        return HsfcCompiler.compile(game, options);
    }
}
