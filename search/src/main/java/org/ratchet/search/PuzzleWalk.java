package org.ratchet.search;

import org.ratchet.reasoner.State;

/**
 * A deterministic search over a puzzle's states that runs beside the tree search, in one worker's time, and
 * offers every complete line it finds to the {@link BestLine}: the depth-first {@link PuzzleSolver} or the
 * best-first {@link BestFirstSolver}. Used by one thread at a time (its worker); {@link #exhaustedFrom} by any.
 */
interface PuzzleWalk {
    /**
     * Searches on from where it stopped for about {@code budget} engine steps, first starting over from
     * {@code current} if that is not where it started. Returns the steps taken: 0 once it has nothing left
     * to do (it has seen every state it can, or a line already reaches the maximum goal). Stops early when
     * the runner (if any) stops the search.
     */
    int work(State current, int budget, SearchRunner runner);

    /**
     * Whether the search from {@code state} has seen every state reachable from it, so the best line is
     * optimal there.
     */
    boolean exhaustedFrom(State state);

    /** Engine steps taken since the walk was made. */
    long steps();
}
