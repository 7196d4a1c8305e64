package org.ratchet.reasoner.gdl;

/** A constant symbol, e.g. {@code xplayer}, {@code 5} or the sentence {@code terminal}. */
public final class Atom extends Term {
    private final int symbol;

    public Atom(int symbol) {
        this.symbol = symbol;
    }

    @Override
    public boolean isGround() {
        return true;
    }

    @Override
    public int symbol() {
        return symbol;
    }

    @Override
    public int arity() {
        return 0;
    }

    @Override
    public void appendTo(StringBuilder out, SymbolTable symbols, boolean originalSpelling) {
        out.append(originalSpelling ? symbols.spelling(symbol) : symbols.name(symbol));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Atom atom && atom.symbol == symbol;
    }

    @Override
    public int hashCode() {
        return symbol * 0x9E3779B1;
    }

    @Override
    public String toString() {
        return "Atom#" + symbol;
    }
}
