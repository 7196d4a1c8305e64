package org.ratchet.player.gamemaster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.player.cli.Ratchet;
import org.ratchet.reasoner.Engines;
import tools.jackson.databind.JsonNode;

class TournamentTest {

    @BeforeAll
    static void needsAnEngine() {
        assumeFalse(Engines.names().isEmpty(), "no reasoning engine in this build yet");
    }

    @Test
    void threePlayersMeetOnBothSidesAndTheStandingsAddUp(@TempDir Path directory) throws Exception {
        PreparedGame game = GamemasterTest.corpusGame("ticTacToe");
        try (RatchetPlayers players = RatchetPlayers.random(3)) {
            List<PlayerAddress> addresses = players.addresses();
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            TournamentResult result = new Tournament(new Gamemaster(new PlayerClient(), new Random(3)))
                .run(game, addresses, 6, new Gamemaster.Clocks(5, 2, 500), directory,
                    new PrintStream(progress, true, StandardCharsets.UTF_8));

            assertEquals(6, result.matches().size());
            try (Stream<Path> files = Files.list(directory)) {
                assertEquals(6, files.filter(f -> f.toString().endsWith(".json")).count());
            }
            assertEquals(6, progress.toString(StandardCharsets.UTF_8).lines().count());
            double winShares = 0;
            for (TournamentResult.Standing standing : result.standings()) {
                assertEquals(4, standing.matches(), "each of three players sits in 4 of 6 two-player matches");
                assertTrue(standing.score().value() >= 0 && standing.score().value() <= 100);
                assertTrue(standing.score().low() <= standing.score().value());
                assertTrue(standing.winRate().low() <= standing.winRate().value()
                    && standing.winRate().value() <= standing.winRate().high());
                winShares += standing.winRate().value() * standing.matches();
            }
            assertEquals(6, winShares, 1e-9, "every match hands out exactly one win");
            // Each player's scores are the goals of its seats in the match records.
            for (int p = 0; p < 3; p++) {
                double sum = 0;
                for (TournamentResult.Played match : result.matches()) {
                    for (int r = 0; r < 2; r++) {
                        if (match.seats()[r] == p) {
                            sum += match.goals().get(r);
                        }
                    }
                }
                assertEquals(sum / 4, result.standings().get(p).score().value(), 1e-9);
            }
            assertEquals(1 + 12, result.toCsv().lines().count(), "a header and one row per player per match");
            JsonNode json = JsonCodec.MAPPER.readTree(result.toJson());
            assertEquals(3, json.path("standings").size());
            assertEquals(6, json.path("matches").size());
        }
    }

    /**
     * A tournament stopped in the middle of a match (a gauntlet interrupted, its players about to be stopped)
     * records neither that match nor any later one; continued from its records, it plays only the missing
     * matches, in the seats the schedule gives them.
     */
    @Test
    void aStoppedTournamentRecordsNoMatchFromThenOnAndContinuesFromItsRecords(@TempDir Path directory)
            throws Exception {
        PreparedGame game = GamemasterTest.corpusGame("ticTacToe");
        Gamemaster.Clocks clocks = new Gamemaster.Clocks(5, 2, 500);
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Tournament first = new Tournament(new Gamemaster(new PlayerClient(), new Random(5)));
        RefereeingScript honest = RefereeingScript.honest(1);
        // Player a stops the first tournament on its first move of match 2 (match IDs end in ".NUMBER").
        ScriptedPlayer.Script stopsInMatchTwo = message -> {
            if (message.startsWith("(play") && message.contains(".2 ")) {
                first.stop();
            }
            return honest.reply(message);
        };
        try (ScriptedPlayer a = new ScriptedPlayer(stopsInMatchTwo);
             ScriptedPlayer b = new ScriptedPlayer(RefereeingScript.honest(2))) {
            List<PlayerAddress> players = List.of(named("a", a), named("b", b));
            TournamentResult stopped = first.run(game, players, 4, clocks, directory, quiet);
            assertEquals(1, stopped.matches().size());
            List<MatchRecord> recorded = recordsIn(directory);
            assertEquals(1, recorded.size(), "match 2 was under way at the stop: not recorded");

            TournamentResult continued = new Tournament(new Gamemaster(new PlayerClient(), new Random(6)))
                .run(game, players, 4, clocks, directory, quiet, recorded);
            assertEquals(4, continued.matches().size());
            assertEquals(4, recordsIn(directory).size());
            List<int[]> schedule = Tournament.schedule(2, 2, 4);
            for (int m = 0; m < 4; m++) {
                assertArrayEquals(schedule.get(m), continued.matches().get(m).seats(), "match " + (m + 1));
                assertTrue(continued.matches().get(m).completed());
            }
            assertEquals(recorded.get(0).matchId(), continued.matches().get(0).matchId());

            // Records count only for the players and the rules they were played with.
            IllegalArgumentException stranger = assertThrows(IllegalArgumentException.class,
                () -> Tournament.recorded(game, List.of("a", "c"), recorded));
            assertTrue(stranger.getMessage().contains("played by 'b', who is not one of [a, c]"), stranger.getMessage());
            PreparedGame edited = PreparedGame.of(game.name(), game.rulesheet() + "\n; edited\n",
                Engines.defaultEngine());
            IllegalArgumentException otherRules = assertThrows(IllegalArgumentException.class,
                () -> Tournament.recorded(edited, List.of("a", "b"), recorded));
            assertTrue(otherRules.getMessage().contains("other rules"), otherRules.getMessage());
        }
    }

