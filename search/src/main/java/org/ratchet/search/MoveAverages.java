package org.ratchet.search;

import java.util.Arrays;

/**
 * MAST statistics: each role's mean goal over the playouts in which it made a move, whatever the position.
 * One instance per worker thread, so no synchronisation; arrays indexed by move id grow on demand (engines
 * number moves densely from 0).
 */
final class MoveAverages {
    /** Move ids beyond this are not tracked (they get the untried value): guards against sparse numbering. */
    private static final int MAX_TRACKED_MOVE = 1 << 22;
    /** Value of a move never seen in a playout: optimistic, so that it gets tried. */
    private static final double UNTRIED_VALUE = 100;

    private final double[][] valueSums;
    private final double[][] counts;

    MoveAverages(int roles) {
        valueSums = new double[roles][64];
        counts = new double[roles][64];
    }

    double mean(int role, int move) {
        double[] roleCounts = counts[role];
        if (move >= roleCounts.length || roleCounts[move] == 0) {
            return UNTRIED_VALUE;
        }
        return valueSums[role][move] / roleCounts[move];
    }

    void add(int role, int move, int goal) {
        if (move < 0 || move >= MAX_TRACKED_MOVE) {
            return;
        }
        if (move >= counts[role].length) {
            int size = Math.max(move + 1, counts[role].length * 2);
            counts[role] = Arrays.copyOf(counts[role], size);
            valueSums[role] = Arrays.copyOf(valueSums[role], size);
        }
        counts[role][move]++;
        valueSums[role][move] += goal;
    }

    /** Scales all evidence down, so that what is learnt in the current phase of the game weighs more. */
    void decay(double factor) {
        for (int role = 0; role < counts.length; role++) {
            double[] roleCounts = counts[role];
            double[] roleSums = valueSums[role];
            for (int move = 0; move < roleCounts.length; move++) {
                roleCounts[move] *= factor;
                roleSums[move] *= factor;
            }
        }
    }
}
