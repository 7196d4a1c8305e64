package org.ratchet.search;

import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachineFactory;

/**
 * How a player chooses its moves in one match: Monte Carlo tree search, or a baseline for comparison.
 * The caller (the match) owns the game state and tells the strategy where the game is before each choice.
 */
public interface Strategy extends AutoCloseable {

    /** The name used on the command line ({@code mcts}, {@code montecarlo}, {@code random}). */
    String name();

    /** Called once at the start of a match; may think until {@code deadlineMillis} (System.currentTimeMillis). */
    void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis);

    /**
     * Returns the move id (of {@code game}'s machines) to play in {@code current}, a non-terminal state,
     * no later than {@code deadlineMillis}.
     */
    int selectMove(State current, long deadlineMillis);

    /**
     * The move the running search would choose now, or -1 if it has none yet. Any thread may call it at any
     * moment without waiting (the player sends it when the search has not answered by the deadline).
     */
    default int bestMoveSoFar() {
        return -1;
    }

    /** Frees threads and memory; the strategy is not used afterwards. */
    @Override
    void close();
}
