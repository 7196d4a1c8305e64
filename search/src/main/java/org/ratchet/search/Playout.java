package org.ratchet.search;

import java.util.SplittableRandom;
import org.ratchet.reasoner.StateMachine;

/**
 * Plays a game from the machine's current state to the end, choosing every role's move by a
 * {@link PlayoutPolicy}, and records the moves made so that callers can learn from them (MAST, the best
 * line of a puzzle). Cut short ({@link #cutShortWith}, {@link #cutShortByGoals}) a playout stops after a number
 * of joint moves and scores the state it reached by a learned evaluation, or by the goals the rules give that
 * state. Allocates nothing per step.
 */
final class Playout {
    /** Some repository games loop forever under random play; a playout gives up after this many steps. */
    static final int MAX_STEPS = 5_000;
    /** NST: the share of playout moves chosen uniformly at random instead of by value. */
    private static final double NST_EPSILON = 0.2;
    /** NST: samples a move pair needs before its average counts beside the move's own. */
    private static final double NST_MIN_PAIR_COUNT = 7;
    private static final long NO_DEADLINE = Long.MAX_VALUE;
    /** A playout with a deadline reads the clock once in this many steps (plus one). */
    private static final int DEADLINE_CHECK_MASK = 63;
    /** {@link #pairsOnlyFor} value: every role values its moves by their pairs (plain NST). */
    static final int EVERY_ROLE = -1;

    private final StateMachine machine;
    private final int roles;
    private final SplittableRandom random;
    private final MoveAverages averages;
    /** NST's pair averages; null for the other policies. */
    private final MovePairAverages pairs;
    /**
     * With {@link #pairs}: the one role whose moves are valued by their pairs too, or {@link #EVERY_ROLE}. The
     * other roles choose epsilon-greedily by their MAST averages alone ({@link PairDuel} sets one role).
     */
    private int pairsRole = EVERY_ROLE;
    /**
     * Runs stop (returning false) past this time: for playouts outside a search (a search stops them through
     * its runner), on engines slow enough for one playout to take seconds.
     */
    private long deadlineMillis = NO_DEADLINE;
    private final int[] jointMove;
    /** The joint move that led to the playout's first state, or null where unknown (see {@link #previousMove}). */
    private int[] context;
    private double[] weights = new double[32];
    private int[] trace = new int[256];
    private int steps;
    /** Joint moves after which a playout is cut short; 0: playouts go to the end. */
    private int cutoffSteps;
    /** The evaluation that scores a playout cut short, or null: the goals of the state it reached score it. */
    private LearnedEvaluation cutoffEvaluation;
    /** The cut state's facts (grown as needed). */
    private int[] facts = new int[64];
    /** How the end's goals are valued. */
    private final GoalUtility utility;
    /** The end's goals while {@link #utility} values them. */
    private final int[] endGoals;
    /** Whether the last run was cut short (its goals are not those of a finished game). */
    private boolean cut;

    /**
     * {@code averages} is null for uniform playouts (MAST sampling otherwise); {@code pairs}, if not null,
     * turns MAST sampling into NST's epsilon-greedy choice over move and move-pair averages.
     */
    Playout(StateMachine machine, SplittableRandom random, MoveAverages averages, MovePairAverages pairs) {
        this(machine, random, averages, pairs, GoalUtility.GOAL);
    }

    /** As above, the end's goals turned into the values {@code utility} gives them. */
    Playout(StateMachine machine, SplittableRandom random, MoveAverages averages, MovePairAverages pairs,
            GoalUtility utility) {
        if (pairs != null && averages == null) {
            throw new IllegalArgumentException("NST needs the move averages beside the pair averages");
        }
        this.machine = machine;
        this.roles = machine.roleCount();
        this.random = random;
        this.averages = averages;
        this.pairs = pairs;
        this.jointMove = new int[roles];
        this.utility = utility;
        this.endGoals = new int[roles];
    }

