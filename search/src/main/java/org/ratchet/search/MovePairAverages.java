package org.ratchet.search;

/**
 * The 2-gram statistics of N-gram selection (NST): each role's mean goal over the playouts in which it made a
 * move right after a given move of the role before it (in turn order, the opponent's last move). A move's
 * value then depends on what it answers, which single-move averages (MAST) cannot see: "capture back after a
 * capture", "block the column just played".
 *
 * <p>One instance per worker thread, so no synchronisation. An open-addressing table of packed (role,
 * previous move, move) keys, grown by doubling up to {@link #MAX_ENTRIES}; past that, new pairs are not
 * recorded (the pairs already counted keep learning). Nothing is allocated per lookup or update.
 */
final class MovePairAverages {
    /** The most pairs kept: about 24 MB per worker at 24 bytes a pair. */
    static final int MAX_ENTRIES = 1 << 20;
    /** Move ids at or beyond this are not tracked: 22 bits each for the two moves of a key. */
    private static final int MAX_TRACKED_MOVE = 1 << 22;
    private static final long EMPTY = 0;

    /** Packed key plus one, so that 0 marks an empty slot. */
    private long[] keys = new long[1 << 12];
    private double[] valueSums = new double[keys.length];
    private double[] counts = new double[keys.length];
    private int size;

    /** The mean goal of {@code role}'s {@code move} right after {@code previous}; NaN below {@code minCount} samples. */
    double mean(int role, int previous, int move, double minCount) {
        if (!tracked(previous, move)) {
            return Double.NaN;
        }
        int slot = find(key(role, previous, move));
        if (slot < 0 || counts[slot] < minCount) {
            return Double.NaN;
        }
        return valueSums[slot] / counts[slot];
    }

    void add(int role, int previous, int move, int goal) {
        if (!tracked(previous, move)) {
            return;
        }
        long key = key(role, previous, move);
        int slot = find(key);
        if (slot < 0) {
            if (size >= MAX_ENTRIES) {
                return;
            }
            if ((size + 1) * 4L > keys.length * 3L) {
                grow();
            }
            slot = insertionSlot(key);
            keys[slot] = key;
            size++;
        }
        counts[slot]++;
        valueSums[slot] += goal;
    }

    /** Scales all evidence down, so that what is learnt in the current phase of the game weighs more. */
    void decay(double factor) {
        for (int slot = 0; slot < keys.length; slot++) {
            counts[slot] *= factor;
            valueSums[slot] *= factor;
        }
    }

    /**
     * The role whose move {@code role}'s move answers: the role before it in turn order (in a turn-taking
     * game, the opponent that moved last).
     */
    static int answeredRole(int role, int roles) {
        return role == 0 ? roles - 1 : role - 1;
    }

    /** Pairs recorded so far (tests). */
    int size() {
        return size;
    }

    private static boolean tracked(int previous, int move) {
        return previous >= 0 && move >= 0 && previous < MAX_TRACKED_MOVE && move < MAX_TRACKED_MOVE;
    }

    private static long key(int role, int previous, int move) {
        return (((long) role << 44) | ((long) previous << 22) | move) + 1;
    }

    /** The slot holding {@code key}, or -1. */
    private int find(long key) {
        int mask = keys.length - 1;
        for (int slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
            long found = keys[slot];
            if (found == key) {
                return slot;
            }
            if (found == EMPTY) {
                return -1;
            }
        }
    }

    private int insertionSlot(long key) {
        int mask = keys.length - 1;
        int slot = hash(key) & mask;
        while (keys[slot] != EMPTY) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldSums = valueSums;
        double[] oldCounts = counts;
        keys = new long[oldKeys.length * 2];
        valueSums = new double[keys.length];
        counts = new double[keys.length];
        for (int old = 0; old < oldKeys.length; old++) {
            if (oldKeys[old] != EMPTY) {
                int slot = insertionSlot(oldKeys[old]);
                keys[slot] = oldKeys[old];
                valueSums[slot] = oldSums[old];
                counts[slot] = oldCounts[old];
            }
        }
    }

    private static int hash(long key) {
        long mixed = key * 0x9E3779B97F4A7C15L;
        return (int) (mixed ^ (mixed >>> 32));
    }
}
