package org.ratchet.player.match;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.protocol.Kif;
import org.ratchet.reasoner.EngineOptions;
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
 * needs, each within its own deadline. The search compile has a deadline of its own, which may lie well
 * after the start clock (the match plays on the fallback engine meanwhile), and is cancelled when the
 * preparation is no longer wanted.
 */
final class GamePreparation {
    private static final Logger LOG = LogManager.getLogger(GamePreparation.class);

    /** The rule sheet in canonical text: two messages with the same rules have the same key. */
    final String rulesKey;
    final List<SExpr> rules;
    /** When the search compile must give up (System.currentTimeMillis). */
    final long searchDeadlineMillis;
    final CompletableFuture<GameDescription> description;
    final CompletableFuture<StateMachineFactory> fallbackFactory;
    final CompletableFuture<StateMachineFactory> searchFactory;

    private final String label;
    /** Guards {@link #searchCompileThread} and {@link #cancelled}, so an interrupt never reaches another task. */
    private final Object compileLock = new Object();
    private Thread searchCompileThread;
    private boolean cancelled;
    /** Guards {@link #stages} and {@link #stageListener}, so a listener hears every stage once, in order. */
    private final Object stageLock = new Object();
    /** The stages the search engine's compile has completed so far (see {@link EngineOptions.Progress}). */
    private final List<String> stages = new ArrayList<>();
    private Consumer<String> stageListener = stage -> { };

    private GamePreparation(List<SExpr> rules, PlayerConfig config, SearchCompiler compiler, long searchDeadlineMillis,
                            Executor pool, String label) {
        this.rules = rules;
        this.rulesKey = Kif.renderList(rules);
        this.searchDeadlineMillis = searchDeadlineMillis;
        this.label = label;
        this.description = CompletableFuture.supplyAsync(() -> read(rules, label), pool);
        this.fallbackFactory = description.thenApplyAsync(
            game -> compile(label, EngineSelection.fallbackEngine(), () -> "moves will be best guesses",
                () -> EngineSelection.compileFallback(game)), pool);
        if (sameEngine(config)) {
            this.searchFactory = fallbackFactory;
        } else {
            this.searchFactory = description.thenApplyAsync(game -> compileForSearch(game, config, compiler), pool);
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

    /**
     * Starts preparing {@code rules}; the search engine may compile until {@code searchDeadlineMillis}
     * (System.currentTimeMillis) within the configured share of the heap.
     */
    static GamePreparation begin(List<SExpr> rules, PlayerConfig config, SearchCompiler compiler,
                                 long searchDeadlineMillis, Executor pool, String label) {
        return new GamePreparation(rules, config, compiler, searchDeadlineMillis, pool, label);
    }

    /**
     * Stops the search compile: one not started yet never starts, one running is interrupted (the engine
     * stops at its next budget check). The fallback engine, quick to prepare, is left alone.
     */
    void cancel(String why) {
        synchronized (compileLock) {
            if (cancelled || searchFactory.isDone()) {
                return;
            }
            cancelled = true;
            LOG.info("{}: search engine compile cancelled: {}", label, why);
            if (searchCompileThread != null) {
                searchCompileThread.interrupt();
            }
        }
    }

    private StateMachineFactory compileForSearch(GameDescription game, PlayerConfig config, SearchCompiler compiler) {
        synchronized (compileLock) {
            if (cancelled) {
                throw new CompletionException(new CancellationException("cancelled before it started"));
            }
            searchCompileThread = Thread.currentThread();
        }
        try {
            EngineOptions options = EngineSelection.compileOptions(config, searchDeadlineMillis - System.currentTimeMillis())
                .withProgress(this::stageCompleted);
            LOG.info("{}: compiling for search within {} s and {} MB", label, options.timeBudgetMillis() / 1000,
                options.memoryBudgetBytes() >> 20);
            return compile(label, EngineSelection.searchEngine(config),
                () -> "the fallback engine " + fallbackEngineName() + " plays the match instead",
                () -> compiler.compile(game, options));
        } finally {
            synchronized (compileLock) {
                searchCompileThread = null;
                // An interrupt meant for this compile must not be left for the pool thread's next task.
                Thread.interrupted();
            }
        }
    }

    private void stageCompleted(String stage) {
        synchronized (stageLock) {
            stages.add(stage);
            stageListener.accept(stage);
        }
    }

    /**
     * Tells {@code listener} the stages the search engine's compile has completed so far, then each new one as
     * it completes (a preparation begun by a preview may be well under way when its match starts).
     */
    void onCompileStage(Consumer<String> listener) {
        synchronized (stageLock) {
            stages.forEach(listener);
            stageListener = listener;
        }
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

    /**
     * The fallback's engine: the one that prepared the game once it is ready (its last resort, topdown, may
     * stand in for the fallback asked for), else the one asked for.
     */
    private String fallbackEngineName() {
        return fallbackFactory.isDone() && !fallbackFactory.isCompletedExceptionally()
            ? fallbackFactory.join().engineName() : EngineSelection.fallbackEngine();
    }

    /**
     * Runs one engine's compilation. An engine that declines a game (a {@link GdlException}: too big to ground
     * within its budget, or rules it cannot take) is an expected event, logged as a warning that says what
     * plays instead ({@code instead}, asked only then); anything else thrown is a fault of the engine and
     * logged as an error.
     */
    private static StateMachineFactory compile(String label, String engine, Supplier<String> instead,
                                               Compilation compilation) {
        long started = System.nanoTime();
        try {
            StateMachineFactory factory = compilation.run();
            // the engine that prepared it: the fallback's last resort (topdown) may stand in for the one asked
            LOG.info("{}: engine {} ready in {} ms", label, factory.engineName(), elapsedMillis(started));
            return factory;
        } catch (GdlException | RuntimeException | StackOverflowError | OutOfMemoryError failure) {
            if (Thread.currentThread().isInterrupted()) {
                LOG.info("{}: engine {} stopped after {} ms: {}", label, engine, elapsedMillis(started), failure.getMessage());
            } else if (failure instanceof GdlException declined) {
                LOG.warn("{}: engine {} declined the game after {} ms ({}); {}", label, engine, elapsedMillis(started),
                    declined.getMessage(), instead.get());
            } else {
                LOG.error("{}: engine {} failed after {} ms: {}; {}", label, engine, elapsedMillis(started),
                    String.valueOf(failure), instead.get());
            }
            throw new CompletionException(failure);
        }
    }

    static long elapsedMillis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
