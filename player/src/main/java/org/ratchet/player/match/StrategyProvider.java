package org.ratchet.player.match;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.search.Strategy;

/** The one place where the player turns its configured strategy name into a {@link Strategy}. */
final class StrategyProvider {
    private static final Logger LOG = LogManager.getLogger(StrategyProvider.class);
    private static volatile boolean warned;

    private StrategyProvider() {
    }

    /**
     * A fresh strategy for one match. The search module's strategies are not part of this build yet, so
     * every name but {@code random} falls back to random legal moves, with one warning in the log.
     */
    static Strategy create(PlayerConfig config) {
        String name = config.strategy();
        if (!name.equals("random") && !warned) {
            warned = true;
            LOG.warn("strategy '{}' is not available in this build; playing random legal moves", name);
        }
        return new RandomMoveStrategy();
    }
}
