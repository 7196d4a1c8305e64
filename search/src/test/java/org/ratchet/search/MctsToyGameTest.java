package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/** Tree logic on hand-written games (no rule engine): solver, puzzles, simultaneous moves, re-rooting. */
class MctsToyGameTest {
    /** Far beyond any test's run time: tests are bounded by iteration limits, never by the clock. */
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    static SearchOptions options(long iterations, long seed) {
        return SearchOptions.defaults().withThreads(1).withSafetyMarginMillis(0).withIterationLimit(iterations)
                .withSeed(seed).withNodePoolSize(100_000);
    }

    private static String moveName(ToyGame game, int move) {
        StateMachine machine = game.newMachine();
        return machine.move(move).render(game.description().symbols());
    }

    @Test
    void nimWinningMoveIsFoundAndProven() {
        for (int sticks : new int[] {5, 6, 7, 9}) {
            ToyGame game = ToyGame.nim(sticks);
            try (MctsStrategy mcts = new MctsStrategy(options(3000, sticks))) {
                mcts.prepare(game, 0, 0);
                int move = mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
                assertEquals("take" + (sticks % 4), moveName(game, move), "pile of " + sticks);
                assertEquals(100, mcts.statistics().provenValue(), "solver proves the win: " + mcts.statistics());
                assertEquals(List.of(), mcts.treeInvariantViolations());
            }
        }
    }

    @Test
    void manyMovesAreIndexedByMapAndStillSolved() {
        ToyGame game = ToyGame.pick(300, 137);
        try (MctsStrategy mcts = new MctsStrategy(options(1000, 2))) {
            mcts.prepare(game, 0, 0);
            assertEquals(137, mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE));
            assertEquals(100, mcts.statistics().provenValue());
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
        ToyGame hopeless = ToyGame.pick(300, -1);
        try (MctsStrategy mcts = new MctsStrategy(options(1000, 2))) {
            mcts.prepare(hopeless, 0, 0);
            mcts.selectMove(hopeless.newMachine().initialState(), NO_DEADLINE);
            assertEquals(0, mcts.statistics().provenValue(), "all 300 children solved as losses");
        }
    }

    @Test
    void nimLostPositionIsProvenLost() {
        ToyGame game = ToyGame.nim(8);
        try (MctsStrategy mcts = new MctsStrategy(options(5000, 1))) {
            mcts.prepare(game, 0, 0);
            mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
            assertEquals(0, mcts.statistics().provenValue(), mcts.statistics().toString());
        }
    }

    @Test
    void nimWholeMatchAgainstRandomIsWonWithTheTreeKept() {
        for (long seed = 1; seed <= 5; seed++) {
            ToyGame game = ToyGame.nim(13);
            StateMachine referee = game.newMachine();
            try (MctsStrategy mcts = new MctsStrategy(options(400, seed));
                    RandomStrategy random = new RandomStrategy(options(0, seed))) {
                mcts.prepare(game, 0, 0);
                random.prepare(game, 1, 0);
                int[] joint = new int[2];
                while (!referee.isTerminal()) {
                    State state = referee.currentState();
                    joint[0] = mcts.selectMove(state, NO_DEADLINE);
                    joint[1] = random.selectMove(state, NO_DEADLINE);
                    referee.advance(joint);
                    assertEquals(List.of(), mcts.treeInvariantViolations());
                }
                assertEquals(100, referee.goal(0), "seed " + seed);
            }
        }
    }

    @Test
    void combinationLockIsOpenedAndTheLineFollowed() {
        int[] secret = {2, 0, 1, 1, 2, 0};
        ToyGame game = ToyGame.lock(secret);
        StateMachine referee = game.newMachine();
        try (MctsStrategy mcts = new MctsStrategy(options(3000, 7))) {
            mcts.prepare(game, 0, 0);
            int[] joint = new int[1];
            int step = 0;
            while (!referee.isTerminal()) {
                joint[0] = mcts.selectMove(referee.currentState(), NO_DEADLINE);
                assertEquals(secret[step++], joint[0], "step " + step + ": " + mcts.statistics());
                referee.advance(joint);
            }
            assertEquals(100, referee.goal(0));
        }
    }

