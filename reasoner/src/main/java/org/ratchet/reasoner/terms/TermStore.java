package org.ratchet.reasoner.terms;

import java.util.Arrays;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Term;

/**
 * Ground terms as dense ints, hash-consed, so that equal terms have equal ids and a term's arguments are ids
 * too. A constant whose symbol was known when the game was prepared has its symbol id as term id; every other
 * term (compounds, and constants met later) is an entry after those, holding its functor and argument ids.
 *
 * <p>Not thread-safe: each machine works on its own {@link #copy()} of the store built at preparation, so ids
 * below the copy point agree between machines (the static relations use those) and later ids are the
 * machine's own. Ids that leave a machine (facts, moves) are translated through the factory's shared
 * registry.
 */
public final class TermStore {
    /** Marks an entry that is a constant (its functor is the symbol) rather than a compound. */
    private static final int CONSTANT = -1;

    private final int constants;
    private int[] functor;
    private int[] arity;
    private int[] argStart;
    private int[] args;
    private int argsUsed;
    private int entries;
    /** Open addressing over entries: entry index + 1, 0 when empty. */
    private int[] table;

    public TermStore(int constants) {
        this.constants = constants;
        this.functor = new int[256];
        this.arity = new int[256];
        this.argStart = new int[256];
        this.args = new int[1024];
        this.table = new int[1024];
    }

    private TermStore(TermStore other) {
        this.constants = other.constants;
        this.functor = other.functor.clone();
        this.arity = other.arity.clone();
        this.argStart = other.argStart.clone();
        this.args = other.args.clone();
        this.argsUsed = other.argsUsed;
        this.entries = other.entries;
        this.table = other.table.clone();
    }

    public TermStore copy() {
        return new TermStore(this);
    }

    /** Whether the term is a compound (a functor applied to zero or more arguments). */
    public boolean isCompound(int term) {
        return term >= constants && arity[term - constants] != CONSTANT;
    }

    /** The symbol of a constant or the functor of a compound. */
    public int functor(int term) {
        return term < constants ? term : functor[term - constants];
    }

    /** The number of arguments of a compound (0 for a constant). */
    public int arity(int term) {
        return term < constants ? 0 : Math.max(0, arity[term - constants]);
    }

    public int arg(int term, int i) {
        return args[argStart[term - constants] + i];
    }

    public int constant(int symbol) {
        return symbol < constants ? symbol : entry(symbol, CONSTANT, null, 0, true);
    }

    /** The id of the compound {@code (functor values[from..from+n))}, interning it when new. */
    public int compound(int functorSymbol, int[] values, int from, int n) {
        return entry(functorSymbol, n, values, from, true);
    }

    /** The id of the compound, or -1 when no such term was ever interned (so nothing can match it). */
    public int findCompound(int functorSymbol, int[] values, int from, int n) {
        return entry(functorSymbol, n, values, from, false);
    }

    private int entry(int symbol, int n, int[] values, int from, boolean create) {
        int h = symbol * 0x9E3779B1 + n;
        for (int i = 0; i < n; i++) {
            h = (h ^ values[from + i]) * 0x01000193;
        }
        h ^= h >>> 15;
        int mask = table.length - 1;
        for (int slot = h & mask; ; slot = (slot + 1) & mask) {
            int found = table[slot] - 1;
            if (found < 0) {
                if (!create) {
                    return -1;
                }
                return add(slot, symbol, n, values, from);
            }
            if (functor[found] == symbol && arity[found] == n && sameArgs(found, values, from, n)) {
                return found + constants;
            }
        }
    }

    private boolean sameArgs(int entry, int[] values, int from, int n) {
        int start = argStart[entry];
        for (int i = 0; i < n; i++) {
            if (args[start + i] != values[from + i]) {
                return false;
            }
        }
        return true;
    }

    private int add(int slot, int symbol, int n, int[] values, int from) {
        if (entries == functor.length) {
            functor = Arrays.copyOf(functor, entries * 2);
            arity = Arrays.copyOf(arity, entries * 2);
            argStart = Arrays.copyOf(argStart, entries * 2);
        }
        int width = Math.max(0, n);
        if (argsUsed + width > args.length) {
            args = Arrays.copyOf(args, Math.max(args.length * 2, argsUsed + width));
        }
        int entry = entries++;
        functor[entry] = symbol;
        arity[entry] = n;
        argStart[entry] = argsUsed;
        if (width > 0) {
            System.arraycopy(values, from, args, argsUsed, width);
        }
        argsUsed += width;
        table[slot] = entry + 1;
        if (entries * 2 > table.length) {
            rehash();
        }
        return entry + constants;
    }

    private void rehash() {
        int[] old = table;
        table = new int[old.length * 2];
        int mask = table.length - 1;
        for (int slotValue : old) {
            if (slotValue == 0) {
                continue;
            }
            int entry = slotValue - 1;
            int n = arity[entry];
            int h = functor[entry] * 0x9E3779B1 + n;
            for (int i = 0; i < n; i++) {
                h = (h ^ args[argStart[entry] + i]) * 0x01000193;
            }
            h ^= h >>> 15;
            int slot = h & mask;
            while (table[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = slotValue;
        }
    }

    /** Interns a ground term. */
    public int intern(Term term) {
        if (term instanceof Atom) {
            return constant(term.symbol());
        }
        int n = term.arity();
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = intern(term.arg(i));
        }
        return compound(term.symbol(), values, 0, n);
    }

    /** The term of an id, rebuilt as a GDL term (for ids that leave the engine). */
    public Term term(int id) {
        if (!isCompound(id)) {
            return new Atom(functor(id));
        }
        Term[] children = new Term[arity(id)];
        for (int i = 0; i < children.length; i++) {
            children[i] = term(arg(id, i));
        }
        return new Compound(functor(id), children);
    }
}
