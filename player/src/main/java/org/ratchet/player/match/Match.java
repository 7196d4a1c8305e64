package org.ratchet.player.match;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.protocol.Replies;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.search.ReportingStrategy;
import org.ratchet.search.SearchStatistics;
import org.ratchet.search.Strategy;

/**
 * One match from start to stop. The match never waits on the caller's thread: it hands work to two threads
 * of its own and answers through futures that a clock completes at the deadline whatever happens.
 *
 * <ul>
 *   <li>The <em>tracker</em> thread follows the game on the fallback engine and, for every play, publishes
 *       a random legal move as the emergency answer.</li>
 *   <li>The <em>search</em> thread runs the strategy on the best engine ready and answers with its move if it
 *       is legal and in time.</li>
 *   <li>The <em>upgrade</em> thread prepares the strategy on the search engine when its compilation finishes
 *       after the start clock, beside the fallback's search, so the preparation's fixed costs never fall on a
 *       play clock; the search thread switches to it at the next play.</li>
 * </ul>
 * Whatever fails (compilation, search, an overrun), the clock sends the emergency answer before the
 * deadline; if even the fallback engine is not available, a best guess from the rules.
 */
final class Match {
    private static final Logger LOG = LogManager.getLogger(Match.class);
    /** The least time the strategy leaves before a deadline, for rendering and writing its reply. */
    static final long REPLY_SLACK_MILLIS = 50;
    /** The most time the strategy leaves before a deadline. */
    static final long MAX_SEARCH_SLACK_MILLIS = 500;
    /**
     * While the search engine compiles, a search on the fallback engine in a play clock gets this share of its time, at
     * the end: the search thread waits for the compile and its strategy's preparation first, leaving them the
     * processor, and searches on the compiled engine instead if it is ready. The fallback engines run tens to hundreds
     * of times slower than a compiled one (skirmish: bottomup 200 states/s, hsfc about 50,000), so a compile finishing
     * sooner is worth far more than the fallback's search, and a search beside it on a shared processor slowed it down
     * (skirmish's hsfc compile took 20 s beside the search on one CPU, 10 s alone, so the first two moves were searched
     * at 7-15 iterations/s). The start clock already leaves the compile alone for {@code compile.budget.percent} of its
     * time; the fallback's prepare keeps the rest, since it has fixed costs (a sample of playouts for the tree's
     * layout) that a slow engine needs a second for.
     */
    static final int FALLBACK_SEARCH_PERCENT = 25;

    private final StartMessage start;
    private final String label;
    private final PlayerConfig config;
    private final GamePreparation preparation;
    private final ScheduledExecutorService clock;
    private final Supplier<Strategy> strategies;
    /** Told what happens (status page, match records); never told anything it could slow the match with. */
    private final MatchObserver observer;
    private final ExecutorService trackerThread;
    private final ExecutorService searchThread;
    private final ExecutorService upgradeThread;
    /** The joint moves the server reported, in order; appended by the message thread, read by both threads. */
    private final List<List<SExpr>> jointMoves = new CopyOnWriteArrayList<>();
    private final CompletableFuture<String> ready = new CompletableFuture<>();
    private final long receivedAtMillis;
    private volatile long lastMessageMillis;
    private volatile boolean closed;
    private volatile String bestEffortMove;
    private boolean begun;
    private boolean stopped;

    // For the summary at the end of the match; written by several threads.
    /** Engines the search ran on, in the order it switched to them. */
    private final Set<String> searchEngines = new CopyOnWriteArraySet<>();
    private final AtomicInteger playsAnswered = new AtomicInteger();
    private final AtomicInteger movesSearched = new AtomicInteger();
    private final AtomicInteger fallbacksSent = new AtomicInteger();
    /** Replies the clock sent from the search's best move so far, because the search overran. */
    private final AtomicInteger overrunsSent = new AtomicInteger();
    private final AtomicLong slowestReplyMillis = new AtomicLong();

