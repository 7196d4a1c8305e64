package org.ratchet.search;

import java.util.Locale;

/** How a playout picks each role's move once it has left the search tree. */
public enum PlayoutPolicy {
    /** Every legal move equally likely: unbiased and the cheapest per step. */
    UNIFORM,
    /**
     * Move-average sampling: moves that did well in earlier playouts of this match (whatever the position)
     * are preferred, epsilon-greedily, so playouts look more like real play.
     */
    MAST;

    /** Parses a policy name case-insensitively ({@code uniform}, {@code mast}). */
    public static PlayoutPolicy parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown playout policy '" + name + "'; known: uniform, mast", e);
        }
    }
}
