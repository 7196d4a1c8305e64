package org.ratchet.player.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.player.match.MatchObserver;
import org.ratchet.player.match.MatchObserver.Source;
import org.ratchet.search.SearchStatistics;

/** The board's bookkeeping, event by event: what a ply shows after a fallback or a late answer, bounds, records. */
class StatusBoardTest {
    private static final String RULES = "((role white) (role black) (init (cell 1 1 b)))";

    private static StatusBoard board(Path folder, int keep) {
        return new StatusBoard(new StatusSnapshot.Player("P", 9147, "mcts", 1), new PlayerRecords(folder, keep));
    }

    private static SearchStatistics stats(int proven, SearchStatistics.MoveStatistics... moves) {
        return new SearchStatistics("mcts", 1, 1000, 900, 500, 40, 100, 0, proven, -1, "a", List.of(moves));
    }

    private static MatchObserver.Move move(int ply, Source source, SearchStatistics stats) {
        return new MatchObserver.Move("m1", ply, "(move " + ply + ")", source, 10, "hsfc", stats, "", 1L);
    }

    @Test
    void aLateSearchAddsItsReportToTheFallbackThatWentOut(@TempDir Path dir) {
        StatusBoard board = board(dir, 5);
        board.started(new MatchObserver.Start("m1", "white", 10_000, 5_000, RULES, 1000));
        board.moved(move(0, Source.FALLBACK, null));
        SearchStatistics late = stats(-1, new SearchStatistics.MoveStatistics("(move 9)", 70, 61.25, -1),
            new SearchStatistics.MoveStatistics("(move 8)", 30, 40, 100));
        board.moved(new MatchObserver.Move("m1", 0, "(move 9)", Source.LATE, 900, "hsfc", late, "", 2L));
        board.moved(move(1, Source.SEARCH, stats(100, new SearchStatistics.MoveStatistics("(a)", 5, 100, 100))));
        board.moved(move(2, Source.SEARCH, stats(-1, new SearchStatistics.MoveStatistics("noop", 5, 0, -1))));
        board.moved(new MatchObserver.Move("other", 3, "x", Source.SEARCH, 1, "hsfc", null, "", 3L)); // not this match

        List<StatusSnapshot.PlyReport> moves = board.snapshot().match().moves();
        assertEquals(3, moves.size());
        StatusSnapshot.PlyReport first = moves.get(0);
        assertEquals("(move 0)", first.move(), "the move sent stays, not the late one");
        assertEquals("fallback", first.source());
        assertTrue(first.late());
        assertEquals(61.3, first.search().expectedValue(), 1e-9);
        assertEquals(List.of("(move 9)", "(move 8)"), first.search().top().stream().map(StatusSnapshot.RootMove::move).toList());
        assertEquals(100, first.search().top().get(1).provenValue());
        assertEquals(100, moves.get(1).search().expectedValue(), "a proven root is its expected value");
        assertEquals(-1, moves.get(2).search().expectedValue(), "a lone move has no value of its own");
        assertTrue(board.snapshot().match().game().matches("game-[0-9a-f]{8}"));
        board.close();
    }

    @Test
    void keepsBoundedMovesAndFacts(@TempDir Path dir) {
        StatusBoard board = board(dir, 5);
        board.started(new MatchObserver.Start("m1", "white", 10_000, 5_000, RULES, 1000));
        for (int ply = 0; ply < StatusBoard.MAX_MOVES + 20; ply++) {
            board.moved(move(ply, Source.SEARCH, null));
        }
        List<String> facts = new ArrayList<>();
        for (int i = 0; i < StatusBoard.MAX_FACTS + 5; i++) {
            facts.add("(f " + i + ")");
        }
        board.stateReached(new MatchObserver.State("m1", 3, List.of("white", "black"), List.of("a", "b"), facts, 5L));
        StatusSnapshot.CurrentMatch match = board.snapshot().match();
        assertEquals(StatusBoard.MAX_MOVES, match.moves().size());
        assertEquals(20, match.moves().get(0).ply(), "the oldest plies drop off");
        assertEquals(StatusBoard.MAX_FACTS, match.state().facts().size());
        assertTrue(match.state().cut());
        assertEquals(5L + 5_000, match.clockEndsAt());
        board.close();
    }

    @Test
    void endedMatchesGoToRecentAndToARecordViewersRead(@TempDir Path dir) throws IOException {
        StatusBoard board = board(dir, 2);
        for (int m = 0; m < 3; m++) {
            String id = m == 2 ? "../../evil/id" : "m" + m;
            board.started(new MatchObserver.Start(id, "white", 10_000, 5_000, RULES, 1_000_000L * (m + 1)));
            board.stateReached(new MatchObserver.State(id, 0, List.of("white", "black"), List.of(),
                List.of("(cell 1 1 b)"), 10L));
            board.stateReached(new MatchObserver.State(id, 1, List.of("white", "black"), List.of("(mark 1 1)", "noop"),
                List.of("(cell 1 1 x)"), 20L));
            board.ended(new MatchObserver.End(id, m == 1, m == 1 ? List.of() : List.of(100, 0), "result=x", 30L));
        }
        board.close(); // waits for the writes
        List<StatusSnapshot.RecentMatch> recent = board.snapshot().recent();
        assertEquals(3, recent.size());
        assertEquals("../../evil/id", recent.get(0).matchId());
        String evil = recent.get(0).record();
        assertTrue(evil.matches("\\d{8}-\\d{6}-\\.\\._\\.\\._evil_id\\.json") || evil.matches("\\d{8}-\\d{6}-[A-Za-z0-9._-]+\\.json"), evil);
        assertFalse(evil.contains("/"));
        assertTrue(recent.get(1).aborted());

        PlayerRecords records = board.records();
        assertEquals(2, records.list().size(), "only records.keep records stay: " + records.list());
        assertEquals(recent.get(0).record(), records.list().get(0), "newest first");
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "nothing written outside the folder's listing");
        }
        MatchRecord aborted = MatchRecord.fromJson(records.read(recent.get(1).record()));
        assertTrue(aborted.isAborted());
        MatchRecord played = MatchRecord.fromJson(records.read(evil));
        assertTrue(played.isCompleted());
        assertEquals(List.of(100, 0), played.goalValues());
        assertEquals(2, played.states().size());
        assertEquals(List.of(List.of("(mark 1 1)", "noop")), played.moves());
        assertEquals(List.of("P", ""), played.playerNames());
        assertEquals(RULES, played.gameRulesheet());
        assertNull(records.read("../" + evil));
        assertNull(records.read(recent.get(2).record()), "pruned");
    }

    @Test
    void noRecordsWhenKeepIsZero(@TempDir Path dir) throws IOException {
        StatusBoard board = board(dir.resolve("records"), 0);
        board.started(new MatchObserver.Start("m", "white", 10_000, 5_000, RULES, 1000));
        board.ended(new MatchObserver.End("m", true, List.of(), "result=aborted", 30L));
        board.close();
        assertNull(board.snapshot().recent().get(0).record());
        assertFalse(Files.exists(dir.resolve("records")));
    }
}
