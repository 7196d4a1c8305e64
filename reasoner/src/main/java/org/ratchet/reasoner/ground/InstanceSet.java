package org.ratchet.reasoner.ground;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ratchet.reasoner.gdl.Term;

/**
 * The ground instances of one relation found by grounding, in discovery order. An instance's position is
 * its local relation ID χ (HSFC Def. 4, over this reachable set rather than the full domain product).
 */
public final class InstanceSet {
    private final List<Term> terms = new ArrayList<>();
    private final Object2IntOpenHashMap<Term> ids = new Object2IntOpenHashMap<>();

    InstanceSet() {
        ids.defaultReturnValue(-1);
    }

    /** Adds the instance; true if it was new. */
    boolean add(Term sentence) {
        if (ids.containsKey(sentence)) {
            return false;
        }
        ids.put(sentence, terms.size());
        terms.add(sentence);
        return true;
    }

    /** The instances in ID order, read-only. */
    public List<Term> terms() {
        return Collections.unmodifiableList(terms);
    }

    public int size() {
        return terms.size();
    }

    public Term get(int id) {
        return terms.get(id);
    }

    /** The local ID of the instance, or -1. */
    public int id(Term sentence) {
        return ids.getInt(sentence);
    }

    /** Numbers the instances anew in the order of {@code order}, which must hold each instance once. */
    void renumber(List<Term> order) {
        if (order.size() != terms.size()) {
            throw new IllegalArgumentException("renumbering " + terms.size() + " instances with " + order.size());
        }
        terms.clear();
        ids.clear();
        for (Term term : order) {
            if (!add(term)) {
                throw new IllegalArgumentException("instance " + term + " twice in a renumbering");
            }
        }
    }

    public boolean contains(Term sentence) {
        return ids.containsKey(sentence);
    }
}
