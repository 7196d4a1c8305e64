package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameLoader;

/** The puzzle walk beside the tree: it finds what playouts miss, proves the best score, follows the root. */
class PuzzleSolverTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;
    static final int[] SECRET = {2, 0, 1, 2, 2, 0, 1, 1, 0, 2};

    @Test
    void theWalkOpensTheLockAndItsLineReplays() {
        ToyGame game = ToyGame.lock(new int[] {1, 2, 0, 2, 1, 0, 2, 1});
        BestLine line = new BestLine();
        PuzzleSolver walk = new PuzzleSolver(game.newMachine(), line, new SplittableRandom(3), 1 << 16, null);
        State start = game.newMachine().initialState();
        long steps = 0;
        while (walk.work(start, 1000, null) > 0) {
            assertTrue(steps++ < 100, "the walk of 3^8 sequences must end");
        }
        assertEquals(100, line.value());
        // the line opens the lock when replayed
        StateMachine machine = game.newMachine();
        State state = start;
        int[] joint = new int[1];
        while (true) {
            machine.setState(state);
            if (machine.isTerminal()) {
                break;
            }
            joint[0] = line.moveAt(state, machine);
            assertTrue(joint[0] >= 0, "every state of the line has its move");
            machine.setState(state);
            machine.advance(joint);
            state = machine.currentState();
        }
        assertEquals(100, machine.goal(0));
    }

    @Test
    void aWalkThatSeesEveryStateProvesTheBestScore() {
        // Partial credit: the best is 60, the secret's; no line reaches 100, so only exhaustion settles it.
        ToyGame game = ToyGame.digitsRight(new int[] {2, 1, 0, 0, 2, 1});
        BestLine line = new BestLine();
        PuzzleSolver walk = new PuzzleSolver(game.newMachine(), line, new SplittableRandom(5), 1 << 16, null);
        State start = game.newMachine().initialState();
        assertFalse(walk.exhaustedFrom(start));
        while (walk.work(start, 100, null) > 0) {
            assertFalse(walk.exhaustedFrom(start) && line.value() < 60, "exhausted before the best was seen");
        }
        assertTrue(walk.exhaustedFrom(start));
        assertEquals(60, line.value());
        // 3 + 9 + ... + 3^6 moves: every state once, none twice (the key set is larger than the puzzle)
        assertEquals(1092, walk.steps());
    }

    @Test
    void keysBeyondTheSetOnlyCostRepeatsNotCompleteness() {
        // a key set of 16 states for a puzzle of 1,093: the walk still sees everything and proves the best
        ToyGame game = ToyGame.digitsRight(new int[] {0, 1, 2, 0, 1, 2});
        BestLine line = new BestLine();
        PuzzleSolver walk = new PuzzleSolver(game.newMachine(), line, new SplittableRandom(7), 16, null);
        State start = game.newMachine().initialState();
        while (walk.work(start, 100, null) > 0) {
            // walk on
        }
        assertTrue(walk.exhaustedFrom(start));
        assertEquals(60, line.value());
    }

    @Test
    void theSearchPlaysAWholePuzzleFoundByTheWalk() {
        // A lock of 10 digits: 59,049 sequences, one opens it. The tree search alone opens it only by luck;
        // with the walk sharing its thread the player opens it, then follows the line without searching.
        playsTheSecretThrough(ToyGame.lock(SECRET), MctsToyGameTest.options(200_000, 1).withPuzzleSolver(true));
    }

    /**
     * Plays a lock with {@code options}: every move must be the secret's, with the line proven at 100, and the
     * tree must keep its invariants. Shared with {@link BestFirstSolverTest}.
     */
    static void playsTheSecretThrough(ToyGame game, SearchOptions options) {
        StateMachine machine = game.newMachine();
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, 0, 0);
            State state = machine.initialState();
            int[] joint = new int[1];
            for (int step = 0; step < SECRET.length; step++) {
                joint[0] = mcts.selectMove(state, NO_DEADLINE);
                assertEquals(SECRET[step], joint[0], "step " + step + ": " + mcts.statistics());
                assertEquals(100, mcts.statistics().provenValue(), "the found line is certain");
                machine.setState(state);
                machine.advance(joint);
                state = machine.currentState();
            }
            machine.setState(state);
            assertTrue(machine.isTerminal());
            assertEquals(100, machine.goal(0));
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    @Test
    void aWalkedPuzzleStopsTheSearchWithItsBestScore() {
        ToyGame game = ToyGame.digitsRight(new int[] {1, 1, 2, 0, 2});
        StateMachine machine = game.newMachine();
        try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(100_000, 2).withPuzzleSolver(true))) {
            mcts.prepare(game, 0, 0);
            State state = machine.initialState();
            int move = mcts.selectMove(state, NO_DEADLINE);
            assertEquals(1, move);
            assertEquals(50, mcts.statistics().provenValue(), "the walk saw every state: 50 is the best");
            assertEquals(50, mcts.statistics().bestLineValue());
            assertEquals(java.util.List.of(), mcts.treeInvariantViolations());
        }
    }

    @Test
    void aWalkFocusedOnOneBoardLightsItSoonerAndKeepsToItsMoves() throws Exception {
        // four boards of four lamps; any board lit at once wins: each focus is one board's four presses
        StateMachineFactory game = Engines.create("hsfc", GameLoader.load(GameCorpus.repositoryGame("lightsOnParallel")));
        StateMachine machine = game.newMachine();
        List<IntSet> focuses = PuzzleSolver.focuses(machine, 60_000, 8);
        assertEquals(4, focuses.size(), focuses.toString());
        State start = machine.initialState();
        long[] stepsToWin = new long[2];
        for (int focused = 0; focused < 2; focused++) {
            IntSet focus = focused == 1 ? focuses.get(0) : null;
            BestLine line = new BestLine();
            PuzzleSolver walk = new PuzzleSolver(game.newMachine(), line, new SplittableRandom(11), 1 << 16, focus);
            while (line.value() < 100 && walk.steps() < 2_000_000 && walk.work(start, 1000, null) > 0) {
                // walk on
            }
            assertEquals(100, line.value(), focused == 1 ? "focused" : "every move");
            assertFalse(walk.exhaustedFrom(start));
            stepsToWin[focused] = walk.steps();
            if (focus != null) {
                // every move of the line is one of the board's: all moves are always legal here
                machine.setState(start);
                int[] joint = new int[1];
                State state = start;
                while (!machine.isTerminal()) {
                    joint[0] = line.moveAt(state, machine);
                    assertTrue(focus.contains(joint[0]), "a move off the focus: " + machine.move(joint[0]));
                    machine.setState(state);
                    machine.advance(joint);
                    state = machine.currentState();
                }
            }
        }
        assertTrue(stepsToWin[1] * 4 < stepsToWin[0], "focused " + stepsToWin[1] + " steps, every move "
                + stepsToWin[0]);
    }

    @Test
    void withFocusThePlayerWalksEachBoardAndLightsOne() throws Exception {
        StateMachineFactory game = Engines.create("hsfc", GameLoader.load(GameCorpus.repositoryGame("lightsOnParallel")));
        State start = game.newMachine().initialState();
        for (boolean focus : new boolean[] {false, true}) {
            SearchOptions options = MctsToyGameTest.options(200, 13).withPuzzleSolver(true).withPuzzleFocus(focus);
            try (MctsStrategy mcts = new MctsStrategy(options)) {
                mcts.prepare(game, 0, System.currentTimeMillis() + 20_000);
                assertEquals(focus ? 4 : 0, mcts.focusedWalks());
                mcts.selectMove(start, NO_DEADLINE);
                assertEquals(100, mcts.statistics().bestLineValue(), mcts.statistics().toString());
                assertEquals(List.of(), mcts.treeInvariantViolations());
            }
        }
    }
}
