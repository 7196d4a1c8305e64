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

    @Test
    void anExampleLineIsShortened(@TempDir Path directory) throws Exception {
        Path log = directory.resolve("new.log");
        Files.write(log, ("sent fallback move " + "y".repeat(5000) + "\n").getBytes());
        PlayerLogScan scan = PlayerLogScan.scan(log);
        assertEquals(1, scan.fallback());
        assertTrue(scan.example().length() < 210, "a flood of text stays one short line");
    }
}
