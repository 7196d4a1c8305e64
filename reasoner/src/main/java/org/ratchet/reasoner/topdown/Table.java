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
    int[] key = new int[4];
    int[] rows = new int[16];
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
    /** Where the table sits in its {@link CallTables}' slots, so clearing touches only the slots in use. */
    int slot;
    /** The hash of the call, kept by {@link CallTables}. */
    int hash;

    /** Makes this the empty table of a new call: {@code relation} with arguments {@code call[0..arity)}. */
    void reset(int relation, int arity, int[] call) {
        this.relation = relation;
        this.arity = arity;
        if (key.length < arity) {
            key = new int[arity];
        }
        System.arraycopy(call, 0, key, 0, arity);
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

    /** Whether the table has all the answers it can have: a ground call that holds. */
    boolean settled() {
        return ground && count > 0;
    }

    int value(int row, int argument) {
        return rows[row * arity + argument];
    }

    /** Adds {@code row[0..arity)} unless it is an answer already; returns whether it was new. */
    boolean add(int[] row) {
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
