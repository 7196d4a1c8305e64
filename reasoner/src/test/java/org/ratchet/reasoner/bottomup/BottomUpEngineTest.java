package org.ratchet.reasoner.bottomup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;

class BottomUpEngineTest {

    /**
     * Recursion (reach), negation of a recursive relation, disjunction, distinct over compounds, a fact read
     * whole through {@code (true ?f)}, and the constant {@code flag} beside the compound {@code (flag)}.
     */
    private static final String RULES = """
        (role walker)
        (init (at a)) (init flag) (init (count 0))
        (edge a b) (edge b c) (edge c a) (edge c d)
        (succ 0 1) (succ 1 2) (succ 2 3)
        (<= (reach ?x ?y) (edge ?x ?y))
        (<= (reach ?x ?z) (reach ?x ?y) (edge ?y ?z))
        (<= (legal walker (go ?y)) (true (at ?x)) (edge ?x ?y))
        (<= (legal walker wait) (true (at ?x)) (or (true flag) (true (flag))))
        (<= (next (at ?y)) (does walker (go ?y)))
        (<= (next (at ?x)) (does walker wait) (true (at ?x)))
        (<= (next (flag)) (true flag))
        (<= (next (count ?n)) (true (count ?m)) (succ ?m ?n))
        (<= (next (seen ?f)) (true ?f) (distinct ?f (count 0)) (distinct ?f flag))
        (<= terminal (true (at d)))
        (<= terminal (true (count 3)))
        (<= stuck (true (at ?x)) (not (reach ?x d)))
        (<= (goal walker 100) (true (at d)))
        (<= (goal walker 50) (not (true (at d))) (not stuck))
        (<= (goal walker 0) stuck)
        """;

    @Test
    void aGameOfEveryRuleShapeAgreesWithTheProver() throws Exception {
        GameDescription game = GameLoader.load(RULES);
        StateMachine tested = Engines.create(Engines.BOTTOMUP, game).newMachine();
        StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
        assertEquals(new TreeSet<>(List.of("(go b)", "wait")), Differential.moves(tested, 0, game.symbols()));
        int states = Differential.compareStates(tested, reference, 3, 300, 300, 50);
        assertEquals(300, states);
    }

    @Test
    void everyEdgeCaseGameThatPreparesAgreesWithTheProver() throws Exception {
        List<String> compared = Differential.compareEdgeCaseGames(Engines.BOTTOMUP);
        assertTrue(compared.size() >= 15, "compared only " + compared);
    }

