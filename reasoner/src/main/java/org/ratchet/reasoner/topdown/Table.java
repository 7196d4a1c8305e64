package org.ratchet.reasoner.topdown;

import java.util.Arrays;

/**
 * Every answer to one call: a relation with some arguments bound to term ids and the others free. Answers are
 * rows of term ids, kept in the order found (an open recursive call's readers index them while they grow),
 * without repeats. The status fields serve the {@link Solver}'s fixpoint over recursive calls, as in the
 * prover. Tables are reused: {@link #reset} makes one a new, empty call.
 */
final class Table {
    static final int NEW = 0;
    static final int OPEN = 1;
    static final int INCOMPLETE = 2;
    static final int COMPLETE = 3;
    /** An argument the call leaves free. */
    static final int FREE = -1;
    /** Linear search over the rows finds a repeat until there are this many; a hash set from then on. */
    private static final int LINEAR_ROWS = 8;

    int relation;
    int arity;
    /** The table's number among its {@link CallTables}' (set there). */
    int number;
    /** The call's arguments are {@code keys[keyAt .. keyAt + arity)}: stored by {@link CallTables}, not copied. */
    private int[] keys;
    private int keyAt;
    private int[] rows = new int[16];
    int count;
    /** Every argument bound: the call has at most one answer, so its search stops at the first. */
    boolean ground;
    /** Row index + 1 by row hash, open addressing; built once there are more than {@link #LINEAR_ROWS}. */
    private int[] index;

    int status;
    int stackPosition;
    int lowLink;
    /** The solver's iteration in which the table was last evaluated. */
    int iteration;
    boolean consultedWhileOpen;

    /**
     * Makes this the empty table of a new call: {@code relation} with arguments {@code call[0..arity)}, which
     * the caller has stored at {@code keys[keyAt ..]} and leaves there while the table is in use.
     */
    void reset(int relation, int arity, int[] call, int[] keys, int keyAt) {
        this.relation = relation;
        this.arity = arity;
        moveKey(keys, keyAt);
        ground = true;
        for (int a = 0; a < arity; a++) {
            ground &= call[a] != FREE;
        }
        status = NEW;
        forgetAnswers();
    }

    /**
     * Drops the answers (a member of a recursive component evaluated again from scratch). The hash index is
     * not consulted below {@link #LINEAR_ROWS} rows and is rebuilt on reaching them, so it needs no clearing.
     */
    void forgetAnswers() {
        count = 0;
    }

    /** The stored call has moved (its owner compacted its calls). */
    void moveKey(int[] keys, int keyAt) {
        this.keys = keys;
        this.keyAt = keyAt;
    }

    /** The call's argument {@code a}: a term id, or {@link #FREE}. */
    int key(int a) {
        return keys[keyAt + a];
    }

    /** Whether the table has all the answers it can have: a ground call that holds. */
    boolean settled() {
        return ground && count > 0;
    }

    int value(int row, int argument) {
        // A ground call's only answer is the call itself: it is not copied to the rows.
        return ground ? keys[keyAt + argument] : rows[row * arity + argument];
    }

    /**
     * Adds {@code row[0..arity)} unless it is an answer already; returns whether it was new. A ground call's
     * only possible answer is the call itself.
     */
    boolean add(int[] row) {
        if (ground) {
            if (count > 0) {
                return false;
            }
            count = 1;
            return true;
        }
        if (count >= LINEAR_ROWS) {
            return addIndexed(row);
        }
        for (int r = 0; r < count; r++) {
            if (sameRow(r, row)) {
                return false;
            }
        }
        append(row);
        if (count == LINEAR_ROWS) {
            buildIndex();
        }
        return true;
    }

    private boolean addIndexed(int[] row) {
        int mask = index.length - 1;
        for (int s = hash(row, 0) & mask; ; s = (s + 1) & mask) {
            int found = index[s] - 1;
            if (found < 0) {
                append(row);
                index[s] = count;
                if (count * 2 > index.length) {
                    buildIndex();
                }
                return true;
            }
            if (sameRow(found, row)) {
                return false;
            }
        }
    }

    private void append(int[] row) {
        int start = count * arity;
        if (start + arity > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(rows.length * 2, start + arity));
        }
        System.arraycopy(row, 0, rows, start, arity);
        count++;
    }

    private void buildIndex() {
        int capacity = Integer.highestOneBit(Math.max(16, count * 4) - 1) << 1;
        if (index == null || index.length < capacity) {
            index = new int[capacity];
        } else {
            Arrays.fill(index, 0);
        }
        int mask = index.length - 1;
        for (int r = 0; r < count; r++) {
            int s = hash(rows, r * arity) & mask;
            while (index[s] != 0) {
                s = (s + 1) & mask;
            }
            index[s] = r + 1;
        }
    }

    private int hash(int[] values, int from) {
        int h = 0x9E3779B9;
        for (int a = 0; a < arity; a++) {
            h = (h ^ values[from + a]) * 0x01000193;
        }
        return h ^ (h >>> 15);
    }

    private boolean sameRow(int r, int[] row) {
        int start = r * arity;
        for (int a = 0; a < arity; a++) {
            if (rows[start + a] != row[a]) {
                return false;
            }
        }
        return true;
    }
}
