package org.ratchet.reasoner;

import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.hsfc.HsfcCompiler;
import org.ratchet.reasoner.prover.ProverStateMachineFactory;

/** The engines a game can be prepared with, by name: the one place that maps a name to an engine. */
public final class Engines {
    private static final Logger LOG = LogManager.getLogger(Engines.class);
    /** The reference-table forward chainer, fast once its tables are built. */
    public static final String HSFC = "hsfc";

    private Engines() {
    }

    /** Engine names accepted by {@link #create}. */
    public static List<String> names() {
        return List.of(HSFC, ProverStateMachineFactory.NAME);
    }

    /** The engine used when none is named. */
    public static String defaultEngine() {
        return HSFC;
    }

    public static StateMachineFactory create(String engine, GameDescription game) throws GdlException {
        return create(engine, game, EngineOptions.defaults());
    }

    /** Prepares the game with the named engine within the budgets of {@code options}. */
    public static StateMachineFactory create(String engine, GameDescription game, EngineOptions options)
            throws GdlException {
        if (HSFC.equals(engine)) {
            return HsfcCompiler.compile(game, options);
        }
        if (ProverStateMachineFactory.NAME.equals(engine)) {
            return ProverStateMachineFactory.create(game);
        }
        throw new IllegalArgumentException("unknown engine '" + engine + "'; known: " + names());
    }

    /**
     * The fastest engine that can prepare the game within the budgets: hsfc when its tables fit, otherwise
     * the prover (which reads every valid game). Logs which engine plays and why.
     */
    public static StateMachineFactory select(GameDescription game, EngineOptions options) throws GdlException {
        long start = System.nanoTime();
        try {
            StateMachineFactory factory = create(HSFC, game, options);
            LOG.info("engine hsfc plays (compiled in {} ms)", (System.nanoTime() - start) / 1_000_000);
            return factory;
        } catch (GdlException | OutOfMemoryError e) {
            LOG.info("engine prover plays: {}", e.getMessage());
            return create(ProverStateMachineFactory.NAME, game, options);
        }
    }
}
