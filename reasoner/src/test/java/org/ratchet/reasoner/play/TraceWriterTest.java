package org.ratchet.reasoner.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.Term;

class TraceWriterTest {

    private static StateMachine machine(String kif) throws GdlException {
        return Engines.create("prover", GameLoader.load(kif)).newMachine();
    }

    private static String trace(StateMachine machine, int playouts, long seed, int maxSteps) throws IOException {
        StringBuilder out = new StringBuilder();
        new TraceWriter(machine, out).write(playouts, seed, maxSteps);
        return out.toString();
    }

    private static List<String> roles(StateMachine machine) {
        return machine.description().roles().stream().map(r -> r.render(machine.description().symbols())).toList();
    }

    @Test
    @SuppressWarnings("unchecked")
    void ticTacToeTraceFollowsTheFormatAndReplays() throws Exception {
        String kif = GameCorpus.read(GameCorpus.repositoryGame("ticTacToe"));
        StateMachine writer = machine(kif);
        String trace = trace(writer, 20, 7, 100);
        assertEquals(trace, trace(machine(kif), 20, 7, 100), "same seed, same trace");
        assertNotEquals(trace, trace(machine(kif), 20, 8, 100), "another seed, another trace");

        List<TraceFormat.Playout> playouts = TraceFormat.check(trace, List.of("xplayer", "oplayer"));
        assertEquals(20, playouts.size());
        // Replay every playout on a separate machine of a separately loaded game: the recorded states,
        // legal sets, terminal flags and goals must be what the rules give for the recorded joint moves.
        StateMachine replay = machine(kif);
        for (TraceFormat.Playout playout : playouts) {
            assertEquals(TraceFormat.End.TERMINAL, playout.end());
            replay.setState(replay.initialState());
            for (Map<String, Object> record : playout.records()) {
                assertEquals(new TreeSet<>((List<String>) record.get("state")), facts(replay));
                Map<String, Object> legal = (Map<String, Object>) record.get("legal");
                assertEquals(new TreeSet<>((List<String>) legal.get("xplayer")), legal(replay, 0));
                assertEquals(new TreeSet<>((List<String>) legal.get("oplayer")), legal(replay, 1));
                assertEquals(replay.isTerminal(), record.get("terminal"));
                if (replay.isTerminal()) {
                    Map<String, Object> goals = (Map<String, Object>) record.get("goals");
                    assertEquals((long) replay.goal(0), goals.get("xplayer"));
                    assertEquals((long) replay.goal(1), goals.get("oplayer"));
                } else {
                    Map<String, Object> joint = (Map<String, Object>) record.get("joint");
                    replay.advance(new int[] {moveId(replay, 0, (String) joint.get("xplayer")),
                        moveId(replay, 1, (String) joint.get("oplayer"))});
                }
            }
        }
        assertTrue(trace.contains("\"state\":[\"(cell 1 1 b)\",\"(cell 1 2 b)\""), "canonical, sorted facts");
    }

    /** Simultaneous moves, three roles, puzzles and zero-argument terms: every record keeps the format. */
    @ParameterizedTest
    @ValueSource(strings = {"roshambo2", "3pConnectFour", "hanoi", "lightsOut", "chomp", "nim1", "blocker"})
    void repositoryGameTracesFollowTheFormat(String name) throws Exception {
        StateMachine machine = machine(GameCorpus.read(GameCorpus.repositoryGame(name)));
        String trace = trace(machine, 3, 42, 1000);
        List<TraceFormat.Playout> playouts = TraceFormat.check(trace, roles(machine));
        assertEquals(3, playouts.size());
        for (TraceFormat.Playout playout : playouts) {
            assertEquals(TraceFormat.End.TERMINAL, playout.end(), name + " playout " + playout.id());
        }
    }

    @Test
    void deadEndsEndWithoutJointAndTerminalRecordsKeepTheirLegalMoves() throws Exception {
        StateMachine stuck = machine("""
            (role a) (role b) (init (s 0))
            (<= (legal a go) (true (s 0))) (<= (legal b wait) (true (s ?x)))
            (<= (next (s 1)) (does a go))
            (<= terminal (true (s 9))) (goal a 0) (goal b 0)
            """);
        String trace = trace(stuck, 3, 1, 100);
        List<TraceFormat.Playout> playouts = TraceFormat.check(trace, List.of("a", "b"));
        assertEquals(3, playouts.size());
        for (TraceFormat.Playout playout : playouts) {
            assertEquals(TraceFormat.End.DEAD_END, playout.end());
            assertEquals(2, playout.records().size());
        }
        assertTrue(trace.contains("{\"playout\":0,\"step\":1,\"state\":[\"(s 1)\"],\"legal\":{\"a\":[],"
            + "\"b\":[\"wait\"]},\"terminal\":false}\n"), trace);

        StateMachine endsWithMoves = machine("""
            (role a) (init (s 0))
            (<= (legal a go) (true (s ?x)))
            (<= (next (s 1)) (does a go))
            (<= terminal (true (s 1))) (goal a 70)
            """);
        String ended = trace(endsWithMoves, 1, 1, 100);
        TraceFormat.check(ended, List.of("a"));
        assertTrue(ended.endsWith("{\"playout\":0,\"step\":1,\"state\":[\"(s 1)\"],\"legal\":{\"a\":[\"go\"]},"
            + "\"terminal\":true,\"goals\":{\"a\":70}}\n"), ended);
    }

    @Test
    void aPlayoutCutByTheStepBoundKeepsItsLastJointMove() throws Exception {
        StateMachine endless = machine("""
            (role a) (init (s 0))
            (<= (legal a go) (true (s ?x)))
            (<= (next (s 0)) (does a go))
            (<= terminal (true (s 1))) (goal a 0)
            """);
        StringBuilder out = new StringBuilder();
        assertEquals(2, new TraceWriter(endless, out).write(2, 5, 3));
        List<TraceFormat.Playout> playouts = TraceFormat.check(out.toString(), List.of("a"));
        assertEquals(2, playouts.size());
        assertEquals(4, playouts.get(1).records().size());
        assertEquals(TraceFormat.End.OPEN, playouts.get(1).end());
    }

    @Test
    void sortsByCodePointNotByUtf16Unit() {
        assertTrue(TraceWriter.compareCodePoints("(cell 1 10 b)", "(cell 1 2 b)") < 0);
        assertTrue(TraceWriter.compareCodePoints("ab", "abc") < 0);
        assertEquals(0, TraceWriter.compareCodePoints("abc", "abc"));
        // U+FFFF is a smaller code point than U+1F600, though its UTF-16 unit is larger than a surrogate.
        String emoji = new String(Character.toChars(0x1F600));
        assertTrue(TraceWriter.compareCodePoints("\uFFFF", emoji) < 0);
        assertTrue("\uFFFF".compareTo(emoji) > 0);
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\"",
            TraceWriter.appendString(new StringBuilder(), "a\"b\\c\n\u0001").toString());
    }

    private static Set<String> facts(StateMachine m) {
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < m.currentState().size(); i++) {
            out.add(m.fact(m.currentState().fact(i)).render(m.description().symbols()));
        }
        return out;
    }

    private static Set<String> legal(StateMachine m, int role) {
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < m.legalCount(role); i++) {
            out.add(m.move(m.legalMove(role, i)).render(m.description().symbols()));
        }
        return out;
    }

    private static int moveId(StateMachine m, int role, String move) throws GdlException {
        Term term = GdlParser.groundTerm(KifReader.read(move).get(0), m.description().symbols());
        return m.moveId(role, term);
    }
}
