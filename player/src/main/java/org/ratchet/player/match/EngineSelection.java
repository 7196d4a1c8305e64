package org.ratchet.player.match;

import org.ratchet.player.config.PlayerConfig;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * Which reasoning engines a match uses. Two roles: the <em>fallback</em> engine follows the game and picks
 * emergency moves, so it must be ready quickly and accept anything (the reference prover); the
 * <em>search</em> engine is the fastest one that compiles within the budget. When both are the same engine
 * the game is compiled once.
 */
final class EngineSelection {
    /** The engine that starts fastest and reads every valid game. */
    static final String PROVER = "prover";

    private EngineSelection() {
    }

    static String fallbackEngine() {
        return Engines.names().contains(PROVER) ? PROVER : Engines.defaultEngine();
    }

    static String searchEngine(PlayerConfig config) {
        return config.engine().equals("default") ? Engines.defaultEngine() : config.engine();
    }

    static StateMachineFactory compileFallback(GameDescription game) throws GdlException {
        return Engines.create(fallbackEngine(), game);
    }

    /**
     * Compiles the game for search. The match waits for it only within its compile budget and plays on the
     * fallback engine meanwhile; a compilation that finishes later is still used from then on.
     */
    static StateMachineFactory compileForSearch(GameDescription game, PlayerConfig config) throws GdlException {
        return Engines.create(searchEngine(config), game);
    }
}
