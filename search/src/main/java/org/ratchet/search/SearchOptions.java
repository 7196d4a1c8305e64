package org.ratchet.search;

import java.util.function.Consumer;

/**
 * Tuning of a search strategy. Build from {@link #defaults()} and the {@code with...} methods.
 *
 * @param threads            worker threads that search in parallel (each with its own state machine)
 * @param safetyMarginMillis how long before the deadline a move is returned (network and clock slack)
 * @param nodePoolSize       the most tree nodes kept at once (the memory budget may allow fewer)
 * @param treeMemoryBytes    the memory the search tree's arrays may fill; they are allocated once per match
 * @param playoutPolicy      how playouts choose moves
 * @param exploration        the UCT exploration constant, for goal values scaled to [0, 1]
 * @param seed               seed of all random choices (runs with one thread are reproducible)
 * @param iterationLimit     if positive, each search stops after this many iterations (tests use it so that
 *                           results do not depend on machine speed); 0 means no limit
 * @param priorVisits        MAST-in-tree: a tree move's value starts from its MAST average, weighted as this
 *                           many visits, so moves that did well elsewhere are tried first and first
 *                           samples are smoothed; 0 is plain UCT (every move once before any twice)
 * @param graveReference     GRAVE: a tree move's value is blended with its all-moves-as-first value taken at
 *                           the closest node of the descent with more than this many visits; 0 turns it off
 * @param graveBias          GRAVE's bias: how fast a move's own samples take over from its all-moves-as-first
 *                           value (larger: sooner)
 * @param puzzleSolver       in single-player games, one worker shares its time between the tree and an
 *                           exhaustive depth-first walk of the puzzle's states ({@link PuzzleSolver})
 * @param evaluationWeight   the share, 0..1, of a playout's result that a state evaluation learned in the
 *                           start clock replaces ({@link LearnedEvaluation})
 * @param evaluationVisits   heuristic priming: a move's value in the tree is averaged with the learned
 *                           evaluation of the state it leads to, counted as this many visits (where one role
 *                           moves); 0 turns it off (no evaluation is learned when this and the weight are 0)
 * @param evaluationMinQuality the least quality (correlation of the evaluation's predictions with the goals of
 *                           playouts it was not fitted on, 0..1] for which a role's learned evaluation is used
 * @param evaluationAssurance how many standard errors a role's quality must clear the floor by (in Fisher's z,
 *                           over the playouts that judged it) for its evaluation to be used; 0 judges the
 *                           estimate alone
 * @param evaluationPlayouts the playouts the learned evaluation should rest on: while its fits rest on fewer,
 *                           the next moves learn again from their states, adding to the same samples (a few
 *                           moves at most); 0 learns once
 * @param evaluationCutoff   playouts stop after this many joint moves and take the learned evaluation of the
 *                           state they reached as their goals, where every role's evaluation is used; 0 plays
 *                           every playout to the end
 * @param finalMove          how the move played is picked among the root's moves ({@link FinalMove})
 * @param puzzleFocus        with the puzzle walk, more walks beside it, each focused on the moves of the
 *                           independent sub-games one way of reaching the best goal needs ({@link PuzzleSolver})
 * @param puzzleBestFirst    with the puzzle walk, a best-first search beside it, expanding the state whose goal
 *                           value is highest first ({@link BestFirstSolver})
 * @param latches            goal values ruled out by persistent facts ({@link LatchBounds}) bound each new
 *                           node's goals: a node whose every role's goal is settled is proven, and a move whose
 *                           best remaining goal is below a sibling's worst is not searched
 * @param goalUtility        what a finished game is worth to each role: its goal, its rank among the roles, or
 *                           either by the game's number of roles ({@link GoalUtility}); with latches, goals
 *                           whatever it says but rank, which latches refuse
 * @param opponentExploration the factor by which the tree's choices for the roles the search does not play
 *                           explore more than its own (1: every role alike): opponents modelled as less
 *                           precise than the search itself
 * @param slowPlayoutMillis  in games of two or more roles where no learned evaluation cuts playouts, a whole
 *                           random playout taking longer than this on average (measured before the search)
 *                           makes playouts stop after {@code evaluationCutoff} joint moves and take the goals
 *                           of the state they reached, valued by the utility; 0 never cuts them so
 */
