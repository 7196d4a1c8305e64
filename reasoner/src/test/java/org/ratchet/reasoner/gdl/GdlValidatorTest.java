package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each validation rule: a small game that breaks it is rejected naming the rule and line; a fixed one loads. */
class GdlValidatorTest {
    /** A minimal valid game; the rules under test are appended from line {@link #FIRST_LINE} on. */
    private static final String BASE = """
        (role white)
        (init (cell 1))
        (<= (legal white noop) (true (cell 1)))
        (<= (next (cell 2)) (true (cell 1)))
        (<= terminal (true (cell 2)))
        (goal white 100)
        """;
    private static final int FIRST_LINE = 7;

    private static GameDescription load(String... extraLines) throws GdlException {
        return GameLoader.load(BASE + String.join("\n", extraLines));
    }

    /** Asserts the game is rejected at {@code line} with a message containing every fragment. */
    private static void assertRejected(int line, List<String> fragments, String... extraLines) {
        GdlException error = assertThrows(GdlException.class, () -> load(extraLines));
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), () -> "'" + fragment + "' not in: " + error.getMessage());
        }
        assertEquals(line, error.line(), error.getMessage());
        assertTrue(error.getMessage().startsWith("line " + line + ": "), error.getMessage());
    }

    @Test
    void minimalGameIsValid() throws GdlException {
        GameDescription game = load();
        assertEquals(6, game.rules().size());
        assertEquals(List.of(), game.warnings());
    }

    @Test
    void relationArityClash() throws GdlException {
        assertRejected(FIRST_LINE + 1, List.of("arity clash", "relation 'foo'", "(foo bar bar)", "(foo bar)",
            "at line " + FIRST_LINE), "(foo bar)", "(foo bar bar)");
        assertRejected(FIRST_LINE + 1, List.of("relation 'foo'"), "(foo bar)", "(<= foo (true (cell 1)))");
        load("(foo bar)", "(foo baz)");
    }

    @Test
    void functionArityClashButConstantsAndZeroArityFunctionsAreDifferentSymbols() throws GdlException {
        assertRejected(FIRST_LINE + 1, List.of("arity clash", "function 'f'", "(init (f 1 2))", "(init (f 1))"),
            "(init (f 1))", "(init (f 1 2))");
        assertRejected(FIRST_LINE + 1, List.of("function 'g'"), "(init (g))", "(init (h (g 1)))");
        assertRejected(FIRST_LINE + 1, List.of("function 'f'"), "(init (f 1))",
            "(<= p (true (cell ?x)) (distinct ?x (f 1 2)))");
        GameDescription game = load("(init (f 1))", "(init (f 2))", "(init (g))", "(init g)", "(init (f g))");
        assertEquals(11, game.rules().size());
    }

    @Test
    void keywordRelationsHaveTheirFixedArity() {
        assertRejected(FIRST_LINE, List.of("'goal' takes 2 arguments but has 1", "(goal white)"), "(goal white)");
        assertRejected(FIRST_LINE, List.of("'terminal' takes 0 arguments but has 1"),
            "(<= (terminal x) (true (cell 1)))");
        assertRejected(FIRST_LINE, List.of("'legal' takes 2 arguments but has 3"),
            "(<= (legal white a b) (true (cell 1)))");
    }

    // The rules under test define 'p', which terminal uses: an unsafe rule the game never uses is dropped
    // instead (see GdlNormaliserTest).

    @Test
    void unsafeHeadVariable() throws GdlException {
        assertRejected(FIRST_LINE, List.of("unsafe variable ?x", "head", "(<= (p ?x) (true (cell 1)))"),
            "(<= (p ?x) (true (cell 1)))", "(<= terminal (p 1))");
        assertRejected(FIRST_LINE, List.of("unsafe variable ?x"), "(p ?x)", "(<= terminal (p 1))");
        load("(<= (p ?x) (true (cell ?x)))", "(<= terminal (p 1))");
    }

    @Test
    void unsafeVariableInDistinct() throws GdlException {
        // (A variable bound nowhere but inside a 'not' has a reading: see ExistentialNegationTest.)
        assertRejected(FIRST_LINE, List.of("unsafe variable ?x", "'distinct'"),
            "(<= p (true (cell ?y)) (distinct ?x ?y))", "(<= terminal p)");
        // Binding after the test is still binding: GDL bodies are conjunctions, not sequences.
        load("(<= p (not (q ?x)) (distinct ?x 2) (true (cell ?x)))", "(<= terminal p)");
    }

    @Test
    void aDisjunctionBindsWhatEveryOptionBinds() throws GdlException {
        String usesP = "(<= terminal (p 1))";
        load("(<= (p ?x) (or (true (cell ?x)) (true (mark ?x ?y))))", usesP);
        load("(<= (p ?x) (or (true (cell ?x)) (or (true (mark ?x)) (true (row ?x)))))", usesP);
        assertRejected(FIRST_LINE, List.of("unsafe variable ?x", "head"),
            "(<= (p ?x) (or (true (cell ?x)) (true (mark 1))))", usesP);
        // ?y is bound by one option only, so the other option's 'distinct' cannot rely on it ...
        assertRejected(FIRST_LINE, List.of("unsafe variable ?y", "'distinct'"),
            "(<= (p ?x) (true (cell ?x)) (or (q ?y) (distinct ?y 1)))", usesP);
        // ... but a variable may stay local to the option that binds it.
        load("(<= (p ?x) (true (cell ?x)) (or (q ?x ?y) (r ?x)))", usesP);
        load("(<= (p ?x) (true (cell ?x)) (or (q ?x) (not (r ?x))))", usesP);
    }

    @Test
    void recursionThroughNot() throws GdlException {
        assertRejected(FIRST_LINE, List.of("recursion through 'not'", "(<= p (true (cell 1)) (not q))"),
            "(<= p (true (cell 1)) (not q))", "(<= q p)");
        assertRejected(FIRST_LINE, List.of("recursion through 'not'"), "(<= p (not p))");
        load("(<= p (true (cell 1)) (not q))", "(<= q (true (cell 2)))");
        load("(<= (reach ?x) (true (cell ?x)))", "(<= (reach ?y) (reach ?x) (edge ?x ?y))", "(edge 1 2)",
            "(<= (unreachable ?x) (edge ?x ?y) (not (reach ?x)))");
    }

    @Test
    void negatingAnotherInstanceOfTheSameRelationIsStratifiedThroughACopy() throws GdlException {
        GameDescription game = GameLoader.load("""
            (role white)
            (init (cell 1))
            (<= (legal white noop) (true (cell 1)))
            (<= terminal (true (cell 2)))
            (<= (goal white 0) (true (cell 2)))
            (<= (goal white 100) (not (goal white 0)))
            """);
        SymbolTable symbols = game.symbols();
        List<String> rules = game.rules().stream().map(rule -> rule.render(symbols)).toList();
        assertTrue(rules.contains("(<= (goal white 100) (not (goal~1 white 0)))"), rules.toString());
        assertTrue(rules.contains("(<= (goal~1 white 0) (true (cell 2)))"), rules.toString());
        assertTrue(rules.contains("(<= (goal white 0) (true (cell 2)))"), rules.toString());
        assertEquals(1, game.warnings().size());
        assertTrue(game.warnings().get(0).startsWith("line 6: 'goal' is negated within its own definition"));

        // A chain of instances: each copy reads the next instance through its own copy.
        GameDescription chain = load("(<= (goal white 0) (not (goal white 50)))",
            "(<= (goal white 50) (not (goal white 100)))");
        assertEquals(2, chain.warnings().size(), chain.warnings().toString());
        List<String> chainRules = chain.rules().stream().map(rule -> rule.render(chain.symbols())).toList();
        assertTrue(chainRules.contains("(<= (goal~1 white 50) (not (goal~2 white 100)))"), chainRules.toString());
        assertTrue(chainRules.contains("(goal~2 white 100)"), chainRules.toString());

        // Instances that really depend on each other through 'not' stay an error, with the original message.
        assertRejected(FIRST_LINE, List.of("recursion through 'not'", "(<= (goal white 50) (not (goal white 0)))"),
            "(<= (goal white 50) (not (goal white 0)))", "(<= (goal white 0) (not (goal white 50)))");
    }

    @Test
    void everyGameNeedsRoleLegalTerminalAndGoal() throws GdlException {
        String[] lines = BASE.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (i == 1 || i == 3) {
                continue;
            }
            List<String> without = new java.util.ArrayList<>(List.of(lines));
            String removed = without.remove(i);
            String relation = removed.startsWith("(role") ? "role" : removed.contains("(legal") ? "legal"
                : removed.contains("terminal") ? "terminal" : "goal";
            GdlException error = assertThrows(GdlException.class, () -> GameLoader.load(String.join("\n", without)));
            assertTrue(error.getMessage().contains("has no '" + relation + "' rules"), error.getMessage());
        }
        // init and next are not required: a game may start empty or never change.
        GameLoader.load("(role white) (legal white noop) (<= terminal (true x)) (goal white 0)");
    }

    @Test
    void gdlIIIsNotSupportedButARoleNamedRandomIsAnOrdinaryRole() throws GdlException {
        assertRejected(FIRST_LINE, List.of("GDL-II", "not supported", "'sees'", "(<= (sees white (cell 1))"),
            "(<= (sees white (cell 1)) (true (cell 1)))");
        GameDescription game = load("(role random)", "(<= (legal random noop) (true (cell 1)))");
        assertEquals(2, game.roles().size());
        assertEquals(1, game.warnings().size());
        assertTrue(game.warnings().get(0).contains("'random' is played as an ordinary role"));
    }

    @Test
    void rolesAreDistinctFactsAndTrueAndDoesNeverHeads() throws GdlException {
        assertRejected(FIRST_LINE, List.of("roles must be declared as facts", "(<= (role black) (true (cell 1)))"),
            "(<= (role black) (true (cell 1)))");
        assertRejected(FIRST_LINE, List.of("a role is declared twice: (role white)"), "(role white)");
        assertRejected(FIRST_LINE, List.of("'true' can only be used in rule bodies", "(true (cell 3))"),
            "(true (cell 3))");
        assertRejected(FIRST_LINE, List.of("'does' can only be used in rule bodies"),
            "(<= (does white noop) (true (cell 1)))");
    }

    @Test
    void initDependsOnNoStateMoveOrOutcome() throws GdlException {
        assertRejected(FIRST_LINE, List.of("'init' must not depend on 'true'", "init uses true",
            "(<= (init (cell 5)) (true (cell 1)))"), "(<= (init (cell 5)) (true (cell 1)))");
        // Through a helper relation the message shows the chain and the line of the rule that uses 'true'.
        assertRejected(FIRST_LINE + 1, List.of("'init' must not depend on 'true'", "init uses helper",
            "helper uses true in rule (<= helper (true (cell 1))) (line " + (FIRST_LINE + 1) + ")"),
            "(<= (init (cell 5)) helper)", "(<= helper (true (cell 1)))");
        assertRejected(FIRST_LINE, List.of("'init' must not depend on 'legal'"),
            "(<= (init (cell 5)) (legal white noop))");
        assertRejected(FIRST_LINE, List.of("'init' must not depend on 'terminal'"), "(<= (init (cell 5)) terminal)");
        load("(<= (init (cell 5)) helper)", "helper");
    }

    @Test
    void legalGoalAndTerminalDoNotDependOnMoves() throws GdlException {
        assertRejected(FIRST_LINE, List.of("'legal' must not depend on 'does'"),
            "(<= (legal white wait) (does white noop))");
        assertRejected(FIRST_LINE + 1, List.of("'goal' must not depend on 'does'", "goal uses moved"),
            "(<= (goal white 0) moved)", "(<= moved (does white noop))");
        assertRejected(FIRST_LINE, List.of("'terminal' must not depend on 'does'"),
            "(<= terminal (does white noop))");
        // The successor state is where moves belong.
        load("(<= (next (cell 3)) (does white noop))");
    }
}
