package org.ratchet.player.match;

import org.ratchet.player.config.PlayerConfig;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * Which reasoning engines a match uses: the selection policy of {@link Engines}, applied concurrently. The
 * <em>fallback</em> engine follows the game and picks emergency moves, so it must be ready quickly and accept
 * anything; the <em>search</em> engine is the configured one ({@value Engines#DEFAULT}: the default engine),
 * used once it compiles within the budget. When both are the same engine the game is compiled once.
 */
final class EngineSelection {

    private EngineSelection() {
    }

    static String fallbackEngine() {
        return Engines.fallbackEngine();
    }

    static String searchEngine(PlayerConfig config) {
        return Engines.resolve(config.engine());
    }

    static StateMachineFactory compileFallback(GameDescription game) throws GdlException {
        return Engines.prepareFallback(game);
    }

    /**
     * Compiles games for search with the configured engine. The match waits for the compile only within
     * {@code compile.budget.percent} of the start clock and plays on the fallback engine meanwhile; a compile
     * that finishes later, within {@link #compileTimeMillis}, is used from then on.
     */
    static SearchCompiler searchCompiler(PlayerConfig config) {
        return (game, options) -> Engines.create(searchEngine(config), game, options);
    }

    /**
     * Play clocks a compile may run into after the start clock. Public servers give start clocks of 150-240 s
     * and play clocks of 15-45 s; a game that needs a little longer than the start clock to compile is then
     * still searched on the fast engine for most of the match, at the cost of a few moves from the fallback.
     */
    static final int COMPILE_PLAY_CLOCKS = 3;

    /**
     * How long the search engine may compile for a match with these clocks, counted from the start message:
     * the start clock and {@value #COMPILE_PLAY_CLOCKS} play clocks, at most {@code compile.max.seconds}.
     */
    static long compileTimeMillis(long startClockMillis, long playClockMillis, PlayerConfig config) {
        return Math.min(config.compileMaxMillis(), startClockMillis + COMPILE_PLAY_CLOCKS * playClockMillis);
    }

    /** The budgets of a search compile: the configured share of the heap and {@code timeMillis} (at least 1 ms). */
    static EngineOptions compileOptions(PlayerConfig config, long timeMillis) {
        long memoryBytes = Runtime.getRuntime().maxMemory() / 100 * config.compileMemoryPercent();
        return EngineOptions.defaults().withMemoryBudgetBytes(memoryBytes).withTimeBudgetMillis(Math.max(1, timeMillis));
    }
}
