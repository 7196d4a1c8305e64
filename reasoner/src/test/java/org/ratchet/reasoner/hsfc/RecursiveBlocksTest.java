package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.tables.Block;

/**
 * Semi-naive evaluation of recursive blocks (see {@link Block}) against the prover, on long random walks
 * that also jump between unrelated states as a search does (so no pass may rely on what the state before
 * left behind): states, legal moves, terminal and goals must agree at every step. The corpus differential
 * test covers the rest of the corpus, but only games that compile within its short budget.
 */
class RecursiveBlocksTest {

    @Test
    void smallRecursiveGameAgreesWithTheProver() throws Exception {
        compareOnResourceGame("recursion.kif", 3_000);
    }

    @Test
    void deltaPlanLongerThanEveryRuleAgreesWithTheProver() throws Exception {
        compareOnResourceGame("recursion-one-stage.kif", 500);
    }

    private static void compareOnResourceGame(String name, int steps) throws Exception {
        GameDescription game;
        try (InputStream in = RecursiveBlocksTest.class.getResourceAsStream("/hsfc/" + name)) {
            assertNotNull(in, "hsfc/" + name);
            game = GameLoader.load(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        assertEveryRecursiveRuleIsRestricted(compiled);
        walk(compiled.newMachine(), Engines.create("prover", game).newMachine(), 7, steps);
    }

    @Test
    void reversiAgreesWithTheProver() throws Exception {
        // reversi's flanking lines are recursive through a literal bound before it is read
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("reversi"));
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        assertEveryRecursiveRuleIsRestricted(compiled);
        walk(compiled.newMachine(), Engines.create("prover", game).newMachine(), 11, 400);
    }

    /** The games above exercise the semi-naive passes: no rule of theirs falls back to whole passes. */
    private static void assertEveryRecursiveRuleIsRestricted(HsfcGame compiled) {
        List<Block> blocks = compiled.program.recursiveBlocks();
        assertFalse(blocks.isEmpty(), "the game has recursive blocks");
        for (Block block : blocks) {
            for (int i = 0; i < block.rules.length; i++) {
                assertNotNull(block.deltaPlans[i], "rule at line " + block.rules[i].line + " runs whole on every pass");
            }
        }
    }

    /**
     * {@code steps} steps of a random walk on both machines from the initial state: mostly a random joint
     * move, sometimes (and at every terminal state) a jump to a state seen earlier, set through either form
     * of setState (the same state object up to three times in a row). Half the jumps return to the state
     * object of the jump before, as playouts from one root do: the machine then restores what it kept of it.
     */
    static void walk(StateMachine tested, StateMachine reference, long seed, int steps) {
        SymbolTable symbols = tested.description().symbols();
        SplittableRandom random = new SplittableRandom(seed);
        List<State> seen = new ArrayList<>();
        int[] joint = new int[tested.roleCount()];
        int[] referenceJoint = new int[reference.roleCount()];
        tested.setState(tested.initialState());
        reference.setState(reference.initialState());
        int jumps = 0;
        int unaskedAdvances = 0;
        State lastTarget = null;
        for (int step = 0; step < steps; step++) {
            String where = "step " + step + ": ";
            assertEquals(Differential.facts(reference, symbols), Differential.facts(tested, symbols), where + "state");
            boolean terminal = reference.isTerminal();
            assertEquals(terminal, tested.isTerminal(), where + "terminal");
            boolean stuck = false;
            for (int r = 0; r < tested.roleCount(); r++) {
                assertEquals(Differential.moves(reference, r, symbols), Differential.moves(tested, r, symbols),
                    where + "legal moves of role " + r);
                stuck |= tested.legalCount(r) == 0;
                if (terminal) {
                    assertEquals(reference.goal(r), tested.goal(r), where + "goal of role " + r);
                }
            }
            State current = tested.currentState();
            seen.add(current);
            if (terminal || stuck || random.nextInt(8) == 0) {
                State target = lastTarget != null && random.nextBoolean() ? lastTarget
                    : seen.get(random.nextInt(seen.size()));
                lastTarget = target;
                if (random.nextBoolean()) {
                    for (int times = 1 + random.nextInt(3); times > 0; times--) {
                        tested.setState(target);
                    }
                } else {
                    int[] facts = new int[target.size()];
                    for (int i = 0; i < facts.length; i++) {
                        facts[i] = target.fact(i);
                    }
                    tested.setState(facts, 0, facts.length);
                }
                reference.setState(referenceState(reference, tested, target));
                jumps++;
                if (random.nextBoolean() && advanceUnasked(tested, reference, random, joint, referenceJoint)) {
                    unaskedAdvances++;
                }
                continue;
            }
            Differential.advanceBoth(tested, reference, random, joint, referenceJoint);
        }
        assertTrue(jumps > 0, "the walk jumped between states");
        assertTrue(unaskedAdvances > 0, "the walk advanced a state it had just set without asking anything of it");
    }

    /**
     * Advances both machines by moves the reference lists, asking the tested machine nothing of the state
     * just set, as the search does when it steps from a node whose moves it knows. False where the state has
     * no joint move (terminal, or a role without moves).
     */
    private static boolean advanceUnasked(StateMachine tested, StateMachine reference, SplittableRandom random,
            int[] joint, int[] referenceJoint) {
        if (reference.isTerminal()) {
            return false;
        }
        for (int r = 0; r < joint.length; r++) {
            int count = reference.legalCount(r);
            if (count == 0) {
                return false;
            }
            referenceJoint[r] = reference.legalMove(r, random.nextInt(count));
            joint[r] = tested.moveId(r, reference.move(referenceJoint[r]));
        }
        tested.advance(joint);
        reference.advance(referenceJoint);
        return true;
    }

    private static State referenceState(StateMachine reference, StateMachine tested, State state) {
        int[] facts = new int[state.size()];
        for (int i = 0; i < facts.length; i++) {
            facts[i] = reference.factId(tested.fact(state.fact(i)));
        }
        Arrays.sort(facts);
        return new State(facts);
    }
}
