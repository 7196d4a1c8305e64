package org.ratchet.search;

import java.util.Locale;

/** How a playout picks each role's move once it has left the search tree. */
public enum PlayoutPolicy {
    /** Every legal move equally likely: unbiased and the cheapest per step. */
    UNIFORM,
    /**
     * Move-average sampling (MAST): moves that did well in earlier playouts of this match (whatever the
     * position) are preferred, in proportion to exp(average / temperature), so playouts look more like real
     * play.
     */
    MAST,
    /**
     * N-gram selection (NST): a move is valued by its MAST average and, once seen often enough, by its
     * average as the answer to the move just made before it; playouts take the best-valued move, or now and
     * then a random one (epsilon-greedy).
     */
    NST,
    /**
     * NST in games where a duel of playouts during the start clock shows that valuing a move by the move it
     * answers wins playouts by a wide margin ({@link PairDuel}: breakthrough-like games), MAST elsewhere.
     */
    AUTO;

    /** Parses a policy name case-insensitively ({@code uniform}, {@code mast}, {@code nst}, {@code auto}). */
    public static PlayoutPolicy parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "unknown playout policy '" + name + "'; known: uniform, mast, nst, auto", e);
        }
    }
}
