package org.ratchet.reasoner.topdown;

import java.util.Arrays;

/**
 * The tables of one lifetime (game, state or joint move) by call: relation and key. A lookup reads flat
 * arrays only (the slot with the call's hash and table number, then the stored call), not the table objects,
 * which a state of a big game has thousands of, each a cache miss away. Clearing for the next state keeps
 * the table objects: the table numbered i is reused for the i-th call of the next state, so a playout
 * allocates no tables once warmed up.
 */
final class CallTables {
    /** Ints per stored call: the relation, then as many arguments as the widest relation has. */
    private final int stride;
    /** Per slot: the call's hash in the high half, its table number + 1 in the low half; 0 is empty. */
    private long[] slots = new long[64];
    /** The stored calls by table number: {@code calls[i * stride]} is the relation, its arguments follow. */
    private int[] calls;
    /** The slot of each table, by table number, so clearing touches only the slots in use. */
    private int[] slotOf = new int[32];
    /** The tables by number: the first {@link #usedCount} are in use, the rest are kept for reuse. */
    private Table[] tables = new Table[32];
    /**
     * By table number: the answer count once the table is complete, else {@link #NOT_COMPLETE}. A call with
     * every argument bound needs no more than this (it holds or it does not), so it is answered from this
     * array without reaching the table object.
     */
    private int[] completeCounts = new int[32];
    private int usedCount;
    /** The hash of the call {@link #find} looked for last, which {@link #add} of that call reuses. */
    private int lastHash;

    /** {@link #completeCount} of a table still to be evaluated, or being evaluated. */
    static final int NOT_COMPLETE = -1;

    CallTables(int maxArity) {
        this.stride = 1 + maxArity;
        this.calls = new int[32 * stride];
    }

    /**
     * The number of the call's table when there is one; otherwise a negative value, which {@link #add} takes
     * to place the new call where this search ended instead of searching again.
     */
    int find(int relation, int arity, int[] call) {
        int mask = slots.length - 1;
        int h = hash(relation, arity, call);
        lastHash = h;
        for (int s = h & mask; ; s = (s + 1) & mask) {
            long slot = slots[s];
            if (slot == 0) {
                return -1 - s;
            }
            if ((int) (slot >>> 32) == h) {
                int number = (int) slot - 1;
                if (sameCall(number * stride, relation, arity, call)) {
                    return number;
                }
            }
        }
    }

    /** The table numbered {@code number} (by {@link #find}). */
    Table table(int number) {
        return tables[number];
    }

    /** The answer count of the table numbered {@code number} if it is complete, else {@link #NOT_COMPLETE}. */
    int completeCount(int number) {
        return completeCounts[number];
    }

    /** Notes that the table, one of these, is complete: its answers are final. */
    void completed(Table table) {
        completeCounts[table.number] = table.count;
    }

    /**
     * A new, empty table for a call that has none, {@code missed} being what {@link #find} said of it, called
     * right after that {@link #find}.
     */
    Table add(int missed, int relation, int arity, int[] call) {
        int h = lastHash;
        int emptySlot = -1 - missed;
        if ((usedCount + 1) * 2 > slots.length) {
            rehash(slots.length * 2);
            emptySlot = emptySlotFor(h);
        }
        int number = usedCount++;
        if (number == tables.length) {
            tables = Arrays.copyOf(tables, number * 2);
            completeCounts = Arrays.copyOf(completeCounts, number * 2);
            slotOf = Arrays.copyOf(slotOf, number * 2);
            calls = Arrays.copyOf(calls, number * 2 * stride);
        }
        int at = number * stride;
        calls[at] = relation;
        System.arraycopy(call, 0, calls, at + 1, arity);
        Table table = tables[number];
        if (table == null) {
            table = new Table();
            tables[number] = table;
        }
        table.reset(relation, arity, call, calls, at + 1);
        table.number = number;
        completeCounts[number] = NOT_COMPLETE;
        slots[emptySlot] = ((long) h << 32) | (number + 1L);
        slotOf[number] = emptySlot;
        return table;
    }

    /** The calls remembered. */
    int size() {
        return usedCount;
    }

    /** Forgets every call; their tables are kept for reuse. */
    void clear() {
        for (int i = 0; i < usedCount; i++) {
            slots[slotOf[i]] = 0;
        }
        usedCount = 0;
    }

    /** Forgets the calls whose tables are not complete (a proof abandoned half way); keeps the others. */
    void removeIncomplete() {
        int kept = 0;
        for (int i = 0; i < usedCount; i++) {
            Table table = tables[i];
            if (table.status == Table.COMPLETE) {
                tables[i] = tables[kept];
                tables[kept] = table;
                System.arraycopy(calls, i * stride, calls, kept * stride, stride);
                table.moveKey(calls, kept * stride + 1);
                table.number = kept;
                completeCounts[kept] = table.count;
                kept++;
            }
        }
        usedCount = kept;
        rehash(slots.length);
    }

    private void place(int number, int hash) {
        int s = emptySlotFor(hash);
        slots[s] = ((long) hash << 32) | (number + 1L);
        slotOf[number] = s;
    }

    /** The first empty slot of the hash's probe sequence. */
    private int emptySlotFor(int hash) {
        int mask = slots.length - 1;
        int s = hash & mask;
        while (slots[s] != 0) {
            s = (s + 1) & mask;
        }
        return s;
    }

    private void rehash(int capacity) {
        slots = new long[capacity];
        for (int i = 0; i < usedCount; i++) {
            int at = i * stride;
            int relation = calls[at];
            Table table = tables[i];
            place(i, hash(relation, table.arity, calls, at + 1));
        }
    }

    private boolean sameCall(int at, int relation, int arity, int[] call) {
        if (calls[at] != relation) {
            return false;
        }
        for (int a = 0; a < arity; a++) {
            if (calls[at + 1 + a] != call[a]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(int relation, int arity, int[] call) {
        return hash(relation, arity, call, 0);
    }

    private static int hash(int relation, int arity, int[] values, int from) {
        int h = relation * 0x9E3779B1;
        for (int a = 0; a < arity; a++) {
            h = (h ^ values[from + a]) * 0x01000193;
        }
        // Murmur3's finaliser: keys differing in one argument's low bits must not share probe runs.
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }
}
