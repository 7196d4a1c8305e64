package org.ratchet.player.status;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.player.match.MatchObserver;
import org.ratchet.search.SearchStatistics;

/**
 * What the status page shows, fed by the matches through {@link MatchObserver}: the current match (clocks,
 * engines, every move with the search's report, the current state), and the last matches played. Each match
 * ends in a record of the player's own, written by {@link PlayerRecords}. Everything kept is bounded, so a
 * long match or a hostile rule sheet cannot make it grow without limit. Synchronised: the match threads write,
 * the status server's threads read snapshots.
 */
public final class StatusBoard implements MatchObserver {
    /** Plies whose moves the page lists; older ones drop off the front. */
    static final int MAX_MOVES = 1000;
    static final int MAX_ENGINE_EVENTS = 40;
    /** Facts of the current state shown; a state with more is cut (and says so). */
    static final int MAX_FACTS = 4000;
    static final int MAX_RECENT = 20;
    /** Our moves at the root listed per ply, most visited first. */
    static final int TOP_MOVES = 8;

    private StatusSnapshot.Player player;
    private final PlayerRecords records;
    private final ExecutorService recordWriter = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "ratchet-records");
        thread.setDaemon(true);
        return thread;
    });
    private MatchState current;
    private final Deque<StatusSnapshot.RecentMatch> recent = new ArrayDeque<>();

    public StatusBoard(StatusSnapshot.Player player, PlayerRecords records) {
        this.player = player;
        this.records = records;
    }

    /** The page's data as it is now. */
    public synchronized StatusSnapshot snapshot() {
        return new StatusSnapshot(player, System.currentTimeMillis(), current == null ? null : current.view(),
            List.copyOf(recent));
    }

    /** The GGP port actually bound (the configured one may be 0: any free port). */
    public synchronized void ggpPortBound(int port) {
        player = new StatusSnapshot.Player(player.name(), port, player.strategy(), player.threads());
    }

    public PlayerRecords records() {
        return records;
    }

    /** Finishes writing the records of ended matches (at most a few seconds) and stops the writer thread. */
    public void close() {
        recordWriter.shutdown();
        try {
            recordWriter.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void started(Start start) {
        current = new MatchState(start);
    }

    @Override
    public synchronized void engine(String matchId, String event) {
        MatchState match = match(matchId);
        if (match != null) {
            if (match.engineEvents.size() == MAX_ENGINE_EVENTS) {
                match.engineEvents.remove(1); // the first says how the match began: kept
            }
            match.engineEvents.add(new StatusSnapshot.EngineEvent(System.currentTimeMillis(), event));
            if (event.startsWith("search plays on ")) {
                match.engine = event.substring("search plays on ".length());
            }
        }
    }

    @Override
    public synchronized void moved(Move move) {
        MatchState match = match(move.matchId());
        if (match == null) {
            return;
        }
        StatusSnapshot.PlyReport before = match.moves.get(move.ply());
        StatusSnapshot.PlyReport report = merge(before, move);
        match.moves.put(move.ply(), report);
        if (match.moves.size() > MAX_MOVES) {
            match.moves.remove(match.moves.keySet().iterator().next());
        }
    }

    /** One ply's line: the move sent and how, with the search's report where there is one (a late one too). */
    private static StatusSnapshot.PlyReport merge(StatusSnapshot.PlyReport before, Move move) {
        SearchStatistics stats = move.statistics();
        StatusSnapshot.Search search = stats == null ? (before != null ? before.search() : null) : search(stats);
        boolean late = move.source() == Source.LATE || before != null && before.late();
        if (move.source() == Source.LATE && before != null) {
            return new StatusSnapshot.PlyReport(before.ply(), before.move(), before.source(), before.tookMillis(),
                move.engine(), before.note(), true, search, before.atMillis());
        }
        return new StatusSnapshot.PlyReport(move.ply(), move.move(), move.source().name().toLowerCase(),
            move.tookMillis(), move.engine(), move.note(), late, search, move.atMillis());
    }

    static StatusSnapshot.Search search(SearchStatistics stats) {
        List<StatusSnapshot.RootMove> top = new ArrayList<>();
        for (SearchStatistics.MoveStatistics m : stats.moves().subList(0, Math.min(TOP_MOVES, stats.moves().size()))) {
            top.add(new StatusSnapshot.RootMove(m.move(), m.visits(), round(m.meanValue()), m.provenValue()));
        }
        // The value we expect from here: the proven one if solved, else the mean of the move the search prefers;
        // unknown when we have one move only (the search keeps no statistics for a role's only move).
        double expected = stats.provenValue() >= 0 ? stats.provenValue()
            : stats.moves().size() < 2 ? -1 : round(stats.moves().get(0).meanValue());
        return new StatusSnapshot.Search(stats.strategy(), stats.threads(), stats.iterations(), stats.playouts(),
            stats.elapsedMillis(), round(stats.iterationsPerSecond()), round(stats.playoutsPerSecond()),
            stats.treeNodes(), stats.poolNodes(), stats.longestStallMillis(), stats.provenValue(), expected, top);
    }

    @Override
    public synchronized void stateReached(State state) {
        MatchState match = match(state.matchId());
        if (match == null) {
            return;
        }
        match.roles = state.roles();
        match.ply = state.ply();
        match.stateAtMillis = state.atMillis();
        List<String> facts = state.facts();
        match.factsCut = facts.size() > MAX_FACTS;
        match.facts = List.copyOf(facts.subList(0, Math.min(MAX_FACTS, facts.size())));
        match.jointMove = state.jointMove();
        match.record.add(state);
    }

    @Override
    public synchronized void ended(End end) {
        MatchState match = match(end.matchId());
        if (match == null) {
            return;
        }
        match.over = true;
        match.summary = end.summary();
        MatchRecord record = match.record.toRecord(end, player.name());
        String recordName = records.nameFor(record);
        if (recordName != null) {
            // Files are written on a thread of their own: an abort is reported from a network thread.
            recordWriter.execute(() -> records.write(record, recordName));
        }
        recent.addFirst(new StatusSnapshot.RecentMatch(match.start.matchId(), match.game, match.start.role(),
            match.roles, end.goals(), end.aborted(), end.summary(), end.atMillis(), recordName));
        while (recent.size() > MAX_RECENT) {
            recent.removeLast();
        }
    }

    private MatchState match(String matchId) {
        return current != null && current.start.matchId().equals(matchId) ? current : null;
    }

    static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    /** A short name for a rule sheet: servers do not send the game's name, so its hash stands in for it. */
    static String gameHash(String rules) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(rules.getBytes(StandardCharsets.UTF_8));
            return "game-" + HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The board's view of one match, changed only under the board's lock. */
    private static final class MatchState {
        final Start start;
        final String game;
        final List<StatusSnapshot.EngineEvent> engineEvents = new ArrayList<>();
        final Map<Integer, StatusSnapshot.PlyReport> moves = new LinkedHashMap<>();
        final RecordBuilder record;
        List<String> roles = List.of();
        String engine = "";
        int ply = -1;
        long stateAtMillis;
        List<String> facts = List.of();
        boolean factsCut;
        List<String> jointMove = List.of();
        boolean over;
        String summary = "";

        MatchState(Start start) {
            this.start = start;
            this.game = gameHash(start.rules());
            this.record = new RecordBuilder(start, game);
        }

        StatusSnapshot.CurrentMatch view() {
            // The play clock of the ply now being played runs from the state's arrival (approximately: the
            // state is reported when the fallback engine reaches it, a few milliseconds after the message).
            long clockEnds = ply < 0 ? start.receivedAtMillis() + start.startClockMillis()
                : stateAtMillis + start.playClockMillis();
            return new StatusSnapshot.CurrentMatch(start.matchId(), game, start.role(), roles,
                start.startClockMillis(), start.playClockMillis(), start.receivedAtMillis(), ply, over ? 0 : clockEnds,
                engine, List.copyOf(engineEvents), List.copyOf(moves.values()),
                new StatusSnapshot.Board(ply, jointMove, facts, factsCut), over, summary);
        }
    }
}
