package org.ratchet.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A fixed-size map from non-zero long keys to non-negative ints, safe for concurrent readers and inserters
 * without locks: open addressing with linear probing in two parallel arrays, a key claimed by compare-and-set
 * and its value published after it. Removing entries is single-threaded ({@link #clear}, then inserting the
 * survivors again), done while no search runs. The search keeps its transposition table (state key to node)
 * and the children of nodes with very many joint moves in such tables.
 */
final class LongIntTable {
    static final int ABSENT = -1;
    /**
     * The value of every empty slot, and so of a key whose inserter has claimed the slot but not yet
     * written its value: a reader that finds the key waits for the value.
     */
    private static final int CLAIMED = -2;
    private static final VarHandle KEYS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle VALUES = MethodHandles.arrayElementVarHandle(int[].class);

    private final long[] keys;
    private final int[] values;
    private final int mask;

    /** A table that holds {@code expectedEntries} with probes kept short (at most half full). */
    LongIntTable(int expectedEntries) {
        int size = Integer.highestOneBit(Math.max(16, expectedEntries) * 2 - 1) << 1;
        if (size <= 0) {
            size = 1 << 30;
        }
        keys = new long[size];
        values = new int[size];
        mask = size - 1;
        java.util.Arrays.fill(values, CLAIMED);
    }

    static long bytesPerEntry() {
        return 4 * (Long.BYTES + Integer.BYTES); // at most half full, rounded up to a power of two
    }

    /** The value of {@code key} (never 0), or {@link #ABSENT}. */
    int get(long key) {
        for (int slot = slotOf(key), probes = 0; probes <= mask; slot = (slot + 1) & mask, probes++) {
            long found = (long) KEYS.getAcquire(keys, slot);
            if (found == key) {
                return awaitValue(slot);
            }
            if (found == 0) {
                return ABSENT;
            }
        }
        return ABSENT;
    }

    /**
     * Maps {@code key} (never 0) to {@code value} (at least 0) unless it is mapped already. Returns
     * {@link #ABSENT} if this call inserted it, the existing value if it was there, or {@code -3} if the
     * table is full.
     */
    int putIfAbsent(long key, int value) {
        for (int slot = slotOf(key), probes = 0; probes <= mask; slot = (slot + 1) & mask, probes++) {
            long found = (long) KEYS.getAcquire(keys, slot);
            if (found == 0) {
                if (KEYS.compareAndSet(keys, slot, 0L, key)) {
                    VALUES.setRelease(values, slot, value);
                    return ABSENT;
                }
                found = (long) KEYS.getAcquire(keys, slot);
            }
            if (found == key) {
                return awaitValue(slot);
            }
        }
        return -3;
    }

    /** A table for {@code expectedEntries} with this one's entries. Only while nobody inserts. */
    LongIntTable copy(int expectedEntries) {
        LongIntTable copy = new LongIntTable(expectedEntries);
        for (int slot = 0; slot < keys.length; slot++) {
            if (keys[slot] != 0 && values[slot] >= 0) {
                copy.putIfAbsent(keys[slot], values[slot]);
            }
        }
        return copy;
    }

    /** Empties the table. Only while nobody else uses it. */
    void clear() {
        java.util.Arrays.fill(keys, 0L);
        java.util.Arrays.fill(values, CLAIMED);
    }

    /** Slots in the table, for iterating with {@link #keyAt} and {@link #valueAt} while nobody inserts. */
    int slots() {
        return keys.length;
    }

    long keyAt(int slot) {
        return keys[slot];
    }

    int valueAt(int slot) {
        return values[slot];
    }

    /** The value of a claimed key is written right after the claim; wait the few instructions for it. */
    private int awaitValue(int slot) {
        int value;
        while ((value = (int) VALUES.getAcquire(values, slot)) == CLAIMED) {
            Thread.onSpinWait();
        }
        return value;
    }

    private int slotOf(long key) {
        return (int) (StateKeys.mix(key) & mask);
    }
}
