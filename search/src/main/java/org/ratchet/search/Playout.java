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
    /**
     * MAST's Gibbs temperature on the 0..100 goal scale: a move averaging 10 points more is e times as
     * likely.
     */
    private static final double MAST_TEMPERATURE = 10;

    private final StateMachine machine;
    private final int roles;
    private final SplittableRandom random;
    private final MoveAverages averages;
    private final int[] jointMove;
    private double[] weights = new double[32];
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
        if (averages == null) {
            return machine.legalMove(role, random.nextInt(count));
        }
        // Gibbs sampling over the moves' averages (MAST): P(move) proportional to exp(average / tau).
        if (weights.length < count) {
            weights = new double[Math.max(count, weights.length * 2)];
        }
        double total = 0;
        for (int i = 0; i < count; i++) {
            weights[i] = Math.exp(averages.mean(role, machine.legalMove(role, i)) / MAST_TEMPERATURE);
            total += weights[i];
        }
        double pick = random.nextDouble() * total;
        for (int i = 0; i < count - 1; i++) {
            pick -= weights[i];
            if (pick < 0) {
                return machine.legalMove(role, i);
            }
        }
        return machine.legalMove(role, count - 1);
    }
}
