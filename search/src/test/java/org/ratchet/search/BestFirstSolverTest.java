package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/** The best-first puzzle search: it follows graded goals, proves the best score, and claims nothing it cannot. */
class BestFirstSolverTest {
    private static final int[] SECRET = PuzzleSolverTest.SECRET;

    @Test
    void gradedGoalsLeadItToTheSolutionWhereTheWalkSearchesBlindly() {
        ToyGame game = ToyGame.gradedLock(SECRET);
        State start = game.newMachine().initialState();
        BestLine bestFirstLine = new BestLine();
        BestFirstSolver bestFirst = new BestFirstSolver(game.newMachine(), bestFirstLine, 1 << 16);
        while (bestFirst.work(start, 100, null) > 0) {
            assertTrue(bestFirst.steps() < 100_000, "the search of 3^10 sequences must end");
        }
        assertEquals(100, bestFirstLine.value());
        // each level: its three moves tried, the right one (10 more points) expanded next
        assertTrue(bestFirst.steps() <= 3 * SECRET.length, bestFirst.steps() + " steps");
        assertEquals(100, replay(game, start, bestFirstLine));

        BestLine walkLine = new BestLine();
        PuzzleSolver walk = new PuzzleSolver(game.newMachine(), walkLine, new SplittableRandom(3), 1 << 16, null);
        while (walk.work(start, 100, null) > 0) {
            // walk on
        }
        assertEquals(100, walkLine.value());
        assertTrue(walk.steps() > 10 * bestFirst.steps(), "walk " + walk.steps() + ", best-first "
                + bestFirst.steps());
    }

    @Test
    void withNoGradesItSeesEveryStateOnceAndProvesTheBestScore() {
        // goal 0 until the end, 10 per digit right then: the best is 60, and only exhaustion settles it
        ToyGame game = ToyGame.digitsRight(new int[] {2, 1, 0, 0, 2, 1});
        BestLine line = new BestLine();
        BestFirstSolver search = new BestFirstSolver(game.newMachine(), line, 1 << 16);
        State start = game.newMachine().initialState();
        assertFalse(search.exhaustedFrom(start));
        while (search.work(start, 100, null) > 0) {
            assertFalse(search.exhaustedFrom(start) && line.value() < 60, "exhausted before the best was seen");
        }
        assertTrue(search.exhaustedFrom(start));
        assertEquals(60, line.value());
        assertEquals(60, replay(game, start, line));
        assertEquals(1092, search.steps(), "3 + 9 + ... + 3^6 moves: every state expanded once");
    }

    @Test
    void statesBeyondItsMemoryEndTheSearchWithoutAProof() {
        ToyGame game = ToyGame.digitsRight(new int[] {0, 1, 2, 0, 1, 2});
        BestLine line = new BestLine();
        BestFirstSolver search = new BestFirstSolver(game.newMachine(), line, 16);
        State start = game.newMachine().initialState();
        int calls = 0;
        while (search.work(start, 100, null) > 0) {
            assertTrue(++calls < 1000, "a full search still ends");
        }
        assertFalse(search.exhaustedFrom(start), "states were dropped: the best score is not proven");
        assertEquals(0, search.work(start, 100, null), "nothing left to do");
    }

    @Test
    void itStartsOverWhenThePuzzleMovesOn() {
        ToyGame game = ToyGame.digitsRight(new int[] {1, 1, 2, 0});
        StateMachine machine = game.newMachine();
        State start = machine.initialState();
        BestLine line = new BestLine();
        BestFirstSolver search = new BestFirstSolver(game.newMachine(), line, 1 << 16);
        while (search.work(start, 100, null) > 0) {
            // search on
        }
        assertTrue(search.exhaustedFrom(start));
        machine.setState(start);
        machine.advance(new int[] {1});
        State next = machine.currentState();
        assertFalse(search.exhaustedFrom(next));
        while (search.work(next, 100, null) > 0) {
            // search on
        }
        assertTrue(search.exhaustedFrom(next));
        assertFalse(search.exhaustedFrom(start));
    }

    @Test
    void thePlayerWithBestFirstSolvesTheGradedLock() {
        PuzzleSolverTest.playsTheSecretThrough(ToyGame.gradedLock(SECRET),
                MctsToyGameTest.options(500, 1).withPuzzleSolver(true).withPuzzleBestFirst(true));
    }

    /** The goal the line reaches when replayed from {@code start}. */
    private static int replay(ToyGame game, State start, BestLine line) {
        StateMachine machine = game.newMachine();
        State state = start;
        int[] joint = new int[1];
        while (true) {
            machine.setState(state);
            if (machine.isTerminal()) {
                return machine.goal(0);
            }
            joint[0] = line.moveAt(state, machine);
            assertTrue(joint[0] >= 0, "every state of the line has its move");
            machine.setState(state);
            machine.advance(joint);
            state = machine.currentState();
        }
    }
}
