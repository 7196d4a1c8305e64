package org.ratchet.reasoner;

import java.util.List;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.hsfc.HsfcCompiler;

/** The engines a game can be prepared with, by name: the one place that maps a name to an engine. */
public final class Engines {
    private Engines() {
    }

    /** Engine names accepted by {@link #create}. */
    public static List<String> names() {
        return List.of("hsfc");
    }

    /** The engine used when none is named. */
    public static String defaultEngine() {
        return "hsfc";
    }

    public static StateMachineFactory create(String engine, GameDescription game) throws GdlException {
        return create(engine, game, EngineOptions.defaults());
    }

    /** Prepares the game with the named engine within the budgets of {@code options}. */
    public static StateMachineFactory create(String engine, GameDescription game, EngineOptions options)
            throws GdlException {
        switch (engine) {
            case "hsfc":
                return HsfcCompiler.compile(game, options);
            default:
                throw new IllegalArgumentException("unknown engine '" + engine + "'; known: " + names());
        }
    }
}
