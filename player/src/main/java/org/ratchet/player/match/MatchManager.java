package org.ratchet.player.match;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.protocol.AbortMessage;
import org.ratchet.player.protocol.InfoMessage;
import org.ratchet.player.protocol.InfoReply;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.Message;
import org.ratchet.player.protocol.PlayMessage;
import org.ratchet.player.protocol.PreviewMessage;
import org.ratchet.player.protocol.Replies;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.player.protocol.StopMessage;
import org.ratchet.search.Strategy;

/**
 * The player's side of the protocol: answers each message, plays one match at a time. Every method
 * returns at once (it runs on the network threads); the work happens on the match's own threads and the
 * shared compile pool, and answers arrive through the returned future, always before the message's clock.
 */
public final class MatchManager implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(MatchManager.class);

    private final PlayerConfig config;
    private final Supplier<Strategy> strategies;
    private final SearchCompiler searchCompiler;
    private final ExecutorService compilePool;
    private final ScheduledThreadPoolExecutor clock;
    private final MatchObserver observer;
    private Match current;
    private GamePreparation lastPreview;

    public MatchManager(PlayerConfig config) {
        this(config, MatchObserver.NONE);
    }

    /** The configured strategy, whose matches tell {@code observer} what happens (the status page, records). */
    public MatchManager(PlayerConfig config, MatchObserver observer) {
        this(config, () -> StrategyProvider.create(config), observer);
    }

    /** A manager whose matches get their strategy from {@code strategies} (one fresh strategy per call). */
    public MatchManager(PlayerConfig config, Supplier<Strategy> strategies) {
        this(config, strategies, MatchObserver.NONE);
    }

    /** A manager whose matches also tell {@code observer} what happens (the status page, match records). */
    public MatchManager(PlayerConfig config, Supplier<Strategy> strategies, MatchObserver observer) {
        this(config, strategies, EngineSelection.searchCompiler(config), observer);
    }

    /** A manager that also compiles games for search through {@code searchCompiler} (tests slow it down). */
    MatchManager(PlayerConfig config, Supplier<Strategy> strategies, SearchCompiler searchCompiler) {
        this(config, strategies, searchCompiler, MatchObserver.NONE);
    }

    private MatchManager(PlayerConfig config, Supplier<Strategy> strategies, SearchCompiler searchCompiler,
                         MatchObserver observer) {
        this.config = config;
        this.strategies = strategies;
        this.observer = observer;
        this.searchCompiler = searchCompiler;
        this.compilePool = Executors.newCachedThreadPool(daemonThreads("ratchet-compile-"));
        this.clock = new ScheduledThreadPoolExecutor(1, daemonThreads("ratchet-clock-"));
        this.clock.setRemoveOnCancelPolicy(true);
    }

    /** Answers one message received at {@code receivedAtMillis} (System.currentTimeMillis). */
    public CompletableFuture<Response> handle(Message message, long receivedAtMillis) {
        if (message instanceof InfoMessage) {
            String status = isBusy() ? InfoReply.BUSY : InfoReply.AVAILABLE;
            return done(Response.ok(new InfoReply(config.name(), status).render()));
        }
        if (message instanceof PreviewMessage preview) {
            return preview(preview, receivedAtMillis);
        }
        if (message instanceof StartMessage start) {
            return start(start, receivedAtMillis);
        }
        Match match = matchFor(message.matchId());
        if (match == null) {
            String id = Kif.abbreviate(message.matchId());
            LOG.warn("{} for unknown match '{}' ignored", message.kind(), id);
            return done(Response.error("unknown match id '" + id + "'"));
        }
        if (message instanceof PlayMessage play) {
            return match.play(play.moves(), receivedAtMillis).thenApply(Response::ok);
        }
        if (message instanceof StopMessage stop) {
            finish(match);
            match.stop(stop.moves());
            return done(Response.ok(Replies.DONE));
        }
        AbortMessage abort = (AbortMessage) message;
        LOG.info("match {}: aborted by the server", abort.matchId());
        finish(match);
        match.close();
        return done(Response.ok(Replies.ABORTED));
    }

    /** True while a match is being played. */
    public synchronized boolean isBusy() {
        return current != null && !current.isAbandoned(System.currentTimeMillis());
    }

    private CompletableFuture<Response> preview(PreviewMessage preview, long receivedAtMillis) {
        // The clocks of the match are not known yet: the compile may take the longest allowed, and the start
        // that uses it holds it to the match's own limit.
        GamePreparation preparation = GamePreparation.begin(preview.rules(), config, searchCompiler,
            receivedAtMillis + config.compileMaxMillis(), compilePool, "preview");
        synchronized (this) {
            replacePreview(preparation, "another game was previewed");
        }
        long deadline = receivedAtMillis + Match.usableMillis(preview.previewClockMillis(), config.startMarginMillis());
        CompletableFuture<Response> reply = new CompletableFuture<>();
        preparation.searchFactory.whenComplete((factory, failure) -> reply.complete(Response.ok(Replies.READY)));
        clock.schedule(() -> reply.complete(Response.ok(Replies.READY)),
            Math.max(0, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        return reply;
    }

    private synchronized CompletableFuture<Response> start(StartMessage start, long receivedAtMillis) {
        if (current != null) {
            if (current.id().equalsIgnoreCase(start.matchId())) {
                LOG.info("match {}: start repeated; answering as before", start.matchId());
                return current.begin().thenApply(Response::ok);
            }
            if (!current.isAbandoned(receivedAtMillis)) {
                LOG.warn("start of match {} refused: match {} is being played", start.matchId(), current.id());
                return done(Response.ok(Replies.BUSY));
            }
            LOG.warn("match {}: no message for a long time; dropped for match {}", current.id(), start.matchId());
            current.close();
        }
        GamePreparation preparation = lastPreview;
        String label = "match " + start.matchId();
        if (preparation == null || !preparation.rulesKey.equals(Kif.renderList(start.rules()))) {
            preparation = GamePreparation.begin(start.rules(), config, searchCompiler,
                Match.searchCompileDeadline(start, receivedAtMillis, config), compilePool, label);
            replacePreview(null, "a match of another game started");
        } else {
            LOG.info("{}: using the preparation of the preview", label);
            lastPreview = null;
        }
        current = new Match(start, receivedAtMillis, config, preparation, clock, strategies, observer);
        return current.begin().thenApply(Response::ok);
    }

    /** The match being played, or null (tests look at its compile). */
    synchronized Match current() {
        return current;
    }

    /** Makes {@code preparation} the last preview; the one it replaces will never be used, so it stops compiling. */
    private synchronized void replacePreview(GamePreparation preparation, String why) {
        if (lastPreview != null && lastPreview != preparation) {
            lastPreview.cancel(why);
        }
        lastPreview = preparation;
    }

    private synchronized Match matchFor(String matchId) {
        return current != null && current.id().equalsIgnoreCase(matchId) ? current : null;
    }

    private synchronized void finish(Match match) {
        if (current == match) {
            current = null;
        }
    }

    private static CompletableFuture<Response> done(Response response) {
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public void close() {
        Match match;
        synchronized (this) {
            match = current;
            current = null;
            replacePreview(null, "the player is shutting down");
        }
        if (match != null) {
            match.close();
        }
        clock.shutdownNow();
        compilePool.shutdownNow();
    }

    /** Daemon threads named {@code prefix1, prefix2, ...}: game work must never keep the JVM alive. */
    static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
