package org.ratchet.player.gauntlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayerLogScanTest {

    @Test
    void countsLateAndFallbackLinesAsThePlayerWritesThem(@TempDir Path directory) throws Exception {
        Path log = directory.resolve("new.log");
        // Lines as org.ratchet.player.match.Match logs them when a search overran its clock, and lines that only
        // mention the fallback engine, which must not count.
        Files.writeString(log, String.join("\n",
            "2026-11-24 06:07:58.100 INFO  [main] Match - match m: ply 7: mcts chose (drop 3) in 480 ms",
            "2026-11-24 06:07:58.734 WARN  [ratchet-clock-1] Match - match m: ply 8: sent fallback move noop "
                + "(the search did not answer in time)",
            "2026-11-24 06:07:58.900 WARN  [search-1] Match - match m: ply 8: mcts chose noop after 702 ms, too late; "
                + "the clock had sent its reply already",
            "2026-11-24 06:07:59.000 ERROR [search-1] Match - match m: ply 9: search failed; using the fallback",
            "2026-11-24 06:07:59.001 WARN  [search-1] Match - match m: ply 9: sent fallback move noop (the search has "
                + "no answer)",
            "2026-11-24 06:08:00.000 WARN  [compile] GamePreparation - engine hsfc declined the game; the fallback "
                + "engine prover plays the match instead",
            "2026-11-24 06:09:00.000 INFO  [track] Match - match m: summary result=goals(red=0,black=100) role=red "
                + "engines=hsfc plays=20 searched=18 overran=0 fallbacks=2 slowest_reply_ms=1500",
            "x".repeat(10_000) + " sent fallback move") + "\n");
        PlayerLogScan scan = PlayerLogScan.scan(log);
        assertEquals(1, scan.late());
        assertEquals(3, scan.fallback());
        assertTrue(scan.example().contains("ply 8: sent fallback move noop"), scan.example());

        Files.writeString(log, "2026-11-24 06:07:58.100 INFO  [main] Match - match m: ply 7: mcts chose (drop 3)\n");
        assertEquals(0, PlayerLogScan.scan(log).total());
    }

    /**
     * The search statistics of every move a search chose, in time or late, as the player logs them; other lines
     * with numbers called iterations (the preparation's line, a learning's) do not count.
     */
    @Test
    void readsTheIterationsOfEveryMoveASearchChose(@TempDir Path directory) throws Exception {
        Path log = directory.resolve("new.log");
        Files.writeString(log, String.join("\n",
            "2026-11-26 01:32:45.791 INFO  [s-1] Match - match m: strategy mcts on engine hsfc prepared in 6293 ms "
                + "[strategy=mcts threads=1 iterations=315330 playouts=310389 ms=5201]",
            "2026-11-26 01:32:49.307 INFO  [s-1] Match - match m: ply 0: mcts chose (drop 5) in 3493 ms "
                + "[strategy=mcts threads=1 iterations=230548 playouts=227002 ms=3421]",
            "2026-11-26 01:32:52.830 INFO  [s-1] Match - match m: ply 1: mcts chose noop in 3499 ms "
                + "[strategy=mcts threads=1 iterations=100 playouts=246780 ms=3444]",
            "2026-11-26 01:43:11.456 WARN  [s-1] Match - match m: ply 2: mcts chose (mark 3 3) after 56 ms, too late; "
                + "the clock had sent its reply already [strategy=mcts threads=1 iterations=0 playouts=0 ms=0]",
            "2026-11-26 01:43:12.001 INFO  [s-1] Match - match m: ply 3: mcts chose (mark 2 2) in 351 ms "
                + "[strategy=mcts threads=1 iterations=99999999999 playouts=97]",
            "2026-11-26 01:43:12.002 INFO  [s-1] Match - match m: ply 4: mcts chose (mark 1 1) in 351 ms "
                + "[strategy=mcts threads=1 iterations=x]") + "\n");
        PlayerLogScan scan = PlayerLogScan.scan(log);
        assertEquals(3, scan.searchedMoves(), "an iteration count past int and a malformed one are not read");
        assertEquals(100, scan.medianIterations());
        assertEquals(1, scan.late());

        PlayerLogScan both = scan.plus(new PlayerLogScan(0, 0, "", new int[] {400_000}));
        assertEquals(4, both.searchedMoves());
        assertEquals((100 + 230_548) / 2, both.medianIterations(), "the mean of the middle two");
        assertEquals(-1, PlayerLogScan.NONE.medianIterations());
    }

    @Test
    void anExampleLineIsShortened(@TempDir Path directory) throws Exception {
        Path log = directory.resolve("new.log");
        Files.write(log, ("sent fallback move " + "y".repeat(5000) + "\n").getBytes());
        PlayerLogScan scan = PlayerLogScan.scan(log);
        assertEquals(1, scan.fallback());
        assertTrue(scan.example().length() < 210, "a flood of text stays one short line");
    }
}
