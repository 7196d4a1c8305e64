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
    /**
     * MAST's Gibbs temperature on the 0..100 goal scale: a move averaging 10 points more is e times as
     * likely.
     */
    static final double GIBBS_TEMPERATURE = 10;
    private static final double UNTRIED_WEIGHT = Math.exp(UNTRIED_VALUE / GIBBS_TEMPERATURE);

    private final double[][] valueSums;
    private final double[][] counts;
    /**
     * {@link #gibbsWeight} of each move, kept as its mean changes: a playout weighs every legal move at every
     * step, far more often than a move's mean changes (breakthrough's search spent 9% of its time in exp).
     */
    private final double[][] gibbsWeights;

    MoveAverages(int roles) {
        valueSums = new double[roles][64];
        counts = new double[roles][64];
        gibbsWeights = new double[roles][64];
        for (double[] weights : gibbsWeights) {
            Arrays.fill(weights, UNTRIED_WEIGHT);
        }
    }

    double mean(int role, int move) {
        double[] roleCounts = counts[role];
        if (move >= roleCounts.length || roleCounts[move] == 0) {
            return UNTRIED_VALUE;
        }
        return valueSums[role][move] / roleCounts[move];
    }

    /** The move's weight in MAST's Gibbs sampling: exp(mean / {@link #GIBBS_TEMPERATURE}). */
    double gibbsWeight(int role, int move) {
        double[] weights = gibbsWeights[role];
        return move < weights.length ? weights[move] : UNTRIED_WEIGHT;
    }

    void add(int role, int move, int goal) {
        if (move < 0 || move >= MAX_TRACKED_MOVE) {
            return;
        }
        if (move >= counts[role].length) {
            int old = counts[role].length;
            int size = Math.max(move + 1, old * 2);
            counts[role] = Arrays.copyOf(counts[role], size);
            valueSums[role] = Arrays.copyOf(valueSums[role], size);
            gibbsWeights[role] = Arrays.copyOf(gibbsWeights[role], size);
            Arrays.fill(gibbsWeights[role], old, size, UNTRIED_WEIGHT);
        }
        counts[role][move]++;
        valueSums[role][move] += goal;
        gibbsWeights[role][move] = Math.exp(mean(role, move) / GIBBS_TEMPERATURE);
    }

    /**
     * Scales all evidence down, so that what is learnt in the current phase of the game weighs more. Means,
     * and so the Gibbs weights, stay as they are.
     */
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
