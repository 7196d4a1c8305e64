package org.ratchet.search;

import java.util.SplittableRandom;
import org.ratchet.reasoner.StateMachine;

/**
 * Plays a game from the machine's current state to the end, choosing every role's move by a
 * {@link PlayoutPolicy}, and records the moves made so that callers can learn from them (MAST, the best
 * line of a puzzle). Allocates nothing per step.
 */
final class Playout {
    /** Some repository games loop forever under random play; a playout gives up after this many steps. */
    static final int MAX_STEPS = 5_000;
    /** Chance of a uniform move under MAST: the rest of the time the best-averaging move is played. */
    private static final double MAST_EPSILON = 0.4;

    private final StateMachine machine;
    private final int roles;
    private final SplittableRandom random;
    private final MoveAverages averages;
    private final int[] jointMove;
    private int[] trace = new int[256];
    private int steps;

    /** {@code averages} is null for uniform playouts. */
    Playout(StateMachine machine, SplittableRandom random, MoveAverages averages) {
        this.machine = machine;
        this.roles = machine.roleCount();
        this.random = random;
        this.averages = averages;
        this.jointMove = new int[roles];
    }

    /**
     * Plays to a terminal state (or {@link #MAX_STEPS}) and writes each role's goal into {@code goals}.
     * Returns false, leaving {@code goals} undefined, if {@code runner} asked to stop first.
     */
    boolean run(SearchRunner runner, int[] goals) {
        steps = 0;
        while (!machine.isTerminal() && steps < MAX_STEPS) {
            if (runner != null && runner.stopped()) {
                return false;
            }
            for (int role = 0; role < roles; role++) {
                int move = chooseMove(role);
                if (move < 0) {
                    // A non-terminal state where a role has no legal move: the game is ill-formed; score
                    // the state as it stands rather than fail.
                    readGoals(goals);
                    return true;
                }
                jointMove[role] = move;
            }
            record(jointMove);
            machine.advance(jointMove);
        }
        readGoals(goals);
        return true;
    }

    /** Joint moves of the last run, role-major per step: move of role r at step s is {@code trace()[s*roles+r]}. */
    int[] trace() {
        return trace;
    }

    int steps() {
        return steps;
    }

    /** Credits every move of the last run to MAST with its role's goal. */
    void learn(int[] goals) {
        if (averages == null) {
            return;
        }
        for (int i = 0, n = steps * roles; i < n; i++) {
            int role = i % roles;
            averages.add(role, trace[i], goals[role]);
        }
    }

    private void readGoals(int[] goals) {
        for (int role = 0; role < roles; role++) {
            goals[role] = machine.goal(role);
        }
    }

    private void record(int[] joint) {
        int needed = (steps + 1) * roles;
        if (needed > trace.length) {
            trace = java.util.Arrays.copyOf(trace, Math.max(needed, trace.length * 2));
        }
        System.arraycopy(joint, 0, trace, steps * roles, roles);
        steps++;
    }

    private int chooseMove(int role) {
        int count = machine.legalCount(role);
        if (count <= 1) {
            return count == 1 ? machine.legalMove(role, 0) : -1;
        }
        if (averages == null || random.nextDouble() < MAST_EPSILON) {
            return machine.legalMove(role, random.nextInt(count));
        }
        int best = -1;
        double bestMean = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < count; i++) {
            int move = machine.legalMove(role, i);
            double mean = averages.mean(role, move);
            if (mean > bestMean) {
                bestMean = mean;
                best = move;
                ties = 1;
            } else if (mean == bestMean && random.nextInt(++ties) == 0) {
                best = move; // reservoir sampling: a uniform choice among equally good moves
            }
        }
        return best;
    }
}
