package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.GameCorpus;

/** The quirks GameLoader rewrites into plain GDL, each with a warning. */
class GdlNormaliserTest {
    /** A minimal valid game; the rules under test follow, and 'terminal' uses 'p' so that 'p' matters. */
    private static final String BASE = """
        (role white)
        (init (cell 1))
        (<= (legal white noop) (true (cell 1)))
        (<= (next (cell 2)) (true (cell 1)))
        (<= terminal (true (cell 2)))
        (<= terminal (p 1))
        (goal white 100)
        """;
    private static final int BASE_RULES = 7;

    private static GameDescription load(String... extraLines) throws GdlException {
        return GameLoader.load(BASE + String.join("\n", extraLines));
    }

    /** The rules after the base game, in canonical KIF. */
    private static List<String> extraRules(GameDescription game) {
        return game.rules().subList(BASE_RULES, game.rules().size()).stream()
            .map(rule -> rule.render(game.symbols())).toList();
    }

    @Test
    void notDistinctIsEqualitySubstitutedIntoTheRule() throws GdlException {
        GameDescription game = load("(<= (p ?x) (true (cell ?x)) (true (mark ?y)) (not (distinct ?x ?y)))");
        assertEquals(List.of("(<= (p ?y) (true (cell ?y)) (true (mark ?y)))"), extraRules(game));
        Rule rule = game.rules().get(BASE_RULES);
        assertEquals(1, rule.variableCount());
        assertEquals(0, ((Variable) rule.head().arg(0)).index());
        assertEquals(8, rule.line());
        assertEquals(1, game.warnings().size());
        assertTrue(game.warnings().get(0).startsWith("line 8: read (not (distinct ?x ?y)) as equality"));

        GameDescription nested = load(
            "(<= (p ?x) (true (cell (pair ?x ?z))) (not (distinct (pair ?x 3) (pair 2 ?z))))");
        assertEquals(List.of("(<= (p 2) (true (cell (pair 2 3))))"), extraRules(nested));
        assertEquals(0, nested.rules().get(BASE_RULES).variableCount());
    }

    @Test
    void notDistinctOfTermsThatNeverUnifyDropsTheRule() throws GdlException {
        GameDescription game = load("(<= (p 1) (not (distinct a b)))",
            "(<= (p ?x) (true (cell ?x)) (not (distinct ?x (f ?x))))", "(<= (p 2) (true (cell 2)))");
        assertEquals(List.of("(<= (p 2) (true (cell 2)))"), extraRules(game));
        assertEquals(2, game.warnings().size());
        assertTrue(game.warnings().get(0).contains("dropped rule (<= (p 1) (not (distinct a b)))"));
        assertTrue(game.warnings().get(1).contains("can never hold"));
    }

    @Test
    void notDistinctInsideOrSplitsTheRule() throws GdlException {
        GameDescription game = load(
            "(<= (p ?x) (true (cell ?x)) (or (not (distinct ?x 1)) (true (mark ?x)) (q ?x)))");
        assertEquals(List.of("(<= (p 1) (true (cell 1)))",
            "(<= (p ?x) (true (cell ?x)) (or (true (mark ?x)) (q ?x)))"), extraRules(game));
    }

    @Test
    void doubleNegationAndNegatedDisjunction() throws GdlException {
        GameDescription game = load("(<= (p ?x) (not (not (true (cell ?x)))))",
            "(<= (p ?x) (true (cell ?x)) (not (or (q ?x) (r ?x))))");
        assertEquals(List.of("(<= (p ?x) (true (cell ?x)))",
            "(<= (p ?x) (true (cell ?x)) (not (q ?x)) (not (r ?x)))"), extraRules(game));
        assertEquals(2, game.warnings().size());
    }

    @Test
    void anUnboundRoleVariableRangesOverTheRoles() throws GdlException {
        GameDescription game = load("(<= (goal ?r 0) (true (cell 2)))", "(<= (legal ?r ?r) (not (true (cell 2))))");
        assertEquals(List.of("(<= (goal ?r 0) (role ?r) (true (cell 2)))",
            "(<= (legal ?r ?r) (role ?r) (not (true (cell 2))))"), extraRules(game));
        assertTrue(game.warnings().get(0).contains("unbound role variable ?r ranges over the roles"));
        // Bound role variables are left alone.
        assertEquals(List.of(), load("(<= (goal ?r 0) (true (winner ?r)))").warnings());
    }

    @Test
    void unsafeRulesAreDroppedOnlyWhenTheGameNeverUsesThem() throws GdlException {
        GameDescription game = load("(<= (unused ?x ?y) (distinct ?x ?y))");
        assertEquals(List.of(), extraRules(game));
        assertTrue(game.warnings().get(0).contains("the game never uses 'unused'"), game.warnings().toString());
        assertThrows(GdlException.class, () -> load("(<= (p ?x) (distinct ?x 2))"));
    }

    @Test
    void zeroArityFunctionsStayDistinctFromConstants() throws GdlException {
        GameDescription game = load("(<= (p 1) (true (gameover)))", "(<= (p 1) (true gameover))");
        List<String> rules = extraRules(game);
        assertEquals(List.of("(<= (p 1) (true (gameover)))", "(<= (p 1) (true gameover))"), rules);
        Term function = ((Literal.Positive) game.rules().get(BASE_RULES).body().get(0)).sentence().arg(0);
        Term constant = ((Literal.Positive) game.rules().get(BASE_RULES + 1).body().get(0)).sentence().arg(0);
        assertTrue(function instanceof Compound && constant instanceof Atom && !function.equals(constant));
    }

    @Test
    void theNotDistinctEdgeCaseReadsAsIntended() throws GdlException {
        Path edgeCase = GameCorpus.root().resolve("edge-cases").resolve("test_clean_not_distinct.kif");
        GameDescription game = GameLoader.load(GameCorpus.read(edgeCase));
        List<String> rules = game.rules().stream().map(rule -> rule.render(game.symbols())).toList();
        assertTrue(rules.contains("a"), rules.toString());
        assertTrue(rules.contains("(<= (b ?y) (c ?y) (domain ?y))"), rules.toString());
        assertTrue(rules.contains("(<= (d 3) (c 3))"), rules.toString());
        assertTrue(rules.contains("(<= (e 3) (c 2))"), rules.toString());
        assertTrue(rules.stream().noneMatch(rule -> rule.startsWith("(<= z")), rules.toString());
        assertEquals(7, game.warnings().size());
    }
}
