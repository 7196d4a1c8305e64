package org.ratchet.reasoner.bottomup;

/**
 * A term of a rule, compiled: a ground term (its id), a variable (its index in the rule), or a compound
 * with variables inside (functor and argument patterns), matched against term ids by structure.
 */
final class Pattern {
    static final int GROUND = 0;
    static final int VARIABLE = 1;
    static final int STRUCTURE = 2;

    final int kind;
    /** The term id (GROUND), the variable index (VARIABLE) or the functor (STRUCTURE). */
    final int value;
    final Pattern[] children;

    private Pattern(int kind, int value, Pattern[] children) {
        this.kind = kind;
        this.value = value;
        this.children = children;
    }

    static Pattern ground(int term) {
        return new Pattern(GROUND, term, null);
    }

    static Pattern variable(int index) {
        return new Pattern(VARIABLE, index, null);
    }

    static Pattern structure(int functor, Pattern[] children) {
        return new Pattern(STRUCTURE, functor, children);
    }

    /** Whether every variable of the pattern is marked in {@code bound}. */
    boolean boundBy(boolean[] bound) {
        if (kind == VARIABLE) {
            return bound[value];
        }
        if (kind == STRUCTURE) {
            for (Pattern child : children) {
                if (!child.boundBy(bound)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Marks the pattern's variables in {@code bound}. */
    void bind(boolean[] bound) {
        if (kind == VARIABLE) {
            bound[value] = true;
        } else if (kind == STRUCTURE) {
            for (Pattern child : children) {
                child.bind(bound);
            }
        }
    }
}