    // Owned by the tracker thread.
    private TrackedGame tracker;
    private boolean trackerFailed;
    /** The last ply whose state was reported to the observer. */
    private int reportedPly = -1;

    // Owned by the search thread.
    private volatile Strategy strategy;
    private StateMachineFactory strategyFactory;
    private volatile TrackedGame searchView;
    /**
     * Done when the upgrade thread has finished preparing the search engine's strategy (or found it has none
     * to prepare); null while no upgrade was started.
     */
    private CompletableFuture<Void> upgrade;

    /** The search engine's strategy, prepared by the upgrade thread and not yet taken by the search thread. */
    private final AtomicReference<PreparedStrategy> preparedUpgrade = new AtomicReference<>();

    Match(StartMessage start, long receivedAtMillis, PlayerConfig config, GamePreparation preparation,
          ScheduledExecutorService clock, Supplier<Strategy> strategies, MatchObserver observer) {
        this.start = start;
        this.label = "match " + start.matchId();
        this.config = config;
        this.preparation = preparation;
        this.clock = clock;
        this.strategies = strategies;
        this.observer = observer;
        this.receivedAtMillis = receivedAtMillis;
        this.lastMessageMillis = receivedAtMillis;
        this.trackerThread = Executors.newSingleThreadExecutor(
            MatchManager.daemonThreads("ratchet-" + start.matchId() + "-tracker-"));
        this.searchThread = Executors.newSingleThreadExecutor(
            MatchManager.daemonThreads("ratchet-" + start.matchId() + "-search-"));
        this.upgradeThread = Executors.newSingleThreadExecutor(
            MatchManager.daemonThreads("ratchet-" + start.matchId() + "-upgrade-"));
    }

    String id() {
        return start.matchId();
    }

    /**
     * Prepares the match and completes with {@code ready} when the strategy is prepared or when the start
     * clock (less its margin) runs out, whichever comes first. Calling it again returns the same answer.
     */
    synchronized CompletableFuture<String> begin() {
        if (begun) {
            return ready;
        }
        begun = true;
        long readyDeadline = receivedAtMillis + usableMillis(start.startClockMillis(), config.startMarginMillis());
        long compileDeadline = receivedAtMillis
            + (readyDeadline - receivedAtMillis) * config.compileBudgetPercent() / 100;
        LOG.info("{}: role {}, start clock {} ms, play clock {} ms, {} rules", label, start.role(),
            start.startClockMillis(), start.playClockMillis(), start.rules().size());
        long searchCompileDeadline = searchCompileDeadline(start, receivedAtMillis, config);
        observer.started(new MatchObserver.Start(id(), start.role(), start.startClockMillis(), start.playClockMillis(),
            preparation.rulesKey, receivedAtMillis));
        observer.engine(id(), "preparing: fallback engine " + EngineSelection.fallbackEngine()
            + "; search engine compile within " + (searchCompileDeadline - receivedAtMillis) / 1000 + " s");
        preparation.onCompileStage(stage -> observer.engine(id(), stage));
        preparation.searchFactory.whenComplete((factory, failure) -> observer.engine(id(), failure == null
            ? "engine " + factory.engineName() + " ready for search after "
                + (System.currentTimeMillis() - receivedAtMillis) + " ms"
            : "no search engine compiled (" + rootMessage(failure) + "); the fallback engine plays"));
        if (preparation.searchDeadlineMillis > searchCompileDeadline) {
            // Begun by a preview, before the clocks were known: hold it to this match's limit.
            schedule(searchCompileDeadline, () -> preparation.cancel("the match's compile time is up"));
        }
        schedule(readyDeadline, () -> {
            if (ready.complete(Replies.READY)) {
                LOG.warn("{}: ready at the start deadline while still preparing", label);
            }
        });
        searchThread.execute(() -> {
            try {
                prepareStrategy(compileDeadline, readyDeadline);
            } catch (Throwable failure) {
                LOG.error("{}: preparing the strategy failed", label, failure);
            }
            ready.complete(Replies.READY);
        });
        // Starts the fallback engine's view early so the first play finds it ready.
        trackerThread.execute(() -> tracker(readyDeadline));
        return ready;
    }

