package org.ratchet.reasoner.gdl;

/**
 * A most general unifier of terms within one rule, built up by {@link #unify}: slot i holds the value of
 * variable i, or null while it is unbound. A binding may itself contain variables (two variables unified with
 * each other), so lookups follow chains. Bindings are recorded on a trail so that a backtracking proof can
 * undo them in reverse order. The prover resolves with it; the rewrites use it to read
 * {@code (not (distinct s t))} as "s equals t" and to copy a rule with a variable fixed.
 */
public final class Substitution {
    private final Term[] values;
    private final int[] trail;
    private int trailSize;

    public Substitution(int variableCount) {
        values = new Term[variableCount];
        trail = new int[variableCount];
    }

    /** Whether no variable is bound. */
    public boolean isEmpty() {
        return trailSize == 0;
    }

    /** A point to return to with {@link #undo(int)}. */
    public int mark() {
        return trailSize;
    }

    /** Unbinds every variable bound since {@code mark}. */
    public void undo(int mark) {
        while (trailSize > mark) {
            values[trail[--trailSize]] = null;
        }
    }

    /** Follows bindings until an unbound variable or a non-variable term. */
    public Term walk(Term term) {
        while (term instanceof Variable variable) {
            Term value = values[variable.index()];
            if (value == null) {
                return term;
            }
            term = value;
        }
        return term;
    }

    /**
     * Extends the substitution to a most general unifier of {@code a} and {@code b}, or returns false. On
     * failure some bindings may have been made; the caller undoes them to its mark.
     */
    public boolean unify(Term a, Term b) {
        a = walk(a);
        b = walk(b);
        if (a == b) {
            return true;
        }
        if (a instanceof Variable va) {
            if (b instanceof Variable vb && va.index() == vb.index()) {
                return true;
            }
            return bind(va, b);
        }
        if (b instanceof Variable vb) {
            return bind(vb, a);
        }
        if (a.symbol() != b.symbol() || a.arity() != b.arity() || a.getClass() != b.getClass()) {
            return false;
        }
        if (a.isGround() && b.isGround()) {
            return a.equals(b);
        }
        for (int i = 0; i < a.arity(); i++) {
            if (!unify(a.arg(i), b.arg(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean bind(Variable variable, Term value) {
        if (!value.isGround() && occurs(variable.index(), value)) {
            return false;
        }
        values[variable.index()] = value;
        trail[trailSize++] = variable.index();
        return true;
    }

    private boolean occurs(int index, Term term) {
        term = walk(term);
        if (term instanceof Variable variable) {
            return variable.index() == index;
        }
        for (int i = 0; i < term.arity(); i++) {
            if (occurs(index, term.arg(i))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the term has no unbound variable under this substitution (without building it). */
    public boolean isGround(Term term) {
        if (term.isGround()) {
            return true;
        }
        term = walk(term);
        if (term instanceof Variable) {
            return false;
        }
        for (int i = 0; i < term.arity(); i++) {
            if (!isGround(term.arg(i))) {
                return false;
            }
        }
        return true;
    }

    /** The term with every bound variable replaced by its value (the same object if nothing changes). */
    public Term apply(Term term) {
        if (term.isGround()) {
            return term;
        }
        term = walk(term);
        if (term instanceof Compound compound) {
            Term[] args = null;
            for (int i = 0; i < compound.arity(); i++) {
                Term arg = compound.arg(i);
                Term applied = apply(arg);
                if (applied != arg && args == null) {
                    args = compound.args();
                }
                if (args != null) {
                    args[i] = applied;
                }
            }
            return args == null ? compound : new Compound(compound.symbol(), args);
        }
        return term;
    }
}
