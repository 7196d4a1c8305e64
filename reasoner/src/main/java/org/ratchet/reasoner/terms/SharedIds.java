package org.ratchet.reasoner.terms;

import java.util.Arrays;
import org.ratchet.reasoner.TermIndex;

/**
 * One machine's two-way cache between its own term ids and the factory's shared ids of one kind (facts or
 * moves): a miss asks the shared {@link TermIndex} (and the machine's {@link TermStore}) once, after which
 * both directions are array lookups.
 */
public final class SharedIds {
    private final TermIndex shared;
    private final TermStore store;
    private int[] sharedOfTerm = new int[0];
    private int[] termOfShared = new int[0];

    public SharedIds(TermIndex shared, TermStore store) {
        this.shared = shared;
        this.store = store;
    }

    /** The shared id of the machine's term. */
    public int shared(int term) {
        if (term < sharedOfTerm.length && sharedOfTerm[term] >= 0) {
            return sharedOfTerm[term];
        }
        int id = shared.intern(store.term(term));
        remember(term, id);
        return id;
    }

    /** The machine's term of a shared id. */
    public int term(int sharedId) {
        if (sharedId < termOfShared.length && termOfShared[sharedId] >= 0) {
            return termOfShared[sharedId];
        }
        int term = store.intern(shared.term(sharedId));
        remember(term, sharedId);
        return term;
    }

    private void remember(int term, int sharedId) {
        sharedOfTerm = put(sharedOfTerm, term, sharedId);
        termOfShared = put(termOfShared, sharedId, term);
    }

    /** {@code map[key] = value}, growing the map (filled with -1) as needed. */
    private static int[] put(int[] map, int key, int value) {
        int[] out = map;
        if (key >= map.length) {
            out = Arrays.copyOf(map, Math.max(key + 1, map.length * 2 + 16));
            Arrays.fill(out, map.length, out.length, -1);
        }
        out[key] = value;
        return out;
    }
}
