package org.ratchet.reasoner.ground;

import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Variable bindings of one rule during compile-time joins, with a trail to undo them. A deliberate
 * specialisation of {@link org.ratchet.reasoner.gdl.Substitution} for grounding's inner loops: a pattern is
 * only ever matched against a ground instance, so a value is always ground (no chains to follow, no occurs
 * check), and the join loops read and clear {@link #values} directly.
 */
public final class Bindings {
    public final Term[] values;
    private final int[] trail;
    private int top;

    public Bindings(int variableCount) {
        values = new Term[variableCount];
        trail = new int[variableCount];
    }

    public int mark() {
        return top;
    }

    public void undo(int mark) {
        while (top > mark) {
            values[trail[--top]] = null;
        }
    }

    boolean isBound(int variable) {
        return values[variable] != null;
    }

    /** Matches a pattern against a ground term, binding free variables; on failure the caller undoes. */
    public boolean match(Term pattern, Term ground) {
        if (pattern instanceof Variable variable) {
            Term current = values[variable.index()];
            if (current == null) {
                values[variable.index()] = ground;
                trail[top++] = variable.index();
                return true;
            }
            return current.equals(ground);
        }
        if (pattern.isGround()) {
            return pattern.equals(ground);
        }
        if (!(ground instanceof Compound) || ground.symbol() != pattern.symbol() || ground.arity() != pattern.arity()) {
            return false;
        }
        for (int i = 0; i < pattern.arity(); i++) {
            if (!match(pattern.arg(i), ground.arg(i))) {
                return false;
            }
        }
        return true;
    }

    /** The pattern with every variable replaced by its value (all must be bound). */
    public Term instantiate(Term pattern) {
        if (pattern.isGround()) {
            return pattern;
        }
        if (pattern instanceof Variable variable) {
            Term value = values[variable.index()];
            if (value == null) {
                throw new IllegalStateException("unbound variable ?" + variable.name());
            }
            return value;
        }
        Term[] args = new Term[pattern.arity()];
        for (int i = 0; i < args.length; i++) {
            args[i] = instantiate(pattern.arg(i));
        }
        return new Compound(pattern.symbol(), args);
    }

    /** Nesting depth of a ground term (a constant has depth 0). */
    static int depth(Term term) {
        int deepest = -1;
        for (int i = 0; i < term.arity(); i++) {
            deepest = Math.max(deepest, depth(term.arg(i)));
        }
        return deepest + 1;
    }
}
