package org.ratchet.reasoner.bottomup;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.Arrays;

/**
 * The rows of one relation: tuples of term ids stored one after another in a flat int array, with a hash set
 * over whole rows (for duplicates and negation) and one hash index per set of argument positions that some
 * rule looks rows up by. Rows are only appended, so a range of row numbers is a consistent view (the
 * semi-naive delta is the range added by the last round). Clearing keeps the arrays for the next state.
 */
final class Relation {
    final int arity;
    /** Bit i set: argument i is part of the index's key. */
    private int[] indexMasks;
    private int[] rows = new int[16];
    private int count;
    /** Whole-row hash set: row number + 1, 0 when empty. */
    private int[] set = new int[16];
    /** Per index: bucket heads (row number + 1) and, per row, the next row in the same bucket (+1). */
    private int[][] heads;
    private int[][] next;
    /** For a relation evaluated on demand: per key mask asked, the keys whose rows were derived already. */
    private int[] demandMasks = new int[0];
    private Relation[] demanded = new Relation[0];
    private int[] packedKey;
    /** Per position, the distinct values among the first {@link #distinctCounted} rows (join-order statistics). */
    private int[] distinctOf;
    private int distinctCounted;

    Relation(int arity, int[] indexMasks) {
        this.arity = arity;
        this.indexMasks = indexMasks.clone();
        this.heads = new int[indexMasks.length][set.length];
        this.next = new int[indexMasks.length][set.length];
    }

    /** An empty relation with the same shape (for a machine's own copy of a dynamic relation). */
    Relation emptyCopy() {
        return new Relation(arity, indexMasks);
    }

    int count() {
        return count;
    }

    int value(int row, int position) {
        return rows[row * arity + position];
    }

    void clear() {
        for (Relation keys : demanded) {
            keys.clear();
        }
        if (count > 0) {
            count = 0;
            Arrays.fill(set, 0);
            for (int[] head : heads) {
                Arrays.fill(head, 0);
            }
        }
    }

