package org.ratchet.reasoner.topdown;

import java.util.Arrays;

/**
 * The tables of one lifetime (game, state or joint move) by call: relation and key. Clearing them for the
 * next state keeps the table objects for reuse, so a playout allocates no tables once warmed up.
 */
final class CallTables {
    private Table[] slots = new Table[64];
    /** The hash of each slot's call, compared before its table is read (which costs a cache miss). */
    private int[] hashes = new int[64];
    /** The tables in use, in the order made. */
    private Table[] used = new Table[32];
    private int usedCount;
    /** Cleared tables, ready to be reset for new calls. */
    private Table[] spare = new Table[32];
    private int spareCount;

    /** The table of the call, or null when there is none. */
    Table get(int relation, int arity, int[] call) {
        int mask = slots.length - 1;
        int h = hash(relation, arity, call);
        for (int s = h & mask; ; s = (s + 1) & mask) {
            Table table = slots[s];
            if (table == null) {
                return null;
            }
            if (hashes[s] == h && table.relation == relation && sameKey(table, arity, call)) {
                return table;
            }
        }
    }

    /** A new, empty table for a call that has none. */
    Table add(int relation, int arity, int[] call) {
        if ((usedCount + 1) * 2 > slots.length) {
            grow();
        }
        Table table = spareCount > 0 ? spare[--spareCount] : new Table();
        table.reset(relation, arity, call);
        table.hash = hash(relation, arity, call);
        place(table);
        if (usedCount == used.length) {
            used = Arrays.copyOf(used, usedCount * 2);
        }
        used[usedCount++] = table;
        return table;
    }

    /** Forgets every call; their tables are kept for reuse. */
    void clear() {
        for (int i = 0; i < usedCount; i++) {
            Table table = used[i];
            slots[table.slot] = null;
            if (spareCount == spare.length) {
                spare = Arrays.copyOf(spare, spareCount * 2);
            }
            spare[spareCount++] = table;
            used[i] = null;
        }
        usedCount = 0;
    }

    /** Forgets the calls whose tables are not complete (a proof abandoned half way); keeps the others. */
    void removeIncomplete() {
        int kept = 0;
        for (int i = 0; i < usedCount; i++) {
            if (used[i].status == Table.COMPLETE) {
                used[kept++] = used[i];
            }
        }
        Arrays.fill(used, kept, usedCount, null);
        usedCount = kept;
        rehash(slots.length);
    }

    private void place(Table table) {
        int mask = slots.length - 1;
        int s = table.hash & mask;
        while (slots[s] != null) {
            s = (s + 1) & mask;
        }
        slots[s] = table;
        hashes[s] = table.hash;
        table.slot = s;
    }

    private void grow() {
        rehash(slots.length * 2);
    }

    private void rehash(int capacity) {
        slots = new Table[capacity];
        hashes = new int[capacity];
        for (int i = 0; i < usedCount; i++) {
            place(used[i]);
        }
    }

    private static boolean sameKey(Table table, int arity, int[] call) {
        if (table.arity != arity) {
            return false;
        }
        int[] key = table.key;
        for (int a = 0; a < arity; a++) {
            if (key[a] != call[a]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(int relation, int arity, int[] call) {
        int h = relation * 0x9E3779B1;
        for (int a = 0; a < arity; a++) {
            h = (h ^ call[a]) * 0x01000193;
        }
        // Murmur3's finaliser: keys differing in one argument's low bits must not share probe runs.
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }
}
