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

    /**
     * The symbol's bits mixed (MurmurHash3's finaliser): compounds and tuples combine their parts' hashes
     * linearly (31 * h + part), so a hash linear in the symbol made (sum 12 40 52) and (sum 13 9 52) collide
     * whenever symbols were numbered side by side, as numerals are; such instance sets and join keys then
     * probed long chains of equal hashes (gt_two_thirds_6p spent half its grounding comparing them).
     */
    @Override
    public int hashCode() {
        int h = symbol;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h;
    }

    @Override
    public String toString() {
        return "Atom#" + symbol;
    }
}
