package org.ratchet.player.match;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.protocol.Kif;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * One rule sheet on its way to playable engines, running in the background: read and validate, then
 * compile the fallback and the search engine. Started by a preview or a start message; a start with the
 * rules of the last preview reuses its work. Each stage is a future so a match can wait for exactly what it
 * needs, each within its own deadline.
 */
final class GamePreparation {
    private static final Logger LOG = LogManager.getLogger(GamePreparation.class);

    /** The rule sheet in canonical text: two messages with the same rules have the same key. */
    final String rulesKey;
    final List<SExpr> rules;
    final CompletableFuture<GameDescription> description;
    final CompletableFuture<StateMachineFactory> fallbackFactory;
    final CompletableFuture<StateMachineFactory> searchFactory;

    private GamePreparation(List<SExpr> rules, PlayerConfig config, Executor pool, String label) {
        this.rules = rules;
        this.rulesKey = Kif.renderList(rules);
        this.description = CompletableFuture.supplyAsync(() -> read(rules, label), pool);
        this.fallbackFactory = description.thenApplyAsync(
            game -> compile(label, EngineSelection.fallbackEngine(), () -> EngineSelection.compileFallback(game)), pool);
        if (sameEngine(config)) {
            this.searchFactory = fallbackFactory;
        } else {
            this.searchFactory = description.thenApplyAsync(game -> compile(label, EngineSelection.searchEngine(config),
                () -> EngineSelection.compileForSearch(game, config)), pool);
        }
    }

    /** True if search and fallback use one engine, or if no engine is available (then both fail alike). */
    private static boolean sameEngine(PlayerConfig config) {
        try {
            return EngineSelection.searchEngine(config).equals(EngineSelection.fallbackEngine());
        } catch (RuntimeException noEngine) {
            return true;
        }
    }

    static GamePreparation begin(List<SExpr> rules, PlayerConfig config, Executor pool, String label) {
        return new GamePreparation(rules, config, pool, label);
    }

    /**
     * Validated rules if possible; rules that fail validation are still given to the engines as read,
     * because a lenient engine may play them well enough, which beats not playing.
     */
    private static GameDescription read(List<SExpr> rules, String label) {
        long started = System.nanoTime();
        try {
            GameDescription game = GameLoader.load(rules);
            LOG.info("{}: rules read and validated in {} ms ({} rules, {} roles, {} warnings)", label,
                elapsedMillis(started), game.rules().size(), game.roles().size(), game.warnings().size());
            return game;
        } catch (GdlException | RuntimeException invalid) {
            LOG.warn("{}: rules are not valid GDL ({}); trying them unvalidated", label, invalid.getMessage());
            try {
                return GdlParser.parse(rules);
            } catch (GdlException | RuntimeException unreadable) {
                LOG.error("{}: rules cannot be read ({}); moves will be best guesses", label, unreadable.getMessage());
                throw new CompletionException(unreadable);
            }
        }
    }

    private interface Compilation {
        StateMachineFactory run() throws GdlException;
    }

    private static StateMachineFactory compile(String label, String engine, Compilation compilation) {
        long started = System.nanoTime();
        try {
            StateMachineFactory factory = compilation.run();
            LOG.info("{}: engine {} ready in {} ms", label, engine, elapsedMillis(started));
            return factory;
        } catch (GdlException | RuntimeException | StackOverflowError | OutOfMemoryError failure) {
            LOG.error("{}: engine {} failed after {} ms: {}", label, engine, elapsedMillis(started), String.valueOf(failure));
            throw new CompletionException(failure);
        }
    }

    static long elapsedMillis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
