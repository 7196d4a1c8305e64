package org.ratchet.search;

import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * The best complete line of play seen so far in a single-player game: its start state, its moves and the
 * goal it reached. Puzzles are deterministic, so replaying the line reaches the same goal; a line is only
 * ever replaced by a strictly better one, so a found 100 is never lost. Thread-safe.
 */
final class BestLine {
    private volatile int value = -1;
    private State start;
    private int[] moves = new int[0];

    /** The goal of the best line, or -1 if none was recorded. */
    int value() {
        return value;
    }

    /** Records the line if it beats the best so far. {@code moves} is copied. */
    synchronized void offer(State lineStart, int[] lineMoves, int length, int goal) {
        if (goal > value) {
            start = lineStart;
            moves = Arrays.copyOf(lineMoves, length);
            value = goal;
        }
    }

    /**
     * The line's move to play in {@code current}, or -1 if {@code current} is not on the line. Replays the
     * line on {@code machine} (which it leaves in some state of the line).
     */
    synchronized int moveAt(State current, StateMachine machine) {
        if (start == null) {
            return -1;
        }
        machine.setState(start);
        int[] joint = new int[1];
        for (int move : moves) {
            if (machine.isTerminal()) {
                return -1;
            }
            if (machine.currentState().equals(current)) {
                return move;
            }
            joint[0] = move;
            machine.advance(joint);
        }
        return -1;
    }
}
