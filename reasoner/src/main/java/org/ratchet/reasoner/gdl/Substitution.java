package org.ratchet.reasoner.gdl;

import java.util.HashMap;
import java.util.Map;

/**
 * A most general unifier of terms within one rule (variables are identified by their index in the rule),
 * built up by {@link #unify}. Used to read {@code (not (distinct s t))} as "s equals t".
 */
public final class Substitution {
    private final Map<Integer, Term> bindings = new HashMap<>();

    /** Whether no variable is bound yet. */
    public boolean isEmpty() {
        return bindings.isEmpty();
    }

    /**
     * Extends this substitution so that {@code a} and {@code b} become equal; returns false (leaving the
     * substitution in an unspecified state) when no substitution can make them equal. The occurs check
     * matters: {@code ?x} and {@code (f ?x)} are different whatever {@code ?x} is.
     */
    public boolean unify(Term a, Term b) {
        Term left = resolve(a);
        Term right = resolve(b);
        if (left.equals(right)) {
            return true;
        }
        if (left instanceof Variable variable) {
            return bind(variable, right);
        }
        if (right instanceof Variable variable) {
            return bind(variable, left);
        }
        if (left instanceof Compound l && right instanceof Compound r
                && l.symbol() == r.symbol() && l.arity() == r.arity()) {
            for (int i = 0; i < l.arity(); i++) {
                if (!unify(l.arg(i), r.arg(i))) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** The term with every bound variable replaced, all the way down. */
    public Term apply(Term term) {
        Term resolved = resolve(term);
        if (resolved instanceof Compound compound && !compound.isGround()) {
            Term[] args = compound.args();
            for (int i = 0; i < args.length; i++) {
                args[i] = apply(args[i]);
            }
            return new Compound(compound.symbol(), args);
        }
        return resolved;
    }

    private boolean bind(Variable variable, Term value) {
        if (occursIn(variable, value)) {
            return false;
        }
        bindings.put(variable.index(), value);
        return true;
    }

    private boolean occursIn(Variable variable, Term term) {
        Term resolved = resolve(term);
        if (resolved.equals(variable)) {
            return true;
        }
        if (resolved instanceof Compound compound && !compound.isGround()) {
            for (int i = 0; i < compound.arity(); i++) {
                if (occursIn(variable, compound.arg(i))) {
                    return true;
                }
            }
        }
        return false;
    }

    private Term resolve(Term term) {
        Term current = term;
        while (current instanceof Variable variable && bindings.containsKey(variable.index())) {
            current = bindings.get(variable.index());
        }
        return current;
    }
}
