package org.ratchet.player.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.reasoner.Engines;
import org.ratchet.player.gamemaster.JsonCodec;
import tools.jackson.databind.JsonNode;

class GauntletCommandTest {
    private static final Path REPOSITORY = Path.of(System.getProperty("ratchet.games", "../../shared/games"))
        .resolve("repository");
    private static final String TIC_TAC_TOE = REPOSITORY.resolve("ticTacToe.kif").toString();

    /** A row of the summary table: game, matches, score, W-D-L, Elo, [low, high], mean goal. */
    private static final Pattern ROW = Pattern.compile(
        "(\\S+)\\s+(\\d+)\\s+([01]\\.\\d{3})\\s+(\\d+)-(\\d+)-(\\d+)\\s+([+-]\\d+)\\s+\\[([+-]\\d+), ([+-]\\d+)]\\s+"
            + "(\\d+\\.\\d)");
    /** A row of the late/fallback/error table. */
    private static final Pattern FAULTS = Pattern.compile("(new|reference)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)");

    @BeforeAll
    static void needsAnEngine() {
        assumeFalse(Engines.names().isEmpty(), "no reasoning engine in this build yet");
    }

    /**
     * A jar that starts Ratchet from this test's class path, as the build's jar would: its manifest names the
     * main class and lists the class path. Tests run before the build's jar is packaged.
     */
    private static Path launcherJar(Path directory) throws IOException {
        StringBuilder classPath = new StringBuilder();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.append(Path.of(entry).toAbsolutePath().toUri()).append(' ');
        }
        Manifest manifest = new Manifest();
        Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.put(Attributes.Name.MAIN_CLASS, Ratchet.class.getName());
        attributes.put(Attributes.Name.CLASS_PATH, classPath.toString().trim());
        Path jar = directory.resolve("ratchet.jar");
        try (JarOutputStream ignored = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            return jar;
        }
    }

    @Test
    void aTinyRealGauntletPlaysBothSeatsAndPrintsASummaryThatParses(@TempDir Path directory) throws Exception {
        Path jar = launcherJar(directory);
        Path out = directory.resolve("run");
        CommandLineRun run = CommandLineRun.of("gauntlet", "--new-jar", jar.toString(), "--reference-jar",
            jar.toString(), "--games", TIC_TAC_TOE, "--matches", "2", "--start", "2", "--play", "1",
            "--out", out.toString(), "--allow-late");
        assertEquals(0, run.exit(), run.out() + run.err());

        List<String> lines = run.out().lines().toList();
        for (String game : List.of("ticTacToe", "overall")) {
            String row = lines.stream().filter(line -> line.startsWith(game + " ")).findFirst().orElseThrow();
            Matcher m = ROW.matcher(row);
            assertTrue(m.matches(), row);
            assertEquals(2, Integer.parseInt(m.group(2)));
            double score = Double.parseDouble(m.group(3));
            int wins = Integer.parseInt(m.group(4));
            int draws = Integer.parseInt(m.group(5));
            assertEquals(2, wins + draws + Integer.parseInt(m.group(6)));
            assertEquals((wins + 0.5 * draws) / 2, score, 1e-9, "two-player score: wins plus half the draws");
            int elo = Integer.parseInt(m.group(7));
            assertTrue(Integer.parseInt(m.group(8)) <= elo && elo <= Integer.parseInt(m.group(9)), row);
        }
        assertEquals(2, lines.stream().filter(line -> FAULTS.matcher(line).matches()).count(), run.out());

        // Both seats: the new build is xplayer in one match and oplayer in the other.
        Path records = out.resolve("ticTacToe").resolve("records");
        try (Stream<Path> files = Files.list(records)) {
            List<MatchRecord> played = files.map(GauntletCommandTest::read).toList();
            assertEquals(2, played.size());
            assertEquals(1, played.stream().filter(r -> r.playerNames().get(0).equals("new")).count());
            assertEquals(1, played.stream().filter(r -> r.playerNames().get(1).equals("new")).count());
            assertTrue(played.stream().allMatch(MatchRecord::isCompleted));
        }
        for (String player : List.of("new", "reference")) {
            String log = Files.readString(out.resolve("ticTacToe").resolve(player + ".log"));
            assertTrue(log.contains("listening on port"), player + " log: " + log);
        }
        JsonNode overall = JsonCodec.MAPPER.readTree(Files.readString(out.resolve("results.json"))).path("overall");
        assertEquals(2, overall.path("matches").asInt());
        assertEquals(1 + 2, Files.readAllLines(out.resolve("results.csv")).size());
    }

    /**
     * A stopped run resumes: the matches recorded in its folder count, only the missing ones are played (in
     * the seats the schedule gives them), and the player logs keep both sessions. A folder of a run with other
     * settings is refused, and so is a new run into a folder already used.
     */
    @Test
    void aStoppedRunResumesWithItsRecordedMatchesButOnlyWithTheSameBuildsAndSettings(@TempDir Path directory)
            throws Exception {
        Path jar = launcherJar(directory);
        Path out = directory.resolve("run");
        Path records = out.resolve("ticTacToe").resolve("records");
        CommandLineRun first = gauntlet(jar, out, "--matches", "1");
        assertEquals(0, first.exit(), first.out() + first.err());
        assertEquals(1, recordsIn(records).size());

        CommandLineRun again = gauntlet(jar, out, "--matches", "2");
        assertEquals(2, again.exit(), again.out() + again.err());
        assertTrue(again.err().contains("is not empty: --resume continues the run there"), again.err());
        CommandLineRun otherOptions = gauntlet(jar, out, "--matches", "2", "--resume", "--new-options",
            "--playout uniform");
        assertEquals(2, otherOptions.exit(), otherOptions.out() + otherOptions.err());
        assertTrue(otherOptions.err().contains("the new build's serve options ([] in the run, [--playout, uniform] "
            + "now)"), otherOptions.err());
        CommandLineRun otherClock = gauntlet(jar, out, "--matches", "2", "--resume", "--play", "2");
        assertEquals(2, otherClock.exit(), otherClock.out() + otherClock.err());
        assertTrue(otherClock.err().contains("the play clock (1 in the run, 2 now)"), otherClock.err());
        CommandLineRun noRun = gauntlet(jar, directory.resolve("elsewhere"), "--matches", "2", "--resume");
        assertEquals(2, noRun.exit(), noRun.out() + noRun.err());
        assertTrue(noRun.err().contains("holds no gauntlet run to resume"), noRun.err());
        assertEquals(1, recordsIn(records).size(), "a refused run plays nothing");

        CommandLineRun resumed = gauntlet(jar, out, "--matches", "2", "--resume");
        assertEquals(0, resumed.exit(), resumed.out() + resumed.err());
        assertTrue(resumed.out().contains("1 of 2 matches recorded already"), resumed.out());
        List<MatchRecord> played = recordsIn(records);
        assertEquals(2, played.size());
        assertEquals(1, played.stream().filter(r -> r.playerNames().get(0).equals("new")).count(),
            "the resumed match takes the seats the first did not");
        assertSummaryCounts(resumed.out(), 2);
        String log = Files.readString(out.resolve("ticTacToe").resolve("new.log"));
        assertEquals(2, log.lines().filter(line -> line.contains("PlayerServer - new listening on port")).count(),
            "one start in each session: " + log);

        CommandLineRun complete = gauntlet(jar, out, "--matches", "2", "--resume");
        assertEquals(0, complete.exit(), complete.out() + complete.err());
        assertTrue(complete.out().contains("2 matches recorded, none to play"), complete.out());
        assertSummaryCounts(complete.out(), 2);
        assertEquals(2, recordsIn(records).size());
        assertEquals(log, Files.readString(out.resolve("ticTacToe").resolve("new.log")), "no player was started");
    }

    /**
     * A tiny ticTacToe gauntlet of the jar against itself into {@code out}, with further options (a play clock of
     * 1 s unless they give one).
     */
    private static CommandLineRun gauntlet(Path jar, Path out, String... options) {
        List<String> args = new ArrayList<>(List.of("gauntlet", "--new-jar", jar.toString(), "--reference-jar",
            jar.toString(), "--games", TIC_TAC_TOE, "--start", "2", "--out", out.toString(), "--allow-late"));
        if (!List.of(options).contains("--play")) {
            args.addAll(List.of("--play", "1"));
        }
        args.addAll(List.of(options));
        return CommandLineRun.of(args.toArray(String[]::new));
    }

    private static List<MatchRecord> recordsIn(Path records) throws IOException {
        try (Stream<Path> files = Files.list(records)) {
            return files.map(GauntletCommandTest::read).toList();
        }
    }

    /** The summary's ticTacToe and overall rows both count {@code matches} matches. */
    private static void assertSummaryCounts(String out, int matches) {
        for (String game : List.of("ticTacToe", "overall")) {
            String row = out.lines().filter(line -> line.startsWith(game + " ")).findFirst().orElseThrow();
            Matcher m = ROW.matcher(row);
            assertTrue(m.matches(), row);
            assertEquals(matches, Integer.parseInt(m.group(2)), row);
        }
    }

    private static MatchRecord read(Path file) {
        try {
            return MatchRecord.read(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aDryRunPrintsThePlanAndStartsNothing(@TempDir Path directory) {
        Path out = directory.resolve("run");
        CommandLineRun run = CommandLineRun.of("gauntlet", "--new-jar", "new.jar", "--opponent-strategy",
            "montecarlo", "--games", TIC_TAC_TOE + "," + REPOSITORY.resolve("3pConnectFour.kif"), "--matches", "4",
            "--cpus", "2,3,5", "--out", out.toString(), "--sprt", "0,50", "--dry-run");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("reference:  new.jar with --strategy montecarlo"), run.out());
        assertTrue(run.out().contains("ticTacToe: 2 roles, the new build in each role [2, 2] times"), run.out());
        assertTrue(run.out().contains("3pConnectFour: 3 roles, the new build in each role [2, 1, 1] times "
            + "(4 matches is not a multiple of 3: roles are uneven)"), run.out());
        assertTrue(run.out().contains("serve --port PORT --threads 1 --name new"), run.out());
        assertTrue(run.out().contains("SPRT: +50 against +0 Elo, errors 5%/5%; a game's matches stop at a verdict"),
            run.out());
        assertTrue(Files.notExists(out), "a dry run writes nothing");
    }

    /**
     * The referee prepares a game as the player does (the engine policy), so a game hsfc declines (here at once:
     * its terms nest without bound) is refereed on the fallback engine instead of refused.
     */
    @Test
    void aGameHsfcDeclinesIsRefereedOnTheFallbackEngine(@TempDir Path directory) throws Exception {
        Path game = directory.resolve("nested.kif");
        Files.writeString(game, """
            (role p) (role q)
            (init (count z))
            (<= (legal ?r tick) (role ?r) (true (count ?x)))
            (<= (next (count (s ?x))) (does p tick) (true (count ?x)))
            (<= terminal (true (count (s (s (s z))))))
            (<= (goal ?r 50) (role ?r))
            """);
        CommandLineRun run = CommandLineRun.of("gauntlet", "--new-jar", "new.jar", "--opponent-strategy", "random",
            "--games", game.toString(), "--matches", "2", "--dry-run");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("nested: 2 roles, the new build in each role [1, 1] times"), run.out());
    }

    @Test
    void serveOptionsSetEachSideAndWithoutAReferenceTheNewBuildPlaysItself() {
        CommandLineRun run = CommandLineRun.of("gauntlet", "--new-jar", "new.jar", "--new-options",
            "--search-grave-reference 50", "--reference-options", " --playout  uniform ", "--games", TIC_TAC_TOE,
            "--matches", "2", "--dry-run");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("new build:  new.jar with --search-grave-reference 50"), run.out());
        assertTrue(run.out().contains("reference:  new.jar with --playout uniform"), run.out());
        assertTrue(run.out().contains("serve --port PORT --threads 1 --name new --search-grave-reference 50"),
            run.out());
    }

    @Test
    void badInputIsRefusedWithAMessage(@TempDir Path directory) throws Exception {
        Path puzzle = directory.resolve("puzzle.kif");
        Files.writeString(puzzle, "(role solo) (init (step 0)) (<= (legal solo stop) (true (step 0))) "
            + "(<= (next (step 1)) (does solo stop)) (<= terminal (true (step 1))) (goal solo 100)");
        String[][] refused = {
            {"--new-jar", "a.jar", "--games", TIC_TAC_TOE, "--dry-run"},
            {"--new-jar", "a.jar", "--opponent-strategy", "random", "--games", "noSuchGame", "--dry-run"},
            {"--new-jar", "a.jar", "--opponent-strategy", "random", "--games", puzzle.toString(), "--dry-run"},
            {"--new-jar", "a.jar", "--opponent-strategy", "random", "--games", TIC_TAC_TOE, "--matches", "0",
                "--dry-run"},
            {"--new-jar", "a.jar", "--opponent-strategy", "random", "--games", TIC_TAC_TOE, "--cpus", "-1",
                "--dry-run"},
            {"--new-jar", directory.resolve("missing.jar").toString(), "--opponent-strategy", "random",
                "--games", TIC_TAC_TOE},
            {"--new-jar", "a.jar", "--opponent-strategy", "random", "--games", TIC_TAC_TOE, "--resume", "--dry-run"},
            {"--new-jar", "a.jar", "--opponent-strategy", "random", "--games", TIC_TAC_TOE, "--sprt", "50,0",
                "--dry-run"},
        };
        String[] messages = {"give --reference-jar", "no file", "has one role", "--matches must be at least 1",
            "--cpus", "no such file", "--resume needs --out DIR",
            "ELO0 below ELO1"};
        for (int i = 0; i < refused.length; i++) {
            String[] args = new String[refused[i].length + 1];
            args[0] = "gauntlet";
            System.arraycopy(refused[i], 0, args, 1, refused[i].length);
            CommandLineRun run = CommandLineRun.of(args);
            assertEquals(2, run.exit(), String.join(" ", args) + ": " + run.out() + run.err());
            assertTrue(run.err().contains(messages[i]), run.err());
        }
    }
}
