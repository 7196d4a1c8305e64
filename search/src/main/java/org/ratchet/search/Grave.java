package org.ratchet.search;

import java.util.Arrays;

/**
 * One worker's GRAVE bookkeeping (Generalized Rapid Action Value Estimation, Cazenave 2015): all-moves-as-first
 * (AMAF) statistics of a tree move count every playout through its node in which its role made that move at
 * the node or later, wherever; a move with few samples of its own is valued by the AMAF statistics of the
 * same move at the <em>reference</em> node, the closest node of the current descent with more than
 * {@code reference} visits, whose AMAF values rest on enough playouts to trust.
 *
 * <p>Nothing is allocated per iteration: moves are marked with stamps in arrays indexed by move id (engines
 * number moves densely from 0), grown only when a larger id shows up.
 */
final class Grave {
    /** Move ids beyond this are not tracked (no AMAF value): guards against sparse numbering. */
    private static final int MAX_TRACKED_MOVE = 1 << 22;

    private final SearchTree tree;
    private final int roles;
    private final int reference;
    private final double bias;

    /** Per role, by move id: the reference node's edge of that move, valid where the stamp is current. */
    private final int[][] referenceEdges;
    private final int[][] referenceStamps;
    private int referenceStamp;
    private int referenceNode = SearchTree.NONE;

    /** Per role, by move id: made at the level being backed up or later, where the stamp is current. */
    private final int[][] madeStamps;
    private int madeStamp;

    Grave(SearchTree tree, int roles, int reference, double bias) {
        this.tree = tree;
        this.roles = roles;
        this.reference = reference;
        this.bias = bias;
        referenceEdges = new int[roles][64];
        referenceStamps = new int[roles][64];
        madeStamps = new int[roles][64];
    }

    /** Starts a descent from the root, whose statistics are the reference until a node has enough visits. */
    void startDescent(int root) {
        referenceNode = SearchTree.NONE;
        useAsReference(root);
    }

    /** Called for each node the descent chooses at: it becomes the reference if it has enough visits. */
    void enter(int node) {
        if (node != referenceNode && tree.visits(node) > reference) {
            useAsReference(node);
        }
    }

    private void useAsReference(int node) {
        referenceNode = node;
        if (++referenceStamp == 0) { // wrapped: forget every old stamp
            for (int[] stamps : referenceStamps) {
                Arrays.fill(stamps, 0);
            }
            referenceStamp = 1;
        }
        for (int role = 0; role < roles; role++) {
            for (int edge = tree.edgeStart(node, role); edge < tree.edgeEnd(node, role); edge++) {
                int move = tree.edgeMove(edge);
                if (move < 0 || move >= MAX_TRACKED_MOVE) {
                    continue;
                }
                if (move >= referenceStamps[role].length) {
                    int size = Math.max(move + 1, referenceStamps[role].length * 2);
                    referenceStamps[role] = Arrays.copyOf(referenceStamps[role], size);
                    referenceEdges[role] = Arrays.copyOf(referenceEdges[role], size);
                }
                referenceStamps[role][move] = referenceStamp;
                referenceEdges[role][move] = edge;
            }
        }
    }

    /**
     * The role's value of a tree move, on the 0..1 scale: its own mean blended with the reference's AMAF mean
     * of the same move, weighted by Cazenave's beta = m / (m + n + bias * m * n), where n counts the move's
     * own samples and m the reference's AMAF samples. NaN when neither has a sample.
     */
    double value(int role, int edge, int visits) {
        int move = tree.edgeMove(edge);
        int[] stamps = referenceStamps[role];
        int amafVisits = 0;
        long amafValue = 0;
        if (move >= 0 && move < stamps.length && stamps[move] == referenceStamp) {
            int amafEdge = referenceEdges[role][move];
            amafVisits = tree.edgeAmafVisits(amafEdge);
            amafValue = tree.edgeAmafValue(amafEdge);
        }
        if (amafVisits <= 0) {
            return visits > 0 ? tree.edgeValue(edge) / (double) visits / SearchTree.MAX_GOAL : Double.NaN;
        }
        double amafMean = amafValue / (double) amafVisits / SearchTree.MAX_GOAL;
        if (visits <= 0) {
            return amafMean;
        }
        double mean = tree.edgeValue(edge) / (double) visits / SearchTree.MAX_GOAL;
        double beta = amafVisits / (amafVisits + visits + bias * amafVisits * visits);
        return (1 - beta) * mean + beta * amafMean;
    }

    /**
     * Adds one playout's AMAF statistics to the tree edges of its descent. {@code chosenEdges} holds the
     * descent's choices as {@link MctsWorker} keeps them (level-major, negative where a role had one move and
     * keeps no statistics), {@code playout} the moves made after the tree (role-major per step).
     */
    void backUp(int[] path, int[] chosenEdges, int levels, int[] playout, int playoutSteps, int[] goals) {
        if (++madeStamp == 0) {
            for (int[] stamps : madeStamps) {
                Arrays.fill(stamps, 0);
            }
            madeStamp = 1;
        }
        for (int step = 0; step < playoutSteps; step++) {
            for (int role = 0; role < roles; role++) {
                markMade(role, playout[step * roles + role]);
            }
        }
        // From the deepest level up, so that at each level every move made there or later is marked.
        for (int level = levels - 1; level >= 0; level--) {
            int base = level * roles;
            for (int role = 0; role < roles; role++) {
                int chosen = chosenEdges[base + role];
                markMade(role, tree.edgeMove(chosen >= 0 ? chosen : -chosen - 1));
            }
            int node = path[level];
            for (int role = 0; role < roles; role++) {
                if (chosenEdges[base + role] < 0) {
                    continue; // a single move: nothing chooses by its value
                }
                int[] made = madeStamps[role];
                for (int edge = tree.edgeStart(node, role); edge < tree.edgeEnd(node, role); edge++) {
                    int move = tree.edgeMove(edge);
                    if (move >= 0 && move < made.length && made[move] == madeStamp) {
                        tree.addEdgeAmaf(edge, goals[role]);
                    }
                }
            }
        }
    }

    private void markMade(int role, int move) {
        if (move < 0 || move >= MAX_TRACKED_MOVE) {
            return;
        }
        if (move >= madeStamps[role].length) {
            madeStamps[role] = Arrays.copyOf(madeStamps[role], Math.max(move + 1, madeStamps[role].length * 2));
        }
        madeStamps[role][move] = madeStamp;
    }
}
