package org.ratchet.player.gamemaster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ratchet.player.gamemaster.RefereeingScript.Fault;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

class GamemasterTest {
    private static final Gamemaster.Clocks CLOCKS = new Gamemaster.Clocks(5, 2, 500);

    private final Gamemaster gamemaster = new Gamemaster(new PlayerClient(), new Random(7));

    @BeforeAll
    static void needsAnEngine() {
        assumeFalse(Engines.names().isEmpty(), "no reasoning engine in this build yet");
    }

    static PreparedGame corpusGame(String name) throws Exception {
        return PreparedGame.load(GameCorpus.repositoryGame(name), Engines.defaultEngine());
    }

    private static List<ScriptedPlayer> honestPlayers(int count) throws Exception {
        List<ScriptedPlayer> players = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            players.add(new ScriptedPlayer(RefereeingScript.honest(100 + i)));
        }
        return players;
    }

    private static List<PlayerAddress> addresses(List<ScriptedPlayer> players) {
        return players.stream().map(ScriptedPlayer::address).toList();
    }

    private static void closeAll(List<ScriptedPlayer> players) {
        players.forEach(ScriptedPlayer::close);
    }

    /** Replays the record in a fresh machine and checks the recorded goals against the final state's. */
    private static void assertGoalsAreTheFinalStates(PreparedGame game, MatchRecord record) {
        StateMachine machine = game.referee().newMachine();
        MatchReplay.replay(record, machine);
        assertTrue(machine.isTerminal());
        List<Integer> goals = new ArrayList<>();
        for (int r = 0; r < machine.roleCount(); r++) {
            goals.add(machine.goal(r));
        }
        assertEquals(goals, record.goalValues());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ticTacToe", "roshambo2", "buttons"})
    void playsAWholeMatchBetweenRatchetPlayers(String gameName) throws Exception {
        PreparedGame game = corpusGame(gameName);
        int roles = game.referee().newMachine().roleCount();
        try (RatchetPlayers players = RatchetPlayers.random(roles)) {
            MatchRecord record = gamemaster.run(game, players.addresses(), "test." + gameName, CLOCKS);
            assertTrue(record.isCompleted());
            assertFalse(record.isAborted());
            int turns = record.moves().size();
            assertTrue(turns > 0);
            assertEquals(turns + 1, record.states().size());
            assertEquals(turns + 1, record.stateTimes().size());
            assertEquals(turns + 1, record.errors().size());
            for (List<String> errors : record.errors()) {
                assertEquals(roles, errors.size());
                errors.forEach(error -> assertEquals("", error));
            }
            assertGoalsAreTheFinalStates(game, record);
        }
    }

    @Test
    void aSearchingPlayerFinishesAPuzzle() throws Exception {
        PreparedGame game = corpusGame("buttons");
        try (RatchetPlayers players = new RatchetPlayers("mcts")) {
            MatchRecord record = gamemaster.run(game, players.addresses(), "test.mcts",
                new Gamemaster.Clocks(3, 1, 500));
            assertTrue(record.isCompleted());
            assertEquals(List.of(""), record.errors().get(record.errors().size() - 1));
            assertGoalsAreTheFinalStates(game, record);
        }
    }

    @Test
    void playersGetStartThenOnePlayPerTurnWithThePreviousJointMoveThenStop() throws Exception {
        PreparedGame game = corpusGame("roshambo2");
        List<ScriptedPlayer> players = honestPlayers(2);
        try {
            MatchRecord record = gamemaster.run(game, addresses(players), "m7", CLOCKS);
            List<List<String>> moves = record.moves();
            int turns = moves.size();
            for (int r = 0; r < 2; r++) {
                List<String> received = players.get(r).received();
                assertEquals(turns + 2, received.size(), "start, one play per turn, stop");
                assertTrue(received.get(0).startsWith("(start m7 " + record.roleNames().get(r) + " ((role white) "),
                    received.get(0));
                assertTrue(received.get(0).endsWith(") 5 2)"), received.get(0));
                assertEquals("(play m7 nil)", received.get(1));
                for (int turn = 1; turn < turns; turn++) {
                    assertEquals("(play m7 (" + String.join(" ", moves.get(turn - 1)) + "))", received.get(turn + 1));
                }
                assertEquals("(stop m7 (" + String.join(" ", moves.get(turns - 1)) + "))", received.get(turns + 1));
            }
        } finally {
            closeAll(players);
        }
    }

    @Test
    void faultyRepliesAreRecordedAndReplacedAndTheMatchCompletes() throws Exception {
        PreparedGame game = corpusGame("ticTacToe");
        Gamemaster.Clocks clocks = new Gamemaster.Clocks(2, 1, 300);
        RefereeingScript script = new RefereeingScript(
            Map.of(1, Fault.ILLEGAL, 2, Fault.GARBAGE, 3, Fault.LATE, 4, Fault.UPPER_CASE), 2500, 5);
        try (ScriptedPlayer faulty = new ScriptedPlayer(script)) {
            PlayerAddress unreachable = ScriptedPlayer.deadAddress();
            MatchRecord record = gamemaster.run(game, List.of(faulty.address(), unreachable), "faulty", clocks);

            assertTrue(record.isCompleted(), "a faulty player must not stop the match");
            List<List<String>> errors = record.errors();
            assertEquals(List.of("", "CE"), errors.get(0));
            assertTrue(errors.get(1).get(0).startsWith("IL "), errors.get(1).toString());
            assertEquals("IL ((( this is not a move", errors.get(2).get(0));
            assertEquals("TO", errors.get(3).get(0));
            assertEquals("", errors.get(4).get(0), "a move in upper case is the same move");
            for (List<String> turn : errors) {
                assertEquals("CE", turn.get(1));
            }
            assertEquals(3, record.errorCount(0));
            // The replacements were legal: the record replays, and its goals are the final state's.
            assertGoalsAreTheFinalStates(game, record);
            String summary = MatchSummary.render(record);
            assertTrue(summary.contains("[timeout, replaced]"), summary);
            assertTrue(summary.contains("errors: xplayer 3, oplayer " + errors.size()), summary);
        }
    }

    @Test
    void theJsonRecordReadsBackAndReplaysToTheSameFinalState(@TempDir Path directory) throws Exception {
        PreparedGame game = corpusGame("ticTacToe");
        try (RatchetPlayers players = RatchetPlayers.random(2)) {
            MatchRecord record = gamemaster.run(game, players.addresses(), "roundtrip", CLOCKS);
            Path file = record.writeTo(directory);
            assertEquals(directory.resolve("roundtrip.json"), file);
            MatchRecord readBack = MatchRecord.read(file);

            assertEquals(record.toJson(), readBack.toJson());
            assertEquals(record.moves(), readBack.moves());
            assertEquals(record.states(), readBack.states());
            assertEquals(record.goalValues(), readBack.goalValues());
            // Replay from the record alone: the rules come from the record, not from the corpus.
            PreparedGame fromRecord = PreparedGame.of(readBack.gameName(), readBack.gameRulesheet(),
                Engines.defaultEngine());
            StateMachine machine = fromRecord.referee().newMachine();
            State last = MatchReplay.replay(readBack, machine);
            assertEquals(record.states().get(record.states().size() - 1), Gamemaster.facts(machine, last));
            String json = Files.readString(file);
            for (String field : List.of("\"matchId\"", "\"startClock\"", "\"playClock\"", "\"states\"", "\"moves\"",
                    "\"errors\"", "\"goalValues\"", "\"isCompleted\"", "\"isAborted\"", "\"gameRulesheet\"",
                    "\"gameName\"", "\"startTime\"", "\"stateTimes\"", "\"randomToken\"")) {
                assertTrue(json.contains(field), field);
            }
        }
    }

    @Test
    void aRecordThatDisagreesWithTheRulesDoesNotReplay() throws Exception {
        PreparedGame game = corpusGame("ticTacToe");
        try (RatchetPlayers players = RatchetPlayers.random(2)) {
            MatchRecord record = gamemaster.run(game, players.addresses(), "tampered", CLOCKS);
            String json = record.toJson();
            String firstMove = record.moves().get(0).get(0);
            String otherCell = firstMove.equals("(mark 1 1)") ? "(mark 2 2)" : "(mark 1 1)";
            MatchRecord tampered = MatchRecord.fromJson(json.replaceFirst(
                Pattern.quote("[\"" + firstMove + "\""), "[\"" + otherCell + "\""));
            assertThrows(IllegalArgumentException.class,
                () -> MatchReplay.replay(tampered, game.referee().newMachine()));
        }
    }

    @Test
    void aRoleWithoutLegalMovesAbortsTheMatch() throws Exception {
        String rules = "(role solo) (init (step 0)) (succ 0 1) (succ 1 2)"
            + " (<= (legal solo go) (true (step 0)))"
            + " (<= (next (step ?y)) (true (step ?x)) (succ ?x ?y))"
            + " (<= terminal (true (step 2))) (goal solo 100)";
        PreparedGame game = PreparedGame.of("stuck", rules, Engines.defaultEngine());
        try (ScriptedPlayer player = new ScriptedPlayer(RefereeingScript.honest(1))) {
            MatchRecord record = gamemaster.run(game, List.of(player.address()), "stuck", CLOCKS);
            assertTrue(record.isAborted());
            assertFalse(record.isCompleted());
            assertEquals(1, record.moves().size());
            assertEquals("(abort stuck)", player.received().get(player.received().size() - 1));
        }
    }
}
