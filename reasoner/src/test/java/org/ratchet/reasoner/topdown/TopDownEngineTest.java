package org.ratchet.reasoner.topdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlParser;

class TopDownEngineTest {

    /**
     * Mutual recursion over a graph with cycles (asked with the first, the second, both or no argument bound),
     * negation of a recursive relation, a disjunction under {@code not}, {@code distinct} over compounds, a fact
     * read whole through {@code (true ?f)}, a ground call with several proofs, and a compound built in the head.
     */
    private static final String RULES = """
        (role mover) (role watcher)
        (init (pos n1)) (init (turn mover)) (init (steps 0))
        (link n1 n2) (link n2 n3) (link n3 n1) (link n3 n4) (link n4 n5) (link n5 n4)
        (num 0) (num 1) (num 2) (num 3) (num 4)
        (plus1 0 1) (plus1 1 2) (plus1 2 3) (plus1 3 4)
        (<= (path ?a ?b) (link ?a ?b))
        (<= (path ?a ?c) (link ?a ?b) (hop ?b ?c))
        (<= (hop ?b ?c) (path ?b ?c))
        (<= (cyclic ?a) (path ?a ?a))
        (<= (legal mover (move ?b)) (true (turn mover)) (true (pos ?a)) (link ?a ?b))
        (<= (legal mover rest) (true (turn mover)) (true (pos ?a)) (not (or (cyclic ?a) (path ?a n1))))
        (<= (legal watcher noop) (true (turn mover)))
        (<= (legal watcher (mark ?a)) (true (turn watcher)) (true (pos ?a)))
        (<= (legal mover noop) (true (turn watcher)))
        (<= (next (pos ?b)) (does mover (move ?b)))
        (<= (next (pos ?a)) (true (pos ?a)) (not moved))
        (<= moved (does mover (move ?b)))
        (<= (next (turn watcher)) (true (turn mover)))
        (<= (next (turn mover)) (true (turn watcher)))
        (<= (next (steps ?m)) (true (steps ?n)) (plus1 ?n ?m))
        (<= (next (visited ?a)) (does watcher (mark ?a)))
        (<= (next (copy ?f)) (true ?f) (distinct ?f (turn mover)) (distinct ?f (turn watcher)) (distinct ?f (copy (pos n1))))
        (<= reachable (path n1 n4))
        (<= reachable (path n2 n4))
        (<= terminal (true (steps 4)))
        (<= terminal (true (pos n5)) (path n5 n4) (not (path n4 n1)))
        (<= (goal mover 100) (true (pos n5)))
        (<= (goal mover 50) (not (true (pos n5))) reachable)
        (<= (goal watcher 0) (true (pos n5)))
        (<= (goal watcher 100) (not (true (pos n5))))
        """;

    @Test
    void aGameOfEveryRuleShapeAgreesWithTheProver() throws Exception {
        GameDescription game = GameLoader.load(RULES);
        StateMachine tested = Engines.create(Engines.TOPDOWN, game).newMachine();
        StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
        assertEquals(new TreeSet<>(List.of("(move n2)")), Differential.moves(tested, 0, game.symbols()));
        assertEquals(400, Differential.compareStates(tested, reference, 3, 400, 400, 50));
    }

    @Test
    void everyEdgeCaseGameThatLoadsAgreesWithTheProver() throws Exception {
        List<String> compared = Differential.compareEdgeCaseGames(Engines.TOPDOWN);
        assertTrue(compared.size() >= 15, "compared only " + compared);
    }

    @Test
    void machinesOfOneFactoryShareFactAndMoveIds() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("ticTacToe"));
        StateMachineFactory factory = Engines.create(Engines.TOPDOWN, game);
        StateMachine first = factory.newMachine();
        StateMachine second = factory.newMachine();
        first.advance(new int[] {first.legalMove(0, 3), first.legalMove(1, 0)});
        int[] facts = new int[first.stateSize()];
        first.writeState(facts, 0);
        second.setState(facts, 0, facts.length);
        assertEquals(first.currentState(), second.currentState());
        assertEquals(Differential.moves(first, 1, game.symbols()), Differential.moves(second, 1, game.symbols()));
        assertEquals(first.legalMove(1, 1), second.legalMove(1, 1), "a move has one id in every machine");
    }

    @Test
    void reportsRecursionThroughNegationAndStaysUsable() throws Exception {
        String unstratified = """
            (role r) (init (s 1)) (n 1) (n 2)
            (<= (a ?x) (n ?x) (not (b ?x))) (<= (b ?x) (n ?x) (not (a ?x)))
            (<= (legal r (go ?x)) (a ?x)) (<= (legal r stay) (true (s 1)))
            (<= terminal (b 1)) (<= (goal r 0) (true (s 1)))
            """;
        // GameLoader rejects such rules; the player may still hand them to an engine unvalidated.
        StateMachine machine = Engines.create(Engines.TOPDOWN, GdlParser.parse(unstratified)).newMachine();
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> machine.legalCount(0));
        assertTrue(error.getMessage().contains("recursion through negation"), error.getMessage());
        assertEquals(0, machine.goal(0), "a query that does not reach the cycle is still answered");
    }

    @Test
    void acceptsRulesStratifiedCallByCall() throws Exception {
        // goal depends on goal through 'not', but no single goal call depends on its own negation.
        GameDescription game = GameLoader.load("""
            (role r) (init (s 1))
            (<= (legal r go) (true (s 1)))
            (<= (goal r 0) (true (s 1)))
            (<= (goal r 100) (not (goal r 0)))
            (<= (next (s 2)) (does r go))
            (<= terminal (true (s 2)))
            """);
        StateMachine machine = Engines.create(Engines.TOPDOWN, game).newMachine();
        assertEquals(0, machine.goal(0));
        machine.advance(new int[] {machine.legalMove(0, 0)});
        assertTrue(machine.isTerminal());
        assertEquals(100, machine.goal(0));
    }
}
