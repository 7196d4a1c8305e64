package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/** Several threads on one tree: answers stay legal and right, and the bookkeeping stays exact. */
class ConcurrentSearchTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    private static SearchOptions threaded(int threads, long iterations, long seed, int pool) {
        return MctsToyGameTest.options(iterations, seed).withThreads(threads).withNodePoolSize(pool);
    }

    @Test
    void manyShortSearchesKeepTheTreeConsistent() {
        List<ToyGame> games = List.of(ToyGame.nim(23), ToyGame.pennies(5), ToyGame.lock(new int[] {1, 2, 0, 2}));
        for (ToyGame game : games) {
            // small pools recycle all the time; GRAVE (reference 8) adds the AMAF statistics to the checks
            for (int[] poolAndGrave : new int[][] {{20, 0}, {100_000, 0}, {20, 8}, {100_000, 8}}) {
                int pool = poolAndGrave[0];
                StateMachine referee = game.newMachine();
                SearchOptions options = threaded(4, 150, pool, pool).withGrave(poolAndGrave[1], 1e-5);
                try (MctsStrategy mcts = new MctsStrategy(options)) {
                    mcts.prepare(game, 0, 0);
                    for (int search = 0; search < 60; search++) {
                        if (referee.isTerminal()) {
                            referee.setState(referee.initialState());
                        }
                        State state = referee.currentState();
                        int move = mcts.selectMove(state, NO_DEADLINE);
                        assertTrue(isLegal(referee, 0, move), "illegal move " + move);
                        assertEquals(List.of(), mcts.treeInvariantViolations(), "after search " + search);
                        assertTrue(mcts.statistics().treeNodes() <= pool);
                        int[] joint = new int[referee.roleCount()];
                        joint[0] = move;
                        for (int role = 1; role < joint.length; role++) {
                            joint[role] = referee.legalMove(role, 0);
                        }
                        // Play every third search's move, so re-rooting both hits and misses the tree.
                        if (search % 3 == 0) {
                            referee.advance(joint);
                        }
                    }
                }
            }
        }
    }

    @Test
    void deadlineStopsThreadsMidSearchWithoutCorruption() {
        ToyGame game = ToyGame.nim(40);
        try (MctsStrategy mcts = new MctsStrategy(threaded(3, 0, 1, 100_000))) {
            mcts.prepare(game, 0, 0);
            State start = game.newMachine().initialState();
            for (int search = 0; search < 20; search++) {
                int move = mcts.selectMove(start, System.currentTimeMillis() + 15);
                assertTrue(move >= 1 && move <= 3);
                assertEquals(List.of(), mcts.treeInvariantViolations(), "after search " + search);
            }
        }
    }

    @Test
    void slowPlayoutsAreCutOffAtTheDeadline() {
        // Every step takes 20 ms and a playout from 200 sticks at least 50 steps, so no playout can finish in
        // time: the search must abandon them, answer from what it has (a legal move) and keep the tree exact.
        // The bound on the answer time is loose (a second past the deadline) so a busy machine cannot fail it.
        ToyGame game = ToyGame.nim(200, 20);
        SearchOptions options = threaded(2, 0, 3, 100_000).withSafetyMarginMillis(50);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, 0, 0);
            for (int search = 0; search < 3; search++) {
                long deadline = System.currentTimeMillis() + 300;
                int move = mcts.selectMove(game.newMachine().initialState(), deadline);
                long late = System.currentTimeMillis() - deadline;
                assertTrue(move >= 1 && move <= 3, "legal move");
                assertTrue(late < 1000, "answered " + late + " ms after the deadline");
                assertEquals(0, mcts.statistics().playouts(), mcts.statistics().toString());
                assertEquals(List.of(), mcts.treeInvariantViolations());
            }
        }
    }

    @Test
    void twoThreadsFindTheSameWinAsOne() {
        for (int sticks : new int[] {9, 10, 11}) {
            ToyGame game = ToyGame.nim(sticks);
            try (MctsStrategy mcts = new MctsStrategy(threaded(2, 4000, sticks, 100_000))) {
                mcts.prepare(game, 0, 0);
                int move = mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
                assertEquals(sticks % 4, move, mcts.statistics().toString());
                assertEquals(100, mcts.statistics().provenValue());
            }
        }
    }

    private static boolean isLegal(StateMachine machine, int role, int move) {
        for (int i = 0; i < machine.legalCount(role); i++) {
            if (machine.legalMove(role, i) == move) {
                return true;
            }
        }
        return false;
    }
}
