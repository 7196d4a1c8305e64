package org.ratchet.reasoner;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import org.ratchet.reasoner.gdl.Term;

/**
 * Dense int ids for ground terms (facts or moves), shared by all machines of one factory so that ids agree
 * across threads. Every method is synchronized: the prover's lock is cheap next to a proof, and bottomup's
 * machines cache what they looked up here, so they take the lock about once per term.
 */
public final class TermIndex {
    private final Object2IntOpenHashMap<Term> ids = new Object2IntOpenHashMap<>();
    private final List<Term> terms = new ArrayList<>();

    public TermIndex() {
        ids.defaultReturnValue(-1);
    }

    /** The id of the term, assigning the next free id on first sight. */
    public synchronized int intern(Term term) {
        int id = ids.getInt(term);
        if (id < 0) {
            id = terms.size();
            ids.put(term, id);
            terms.add(term);
        }
        return id;
    }

    public synchronized Term term(int id) {
        if (id < 0 || id >= terms.size()) {
            throw new IllegalArgumentException("no term with id " + id);
        }
        return terms.get(id);
    }
}
