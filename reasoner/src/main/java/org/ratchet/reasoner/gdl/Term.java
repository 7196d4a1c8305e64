package org.ratchet.reasoner.gdl;

/**
 * A GDL term: a constant ({@link Atom}), a variable ({@link Variable}) or a function application
 * ({@link Compound}). Atomic sentences such as {@code (true (cell 1 1 b))} or {@code terminal} are terms too.
 * Terms are immutable and compare structurally; their hash is computed once.
 */
public abstract sealed class Term permits Atom, Variable, Compound {

    /** True if the term contains no variable. */
    public abstract boolean isGround();

    /** The symbol id of a constant or of a compound's functor; -1 for a variable. */
    public abstract int symbol();

    /** Number of arguments; 0 for constants and variables. */
    public abstract int arity();

    /** The i-th argument of a compound. */
    public Term arg(int i) {
        throw new IndexOutOfBoundsException("term has no arguments");
    }

    /** Canonical KIF: lower-case symbols, single spaces (the form of ../shared/TRACE.md). */
    public final String render(SymbolTable symbols) {
        StringBuilder out = new StringBuilder();
        appendTo(out, symbols, false);
        return out.toString();
    }

    /** KIF in the spelling under which each symbol was first seen (what a game server expects back). */
    public final String renderSpelling(SymbolTable symbols) {
        StringBuilder out = new StringBuilder();
        appendTo(out, symbols, true);
        return out.toString();
    }

    public abstract void appendTo(StringBuilder out, SymbolTable symbols, boolean originalSpelling);
}
