package org.ratchet.reasoner.play;

import java.util.SplittableRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * Uniformly random playouts on one machine: in every state each role picks one of its legal moves uniformly
 * at random, independently of the others (the joint-move rule of ../shared/TRACE.md). The loop allocates
 * nothing itself; whatever an engine allocates inside its own calls is the engine's business.
 */
public final class RandomPlayouts {

    /** How a playout ended. */
    public enum End {
        /** A terminal state was reached; goals are defined. */
        TERMINAL,
        /** A non-terminal state where some role has no legal move (ill-formed game). */
        DEAD_END,
        /** The step bound was reached first. */
        STEP_BOUND,
        /** The deadline passed first (see {@link #play(State, long)}). */
        DEADLINE
    }

    private final StateMachine machine;
    private final SplittableRandom random;
    private final int maxSteps;
    private final int[] jointMove;
    private int steps;
    /**
     * Steps between two looks at the clock in {@link #play(State, long)}, counted across playouts. Reading
     * the clock costs about a tenth of a tic-tac-toe state, so on fast games it is read only every few steps:
     * the stride doubles while looks come less than {@link #LOOK_NANOS} apart and halves otherwise, so a slow
     * game still looks at every step.
     */
    private int lookStride = 1;
    private int stepsUntilLook = 1;
    private long lastLook;
    private static final long LOOK_NANOS = 20_000;
    private static final int MAX_LOOK_STRIDE = 64;

    /** {@code maxSteps} bounds the joint moves of one playout, against games that never end. */
    public RandomPlayouts(StateMachine machine, long seed, int maxSteps) {
        if (maxSteps < 0) {
            throw new IllegalArgumentException("maxSteps must not be negative: " + maxSteps);
        }
        this.machine = machine;
        this.random = new SplittableRandom(seed);
        this.maxSteps = maxSteps;
        this.jointMove = new int[machine.roleCount()];
    }

    /**
     * Plays from {@code start} until the game ends or the step bound is hit; the machine is left in the
     * last state, so the caller can read goals from it.
     */
    public End play(State start) {
        return play(start, Long.MAX_VALUE);
    }

    /**
     * Like {@link #play(State)}, but also stops before a step once {@link System#nanoTime()} has passed the
     * deadline; on fast games the clock is read every few steps only, some microseconds apart.
     */
    public End play(State start, long deadlineNanos) {
        machine.setState(start);
        steps = 0;
        boolean timed = deadlineNanos != Long.MAX_VALUE;
        while (!machine.isTerminal()) {
            if (steps >= maxSteps) {
                return End.STEP_BOUND;
            }
            if (timed && --stepsUntilLook <= 0 && pastDeadline(deadlineNanos)) {
                return End.DEADLINE;
            }
            if (!chooseJointMove(jointMove)) {
                return End.DEAD_END;
            }
            machine.advance(jointMove);
            steps++;
        }
        return End.TERMINAL;
    }

    private boolean pastDeadline(long deadlineNanos) {
        long now = System.nanoTime();
        lookStride = now - lastLook < LOOK_NANOS ? Math.min(2 * lookStride, MAX_LOOK_STRIDE)
            : Math.max(lookStride / 2, 1);
        lastLook = now;
        stepsUntilLook = lookStride;
        return now - deadlineNanos > 0;
    }

    /** Joint moves applied in the last playout (= states computed by transitions). */
    public int steps() {
        return steps;
    }

    /**
     * Fills {@code jointMove} with a uniformly random legal move per role in the machine's current state;
     * returns false (leaving it partly filled) if some role has no legal move.
     */
    public boolean chooseJointMove(int[] jointMove) {
        for (int role = 0; role < jointMove.length; role++) {
            int count = machine.legalCount(role);
            if (count == 0) {
                return false;
            }
            jointMove[role] = machine.legalMove(role, random.nextInt(count));
        }
        return true;
    }
}