    /** Asks for the move after the joint move {@code moves} (empty on the first play). */
    CompletableFuture<String> play(List<SExpr> moves, long receivedAt) {
        lastMessageMillis = receivedAt;
        if (!moves.isEmpty()) {
            jointMoves.add(moves);
        }
        PendingPlay pending = new PendingPlay(jointMoves.size(),
            receivedAt + usableMillis(start.playClockMillis(), config.playMarginMillis()));
        try {
            trackerThread.execute(() -> publishFallback(pending));
            searchThread.execute(() -> search(pending));
        } catch (RejectedExecutionException closedMeanwhile) {
            // The match was closed (server shutting down) while this message arrived: answer at once.
            pending.expire(bestEffortMove());
            return pending.reply;
        }
        schedule(pending.deadlineMillis, () -> pending.expireWith(searchedSoFar(), bestEffortMove()));
        pending.reply.thenRun(() -> {
            playsAnswered.incrementAndGet();
            slowestReplyMillis.accumulateAndGet(System.currentTimeMillis() - receivedAt, Math::max);
        });
        return pending.reply;
    }

    /** Ends the match after the final joint move (empty if none): logs the outcome and frees everything. */
    synchronized void stop(List<SExpr> moves) {
        if (closed) {
            return;
        }
        if (!moves.isEmpty()) {
            jointMoves.add(moves);
        }
        int plies = jointMoves.size();
        stopped = true;
        trackerThread.execute(() -> {
            if (tracker != null) {
                tracker.catchUp(jointMoves, plies);
                reportState(tracker, plies);
                LOG.info("{}: over after {} joint moves, terminal={}, goals {}", label, plies, tracker.isTerminal(),
                    tracker.goals());
                String summary = logSummary("goals(" + tracker.goals().replace(' ', ',') + ")");
                observer.ended(new MatchObserver.End(id(), false, tracker.goalValues(), summary,
                    System.currentTimeMillis()));
            } else {
                String summary = logSummary("unknown(no_engine_followed_the_game)");
                observer.ended(new MatchObserver.End(id(), false, List.of(), summary, System.currentTimeMillis()));
            }
        });
        close();
    }

    /**
     * One line per match for a quick look at how it went, as key=value pairs: the result, the engines the
     * search ran on, how many replies were searched moves, how many the clock took from a search that overran
     * (its best move so far), how many were fallback moves, and the slowest reply (from the request's arrival
     * to the answer).
     */
    private String logSummary(String result) {
        String summary = String.format("result=%s role=%s engines=%s plays=%d searched=%d overran=%d fallbacks=%d "
            + "slowest_reply_ms=%d", result, start.role(),
            searchEngines.isEmpty() ? "none" : String.join(",", searchEngines), playsAnswered.get(),
            movesSearched.get(), overrunsSent.get(), fallbacksSent.get(), slowestReplyMillis.get());
        LOG.info("{}: summary {}", label, summary);
        return summary;
    }

