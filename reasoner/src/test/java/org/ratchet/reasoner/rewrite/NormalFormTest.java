package org.ratchet.reasoner.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;

class NormalFormTest {
    private static final String GAME = """
        (role a)
        (succ 1 2) (succ 2 3)
        (<= (bigger ?x ?y) (succ ?x ?y))
        (<= (bigger ?x ?z) (succ ?x ?y) (bigger ?y ?z))
        (init (count 1))
        (<= (legal a (step ?y)) (true (count ?x)) (or (succ ?x ?y) (bigger ?y ?x)))
        (<= (next (count ?y)) (does a (step ?y)))
        (<= (same ?x ?y) (true (count ?x)) (succ ?y ?z) (not (distinct ?x ?y)))
        (<= never (true (count ?x)) (not (distinct 1 2)))
        (<= terminal (true (count 3)))
        (<= (goal a 100) (not (or (true (count 1)) (true (count 2)))))
        """;

    private static List<Rule> rulesFor(GameDescription game, String head) {
        int symbol = game.symbols().lookup(head);
        return game.rules().stream().filter(r -> r.head().symbol() == symbol).toList();
    }

    @Test
    void disjunctionsBecomeSeparateRules() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GAME));
        List<Rule> legal = rulesFor(game, "legal");
        assertEquals(2, legal.size(), "one rule per alternative of the or");
        for (Rule rule : game.rules()) {
            for (Literal literal : rule.body()) {
                assertFalse(literal instanceof Literal.Disjunction, rule.render(game.symbols()));
            }
        }
        // not (a or b) is (not a) and (not b), in one rule
        List<Rule> goal = rulesFor(game, "goal");
        assertEquals(1, goal.size());
        assertEquals(2, goal.get(0).body().size());
    }

    @Test
    void negatedDistinctUnifiesTheTermsOrDropsTheRule() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GAME));
        List<Rule> same = rulesFor(game, "same");
        assertEquals(1, same.size());
        assertEquals("(<= (same ?y ?y) (true (count ?y)) (succ ?y ?z))", same.get(0).render(game.symbols()));
        assertEquals(2, same.get(0).variableCount(), "variables are renumbered densely");
        assertTrue(rulesFor(game, "never").isEmpty(), "1 = 2 can never hold");
    }
}