    /**
     * Plays to a terminal state (or {@link #MAX_STEPS}) and writes each role's goal into {@code goals}.
     * Returns false, leaving {@code goals} undefined, if {@code runner} asked to stop first, or the deadline
     * of {@link #stopAt} passed. {@code context} is the joint move that led to the current state (NST answers
     * it), or null where unknown; it is read until the next run, not copied.
     */
    boolean run(SearchRunner runner, int[] goals, int[] context) {
        this.context = context;
        steps = 0;
        cut = false;
        while (!machine.isTerminal() && steps < MAX_STEPS) {
            if (runner != null && runner.stopped()) {
                return false;
            }
            if ((steps & DEADLINE_CHECK_MASK) == DEADLINE_CHECK_MASK && deadlineMillis != NO_DEADLINE
                    && System.currentTimeMillis() >= deadlineMillis) {
                return false;
            }
            if (steps == cutoffSteps && cutoffSteps > 0) {
                if (cutoffEvaluation != null) {
                    evaluateInto(goals);
                } else {
                    readGoals(goals);
                }
                cut = true;
                return true;
            }
            for (int role = 0; role < roles; role++) {
                int move = pairs != null ? chooseByValue(role, valuesPairs(role) ? previousMove(steps, role) : -1)
                        : chooseMove(role);
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

    /**
     * Makes later runs stop after {@code steps} joint moves (at least 1) and take {@code evaluation}'s value
     * of the state they reached, for every role, as their goals. Only for an evaluation used for every role:
     * a role without one would have no value for a cut playout.
     */
    void cutShortWith(LearnedEvaluation evaluation, int steps) {
        if (!evaluation.isUsedForEveryRole()) {
            throw new IllegalArgumentException("a role has no evaluation to score a cut playout");
        }
        this.cutoffSteps = checkedCutoff(steps);
        this.cutoffEvaluation = evaluation;
    }

    /**
     * Makes later runs stop after {@code steps} joint moves (at least 1) and take the goals of the state they
     * reached, as the utility values them: the rules' own judgement of an unfinished game, for games whose
     * whole playouts are too slow to search with and which no learned evaluation scores.
     */
    void cutShortByGoals(int steps) {
        this.cutoffSteps = checkedCutoff(steps);
        this.cutoffEvaluation = null;
    }

    /** {@code steps} if a playout can be cut after that many joint moves (at least one). */
    private static int checkedCutoff(int steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("a playout is cut after at least one joint move, not " + steps);
        }
        return steps;
    }

    /** Makes later runs go on to a terminal state again (whatever cut them short is gone). */
    void playToTheEnd() {
        this.cutoffEvaluation = null;
        this.cutoffSteps = 0;
    }

    /**
     * NST playouts only: from now on only {@code role} values its moves by their pairs too, the others by their
     * MAST averages alone, both epsilon-greedily; {@link #EVERY_ROLE} gives plain NST again. Every role's
     * moves and pairs are still learnt.
     */
    void pairsOnlyFor(int role) {
        if (pairs == null) {
            throw new IllegalStateException("only NST playouts value moves by their pairs");
        }
        if (role != EVERY_ROLE && (role < 0 || role >= roles)) {
            throw new IllegalArgumentException("no role " + role + " in a game of " + roles);
        }
        pairsRole = role;
    }

    /** Later runs stop, returning false, once the clock passes {@code deadlineMillis}. */
    void stopAt(long deadlineMillis) {
        this.deadlineMillis = deadlineMillis;
    }

    private boolean valuesPairs(int role) {
        return pairsRole == EVERY_ROLE || pairsRole == role;
    }

    /** Whether the last run was cut short: its goals are an evaluation's or a non-terminal state's. */
    boolean wasCut() {
        return cut;
    }

    private void evaluateInto(int[] goals) {
        int length = machine.stateSize();
        if (facts.length < length) {
            facts = new int[Math.max(length, facts.length * 2)];
        }
        machine.writeState(facts, 0);
        for (int role = 0; role < roles; role++) {
            goals[role] = cutoffEvaluation.evaluate(facts, length, role);
        }
    }

    /** Joint moves of the last run, role-major per step: move of role r at step s is {@code trace()[s*roles+r]}. */
    int[] trace() {
        return trace;
    }

    int steps() {
        return steps;
    }

    /** Credits every move of the last run to MAST (and each move pair to NST) with its role's goal. */
    void learn(int[] goals) {
        if (averages == null) {
            return;
        }
        for (int i = 0, n = steps * roles; i < n; i++) {
            int role = i % roles;
            averages.add(role, trace[i], goals[role]);
            if (pairs != null) {
                pairs.add(role, previousMove(i / roles, role), trace[i], goals[role]);
            }
        }
    }

    /**
     * The move that {@code role}'s move at {@code step} answers: the move of the role before it in turn
     * order at the step before (in a turn-taking game, the opponent's last real move), or -1 if unknown.
     */
    private int previousMove(int step, int role) {
        int before = MovePairAverages.answeredRole(role, roles);
        if (step > 0) {
            return trace[(step - 1) * roles + before];
        }
        return context == null ? -1 : context[before];
    }

    private void readGoals(int[] goals) {
        utility.read(machine, endGoals, goals, 0);
    }

    private void record(int[] joint) {
        int needed = (steps + 1) * roles;
        if (needed > trace.length) {
            trace = java.util.Arrays.copyOf(trace, Math.max(needed, trace.length * 2));
        }
        System.arraycopy(joint, 0, trace, steps * roles, roles);
        steps++;
    }

    /**
     * NST: with probability {@link #NST_EPSILON} a uniformly random move, else the move of highest value, where
     * a move's value is its MAST average, averaged with its pair average after {@code previous} once that pair
     * has {@link #NST_MIN_PAIR_COUNT} samples (never for {@code previous} -1). Ties are broken at random.
     */
    private int chooseByValue(int role, int previous) {
        int count = machine.legalCount(role);
        if (count <= 1) {
            return count == 1 ? machine.legalMove(role, 0) : -1;
        }
        if (random.nextDouble() < NST_EPSILON) {
            return machine.legalMove(role, random.nextInt(count));
        }
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        int ties = 0;
        for (int i = 0; i < count; i++) {
            int move = machine.legalMove(role, i);
            double value = averages.mean(role, move);
            double pair = pairs.mean(role, previous, move, NST_MIN_PAIR_COUNT);
            if (!Double.isNaN(pair)) {
                value = (value + pair) / 2;
            }
            if (value > bestValue) {
                bestValue = value;
                best = move;
                ties = 1;
            } else if (value == bestValue && random.nextInt(++ties) == 0) {
                best = move;
            }
        }
        return best;
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
            weights[i] = averages.gibbsWeight(role, machine.legalMove(role, i));
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
