package org.ratchet.reasoner;

import java.util.List;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/** The engines a game can be prepared with, by name: the one place that maps a name to an engine. */
public final class Engines {
    private Engines() {
    }

    /** Engine names accepted by {@link #create}. */
    public static List<String> names() {
        return List.of();
    }

    /** The engine used when none is named. */
    public static String defaultEngine() {
        throw new IllegalStateException("no engine is available in this build");
    }

    public static StateMachineFactory create(String engine, GameDescription game) throws GdlException {
        throw new IllegalArgumentException("unknown engine '" + engine + "'; known: " + names());
    }
}
