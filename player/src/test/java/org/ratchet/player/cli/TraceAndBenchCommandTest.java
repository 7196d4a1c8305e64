package org.ratchet.player.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.reasoner.GameCorpus;

/** The trace and bench commands as a user runs them, through {@link Ratchet#run}. */
class TraceAndBenchCommandTest {
    private static final String TIC_TAC_TOE = GameCorpus.repositoryGame("ticTacToe").toString();
    private static final Pattern RECORD = Pattern.compile(
        "\\{\"playout\":(\\d+),\"step\":(\\d+),\"state\":\\[[^]]*],\"legal\":\\{\"xplayer\":\\[[^]]*],"
            + "\"oplayer\":\\[[^]]*]},\"terminal\":(true|false)(,\"goals\":\\{\"xplayer\":(\\d+),\"oplayer\":(\\d+)})?"
            + "(,\"joint\":\\{\"xplayer\":\"[^\"]+\",\"oplayer\":\"[^\"]+\"})?}");

    @Test
    void traceWritesReproduciblePlayoutsToAFileOrStandardOutput(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.jsonl");
        CommandLineRun toFile = CommandLineRun.of("trace", TIC_TAC_TOE, "--seed", "11", "--playouts", "4",
            "--engine", "hsfc", "--out", file.toString());
        assertEquals(0, toFile.exit(), toFile.err());
        String trace = Files.readString(file, StandardCharsets.UTF_8);
        CommandLineRun toStdout = CommandLineRun.of("trace", TIC_TAC_TOE, "--seed", "11", "--playouts", "4",
            "--engine", "prover");
        assertEquals(0, toStdout.exit(), toStdout.err());
        assertEquals(trace, toStdout.out(), "same seed, same trace, whichever engine reasons");
        CommandLineRun bottomUp = CommandLineRun.of("trace", TIC_TAC_TOE, "--seed", "11", "--playouts", "4",
            "--engine", "bottomup");
        assertEquals(0, bottomUp.exit(), bottomUp.err());
        assertEquals(trace, bottomUp.out(), "the bottom-up engine writes the same trace");
        assertNotEquals(trace, CommandLineRun.of("trace", TIC_TAC_TOE, "--seed", "12", "--playouts", "4").out());

        List<String> lines = trace.lines().toList();
        int playout = -1;
        int step = 0;
        boolean ended = true;
        for (String line : lines) {
            Matcher m = RECORD.matcher(line);
            assertTrue(m.matches(), line);
            int id = Integer.parseInt(m.group(1));
            if (id != playout) {
                assertTrue(ended, "the previous playout ended at a terminal record");
                assertEquals(playout + 1, id);
                playout = id;
                step = 0;
            }
            assertEquals(step++, Integer.parseInt(m.group(2)));
            boolean terminal = m.group(3).equals("true");
            assertEquals(terminal, m.group(4) != null, "goals exactly on terminal records");
            assertEquals(!terminal, m.group(7) != null, "joint exactly on non-terminal records");
            if (terminal) {
                assertEquals(100, Integer.parseInt(m.group(5)) + Integer.parseInt(m.group(6)));
            }
            ended = terminal;
        }
        assertEquals(3, playout);
        assertTrue(ended);
    }

    @Test
    void traceReportsBadInputClearly() {
        CommandLineRun missing = CommandLineRun.of("trace", "no/such/game.kif");
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("no such file"), missing.err());
        CommandLineRun badEngine = CommandLineRun.of("trace", TIC_TAC_TOE, "--engine", "warp");
        assertEquals(1, badEngine.exit());
        assertTrue(badEngine.err().contains("unknown engine 'warp'"), badEngine.err());
    }

    @Test
    void benchPrintsOneLinePerGameAndContinuesAfterAFailure() {
        CommandLineRun bench = CommandLineRun.of("bench", "--seconds", "0.5", "--warmup", "0.2", "--threads", "2",
            TIC_TAC_TOE, "no/such/game.kif");
        assertEquals(1, bench.exit(), "a failed game makes the exit status non-zero");
        List<String> lines = bench.out().lines().toList();
        assertEquals(2, lines.size(), bench.out());
        Matcher m = Pattern.compile("game=ticTacToe engine=(?:hsfc|prover) threads=2 init_ms=\\S+ states/s=(\\S+) states/cpu_s=\\S+"
            + " playouts/s=\\S+ length=(\\S+) goals=(\\S+)/(\\S+) playouts=(\\d+) unfinished=0").matcher(lines.get(0));
        assertTrue(m.matches(), lines.get(0));
        assertTrue(Double.parseDouble(m.group(1)) > 0);
        double length = Double.parseDouble(m.group(2));
        assertTrue(length >= 5 && length <= 9, "ticTacToe playouts take 5 to 9 moves: " + length);
        assertEquals(100, Double.parseDouble(m.group(3)) + Double.parseDouble(m.group(4)), 0.2);
        assertEquals("game=game error=\"no such file\"", lines.get(1));
    }
}