    @Test
    void machinesOfOneFactoryShareFactAndMoveIds() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("ticTacToe"));
        StateMachineFactory factory = Engines.create(Engines.BOTTOMUP, game);
        StateMachine first = factory.newMachine();
        StateMachine second = factory.newMachine();
        int[] joint = {first.legalMove(0, 4), first.legalMove(1, 0)};
        first.advance(joint);
        int[] facts = new int[first.stateSize()];
        first.writeState(facts, 0);
        second.setState(facts, 0, facts.length);
        assertEquals(first.currentState(), second.currentState());
        assertEquals(Differential.moves(first, 1, game.symbols()), Differential.moves(second, 1, game.symbols()));
        assertEquals(first.legalMove(1, 2), second.legalMove(1, 2), "a move has one id in every machine");
    }

    @Test
    void staticRelationsBeyondTheBudgetStopThePreparation() throws Exception {
        // 20^4 rows of quad: far more than a budget of a few thousand rows
        StringBuilder rules = new StringBuilder("(role p) (init s) (<= (legal p go) (quad ?a ?b ?c ?d))"
            + " (<= (next s) (true s)) (<= terminal (true s) (quad 0 0 0 0))"
            + " (<= (goal p 100) (true s)) (<= (quad ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))");
        for (int i = 0; i < 20; i++) {
            rules.append(" (n ").append(i).append(')');
        }
        GameDescription game = GameLoader.load(rules.toString());
        EngineOptions small = EngineOptions.defaults().withMemoryBudgetBytes(64L * 5_000);
        GdlException error = assertThrows(GdlException.class, () -> Engines.create(Engines.BOTTOMUP, game, small));
        assertTrue(error.getMessage().contains("budget"), error.getMessage());
        assertTrue(Engines.create(Engines.BOTTOMUP, game).newMachine().isTerminal());
    }

    /**
     * 64^3 rows of triple, more than {@link Program#DEMAND_ROWS}: it is derived per key its readers ask for, and
     * so is the state relation free that reads it; read without a key, the game is declined.
     */
    @Test
    void aStaticRelationTooLargeToBuildIsDerivedPerKeyAndAgreesWithTheProver() throws Exception {
        StringBuilder rules = new StringBuilder("""
            (role p) (init (at 0))
            (<= (triple ?x ?y ?z) (n ?x) (n ?y) (n ?z))
            (<= (free ?x ?y) (triple ?x ?y ?y) (succ ?x ?y) (not (true (visited ?y))))
            (<= (legal p (step ?y)) (true (at ?x)) (free ?x ?y))
            (<= (legal p stay) (true (at ?x)))
            (<= (next (at ?y)) (does p (step ?y)))
            (<= (next (at ?x)) (does p stay) (true (at ?x)))
            (<= (next (visited ?x)) (true (at ?x)))
            (<= (next (visited ?x)) (true (visited ?x)))
            (<= terminal (true (at 9)))
            (<= (goal p 100) (true (at 9)))
            (<= (goal p 0) (not (true (at 9))))
            """);
        for (int i = 0; i < 64; i++) {
            rules.append(" (n ").append(i).append(") (succ ").append(i).append(' ').append(i + 1).append(')');
        }
        GameDescription game = GameLoader.load(rules.toString());
        Program program = Program.compile(game, Long.MAX_VALUE, Long.MAX_VALUE, false);
        int onDemand = 0;
        for (boolean each : program.onDemand) {
            onDemand += each ? 1 : 0;
        }
        assertEquals(2, onDemand, "triple and free are derived on demand");
        StateMachine tested = Engines.create(Engines.BOTTOMUP, game).newMachine();
        StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
        assertEquals(120, Differential.compareStates(tested, reference, 7, 120, 120, 12));

        GameDescription unkeyed = GameLoader.load(rules + " (<= (legal p look) (triple ?a ?b ?c))");
        GdlException error = assertThrows(GdlException.class, () -> Program.compile(unkeyed, Long.MAX_VALUE,
            Long.MAX_VALUE, false));
        assertTrue(error.getMessage().contains("without a key"), error.getMessage());
    }

    /**
     * Reachability over edges that are state facts and form cycles (a, b, c): derived on demand, reach(a)
     * asks reach(b), which asks reach(c), which asks reach(a) while it is still being derived, so reach(c)
     * misses (c, c) until the derivations are run again to a fixpoint; onloop(c), and so the legal move rest,
     * then reads reach(c) (a state fact stands for equality, which a rewrite would fold into reach's key). Moves
     * toggle edges, so the walk meets graphs with and without cycles.
     */
    @Test
    void recursionOnDemandOverCyclesAgreesWithTheProver() throws Exception {
        GameDescription game = GameLoader.load("""
            (role p)
            (init (at a)) (init (edge a b)) (init (edge b c)) (init (edge c a)) (init (edge c d)) (init (step 0))
            (node a) (node b) (node c) (node d)
            (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
            (<= (reach ?x ?y) (true (edge ?x ?y)))
            (<= (reach ?x ?z) (true (edge ?x ?y)) (reach ?y ?z))
            (<= (legal p (jump ?y)) (true (at ?x)) (reach ?x ?y))
            (<= (legal p (toggle ?x ?y)) (node ?x) (node ?y) (distinct ?x ?y))
            (<= (next (at ?y)) (does p (jump ?y)))
            (<= (next (at ?x)) (true (at ?x)) (not (does p (jump a))) (not (does p (jump b)))
                (not (does p (jump c))) (not (does p (jump d))))
            (<= (next (edge ?x ?y)) (true (edge ?x ?y)) (not (does p (toggle ?x ?y))))
            (<= (next (edge ?x ?y)) (does p (toggle ?x ?y)) (not (true (edge ?x ?y))))
            (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
            (init (self a a)) (init (self b b)) (init (self c c))
            (<= (next (self ?x ?x)) (true (self ?x ?x)))
            (<= (onloop ?y) (reach ?y ?z) (true (self ?z ?y)))
            (<= offloop (true (at ?x)) (reach ?x ?y) (true (self ?y ?y)) (not (onloop ?y)))
            (<= (legal p rest) (not offloop))
            (<= terminal (true (step 8)))
            (<= (goal p 100) offloop)
            (<= (goal p 0) (not offloop))
            """);
        Program program = Program.compile(game, Long.MAX_VALUE, Long.MAX_VALUE, true);
        assertTrue(program.recursionOnDemand(), "reach is derived per key");
        assertFalse(Program.compile(game, Long.MAX_VALUE, Long.MAX_VALUE, false).recursionOnDemand());
        StateMachine tested = new BottomUpFactory(program, game).newMachine();
        StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
        assertEquals(400, Differential.compareStates(tested, reference, 11, 400, 400, 9));
    }

    /**
     * A line of 400 positions in the state, walked forward: evaluated whole, reach holds every pair ahead
     * (80,000 rows per state); on demand, only what lies ahead of the walker. The engine plays the cheaper.
     */
    @Test
    void theEngineEvaluatesRecursionOnDemandWhereThatIsCheaper() throws Exception {
        StringBuilder rules = new StringBuilder("""
            (role p) (init (at 0))
            (<= (reach ?x ?y) (true (link ?x ?y)))
            (<= (reach ?x ?z) (true (link ?x ?y)) (reach ?y ?z))
            (<= (legal p (jump ?y)) (true (at ?x)) (reach ?x ?y))
            (<= (next (at ?y)) (does p (jump ?y)))
            (<= (next (link ?x ?y)) (true (link ?x ?y)))
            (<= terminal (not (true (at 0))))
            (<= (goal p 100) (true (at 399)))
            (<= (goal p 0) (not (true (at 399))))
            """);
        for (int i = 0; i < 399; i++) {
            rules.append(" (init (link ").append(i).append(' ').append(i + 1).append("))");
        }
        GameDescription game = GameLoader.load(rules.toString());
        StateMachineFactory factory = Engines.create(Engines.BOTTOMUP, game);
        assertTrue(((BottomUpFactory) factory).program.recursionOnDemand());
        StateMachine tested = factory.newMachine();
        assertEquals(399, tested.legalCount(0));
        assertEquals(2, Differential.compareStates(tested, Engines.create(Engines.PROVER, game).newMachine(), 5, 2,
            1, 3));
    }
}
