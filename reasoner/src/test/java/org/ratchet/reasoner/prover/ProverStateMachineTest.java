package org.ratchet.reasoner.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.play.RandomPlayouts;

/** The prover behind the {@link StateMachine} seam: states, moves, goals and ids. */
class ProverStateMachineTest {

    /** A counter to 3 driven by two roles; terminal at 3, where moves are still legal. */
    private static final String COUNTER = """
        (role a) (role b)
        (init (count 0))
        (succ 0 1) (succ 1 2) (succ 2 3)
        (<= (legal a inc) (true (count ?n)))
        (<= (legal a stay) (true (count ?n)) (distinct ?n 3))
        (<= (legal b noop) (true (count ?n)))
        (<= (next (count ?m)) (does a inc) (true (count ?n)) (succ ?n ?m))
        (<= (next (count ?n)) (does a stay) (true (count ?n)))
        (<= (next (touched ?r)) (does ?r inc))
        (<= terminal (true (count 3)))
        (<= (goal a 100) (true (count 3)))
        (<= (goal a 40) (true (count 3)))
        (<= (goal b 0) (true (count 3)))
        """;

    private static StateMachine machine(String kif) throws GdlException {
        return Engines.create("prover", GameLoader.load(kif)).newMachine();
    }

    private static Set<String> render(StateMachine machine, State state) {
        Set<String> facts = new TreeSet<>();
        for (int i = 0; i < state.size(); i++) {
            facts.add(machine.fact(state.fact(i)).render(machine.description().symbols()));
        }
        return facts;
    }

    private static int move(StateMachine machine, int role, String name) {
        for (int i = 0; i < machine.legalCount(role); i++) {
            int id = machine.legalMove(role, i);
            if (machine.move(id).render(machine.description().symbols()).equals(name)) {
                return id;
            }
        }
        throw new AssertionError(name + " is not legal");
    }

    @Test
    void followsInitLegalNextTerminalAndGoal() throws GdlException {
        StateMachine m = machine(COUNTER);
        assertEquals(2, m.roleCount());
        assertEquals(Set.of("(count 0)"), render(m, m.currentState()));
        assertFalse(m.isTerminal());
        assertEquals(2, m.legalCount(0));
        assertEquals(1, m.legalCount(1));
        m.advance(new int[] {move(m, 0, "inc"), move(m, 1, "noop")});
        assertEquals(Set.of("(count 1)", "(touched a)"), render(m, m.currentState()));
        m.advance(new int[] {move(m, 0, "stay"), move(m, 1, "noop")});
        assertEquals(Set.of("(count 1)"), render(m, m.currentState()));
        m.advance(new int[] {move(m, 0, "inc"), move(m, 1, "noop")});
        m.advance(new int[] {move(m, 0, "inc"), move(m, 1, "noop")});
        assertTrue(m.isTerminal());
        // Legal moves are still computed in a terminal state.
        assertEquals(1, m.legalCount(0));
        assertEquals(1, m.legalCount(1));
        // Several goal values: the maximum.
        assertEquals(100, m.goal(0));
        assertEquals(0, m.goal(1));
        m.setState(m.initialState());
        // No goal value: 0.
        assertEquals(0, m.goal(0));
        assertEquals(Set.of("(count 0)"), render(m, m.currentState()));
    }

    @Test
    void idsAgreeAcrossMachinesOfOneFactory() throws GdlException {
        StateMachineFactory factory = Engines.create("prover", GameLoader.load(COUNTER));
        StateMachine first = factory.newMachine();
        StateMachine second = factory.newMachine();
        int inc = move(first, 0, "inc");
        assertEquals(inc, move(second, 0, "inc"));
        first.advance(new int[] {inc, move(first, 1, "noop")});
        State afterInc = first.currentState();
        second.setState(afterInc);
        assertEquals(render(first, afterInc), render(second, second.currentState()));
        Term count1 = first.fact(afterInc.fact(0));
        assertEquals(afterInc.fact(0), second.factId(count1));
        assertEquals(inc, second.moveId(0, first.move(inc)));
        assertEquals(first.initialState(), second.initialState());
    }

