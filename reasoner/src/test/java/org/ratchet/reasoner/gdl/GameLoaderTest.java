package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.reasoner.GameCorpus;

/** Every corpus game through the one loading path, and the two edge cases that are invalid GDL. */
class GameLoaderTest {
    /**
     * Repository games that are invalid GDL, with the reason. None is: the quirks found in the corpus all
     * have one sensible reading and are normalised (see GdlNormaliser and NegatedInstanceSplitter).
     */
    private static final Map<String, String> INVALID_REPOSITORY_GAMES = Map.of();

    /** The two edge cases written to be invalid, and what the error must name. */
    private static final Map<String, String> INVALID_EDGE_CASES = Map.of(
        "test_invalid_function_arities_differ.kif", "line 8: arity clash: function 'a' has 2 arguments",
        "test_invalid_sentence_arities_differ.kif", "line 13: arity clash: relation 'foo' has 2 arguments");

    @Test
    void everyRepositoryGameLoadsExceptTheListedInvalidOnes() throws IOException {
        Map<String, String> rejected = rejected(GameCorpus.repositoryGames());
        assertEquals(INVALID_REPOSITORY_GAMES.keySet(), rejected.keySet(), rejected.toString());
    }

    @Test
    void everyEdgeCaseLoadsExceptTheTwoInvalidOnes() throws IOException {
        Map<String, String> rejected = rejected(GameCorpus.edgeCaseGames());
        assertEquals(INVALID_EDGE_CASES.keySet(), rejected.keySet(), rejected.toString());
        INVALID_EDGE_CASES.forEach((game, fragment) ->
            assertTrue(rejected.get(game).startsWith(fragment), rejected.get(game)));
    }

    /** Loads each game; returns the rejected ones with their messages, and checks what the loaded ones promise. */
    private static Map<String, String> rejected(List<Path> games) throws IOException {
        Map<String, String> rejected = new TreeMap<>();
        for (Path path : games) {
            try {
                GameDescription game = GameLoader.load(path);
                assertFalse(game.roles().isEmpty(), path.toString());
                assertNormalised(game, path);
                // What the loader returns is valid as it stands: validating it again raises nothing new.
                GdlValidator.validate(game);
            } catch (GdlException e) {
                rejected.put(path.getFileName().toString(), e.getMessage());
            }
        }
        return rejected;
    }

    /** Engines may rely on this: every negation wraps an atomic sentence and variables are numbered densely. */
    private static void assertNormalised(GameDescription game, Path path) {
        for (Rule rule : game.rules()) {
            List<Literal> literals = new ArrayList<>(rule.body());
            for (int i = 0; i < literals.size(); i++) {
                Literal literal = literals.get(i);
                if (literal instanceof Literal.Negation negation) {
                    assertTrue(negation.inner() instanceof Literal.Positive,
                        path + ": " + rule.render(game.symbols()));
                } else if (literal instanceof Literal.Disjunction disjunction) {
                    literals.addAll(disjunction.options());
                }
            }
            Set<Variable> variables = new HashSet<>();
            Safety.collectVariables(rule.head(), variables);
            for (Literal literal : rule.body()) {
                collectVariables(literal, variables);
            }
            assertEquals(rule.variableCount(), variables.size(), path + ": " + rule.render(game.symbols()));
            for (Variable variable : variables) {
                assertTrue(variable.index() < rule.variableCount(), path + ": " + rule.render(game.symbols()));
            }
        }
    }

    private static void collectVariables(Literal literal, Set<Variable> out) {
        if (literal instanceof Literal.Positive positive) {
            Safety.collectVariables(positive.sentence(), out);
        } else if (literal instanceof Literal.Negation negation) {
            collectVariables(negation.inner(), out);
        } else if (literal instanceof Literal.Distinct distinct) {
            Safety.collectVariables(distinct.left(), out);
            Safety.collectVariables(distinct.right(), out);
        } else if (literal instanceof Literal.Disjunction disjunction) {
            disjunction.options().forEach(option -> collectVariables(option, out));
        }
    }

    /** A rule sheet saved with carriage returns only (old Mac files) loads like its Unix twin. */
    @Test
    void aFileWithCarriageReturnLineEndsLoads(@TempDir Path dir) throws Exception {
        String rules = "; tiny game\n(role a)\n(legal a x) ; one move\n(<= terminal (true y))\n(goal a 0)\n";
        Path mac = dir.resolve("mac.kif");
        Files.writeString(mac, rules.replace('\n', '\r'), StandardCharsets.US_ASCII);
        GameDescription game = GameLoader.load(mac);
        assertEquals(1, game.roles().size());
        assertEquals(GameLoader.load(rules).rules().size(), game.rules().size());
    }

    @Test
    void aFileThatIsNotUtf8StillLoads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latin1.kif");
        byte[] comment = "; caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] rules = "(role a) (legal a x) (<= terminal (true y)) (goal a 0)"
            .getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[comment.length + rules.length];
        System.arraycopy(comment, 0, all, 0, comment.length);
        System.arraycopy(rules, 0, all, comment.length, rules.length);
        Files.write(file, all);
        assertEquals(4, GameLoader.load(file).rules().size());
        assertThrows(IOException.class, () -> GameLoader.load(dir.resolve("missing.kif")));
    }
}
