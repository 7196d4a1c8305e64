package org.ratchet.reasoner.topdown;

/**
 * A term of a rule, compiled: a constant (any ground term, interned once, so matching it is a comparison of
 * ids), a variable (a slot of the clause's bindings), or a compound with variables inside.
 */
final class Pattern {
    static final int CONSTANT = 0;
    static final int VARIABLE = 1;
    static final int COMPOUND = 2;

    final int kind;
    /** CONSTANT: the term id; VARIABLE: the slot; COMPOUND: the functor symbol. */
    final int value;
    /** COMPOUND: the arguments; otherwise empty. */
    final Pattern[] args;

    private static final Pattern[] NONE = new Pattern[0];

    private Pattern(int kind, int value, Pattern[] args) {
        this.kind = kind;
        this.value = value;
        this.args = args;
    }

    static Pattern constant(int term) {
        return new Pattern(CONSTANT, term, NONE);
    }

    static Pattern variable(int slot) {
        return new Pattern(VARIABLE, slot, NONE);
    }

    static Pattern compound(int functor, Pattern[] args) {
        return new Pattern(COMPOUND, functor, args);
    }
}
