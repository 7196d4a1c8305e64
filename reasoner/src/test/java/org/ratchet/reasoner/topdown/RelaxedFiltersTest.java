package org.ratchet.reasoner.topdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

/**
 * The relaxation's filters: which relations get one, that they answer calls without a proof, and that the
 * engine's answers stay those of the prover and of the engine without filters.
 */
class RelaxedFiltersTest {

    /**
     * A piece on a line of five cells moves right over empty cells. {@code clear} is a ray walk read through
     * ground calls, half of them pointing left, which its relaxation (any cell further right) rejects.
     * {@code safe} negates a state relation whose relaxation holds for every cell: its own relaxation must drop
     * that negation, or it would hold for no cell and reject calls that hold. {@code occupied}'s variable is
     * bound only by the state, so it has no relaxation.
     */
    private static final String LINE = """
        (role mover)
        (init (at c1)) (init (block c4)) (init (step 0))
        (cell c1) (cell c2) (cell c3) (cell c4) (cell c5)
        (succ c1 c2) (succ c2 c3) (succ c3 c4) (succ c4 c5)
        (plus 0 1) (plus 1 2) (plus 2 3) (plus 3 4) (plus 4 5) (plus 5 6)
        (<= (clear ?a ?b) (succ ?a ?b))
        (<= (clear ?a ?c) (succ ?a ?b) (not (true (block ?b))) (clear ?b ?c))
        (<= (occupied ?x) (true (block ?x)))
        (<= (blocked ?x) (cell ?x) (true (block ?x)))
        (<= (safe ?x) (cell ?x) (not (blocked ?x)))
        (<= (legal mover (go ?b)) (cell ?b) (true (at ?a)) (clear ?a ?b))
        (<= (legal mover (drop ?x)) (cell ?x) (safe ?x) (true (at ?a)) (distinct ?x ?a))
        (<= (legal mover (lift ?x)) (occupied ?x))
        (<= (next (at ?b)) (does mover (go ?b)))
        (<= (next (at ?a)) (true (at ?a)) (not moved))
        (<= moved (does mover (go ?b)))
        (<= (next (block ?x)) (does mover (drop ?x)))
        (<= (next (block ?x)) (true (block ?x)) (not (does mover (lift ?x))))
        (<= (next (step ?m)) (true (step ?n)) (plus ?n ?m))
        (<= terminal (true (step 6)))
        (<= terminal (true (at c5)))
        (<= (goal mover 100) (true (at c5)))
        (<= (goal mover 0) (not (true (at c5))))
        """;

    @Test
    void relationsWhoseRelaxationBindsTheirHeadsAreFiltered() throws Exception {
        Rules rules = Rules.compile(GameLoader.load(LINE));
        assertEquals(3, RelaxedFilters.attach(rules), "clear, blocked and safe");
        assertTrue(rules.isFiltered(relation(rules, "clear", 2)));
        assertTrue(rules.isFiltered(relation(rules, "safe", 1)));
        assertTrue(rules.isFiltered(relation(rules, "blocked", 1)));
        assertFalse(rules.isFiltered(relation(rules, "occupied", 1)), "bound by the state alone");
        assertFalse(rules.isFiltered(relation(rules, "succ", 2)), "static: no filter needed");
        assertFalse(rules.isFiltered(relation(rules, "legal", 2)), "asked whole by the machine");
    }

    @Test
    void filteredCallsKeepTheProversAnswers() throws Exception {
        GameDescription game = GameLoader.load(LINE);
        StateMachine filtered = Engines.create(Engines.TOPDOWN, game).newMachine();
        StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
        assertEquals(300, Differential.compareStates(filtered, reference, 7, 300, 300, 20));
        assertTrue(((TopDownMachine) filtered).callsFiltered() > 0, "the filter of clear answered calls");
    }

    /** Chess, whose king-safety rays the filters were made for, with and without them. */
    @Test
    void chessAgreesWithTheEngineWithoutFilters() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("chess"));
        StateMachine filtered = Engines.create(Engines.TOPDOWN, game).newMachine();
        StateMachine unfiltered = new TopDownFactory(Rules.compile(game)).newMachine();
        assertEquals(400, Differential.compareStates(filtered, unfiltered, 3, 400, 400, 200));
        assertTrue(((TopDownMachine) filtered).callsFiltered() > 0);
    }

    private static int relation(Rules rules, String name, int arity) {
        int symbol = rules.game.symbols().lookup(name);
        assertTrue(symbol >= 0, "no symbol " + name);
        return rules.relation(symbol, arity);
    }
}