public record SearchOptions(int threads, long safetyMarginMillis, int nodePoolSize, long treeMemoryBytes,
        PlayoutPolicy playoutPolicy, double exploration, long seed, long iterationLimit, int priorVisits,
        int graveReference, double graveBias, boolean puzzleSolver, double evaluationWeight,
        int evaluationVisits, double evaluationMinQuality, double evaluationAssurance, int evaluationPlayouts,
        int evaluationCutoff, FinalMove finalMove, boolean puzzleFocus, boolean puzzleBestFirst, boolean latches,
        GoalUtility goalUtility, double opponentExploration, double slowPlayoutMillis) {

    public SearchOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        if (safetyMarginMillis < 0) {
            throw new IllegalArgumentException("safety margin must not be negative, not " + safetyMarginMillis);
        }
        if (nodePoolSize < 16) {
            throw new IllegalArgumentException("node pool must hold at least 16 nodes, not " + nodePoolSize);
        }
        if (treeMemoryBytes < 1 << 16) {
            throw new IllegalArgumentException("tree memory must be at least 64 KiB, not " + treeMemoryBytes);
        }
        if (playoutPolicy == null) {
            throw new IllegalArgumentException("playout policy missing");
        }
        if (!(exploration >= 0) || Double.isInfinite(exploration)) {
            throw new IllegalArgumentException("exploration must be a finite non-negative number, not " + exploration);
        }
        if (priorVisits < 0) {
            throw new IllegalArgumentException("prior visits must not be negative, not " + priorVisits);
        }
        if (graveReference < 0) {
            throw new IllegalArgumentException("GRAVE reference visits must not be negative, not " + graveReference);
        }
        if (!(graveBias >= 0) || Double.isInfinite(graveBias)) {
            throw new IllegalArgumentException("GRAVE bias must be a finite non-negative number, not " + graveBias);
        }
        if (priorVisits > 0 && graveReference > 0) {
            throw new IllegalArgumentException("MAST-in-tree (prior visits) and GRAVE are two ways to value "
                    + "untried moves; choose one");
        }
        if (!(evaluationWeight >= 0 && evaluationWeight <= 1)) {
            throw new IllegalArgumentException("evaluation weight must be between 0 and 1, not " + evaluationWeight);
        }
        if (evaluationVisits < 0) {
            throw new IllegalArgumentException("evaluation visits must not be negative, not " + evaluationVisits);
        }
        if (evaluationVisits > 0 && (priorVisits > 0 || graveReference > 0)) {
            throw new IllegalArgumentException("heuristic priming (evaluation visits), MAST-in-tree (prior visits) "
                    + "and GRAVE are ways to value a tree move before its samples do; choose one");
        }
        if (evaluationCutoff < 0) {
            throw new IllegalArgumentException("evaluation cutoff must not be negative, not " + evaluationCutoff);
        }
        if (!(evaluationMinQuality > 0 && evaluationMinQuality <= 1)) {
            throw new IllegalArgumentException("evaluation quality floor must be above 0 and at most 1, not "
                    + evaluationMinQuality);
        }
        if (!(evaluationAssurance >= 0 && evaluationAssurance <= 5)) {
            throw new IllegalArgumentException("evaluation assurance must be between 0 and 5 standard errors, not "
                    + evaluationAssurance);
        }
        if (evaluationPlayouts < 0 || evaluationPlayouts > MAX_EVALUATION_PLAYOUTS) {
            throw new IllegalArgumentException("evaluation playouts must be between 0 and " + MAX_EVALUATION_PLAYOUTS
                    + ", not " + evaluationPlayouts);
        }
        if (iterationLimit < 0) {
            throw new IllegalArgumentException("iteration limit must not be negative, not " + iterationLimit);
        }
        if (finalMove == null) {
            throw new IllegalArgumentException("final move rule missing");
        }
        if (goalUtility == null) {
            throw new IllegalArgumentException("goal utility missing");
        }
        if (!(opponentExploration > 0) || Double.isInfinite(opponentExploration)) {
            throw new IllegalArgumentException("opponent exploration must be a finite factor above 0, not "
                    + opponentExploration);
        }
        if (!(slowPlayoutMillis >= 0) || Double.isInfinite(slowPlayoutMillis)) {
            throw new IllegalArgumentException("slow playout time must be a finite number of milliseconds, at least"
                    + " 0, not " + slowPlayoutMillis);
        }
        if (latches && goalUtility == GoalUtility.RANK) {
            throw new IllegalArgumentException("latch bounds are goal values; they need the goal utility (or auto,"
                    + " which then values every game by its goals), not rank");
        }
    }

    /** UCT's exploration constant where none is given (goals scaled to [0, 1]). */
    public static final double DEFAULT_EXPLORATION = 0.4;

    /** GRAVE's bias where none is given: the value of Cazenave's experiments across games. */
    public static final double DEFAULT_GRAVE_BIAS = 1e-5;

    /**
     * All processors, 500 ms margin, a tree of up to an eighth of the heap, MAST playouts, C = 0.4, no
     * puzzle walk, no learned evaluation (its quality floor at the default, should one be asked for), the most
     * visited move played, no focused or best-first puzzle walks, no latch bounds, goals valued as they are,
     * slow playouts played to the end.
     */
    public static SearchOptions defaults() {
        return new SearchOptions(Runtime.getRuntime().availableProcessors(), 500, Integer.MAX_VALUE,
                treeMemoryOfHeap(12), PlayoutPolicy.MAST, DEFAULT_EXPLORATION, System.nanoTime(), 0, 0, 0,
                DEFAULT_GRAVE_BIAS, false, 0, 0, DEFAULT_EVALUATION_MIN_QUALITY, 0, 0, 0, FinalMove.VISITS, false, false,
                false, GoalUtility.GOAL, 1, 0);
    }

    /**
     * The learned evaluation's quality floor where none is given. Blending 40% (the player's default) won
     * checkers (quality 0.57-0.60) 7-1-0 against the older b6c31f9 at play clock 5 s and 10-2-2 against the
     * same build without it, skirmish (0.33-0.42 in matches, where it learns from a few hundred playouts)
     * 2-0-0 and 9-1-2; reversi (0.26-0.29 from 4,000 playouts) scored below half with it, 1-4-3 and 3-0-5
     * against the same build, and breakthroughSmall (0.24-0.26) from 7-0-5 to 29-0-11. The floor lies between
     * them, keeping the blend to the games where the fit is good and the gain was measured.
     */
    public static final double DEFAULT_EVALUATION_MIN_QUALITY = 0.3;

    /**
     * The most random playouts an evaluation is learned from, refinements included: enough to fit one; more
     * only sharpens the features already found.
     */
    public static final int MAX_EVALUATION_PLAYOUTS = 20_000;

    /** The given percentage of the maximum heap, in bytes. */
    public static long treeMemoryOfHeap(int percent) {
        return Math.max(1 << 16, Runtime.getRuntime().maxMemory() / 100 * percent);
    }

    public SearchOptions withThreads(int newThreads) {
        return with(c -> c.threads = newThreads);
    }

    public SearchOptions withSafetyMarginMillis(long newMargin) {
        return with(c -> c.safetyMarginMillis = newMargin);
    }

    public SearchOptions withNodePoolSize(int newSize) {
        return with(c -> c.nodePoolSize = newSize);
    }

    public SearchOptions withTreeMemoryBytes(long newBytes) {
        return with(c -> c.treeMemoryBytes = newBytes);
    }

    public SearchOptions withPlayoutPolicy(PlayoutPolicy newPolicy) {
        return with(c -> c.playoutPolicy = newPolicy);
    }

    public SearchOptions withExploration(double newExploration) {
        return with(c -> c.exploration = newExploration);
    }

    public SearchOptions withSeed(long newSeed) {
        return with(c -> c.seed = newSeed);
    }

    public SearchOptions withIterationLimit(long newLimit) {
        return with(c -> c.iterationLimit = newLimit);
    }

    public SearchOptions withPriorVisits(int newPriorVisits) {
        return with(c -> c.priorVisits = newPriorVisits);
    }

    /** GRAVE with the given reference visits (0: off) and bias. */
    public SearchOptions withGrave(int newReference, double newBias) {
        return with(c -> {
            c.graveReference = newReference;
            c.graveBias = newBias;
        });
    }

    /** With or without the puzzle walk beside the tree in single-player games. */
    public SearchOptions withPuzzleSolver(boolean on) {
        return with(c -> c.puzzleSolver = on);
    }

    /** With the given share (0..1) of playout results replaced by the learned evaluation; 0: none learned. */
    public SearchOptions withEvaluationWeight(double newWeight) {
        return with(c -> c.evaluationWeight = newWeight);
    }

    /** With heuristic priming of new tree moves by the learned evaluation, as that many visits; 0: off. */
    public SearchOptions withEvaluationVisits(int newVisits) {
        return with(c -> c.evaluationVisits = newVisits);
    }

    /** With the least quality (0..1] for which a role's learned evaluation is used. */
    public SearchOptions withEvaluationMinQuality(double newMinQuality) {
        return with(c -> c.evaluationMinQuality = newMinQuality);
    }

    /**
     * With a role's learned evaluation used only where its quality clears the floor by this many standard
     * errors (Fisher's z over the playouts that judged it; 1.645 is one-sided 95%); 0: the estimate alone.
     */
    public SearchOptions withEvaluationAssurance(double newAssurance) {
        return with(c -> c.evaluationAssurance = newAssurance);
    }

    /**
     * With the learned evaluation refined over the next moves (their states' playouts added to its samples)
     * while its fits rest on fewer than {@code newPlayouts} playouts; 0: learned once.
     */
    public SearchOptions withEvaluationPlayouts(int newPlayouts) {
        return with(c -> c.evaluationPlayouts = newPlayouts);
    }

    /**
     * With playouts cut short after {@code newCutoff} joint moves, the learned evaluation of the state they
     * reached taking the place of their goals (where every role's evaluation is used); 0: played to the end.
     */
    public SearchOptions withEvaluationCutoff(int newCutoff) {
        return with(c -> c.evaluationCutoff = newCutoff);
    }

    /** With the given rule for the move played. */
    public SearchOptions withFinalMove(FinalMove newRule) {
        return with(c -> c.finalMove = newRule);
    }

    /** With or without puzzle walks focused on sub-games beside the walk of every move. */
    public SearchOptions withPuzzleFocus(boolean on) {
        return with(c -> c.puzzleFocus = on);
    }

    /** With or without a best-first puzzle search beside the walk of every move. */
    public SearchOptions withPuzzleBestFirst(boolean on) {
        return with(c -> c.puzzleBestFirst = on);
    }

    /** With or without goal bounds from latches (goal values that persistent facts rule out). */
    public SearchOptions withLatches(boolean on) {
        return with(c -> c.latches = on);
    }

    /** With finished games valued by {@code newUtility} (goals, ranks among the roles, or by role count). */
    public SearchOptions withGoalUtility(GoalUtility newUtility) {
        return with(c -> c.goalUtility = newUtility);
    }

    /** With the other roles' tree choices exploring {@code newFactor} times as much as our own (1: alike). */
    public SearchOptions withOpponentExploration(double newFactor) {
        return with(c -> c.opponentExploration = newFactor);
    }

    /**
     * With playouts cut after {@link #evaluationCutoff} joint moves and valued by the goals of the state they
     * reached, where whole random playouts take longer than {@code newMillis} on average and no learned
     * evaluation cuts them (games of two or more roles); 0: never.
     */
    public SearchOptions withSlowPlayoutMillis(double newMillis) {
        return with(c -> c.slowPlayoutMillis = newMillis);
    }

    /**
     * Each of {@code roles} roles' UCT exploration constant in a search that plays {@code ownRole}: the
     * constant itself for that role, times {@link #opponentExploration} for the others, so that the values
     * backed up to our moves average over more of their replies than their best ones.
     */
    public double[] roleExploration(int roles, int ownRole) {
        double[] constants = new double[roles];
        for (int role = 0; role < roles; role++) {
            constants[role] = role == ownRole ? exploration : exploration * opponentExploration;
        }
        return constants;
    }

    /** Whether the search learns a state evaluation in the start clock (blended, priming or cutting playouts). */
    public boolean learnsEvaluation() {
        return evaluationWeight > 0 || evaluationVisits > 0 || evaluationCutoff > 0;
    }

    /** Whether tree moves keep all-moves-as-first statistics (GRAVE on). */
    public boolean keepsAmaf() {
        return graveReference > 0;
    }

    /** A copy of these options with {@code change} applied (the record's fields as mutable ones). */
    private SearchOptions with(Consumer<Fields> change) {
        Fields c = new Fields(this);
        change.accept(c);
        return c.options();
    }

    /** The fields of a {@link SearchOptions}, changeable, for {@link #with}: one place lists them all. */
    private static final class Fields {
        int threads;
        long safetyMarginMillis;
        int nodePoolSize;
        long treeMemoryBytes;
        PlayoutPolicy playoutPolicy;
        double exploration;
        long seed;
        long iterationLimit;
        int priorVisits;
        int graveReference;
        double graveBias;
        boolean puzzleSolver;
        double evaluationWeight;
        int evaluationVisits;
        double evaluationMinQuality;
        double evaluationAssurance;
        int evaluationPlayouts;
        int evaluationCutoff;
        FinalMove finalMove;
        boolean puzzleFocus;
        boolean puzzleBestFirst;
        boolean latches;
        GoalUtility goalUtility;
        double opponentExploration;
        double slowPlayoutMillis;

        Fields(SearchOptions o) {
            threads = o.threads;
            safetyMarginMillis = o.safetyMarginMillis;
            nodePoolSize = o.nodePoolSize;
            treeMemoryBytes = o.treeMemoryBytes;
            playoutPolicy = o.playoutPolicy;
            exploration = o.exploration;
            seed = o.seed;
            iterationLimit = o.iterationLimit;
            priorVisits = o.priorVisits;
            graveReference = o.graveReference;
            graveBias = o.graveBias;
            puzzleSolver = o.puzzleSolver;
            evaluationWeight = o.evaluationWeight;
            evaluationVisits = o.evaluationVisits;
            evaluationMinQuality = o.evaluationMinQuality;
            evaluationAssurance = o.evaluationAssurance;
            evaluationPlayouts = o.evaluationPlayouts;
            evaluationCutoff = o.evaluationCutoff;
            finalMove = o.finalMove;
            puzzleFocus = o.puzzleFocus;
            puzzleBestFirst = o.puzzleBestFirst;
            latches = o.latches;
            goalUtility = o.goalUtility;
            opponentExploration = o.opponentExploration;
            slowPlayoutMillis = o.slowPlayoutMillis;
        }

        SearchOptions options() {
            return new SearchOptions(threads, safetyMarginMillis, nodePoolSize, treeMemoryBytes, playoutPolicy,
                    exploration, seed, iterationLimit, priorVisits, graveReference, graveBias, puzzleSolver,
                    evaluationWeight, evaluationVisits, evaluationMinQuality, evaluationAssurance, evaluationPlayouts,
                    evaluationCutoff, finalMove, puzzleFocus, puzzleBestFirst, latches, goalUtility,
                    opponentExploration, slowPlayoutMillis);
        }
    }
}
