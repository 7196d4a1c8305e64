package org.ratchet.reasoner.prover;

import java.util.Arrays;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Renamings of variables. Calls are tabled by their <em>variant</em>: {@code (p ?x b ?x)} and
 * {@code (p ?y b ?y)} are the same call, so variables are renumbered 0, 1, ... in order of first occurrence.
 */
final class Variants {
    private Variants() {
    }

    /** The variant key of a term: its variables renumbered from 0 by first occurrence. */
    static Term canonical(Term term) {
        return term.isGround() ? term : new Renumbering().renumber(term);
    }

    /** Old variable index to new index, filled in order of first occurrence. */
    private static final class Renumbering {
        private int[] newIndex = new int[0];
        private int next;

        Term renumber(Term term) {
            if (term.isGround()) {
                return term;
            }
            if (term instanceof Variable variable) {
                int old = variable.index();
                if (old >= newIndex.length) {
                    int oldLength = newIndex.length;
                    newIndex = Arrays.copyOf(newIndex, Math.max(old + 1, oldLength * 2));
                    Arrays.fill(newIndex, oldLength, newIndex.length, -1);
                }
                if (newIndex[old] < 0) {
                    newIndex[old] = next++;
                }
                return variable(newIndex[old]);
            }
            Term[] args = new Term[term.arity()];
            for (int i = 0; i < args.length; i++) {
                args[i] = renumber(term.arg(i));
            }
            return new Compound(term.symbol(), args);
        }
    }

    /** Number of distinct variables of a canonical term (its largest variable index + 1). */
    static int variableCount(Term canonical) {
        if (canonical.isGround()) {
            return 0;
        }
        if (canonical instanceof Variable variable) {
            return variable.index() + 1;
        }
        int count = 0;
        for (int i = 0; i < canonical.arity(); i++) {
            count = Math.max(count, variableCount(canonical.arg(i)));
        }
        return count;
    }

    /** The term with every variable index increased by {@code offset} (renaming a call apart from a rule). */
    static Term shift(Term term, int offset) {
        if (term.isGround() || offset == 0) {
            return term;
        }
        if (term instanceof Variable variable) {
            return variable(variable.index() + offset);
        }
        Term[] args = new Term[term.arity()];
        for (int i = 0; i < args.length; i++) {
            args[i] = shift(term.arg(i), offset);
        }
        return new Compound(term.symbol(), args);
    }

    private static final Variable[] SHARED = new Variable[64];

    static {
        for (int i = 0; i < SHARED.length; i++) {
            SHARED[i] = new Variable(i, "_" + i);
        }
    }

    static Variable variable(int index) {
        return index < SHARED.length ? SHARED[index] : new Variable(index, "_" + index);
    }
}