    /** A tournament told when it has enough (a sequential test's verdict) plays no match after that. */
    @Test
    void aTournamentStopsWhenItsResultsAreEnough(@TempDir Path directory) throws Exception {
        PreparedGame game = GamemasterTest.corpusGame("ticTacToe");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (ScriptedPlayer a = new ScriptedPlayer(RefereeingScript.honest(3));
             ScriptedPlayer b = new ScriptedPlayer(RefereeingScript.honest(4))) {
            TournamentResult result = new Tournament(new Gamemaster(new PlayerClient(), new Random(7)))
                .stoppingWhen(results -> results.matches().size() >= 2)
                .run(game, List.of(named("a", a), named("b", b)), 6, new Gamemaster.Clocks(5, 2, 500), directory,
                    quiet);
            assertEquals(2, result.matches().size());
            assertEquals(2, recordsIn(directory).size());
        }
    }

    private static PlayerAddress named(String name, ScriptedPlayer player) {
        PlayerAddress address = player.address();
        return new PlayerAddress(name, address.host(), address.port());
    }

    private static List<MatchRecord> recordsIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            List<MatchRecord> records = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                records.add(MatchRecord.read(file));
            }
            records.sort(Comparator.comparingLong(MatchRecord::startTime));
            return records;
        }
    }

    @Test
    void theCommandsRunAMatchAndATournament(@TempDir Path directory) throws Exception {
        Path rules = directory.resolve("ticTacToe.kif");
        Files.writeString(rules, GamemasterTest.corpusGame("ticTacToe").rulesheet());
        try (RatchetPlayers players = RatchetPlayers.random(2)) {
            String x = players.addresses().get(0).toString();
            String o = players.addresses().get(1).toString();
            Path records = directory.resolve("records");
            int exit = Ratchet.run("match", "--game", rules.toString(), "--start", "5", "--play", "2",
                "--player", x, "--player", o,
                "--out", records.toString(), "--match-id", "cli.1", "--seed", "4");
            assertEquals(0, exit);
            MatchRecord record = MatchRecord.read(records.resolve("cli.1.json"));
            assertTrue(record.isCompleted());
            assertEquals("ticTacToe", record.gameName());

            Path csv = directory.resolve("results.csv");
            Path json = directory.resolve("results.json");
            exit = Ratchet.run("tournament", "--game", rules.toString(), "--matches", "2", "--start", "5",
                "--play", "2", "--player", x, "--player", o,
                "--out", records.toString(), "--csv", csv.toString(), "--json", json.toString());
            assertEquals(0, exit);
            assertEquals(5, Files.readAllLines(csv).size());
            assertTrue(JsonCodec.MAPPER.readTree(Files.readString(json)).path("standings").isArray());
        }
        assertEquals(2, Ratchet.run("match", "--game", rules.toString(), "--player", "nohost"));
        assertEquals(2, Ratchet.run("match", "--game", directory.resolve("missing.kif").toString(),
            "--player", "localhost:9"));
    }
}
