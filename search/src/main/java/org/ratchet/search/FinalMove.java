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
     * The move with the highest lower bound on its mean, mean − 100/√visits in goal points ("secure child"):
     * a well-sampled move whose value this search found far better is played even where an older favourite
     * still holds more visits from the searches before.
     */
    BOUND;

    /** Parses a rule name case-insensitively ({@code visits}, {@code bound}). */
    public static FinalMove parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown final move rule '" + name + "'; known: visits, bound", e);
        }
    }
}
