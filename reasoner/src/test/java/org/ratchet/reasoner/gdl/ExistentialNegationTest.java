package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A variable bound nowhere but inside a 'not' reads "there is none": a helper relation projects it away. */
class ExistentialNegationTest {
    private static final String BASE = """
        (role p)
        (row 1) (row 2)
        (init (free 1)) (init (free 2))
        (<= (legal p (m ?x ?y)) (true (free ?x)) (row ?y))
        (goal p 100)
        """;

    private static List<String> rules(GameDescription game) {
        return game.rules().stream().map(rule -> rule.render(game.symbols())).toList();
    }

    @Test
    void aVariableOnlyInsideNotIsProjectedAwayByAHelperRelation() throws GdlException {
        GameDescription game = GameLoader.load(BASE + """
            (<= (next (free ?x)) (true (free ?x)) (not (does p (m ?x ?y))))
            (<= terminal (not (true (free ?z))))
            """);
        List<String> rules = rules(game);
        assertTrue(rules.contains("(<= (next (free ?x)) (true (free ?x)) (not (does~some~1 ?x)))"), rules.toString());
        assertTrue(rules.contains("(<= (does~some~1 ?x) (does p (m ?x ?y)))"), rules.toString());
        // Nothing bound at all: the helper is a proposition.
        assertTrue(rules.contains("(<= terminal (not true~some~1))"), rules.toString());
        assertTrue(rules.contains("(<= true~some~1 (true (free ?z)))"), rules.toString());
        assertEquals(2, game.warnings().size(), game.warnings().toString());
        assertTrue(game.warnings().get(0).contains("?y occurs only inside (not (does p (m ?x ?y)))"),
            game.warnings().get(0));
    }

    @Test
    void oneHelperServesTheSameNegationInSeveralRules() throws GdlException {
        GameDescription game = GameLoader.load(BASE + """
            (<= (next (free ?x)) (true (free ?x)) (not (does p (m ?x ?y))))
            (<= (next (left ?x)) (true (free ?x)) (not (does p (m ?x ?y))))
            (<= terminal (true (free 3)))
            """);
        long helpers = rules(game).stream().filter(rule -> rule.startsWith("(<= (does~some~")).count();
        assertEquals(1, helpers, rules(game).toString());
        assertTrue(rules(game).contains("(<= (next (left ?x)) (true (free ?x)) (not (does~some~1 ?x)))"));
    }

    /** A head variable bound nowhere would derive infinitely many sentences: it stays an error. */
    @Test
    void aVariableOnlyInTheHeadIsStillAnError() {
        GdlException error = assertThrows(GdlException.class, () -> GameLoader.load(BASE + """
            (<= (next (free ?x)) (true (free 1)) (not (does p (m ?x ?y))))
            (<= terminal (true (free 3)))
            """));
        assertTrue(error.getMessage().contains("unsafe variable ?x"), error.getMessage());
    }
}
