package org.ratchet.player.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.Stratification;

class CheckCommandTest {
    private static final Path EDGE_CASES = GameCorpus.root().resolve("edge-cases");

    /** What one run printed and returned. */
    private record Run(int exitCode, List<String> out, List<String> err) {
    }

    private static Run check(String... arguments) {
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            String[] command = new String[arguments.length + 1];
            command[0] = "check";
            System.arraycopy(arguments, 0, command, 1, arguments.length);
            exitCode = Ratchet.run(command);
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
        return new Run(exitCode, lines(out), lines(err));
    }

    private static List<String> lines(ByteArrayOutputStream stream) {
        String text = stream.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }

    private static String game(String name) {
        return EDGE_CASES.resolve(name).toString();
    }

    /** The key=value pairs after "ok FILE". */
    private static Map<String, String> keyValues(String okLine) {
        String[] words = okLine.split(" ");
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 2; i < words.length; i++) {
            String[] pair = words[i].split("=", 2);
            assertEquals(2, pair.length, okLine);
            values.put(pair[0], pair[1]);
        }
        return values;
    }

    @Test
    void validGameGivesAnOkLineWithItsStatistics() throws Exception {
        String ticTacToe = game("ticTacToe.kif");
        Run run = check(ticTacToe);
        assertEquals(0, run.exitCode());
        assertEquals(1, run.out().size(), run.out().toString());
        assertTrue(run.out().get(0).startsWith("ok " + ticTacToe + " "), run.out().get(0));
        assertEquals(List.of(), run.err());

        // Counted independently of the loader: ticTacToe needs no normalisation, so its rules are as written.
        String text = Files.readString(Path.of(ticTacToe));
        GameDescription parsed = GdlParser.parse(text);
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("roles", "2");
        expected.put("relations", String.valueOf(DependencyGraph.of(parsed).relations().size()));
        expected.put("rules", String.valueOf(KifReader.read(text).size()));
        expected.put("strata", String.valueOf(Stratification.of(parsed).strataCount()));
        expected.put("warnings", "0");
        assertEquals(expected, keyValues(run.out().get(0)));
    }

    @Test
    void compileAddsTheCostOfTheHsfcEngineToTheOkLine() {
        Run run = check("--compile", game("ticTacToe.kif"));
        assertEquals(0, run.exitCode());
        Map<String, String> values = keyValues(run.out().get(0));
        assertEquals("hsfc", values.get("engine"), run.out().get(0));
        for (String key : List.of("compile_ms", "ground_ms", "reference_table_bytes", "knowledge_base_bytes")) {
            assertTrue(Long.parseLong(values.get(key)) >= 0, key);
        }
        assertTrue(Long.parseLong(values.get("moves")) > 0);
        assertEquals("2", values.get("roles"), "the checking statistics come first");
    }

    @Test
    void compileReportsTheFallbackWhenTheBudgetIsTooSmall() {
        String chess = EDGE_CASES.resolveSibling("repository").resolve("chess.kif").toString();
        Run run = check("--compile", "--compile-seconds", "0.001", chess);
        assertEquals(0, run.exitCode(), "a game hsfc cannot compile in time is still valid");
        String line = run.out().get(0);
        assertTrue(line.contains(" hsfc=gave_up ") && line.contains("hsfc_reason=\""), line);
        assertTrue(line.matches(".* engine=(bottomup|topdown) engine_ms=\\d+$"), "the engine that plays: " + line);
        assertEquals(1, line.split(" engine=", -1).length - 1, "one engine is named: " + line);
    }

    @Test
    void subGamesAddTheFactoringToTheOkLine() {
        String lightsOn = EDGE_CASES.resolveSibling("repository").resolve("lightsOn.kif").toString();
        Run run = check("--subgames", lightsOn);
        assertEquals(0, run.exitCode(), run.toString());
        Map<String, String> values = keyValues(run.out().get(0));
        assertEquals("4", values.get("subgames"), "one per lamp: " + run.out());
        assertEquals("1", values.get("subgame_moves"), run.out().toString());

        String chess = EDGE_CASES.resolveSibling("repository").resolve("chess.kif").toString();
        Run tooLarge = check("--subgames", "--compile-seconds", "0.001", chess);
        assertEquals(0, tooLarge.exitCode(), tooLarge.toString());
        assertEquals("unknown", keyValues(tooLarge.out().get(0)).get("subgames"), tooLarge.out().toString());
    }

    @Test
    void invalidGamesGiveErrorLinesAndExitOne() {
        String functions = game("test_invalid_function_arities_differ.kif");
        String relations = game("test_invalid_sentence_arities_differ.kif");
        String valid = game("ticTacToe.kif");
        Run run = check(functions, valid, relations);
        assertEquals(1, run.exitCode());
        assertEquals(3, run.out().size(), run.out().toString());
        assertTrue(run.out().get(0).startsWith("error: " + functions + " line 8: arity clash: function 'a'"),
            run.out().get(0));
        assertTrue(run.out().get(1).startsWith("ok " + valid + " "), run.out().get(1));
        assertTrue(run.out().get(2).startsWith("error: " + relations + " line 13: arity clash: relation 'foo'"),
            run.out().get(2));
    }

    @Test
    void warningsGoToStandardErrorWithTheFileName() {
        String game = game("test_case_3e.kif");
        Run run = check(game);
        assertEquals(0, run.exitCode());
        assertEquals("2", keyValues(run.out().get(0)).get("warnings"));
        assertEquals(2, run.err().size(), run.err().toString());
        for (String warning : run.err()) {
            assertTrue(warning.startsWith("warning: " + game + " line "), warning);
        }
    }

    @Test
    void unreadableFilesAreErrorLinesNotStackTraces(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.kif");
        Path unbalanced = Files.writeString(dir.resolve("unbalanced.kif"), "(role a)\n(legal a x");
        Run run = check(missing.toString(), dir.toString(), unbalanced.toString());
        assertEquals(1, run.exitCode());
        assertEquals(List.of(
            "error: " + missing + " cannot read the file: no such file",
            "error: " + dir + " cannot read the file: " + dirProblem(dir),
            "error: " + unbalanced + " line 2: '(' opened here is never closed"), run.out());
        assertFalse(String.join("\n", run.err()).contains("Exception"), run.err().toString());
    }

    /** The operating system's words for reading a directory as a file. */
    private static String dirProblem(Path dir) {
        try {
            Files.readAllBytes(dir);
            return "(readable)";
        } catch (java.io.IOException e) {
            return e.getMessage();
        }
    }

    @Test
    void usageErrorsExitTwo() {
        Run none = check();
        assertEquals(2, none.exitCode());
        assertEquals(List.of(), none.out());
        assertTrue(String.join("\n", none.err()).contains("Missing required parameter"), none.err().toString());
        assertEquals(2, check("--no-such-option", game("ticTacToe.kif")).exitCode());
    }
}
