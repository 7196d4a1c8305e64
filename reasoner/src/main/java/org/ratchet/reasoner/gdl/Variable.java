package org.ratchet.reasoner.gdl;

/**
 * A variable. Variables are numbered 0..n-1 within the rule they occur in (so engines can bind them in an
 * array); the name is kept for error messages and rendering.
 */
public final class Variable extends Term {
    private final int index;
    private final String name;

    public Variable(int index, String name) {
        this.index = index;
        this.name = name;
    }

    /** Position of this variable within its rule. */
    public int index() {
        return index;
    }

    /** The name without the leading '?', lower case. */
    public String name() {
        return name;
    }

    @Override
    public boolean isGround() {
        return false;
    }

    @Override
    public int symbol() {
        return -1;
    }

    @Override
    public int arity() {
        return 0;
    }

    @Override
    public void appendTo(StringBuilder out, SymbolTable symbols, boolean originalSpelling) {
        out.append('?').append(name);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Variable variable && variable.index == index;
    }

    @Override
    public int hashCode() {
        return 0x7F4A7C15 ^ index;
    }

    @Override
    public String toString() {
        return "?" + name;
    }
}
