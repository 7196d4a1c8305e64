package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.run.HsfcMachine;
import org.ratchet.reasoner.run.Program;

/**
 * The state phase derived in parts, only as far as the queries asked of a state need (run.Program's
 * stateParts): a machine asked its queries in any order, or nothing at all before it advances, must give the
 * answers and successors of one asked everything in every state. The corpus differential test asks every
 * query in a fixed order; the search does not.
 */
class StatePartsTest {

    /**
     * Helpers that are not unfolded into their readers (following has two rules, the others are read
     * negatively somewhere), read first by: following next (and legal), atend terminal (and goal and legal),
     * below goal (and legal), open legal only.
     */
    private static final String COUNTER = """
        (role r)
        (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
        (init (count 0))
        (<= (following ?y) (true (count ?x)) (succ ?x ?y))
        (<= (following 4) (true (count 4)))
        (<= atend (true (count 4)))
        (<= (below ?x) (true (count ?x)) (succ ?x ?y) (succ ?y ?z))
        (<= open (true (count ?x)) (succ ?x ?y))
        (<= (legal r up) open (following ?y) (not atend))
        (<= (legal r stay) (below ?x))
        (<= (legal r wait) (not open))
        (<= (next (count ?y)) (does r up) (following ?y))
        (<= (next (count ?x)) (does r stay) (true (count ?x)))
        (<= (next (count ?x)) (does r wait) (true (count ?x)))
        (<= terminal atend)
        (<= (goal r 100) atend)
        (<= (goal r 50) (below ?x))
        (<= (goal r 0) (true (count ?x)) (not (below ?x)) (not atend))
        """;

    @Test
    void eachHelperIsDerivedForTheFirstQueryThatReadsIt() throws Exception {
        GameDescription game = GameLoader.load(COUNTER);
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        List<List<String>> all = new ArrayList<>();
        for (int[] part : compiled.program.statePartRelations()) {
            all.add(names(game, compiled, part));
        }
        assertEquals(4, all.size(), "parts: " + all);
        assertEquals(List.of("following"), all.get(Program.FOR_NEXT), "parts: " + all);
        assertEquals(List.of("atend", "terminal"), all.get(Program.FOR_TERMINAL).stream().sorted().toList(),
            "parts: " + all);
        assertEquals(List.of("below"), all.get(Program.FOR_GOAL), "parts: " + all);
        assertEquals(List.of("legal", "open"), all.get(Program.FOR_LEGAL).stream().sorted().toList(),
            "parts: " + all);
    }

    @Test
    void aCounterAskedInAnyOrderAgreesWithOneAskedEverything() throws Exception {
        compare(GameLoader.load(COUNTER), 1, 3_000);
    }

    @Test
    void checkersAskedInAnyOrderAgreesWithOneAskedEverything() throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame("checkers")), 2, 2_000);
    }

    @Test
    void reversiAskedInAnyOrderAgreesWithOneAskedEverything() throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame("reversi")), 3, 1_000);
    }

    @Test
    void skirmishAskedInAnyOrderAgreesWithOneAskedEverything() throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame("skirmish")), 4, 1_000);
    }

    @Test
    void pentagoAskedInAnyOrderAgreesWithOneAskedEverything() throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame("pentago")), 5, 2_000);
    }

    private static List<String> names(GameDescription game, HsfcGame compiled, int[] relations) {
        List<String> names = new ArrayList<>();
        for (int r : relations) {
            names.add(game.symbols().name(compiled.program.layout.symbol(r)).toLowerCase(Locale.ROOT));
        }
        return names;
    }

    /** Both kinds of machine (keeping relations between states or not) against one asked everything. */
    private static void compare(GameDescription game, long seed, int steps) throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        for (boolean keep : new boolean[] {false, true}) {
            HsfcMachine tested = new HsfcMachine(compiled.description, compiled.terms, compiled.program, keep);
            HsfcMachine reference = new HsfcMachine(compiled.description, compiled.terms, compiled.program, false);
            walk(tested, reference, seed, steps, "keep " + keep + ", ");
        }
    }

    /**
     * A random walk on both machines with jumps between states. In each state the reference is asked
     * everything (terminal, every role's moves, at terminal states the goals); the tested machine is asked
     * nothing, terminal only, one goal, or everything in a random order, and what it is asked must agree.
     * Both then advance by a joint move drawn from the reference's moves, and their states must agree.
     */
    private static void walk(HsfcMachine tested, HsfcMachine reference, long seed, int steps, String label) {
        SplittableRandom random = new SplittableRandom(seed);
        int roles = reference.roleCount();
        int[] joint = new int[roles];
        List<State> seen = new ArrayList<>();
        int unasked = 0;
        tested.setState(tested.initialState());
        reference.setState(reference.initialState());
        for (int step = 0; step < steps; step++) {
            String where = label + "step " + step + ": ";
            assertEquals(reference.currentState(), tested.currentState(), where + "state");
            boolean terminal = reference.isTerminal();
            int[][] moves = new int[roles][];
            boolean stuck = false;
            for (int role = 0; role < roles; role++) {
                moves[role] = new int[reference.legalCount(role)];
                for (int i = 0; i < moves[role].length; i++) {
                    moves[role][i] = reference.legalMove(role, i);
                }
                stuck |= moves[role].length == 0;
            }
            int asked = random.nextInt(4);
            if (asked == 0) {
                unasked++;
            } else if (asked == 1) {
                assertEquals(terminal, tested.isTerminal(), where + "terminal");
            } else if (asked == 2) {
                int role = random.nextInt(roles);
                assertEquals(reference.goal(role), tested.goal(role), where + "goal of role " + role);
            } else {
                askAll(tested, reference, random, terminal, moves, where);
            }
            seen.add(reference.currentState());
            if (terminal || stuck || random.nextInt(8) == 0) {
                State target = seen.get(random.nextInt(seen.size()));
                int[] facts = new int[target.size()];
                for (int i = 0; i < facts.length; i++) {
                    facts[i] = target.fact(i);
                }
                tested.setState(facts, 0, facts.length);
                reference.setState(target);
                continue;
            }
            for (int role = 0; role < roles; role++) {
                joint[role] = moves[role][random.nextInt(moves[role].length)];
            }
            tested.advance(joint);
            reference.advance(joint);
        }
        assertTrue(unasked > steps / 8, label + "the tested machine advanced unasked in " + unasked + " states");
    }

    /** Terminal, each role's moves and each goal, in a random order of the three kinds. */
    private static void askAll(HsfcMachine tested, HsfcMachine reference, SplittableRandom random,
            boolean terminal, int[][] moves, String where) {
        int first = random.nextInt(3);
        for (int k = 0; k < 3; k++) {
            int kind = (first + k) % 3;
            if (kind == 0) {
                assertEquals(terminal, tested.isTerminal(), where + "terminal");
            } else if (kind == 1) {
                for (int role = 0; role < moves.length; role++) {
                    int[] listed = new int[tested.legalCount(role)];
                    for (int i = 0; i < listed.length; i++) {
                        listed[i] = tested.legalMove(role, i);
                    }
                    assertArrayEquals(moves[role], listed, where + "legal moves of role " + role);
                }
            } else {
                for (int role = 0; role < moves.length; role++) {
                    assertEquals(reference.goal(role), tested.goal(role), where + "goal of role " + role);
                }
            }
        }
    }
}