    /**
     * Records that the rows matching {@code key} on the positions of {@code mask} are being derived; false
     * when they were already (since the relation was last cleared).
     */
    boolean markDemanded(int mask, int[] key) {
        int slot = 0;
        while (slot < demandMasks.length && demandMasks[slot] != mask) {
            slot++;
        }
        if (slot == demandMasks.length) {
            demandMasks = Arrays.copyOf(demandMasks, slot + 1);
            demandMasks[slot] = mask;
            demanded = Arrays.copyOf(demanded, slot + 1);
            demanded[slot] = new Relation(Integer.bitCount(mask), new int[0]);
            packedKey = new int[arity];
        }
        int n = 0;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            packedKey[n++] = key[Integer.numberOfTrailingZeros(bits)];
        }
        return demanded[slot].add(packedKey, 0);
    }

    /** The rows plus the keys recorded by {@link #markDemanded}: what a relation evaluated on demand holds. */
    int demandSize() {
        int size = count;
        for (Relation keys : demanded) {
            size += keys.count;
        }
        return size;
    }

    /** The row number of the tuple {@code values[from .. from+arity)}, or -1. */
    int find(int[] values, int from) {
        if (arity == 0) {
            return count > 0 ? 0 : -1;
        }
        int mask = set.length - 1;
        for (int slot = rowHash(values, from) & mask; ; slot = (slot + 1) & mask) {
            int row = set[slot] - 1;
            if (row < 0) {
                return -1;
            }
            if (sameRow(row, values, from)) {
                return row;
            }
        }
    }

    /** Adds the tuple unless present; returns whether it was new. */
    boolean add(int[] values, int from) {
        if (arity == 0) {
            if (count > 0) {
                return false;
            }
            count = 1;
            return true;
        }
        int mask = set.length - 1;
        int slot = rowHash(values, from) & mask;
        for (; set[slot] != 0; slot = (slot + 1) & mask) {
            if (sameRow(set[slot] - 1, values, from)) {
                return false;
            }
        }
        int row = count;
        if ((row + 1) * arity > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(rows.length * 2, (row + 1) * arity));
        }
        System.arraycopy(values, from, rows, row * arity, arity);
        count++;
        set[slot] = row + 1;
        if (count * 2 > set.length) {
            grow();
        } else {
            for (int index = 0; index < heads.length; index++) {
                link(index, row);
            }
        }
        return true;
    }

    /**
     * The index slot for the key positions {@code mask}, adding the index (over the rows already present)
     * when there is none yet. Only while the program is compiled: static relations are shared by machines.
     */
    int indexFor(int mask) {
        for (int i = 0; i < indexMasks.length; i++) {
            if (indexMasks[i] == mask) {
                return i;
            }
        }
        int index = indexMasks.length;
        indexMasks = Arrays.copyOf(indexMasks, index + 1);
        indexMasks[index] = mask;
        heads = Arrays.copyOf(heads, index + 1);
        next = Arrays.copyOf(next, index + 1);
        heads[index] = new int[set.length];
        next[index] = new int[set.length];
        for (int row = 0; row < count; row++) {
            link(index, row);
        }
        return index;
    }

    /**
     * The rows expected per lookup on the key positions {@code mask}: the row count over the number of
     * distinct keys, estimated as the product of each position's distinct values (for join order).
     */
    double fanout(int mask) {
        if (count == 0) {
            return 0;
        }
        double keys = 1;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            keys *= distinct(Integer.numberOfTrailingZeros(bits));
        }
        return count / Math.min(keys, count);
    }

    private int distinct(int position) {
        if (distinctOf == null || distinctCounted != count) {
            distinctOf = new int[arity];
            distinctCounted = count;
            for (int p = 0; p < arity; p++) {
                IntOpenHashSet values = new IntOpenHashSet();
                for (int row = 0; row < count; row++) {
                    values.add(rows[row * arity + p]);
                }
                distinctOf[p] = values.size();
            }
        }
        return distinctOf[position];
    }

    /** The first row (+1) of the bucket of the key, 0 if none; keys are hashed by {@link #keyHash}. */
    int first(int index, int keyHash) {
        int[] head = heads[index];
        return head[keyHash & (head.length - 1)];
    }

    /** The row (+1) after {@code row} in its bucket, 0 at the end; a bucket lists its rows in descending order. */
    int following(int index, int row) {
        return next[index][row];
    }

    /** The hash of the key values at the positions of {@code mask}, taken from {@code values} by position. */
    static int keyHash(int mask, int[] values) {
        int h = 0x2545F491;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            h = (h ^ values[Integer.numberOfTrailingZeros(bits)]) * 0x01000193;
        }
        return mix(h);
    }

    private int rowKeyHash(int mask, int row) {
        int h = 0x2545F491;
        int base = row * arity;
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            h = (h ^ rows[base + Integer.numberOfTrailingZeros(bits)]) * 0x01000193;
        }
        return mix(h);
    }

    /** Spreads every bit of {@code h} over the low bits that pick a slot (MurmurHash3's finaliser). */
    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }

    private void link(int index, int row) {
        int[] head = heads[index];
        int bucket = rowKeyHash(indexMasks[index], row) & (head.length - 1);
        next[index][row] = head[bucket];
        head[bucket] = row + 1;
    }

    private void grow() {
        set = new int[set.length * 2];
        int mask = set.length - 1;
        for (int row = 0; row < count; row++) {
            int slot = rowHash(rows, row * arity) & mask;
            while (set[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            set[slot] = row + 1;
        }
        for (int index = 0; index < heads.length; index++) {
            heads[index] = new int[set.length];
            next[index] = new int[set.length];
            for (int row = 0; row < count; row++) {
                link(index, row);
            }
        }
    }

    private int rowHash(int[] values, int from) {
        int h = 0x2545F491;
        for (int i = 0; i < arity; i++) {
            h = (h ^ values[from + i]) * 0x01000193;
        }
        return mix(h);
    }

    private boolean sameRow(int row, int[] values, int from) {
        int base = row * arity;
        for (int i = 0; i < arity; i++) {
            if (rows[base + i] != values[from + i]) {
                return false;
            }
        }
        return true;
    }
}
