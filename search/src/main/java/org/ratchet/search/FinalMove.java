package org.ratchet.search;

import java.util.Locale;

/**
 * How the search picks the move it plays among its root moves, where it alone moves and nothing is proven
 * (a proven win is always played and a proven loss avoided, whichever rule is set).
 */
public enum FinalMove {
    /**
     * The most visited move ("robust child"): UCT visits the move it values most, so the visits follow the
     * values without the noise of a mean over few samples. With the tree kept from move to move, visits
     * gathered in earlier searches count too.
     */
    VISITS,
    /**
     * The move this search visited most: the same rule, counting only the visits of the search that ends now.
     * The tree is kept from move to move, so an old favourite can hold more visits from the searches before
     * (made while the root was further up, or before a refutation was found) than the move this search has
     * come to prefer. A search that visited the root too little to judge (fewer than {@value #MIN_VISITS_PER_MOVE}
     * visits per move) counts all visits.
     */
    RECENT;

    /** Below this many visits per root move in the search that ends, {@link #RECENT} counts all visits. */
    static final int MIN_VISITS_PER_MOVE = 10;

    /** Parses a rule name case-insensitively ({@code visits}, {@code recent}). */
    public static FinalMove parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown final move rule '" + name + "'; known: visits, recent", e);
        }
    }
}