    @Test
    void unknownEngineNamesAreReported() throws GdlException {
        GameDescription game = GameLoader.load(COUNTER);
        IllegalArgumentException error =
            assertThrows(IllegalArgumentException.class, () -> Engines.create("nosuch", game));
        assertTrue(error.getMessage().contains("nosuch") && error.getMessage().contains("prover"));
        assertTrue(Engines.names().contains(Engines.defaultEngine()));
    }

    @Test
    void reportsRecursionThroughNegationButAcceptsRulesStratifiedCallByCall() throws GdlException {
        String unstratifiedRules = """
            (role r) (init (s 1))
            (<= p (not q)) (<= q (not p))
            (<= (legal r go) p) (<= terminal q) (<= (goal r 0) q)
            """;
        // GameLoader rejects such rules; the player may still hand them to the prover unvalidated.
        assertThrows(GdlException.class, () -> GameLoader.load(unstratifiedRules));
        StateMachine unstratified = Engines.create("prover", GdlParser.parse(unstratifiedRules)).newMachine();
        ProverException error = assertThrows(ProverException.class, () -> unstratified.legalCount(0));
        assertTrue(error.getMessage().contains("recursion through negation"), error.getMessage());
        String unstratifiedWithArgumentsRules = """
            (role r) (init (s 1)) (n 1) (n 2)
            (<= (a ?x) (n ?x) (not (b ?x))) (<= (b ?x) (n ?x) (not (a ?x)))
            (<= (legal r (go ?x)) (a ?x)) (<= terminal (b 1)) (<= (goal r 0) (b 2))
            """;
        assertThrows(GdlException.class, () -> GameLoader.load(unstratifiedWithArgumentsRules));
        StateMachine unstratifiedWithArguments =
            Engines.create("prover", GdlParser.parse(unstratifiedWithArgumentsRules)).newMachine();
        assertThrows(ProverException.class, () -> unstratifiedWithArguments.legalCount(0));

        // goal depends on goal through 'not', but no single goal call depends on its own negation.
        StateMachine stratified = machine("""
            (role r) (init (s 1))
            (<= (legal r go) (true (s 1)))
            (<= (goal r 0) (true (s 1)))
            (<= (goal r 100) (not (goal r 0)))
            (<= (next (s 2)) (does r go))
            (<= terminal (true (s 2)))
            """);
        assertEquals(0, stratified.goal(0));
        stratified.advance(new int[] {move(stratified, 0, "go")});
        assertTrue(stratified.isTerminal());
        assertEquals(100, stratified.goal(0));
    }

    /**
     * Uniformly random ticTacToe: exact outcome probabilities are P(xplayer wins) = 0.5849 and P(draw) =
     * 0.1270 (enumerated over the game tree). With n playouts the observed frequency has standard deviation
     * sqrt(p(1-p)/n); a correct engine stays within 5 of them essentially always (p < 1e-6).
     */
    @Test
    void ticTacToeRandomPlayoutsMatchTheKnownOutcomeFrequencies() throws GdlException, IOException {
        StateMachine m = Engines.create("prover", GameLoader.load(GameCorpus.repositoryGame("ticTacToe")))
            .newMachine();
        RandomPlayouts playouts = new RandomPlayouts(m, 20261122L, 20);
        int n = 3000;
        int xWins = 0;
        int draws = 0;
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            assertEquals(RandomPlayouts.End.TERMINAL, playouts.play(m.initialState()));
            int x = m.goal(0);
            int o = m.goal(1);
            assertEquals(100, x + o, "goals are 100/0, 50/50 or 0/100");
            if (x == 100) {
                xWins++;
            } else if (x == 50) {
                draws++;
            }
            lengths.add(playouts.steps());
        }
        assertEquals(0.5849, (double) xWins / n, 5 * Math.sqrt(0.5849 * 0.4151 / n));
        assertEquals(0.1270, (double) draws / n, 5 * Math.sqrt(0.1270 * 0.8730 / n));
        assertTrue(lengths.stream().allMatch(len -> len >= 5 && len <= 9));
    }
}