    /**
     * Frees the match's threads and its strategy and stops a search compile still running; work already
     * queued finishes, nothing new starts.
     */
    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!stopped) {
            String summary = logSummary("aborted");
            observer.ended(new MatchObserver.End(id(), true, List.of(), summary, System.currentTimeMillis()));
        }
        preparation.cancel("the match is over");
        searchThread.execute(() -> {
            if (strategy != null) {
                strategy.close();
                strategy = null;
            }
        });
        // after a preparation still running: a strategy it prepared that the search thread never took
        upgradeThread.execute(this::closeUnusedUpgrade);
        searchThread.shutdown();
        upgradeThread.shutdown();
        trackerThread.shutdown();
        LOG.info("{}: closed", label);
    }

    /**
     * True if the server seems to have forgotten the match: no message for longer than the start clock and
     * two play clocks together, plus half a minute. A start for another match may then replace it.
     */
    boolean isAbandoned(long nowMillis) {
        return nowMillis - lastMessageMillis > start.startClockMillis() + 2 * start.playClockMillis() + 30_000;
    }

    /**
     * How long before the reply deadline the strategy is asked to answer: a tenth of the usable play time,
     * at least the reply slack and at most half a second. A search finishing a playout, or slowed down by a
     * busy machine, then still beats the clock, which would otherwise send a random move instead.
     */
    private long searchSlackMillis() {
        long usable = usableMillis(start.playClockMillis(), config.playMarginMillis());
        return Math.max(REPLY_SLACK_MILLIS, Math.min(MAX_SEARCH_SLACK_MILLIS, usable / 10));
    }

    /**
     * Until when the search engine may compile for this match (System.currentTimeMillis): after ready it goes
     * on while the fallback engine plays, for at most {@link EngineSelection#compileTimeMillis}.
     */
    static long searchCompileDeadline(StartMessage start, long receivedAtMillis, PlayerConfig config) {
        return receivedAtMillis + EngineSelection.compileTimeMillis(start.startClockMillis(), start.playClockMillis(),
            config);
    }

    /** The clock less the margin, but the margin never takes more than half the clock. */
    static long usableMillis(long clockMillis, long marginMillis) {
        return Math.max(clockMillis - marginMillis, clockMillis / 2);
    }

    // ---- search thread ----

    private void prepareStrategy(long compileDeadline, long readyDeadline) {
        StateMachineFactory factory = await(preparation.searchFactory, compileDeadline);
        if (factory == null) {
            factory = await(preparation.fallbackFactory, readyDeadline);
        }
        if (factory != null) {
            install(factory, prepared(factory, readyDeadline - searchSlackMillis()));
        }
    }

    /** The search engine's compile for this match; the next play after it completes switches to it. */
    CompletableFuture<StateMachineFactory> searchCompile() {
        return preparation.searchFactory;
    }

    /**
     * Waits for the search engine's compile and the preparation of its strategy until
     * {@link #FALLBACK_SEARCH_PERCENT} of the time to {@code deadlineMillis} is left; no wait once they have
     * ended, or if the search already runs on the search engine. With no upgrade started yet, waits for the
     * compile alone.
     */
    private void yieldToUpgrade(long deadlineMillis) {
        // no upgrade started: nothing was prepared in the start clock, and the compile may still end in time
        CompletableFuture<?> awaited = upgrade != null ? upgrade : preparation.searchFactory;
        if (!awaited.isDone()) {
            long now = System.currentTimeMillis();
            await(awaited, now + Math.max(0, deadlineMillis - now) * (100 - FALLBACK_SEARCH_PERCENT) / 100);
        }
    }

    /**
     * Switches to the search engine's strategy if the upgrade thread has prepared it. With no strategy at all
     * (the start clock ended before any engine was ready), prepares one on the best engine ready now, on the
     * play's clock, since there is nothing else to search with.
     */
    private void takeUpgrade() {
        PreparedStrategy upgraded = preparedUpgrade.getAndSet(null);
        if (upgraded != null) {
            install(upgraded.factory(), upgraded);
            return;
        }
        if (strategy == null) {
            StateMachineFactory best = doneValue(preparation.searchFactory);
            if (best == null) {
                best = doneValue(preparation.fallbackFactory);
            }
            if (best != null && best != strategyFactory) {
                install(best, prepared(best, System.currentTimeMillis()));
            }
        }
    }

    /**
     * A strategy prepared for the game on {@code factory} by {@code deadlineMillis}, or null if the match's
     * role is not one of the game's (logged).
     */
    private PreparedStrategy prepared(StateMachineFactory factory, long deadlineMillis) {
        int roleIndex = TrackedGame.roleIndex(factory, start.role());
        if (roleIndex < 0) {
            LOG.error("{}: role {} is not a role of the game {}; moves will be best guesses", label, start.role(),
                factory.description().roles().stream().map(role -> role.render(factory.description().symbols())).toList());
            return null;
        }
        long started = System.nanoTime();
        TrackedGame view = new TrackedGame(label, factory, roleIndex, false);
        Strategy prepared = strategies.get();
        prepared.prepare(factory, roleIndex, deadlineMillis);
        return new PreparedStrategy(factory, prepared, view, GamePreparation.elapsedMillis(started));
    }

    /**
     * Makes {@code prepared} (on {@code factory}; null if it has none) the strategy that searches, closing the
     * one before. If that is not the search engine's, starts the upgrade to it.
     */
    private void install(StateMachineFactory factory, PreparedStrategy prepared) {
        strategyFactory = factory;
        boolean searchEngine = factory == doneValue(preparation.searchFactory);
        if (prepared != null) {
            if (strategy != null) {
                strategy.close();
            }
            searchView = prepared.view();
            strategy = prepared.strategy();
            searchEngines.add(factory.engineName());
            observer.engine(id(), "search plays on " + factory.engineName() + (searchEngine
                ? " (the search engine)" : " (the fallback engine, until the search engine is ready)"));
            LOG.info("{}: strategy {} on engine {} prepared in {} ms{}", label, strategy.name(), factory.engineName(),
                prepared.millis(), statistics());
        }
        if (upgrade == null && !searchEngine) {
            upgrade = upgradeWhenCompiled();
        }
    }

    /**
     * Has the upgrade thread prepare the search engine's strategy once its compile finishes; the future
     * completes when that has ended (at once if the compile failed or the match closed).
     */
    private CompletableFuture<Void> upgradeWhenCompiled() {
        CompletableFuture<Void> ended = new CompletableFuture<>();
        preparation.searchFactory.whenComplete((factory, failure) -> {
            if (failure != null) {
                ended.complete(null);
                return;
            }
            try {
                upgradeThread.execute(() -> {
                    try {
                        prepareUpgrade(factory);
                    } finally {
                        ended.complete(null);
                    }
                });
            } catch (RejectedExecutionException closedMeanwhile) {
                ended.complete(null);
            }
        });
        return ended;
    }

    /**
     * On the upgrade thread: prepares the search engine's strategy with no time to search (as a switch within
     * a play clock always had), and leaves it for the search thread to take at its next play.
     */
    private void prepareUpgrade(StateMachineFactory factory) {
        if (closed) {
            return;
        }
        try {
            PreparedStrategy prepared = prepared(factory, System.currentTimeMillis());
            if (prepared == null) {
                return;
            }
            LOG.info("{}: strategy on engine {} prepared in {} ms beside the fallback's search; the next play "
                + "switches to it", label, factory.engineName(), prepared.millis());
            preparedUpgrade.set(prepared);
            if (closed) {
                closeUnusedUpgrade();
            }
        } catch (Throwable failure) {
            LOG.error("{}: preparing the strategy on engine {} failed; the fallback engine keeps playing", label,
                factory.engineName(), failure);
        }
    }

    /** Closes a strategy the upgrade thread prepared that the search thread has not taken. */
    private void closeUnusedUpgrade() {
        PreparedStrategy unused = preparedUpgrade.getAndSet(null);
        if (unused != null) {
            unused.strategy().close();
        }
    }

    private void search(PendingPlay pending) {
        if (closed || pending.reply.isDone()) {
            return;
        }
        try {
            long searchDeadline = pending.deadlineMillis - searchSlackMillis();
            yieldToUpgrade(searchDeadline);
            takeUpgrade();
            if (strategy == null || searchView == null) {
                pending.searchGaveUp();
                return;
            }
            searchView.catchUp(jointMoves, pending.ply);
            if (searchView.isTerminal()) {
                LOG.warn("{}: asked to play in a terminal state after {} joint moves", label, pending.ply);
                pending.searchGaveUp();
                return;
            }
            long started = System.nanoTime();
            int move = strategy.selectMove(searchView.state(), pending.deadlineMillis - searchSlackMillis());
            long tookMillis = GamePreparation.elapsedMillis(started);
            if (!searchView.isLegalForPlayer(move)) {
                LOG.error("{}: {} chose move id {}, which is not legal; using the fallback", label, strategy.name(), move);
                pending.searchGaveUp();
                return;
            }
            String text = searchView.render(move);
            boolean inTime = pending.reply.complete(text);
            observer.moved(new MatchObserver.Move(id(), pending.ply, text,
                inTime ? MatchObserver.Source.SEARCH : MatchObserver.Source.LATE, tookMillis,
                strategyFactory.engineName(), searchReport(), "", System.currentTimeMillis()));
            if (inTime) {
                movesSearched.incrementAndGet();
                LOG.info("{}: ply {}: {} chose {} in {} ms{}", label, pending.ply, strategy.name(), text, tookMillis,
                    statistics());
            } else {
                LOG.warn("{}: ply {}: {} chose {} after {} ms, too late; the clock had sent its reply already{}", label,
                    pending.ply, strategy.name(), text, tookMillis, statistics());
            }
        } catch (Throwable failure) {
            LOG.error("{}: ply {}: search failed; using the fallback", label, pending.ply, failure);
            pending.searchGaveUp();
        }
    }

    /** The strategy's report on its last search (iterations, playouts, move values), if it gives one. */
    private String statistics() {
        SearchStatistics report = searchReport();
        return report != null ? " [" + report + "]" : "";
    }

    /** The strategy's report on its last search, or null if it gives none: one source for the log and the observer. */
    private SearchStatistics searchReport() {
        return strategy instanceof ReportingStrategy reporting ? reporting.statistics() : null;
    }

    // ---- tracker thread ----

    /** The fallback engine's view, waiting for its compilation until {@code deadlineMillis}; null if unavailable. */
    private TrackedGame tracker(long deadlineMillis) {
        if (tracker == null && !trackerFailed) {
            StateMachineFactory factory = await(preparation.fallbackFactory, deadlineMillis);
            if (factory != null) {
                int roleIndex = TrackedGame.roleIndex(factory, start.role());
                if (roleIndex >= 0) {
                    tracker = new TrackedGame(label, factory, roleIndex, true);
                } else {
                    trackerFailed = true;
                }
            } else if (preparation.fallbackFactory.isCompletedExceptionally()) {
                trackerFailed = true;
            }
        }
        return tracker;
    }

    private void publishFallback(PendingPlay pending) {
        try {
            TrackedGame view = tracker(pending.deadlineMillis);
            String move = null;
            if (view != null) {
                view.catchUp(jointMoves, pending.ply);
                reportState(view, pending.ply);
                move = view.randomLegalMove();
            }
            pending.fallbackReady(move != null ? move : bestEffortMove());
        } catch (Throwable failure) {
            LOG.error("{}: ply {}: the fallback engine failed", label, pending.ply, failure);
            pending.fallbackReady(bestEffortMove());
        }
    }

    /** Tells the observer about the state after {@code ply} joint moves, once per ply (tracker thread). */
    private void reportState(TrackedGame view, int ply) {
        if (observer == MatchObserver.NONE || ply <= reportedPly) {
            return;
        }
        reportedPly = ply;
        List<String> jointMove = ply == 0 ? List.of()
            : jointMoves.get(ply - 1).stream().map(SExpr::toString).toList();
        observer.stateReached(new MatchObserver.State(id(), ply, view.roleNames(), jointMove, view.facts(),
            System.currentTimeMillis()));
    }

    // ---- helpers ----

    private static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    /**
     * The move the search would choose now, rendered, or null if it has none: read by the clock when the
     * search has not answered by the deadline (a long collection pause or an engine step that overran), so
     * the searched move still goes out instead of the tracker's random one. Reads only volatile fields and
     * the engine's move table, never waits.
     */
    private String searchedSoFar() {
        Strategy current = strategy;
        TrackedGame view = searchView;
        if (current == null || view == null) {
            return null;
        }
        int move = current.bestMoveSoFar();
        if (move < 0) {
            return null;
        }
        try {
            return view.render(move);
        } catch (RuntimeException e) {
            return null; // the engine could not name it from this thread: the fallback goes out instead
        }
    }

    private String bestEffortMove() {
        String move = bestEffortMove;
        if (move == null) {
            move = BestEffortMove.from(start.rules(), start.role());
            bestEffortMove = move;
        }
        return move;
    }

    private void schedule(long atMillis, Runnable action) {
        clock.schedule(action, Math.max(0, atMillis - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
    }

    /** The future's value if it completes normally by the deadline, else null. */
    private static <T> T await(CompletableFuture<T> future, long deadlineMillis) {
        try {
            return future.get(Math.max(0, deadlineMillis - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException failedOrLate) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static <T> T doneValue(CompletableFuture<T> future) {
        return future.isDone() && !future.isCompletedExceptionally() ? future.getNow(null) : null;
    }

    /** A strategy prepared for the game on an engine, with the search's view of the game on that engine. */
    private record PreparedStrategy(StateMachineFactory factory, Strategy strategy, TrackedGame view, long millis) {
    }

    /**
     * One play request: the search's answer wins if it comes in time; otherwise the tracker's random legal
     * move is sent as soon as the search has given up, or at the deadline at the latest.
     */
    private final class PendingPlay {
        final int ply;
        final long deadlineMillis;
        final CompletableFuture<String> reply = new CompletableFuture<>();
        private String fallback;
        private boolean searchGaveUp;

        PendingPlay(int ply, long deadlineMillis) {
            this.ply = ply;
            this.deadlineMillis = deadlineMillis;
        }

        synchronized void fallbackReady(String move) {
            fallback = move;
            if (searchGaveUp) {
                sendFallback("the search has no answer");
            }
        }

        synchronized void searchGaveUp() {
            searchGaveUp = true;
            if (fallback != null) {
                sendFallback("the search has no answer");
            }
        }

        /** At the deadline: the search's best move so far if it has one, else the fallback. */
        synchronized void expireWith(String searched, String bestEffort) {
            if (searched != null && reply.complete(searched)) {
                overrunsSent.incrementAndGet();
                observer.moved(new MatchObserver.Move(id(), ply, searched, MatchObserver.Source.OVERRAN, 0, "", null,
                    "the search did not answer in time; its best move so far went out", System.currentTimeMillis()));
                LOG.warn("{}: ply {}: the search did not answer in time; sent its best move so far, {}", label, ply,
                    searched);
                return;
            }
            expire(bestEffort);
        }

        synchronized void expire(String bestEffort) {
            if (fallback == null) {
                fallback = bestEffort;
                sendFallback("no engine could follow the game in time; best guess from the rules");
            } else {
                sendFallback("the search did not answer in time");
            }
        }

        private void sendFallback(String why) {
            if (reply.complete(fallback)) {
                fallbacksSent.incrementAndGet();
                observer.moved(new MatchObserver.Move(id(), ply, fallback, MatchObserver.Source.FALLBACK, 0, "", null,
                    why, System.currentTimeMillis()));
                LOG.warn("{}: ply {}: sent fallback move {} ({})", label, ply, fallback, why);
            }
        }
    }
}
