package org.ratchet.player.match;

import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * Compiles a game for search within the budgets of {@code options}; a compile that takes long should stop
 * when its thread is interrupted (the match was stopped or aborted). The player compiles with the configured
 * engine ({@link EngineSelection#searchCompiler}); tests substitute slow or blocking compiles.
 */
@FunctionalInterface
interface SearchCompiler {
    StateMachineFactory compile(GameDescription game, EngineOptions options) throws GdlException;
}