    @Test
    void matchingPenniesIsPlayedMixed() {
        // Each search from the start is independent (new seed); the equilibrium plays heads half the time.
        // 200 draws: a binomial(200, 1/2) lies in [65, 135] except with probability below 1e-6.
        ToyGame game = ToyGame.pennies(1);
        int heads = 0;
        int draws = 200;
        for (int seed = 0; seed < draws; seed++) {
            try (MctsStrategy mcts = new MctsStrategy(options(200, seed))) {
                mcts.prepare(game, seed % 2, 0);
                heads += mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE) == 0 ? 1 : 0;
            }
        }
        assertTrue(heads >= 65 && heads <= 135, "heads " + heads + " of " + draws);
    }

    @Test
    void uniformPlayoutsAlsoSolveNim() {
        ToyGame game = ToyGame.nim(7);
        try (MctsStrategy mcts = new MctsStrategy(options(3000, 3).withPlayoutPolicy(PlayoutPolicy.UNIFORM))) {
            mcts.prepare(game, 0, 0);
            assertEquals("take3", moveName(game, mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE)));
        }
    }

    @Test
    void searchFarLargerThanThePoolRecyclesAndStillSolves() {
        // 20,000 iterations in a pool of 32 nodes, for a game of 200 states: the pool is recycled again and
        // again, and the search runs to its budget with a legal answer.
        ToyGame game = ToyGame.nim(101);
        try (MctsStrategy mcts = new MctsStrategy(options(20_000, 5).withNodePoolSize(32))) {
            mcts.prepare(game, 0, 0);
            int move = mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
            assertTrue(move >= 1 && move <= 3);
            assertEquals(20_000, mcts.statistics().iterations());
            assertTrue(mcts.statistics().treeNodes() <= 32, mcts.statistics().toString());
            assertTrue(mcts.tree().recycleCount() > 0, "the pool was recycled");
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    @Test
    void theTreeGrowsFromASmallStartToItsBudgetThenRecycles() {
        // A lock of 11 digits has 265,720 states; a pool of 4,000 starts at 500 nodes, doubles during the
        // search up to the budget, and is then recycled (unless the lock is opened first, a long shot).
        ToyGame game = ToyGame.lock(new int[] {2, 0, 1, 2, 2, 0, 1, 1, 0, 2, 1});
        // the tree alone: the puzzle walk would open the lock
        SearchOptions treeOnly = options(30_000, 5).withNodePoolSize(4000).withPuzzleSolver(false);
        try (MctsStrategy mcts = new MctsStrategy(treeOnly)) {
            mcts.prepare(game, 0, 0);
            SearchTree tree = mcts.tree();
            assertEquals(500, tree.capacity(), "an eighth of the budget at first");
            int move = mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
            assertTrue(move >= 0 && move <= 2);
            assertEquals(4000, tree.capacity(), "grown to the budget");
            assertTrue(tree.recycleCount() > 0, "recycled once the budget was reached");
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    @Test
    void recyclingKeepsThePrincipalLine() {
        // a puzzle too large to be solved in 3,000 iterations, so that recycling has something to drop
        ToyGame game = ToyGame.lock(new int[] {1, 2, 0, 2, 1, 0, 2, 1});
        SearchOptions treeOnly = options(3000, 5).withNodePoolSize(20_000).withPuzzleSolver(false);
        try (MctsStrategy mcts = new MctsStrategy(treeOnly)) {
            mcts.prepare(game, 0, 0);
            State start = game.newMachine().initialState();
            mcts.selectMove(start, NO_DEADLINE);
            SearchTree tree = mcts.tree();
            int[] line = tree.principalLine(8);
            int before = tree.nodesInUse();
            tree.recycle(20);
            assertTrue(tree.nodesInUse() < before, "after recycling: " + tree.nodesInUse() + " of " + before);
            assertArrayEquals(line, tree.principalLine(8), "the principal line survives");
            assertEquals(List.of(), mcts.treeInvariantViolations());
            // the next search grows the tree again, from the recycled one
            int move = mcts.selectMove(start, NO_DEADLINE);
            assertTrue(move >= 0 && move <= 2);
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    @Test
    void transposedStatesShareOneNode() {
        // In nim, "take 1 then take 2" and "take 2 then take 1" reach the same pile with the same player to
        // move: every state must have exactly one node, and some node must be reached from two parents.
        ToyGame game = ToyGame.nim(12);
        try (MctsStrategy mcts = new MctsStrategy(options(3000, 7))) {
            mcts.prepare(game, 0, 0);
            mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
            SearchTree tree = mcts.tree();
            int[] nodesAndStates = tree.reachableNodesAndStates();
            assertEquals(nodesAndStates[1], nodesAndStates[0], "one node per state");
            assertTrue(tree.childLinks() > nodesAndStates[0] - 1, "some node has two parents");
            // 12 sticks, two players to move: at most 2 * 13 states
            assertTrue(nodesAndStates[0] <= 26, nodesAndStates[0] + " nodes");
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    @Test
    void flatMonteCarloTakesAnImmediateWin() {
        ToyGame game = ToyGame.nim(3);
        try (MonteCarloStrategy flat = new MonteCarloStrategy(options(300, 2))) {
            flat.prepare(game, 0, 0);
            assertEquals("take3", moveName(game, flat.selectMove(game.newMachine().initialState(), NO_DEADLINE)));
            assertEquals(300, flat.statistics().iterations());
        }
    }
}
