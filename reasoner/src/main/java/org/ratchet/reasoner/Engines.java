package org.ratchet.reasoner;

import java.util.List;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.prover.ProverStateMachineFactory;

/** The engines a game can be prepared with, by name: the one place that maps a name to an engine. */
public final class Engines {
    private Engines() {
    }

    /** Engine names accepted by {@link #create}. */
    public static List<String> names() {
        return List.of(ProverStateMachineFactory.NAME);
    }

    /** The engine used when none is named. */
    public static String defaultEngine() {
        return ProverStateMachineFactory.NAME;
    }

    public static StateMachineFactory create(String engine, GameDescription game) throws GdlException {
        if (ProverStateMachineFactory.NAME.equals(engine)) {
            return ProverStateMachineFactory.create(game);
        }
        throw new IllegalArgumentException("unknown engine '" + engine + "'; known: " + names());
    }
}
