package org.ratchet.reasoner.gdl;

import java.util.Arrays;

/**
 * A function application or atomic sentence: a functor symbol and its arguments. A compound may have zero
 * arguments: {@code (foo)} is a different term from the constant {@code foo} (see ../shared/TRACE.md).
 */
public final class Compound extends Term {
    private final int functor;
    private final Term[] args;
    private final boolean ground;
    private final int hash;

    public Compound(int functor, Term... args) {
        this.functor = functor;
        this.args = args.clone();
        boolean allGround = true;
        int h = functor * 31 + 17;
        for (Term arg : this.args) {
            allGround &= arg.isGround();
            h = h * 31 + arg.hashCode();
        }
        this.ground = allGround;
        this.hash = h;
    }

    @Override
    public boolean isGround() {
        return ground;
    }

    @Override
    public int symbol() {
        return functor;
    }

    @Override
    public int arity() {
        return args.length;
    }

    @Override
    public Term arg(int i) {
        return args[i];
    }

    /** A copy of the arguments. */
    public Term[] args() {
        return args.clone();
    }

    @Override
    public void appendTo(StringBuilder out, SymbolTable symbols, boolean originalSpelling) {
        out.append('(').append(originalSpelling ? symbols.spelling(functor) : symbols.name(functor));
        for (Term arg : args) {
            out.append(' ');
            arg.appendTo(out, symbols, originalSpelling);
        }
        out.append(')');
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        return other instanceof Compound compound
            && compound.hash == hash
            && compound.functor == functor
            && Arrays.equals(compound.args, args);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "Compound#" + functor + Arrays.toString(args);
    }
}
