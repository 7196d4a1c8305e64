package org.ratchet.search;

import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.play.RandomPlayouts;

/**
 * Multithreaded Monte Carlo tree search for any GDL game: decoupled UCT over every role's moves (each role
 * maximises its own goal), MCTS-Solver values where one role chooses, MAST or uniform playouts, and for
 * puzzles the best line ever seen. The search graph ({@link SearchTree}) lives for the whole match in arrays
 * allocated once, merges transpositions, and is re-rooted after each play.
 */
public final class MctsStrategy implements ReportingStrategy {
    public static final String NAME = "mcts";
    private static final Logger LOG = LogManager.getLogger(MctsStrategy.class);
    /** MAST evidence kept from one move to the next: recent positions teach more than old ones. */
    private static final double MAST_DECAY = 0.5;
    /** Random playouts that show the game's state sizes and move counts before the tree is laid out. */
    private static final long LAYOUT_SAMPLE_MILLIS = 200;
    /**
     * The learning's playouts' share of the clock left at {@link #prepare} (or the first move, see below), and
     * their most time. Fitting them must end by twice that time, so the learning takes at most half the clock.
     */
    private static final int EVALUATION_CLOCK_DIVISOR = 4;
    private static final long EVALUATION_MAX_MILLIS = 2_000;
    /**
     * Less learning time than this at {@link #prepare} (a search engine installed in the middle of a match)
     * leaves the learning to the first move's search time, which gives it the same share.
     */
    private static final long EVALUATION_MIN_MILLIS = 100;
    /**
     * Learnings in one match at most. One cut short before its fits were judged, with too few playouts or out
     * of time fitting them (a fallback engine, or hsfc still cold when it arrives in the middle of the match:
     * skirmish's first learning on it made 33 playouts), is tried again in the next move, with the engine warm.
     */
    private static final int EVALUATION_TRIES = 3;
    /**
     * Learnings in one match at most where the evaluation is refined towards {@link
     * SearchOptions#evaluationPlayouts()}: the one in the start clock and five moves' (each takes a quarter of the
     * move's time for its playouts and up to as much again for the fit).
     */
    private static final int EVALUATION_TRIES_REFINING = 6;
    /**
     * {@link PlayoutPolicy#AUTO}'s duel takes this share of the clock left at {@link #prepare}, and at most the
     * time below; a duel without a verdict by then (a slow game, a short clock) leaves MAST's playouts.
     */
    private static final int DUEL_CLOCK_DIVISOR = 10;
    private static final long DUEL_MAX_MILLIS = 1_000;
    /** Whole random playouts timed at most to tell whether they are too slow to search with. */
    private static final int SLOW_PLAYOUT_SAMPLES = 5;
    /** Moving the root (recycling, growing the arrays) this slow is logged. */
    private static final long REROOT_LOG_MILLIS = 100;
    /** Factoring a puzzle for focused walks takes at most this long (and a tenth of the time left). */
    private static final long FOCUS_MAX_MILLIS = 2_000;
    /** The most focused puzzle walks: each takes its turn of the walk's share of the time. */
    private static final int MAX_FOCUSED_WALKS = 8;

    private final SearchOptions options;
    private final SplittableRandom random;
    private StateMachineFactory game;
    private int role;
    private StateMachine machine;
    /** What a finished game is worth in this match's search: the options' utility resolved for the game. */
    private GoalUtility utility;
    private SearchTree tree;
    private BestLine bestLine;
    /** The evaluation learned for this match, or null (none asked for, none good enough, or not yet learned). */
    private LearnedEvaluation evaluation;
    /**
     * Whether the evaluation is asked for but not learned yet (prepare had no time, or a learning was cut short
     * before its fits were judged): the next move learns it, while {@link #evaluationTriesLeft} lasts.
     */
    private boolean evaluationPending;
    private int evaluationTriesLeft;
    /**
     * The samples the evaluation is learned from, kept from one learning to the next where it is refined towards
     * {@link SearchOptions#evaluationPlayouts()} (else null: each learning starts afresh), and the playouts the
     * last fit rested on (a refinement whose fit rests on no more, out of time for the rest, is the last).
     */
    private LearnedEvaluation.Samples evaluationSamples;
    /** The initial state's facts in a puzzle (the best-first walk's memory per state is sized by it). */
    private int puzzleStateSize;
    /** Goal bounds from the game's latches, or null where it has none or they are switched off. */
    private LatchBounds latchBounds;
    /** The move ids of each focused puzzle walk (empty: none). */
    private List<IntSet> puzzleFocuses = List.of();
    private int evaluationFittedPlayouts;
    /**
     * Whether this match's playouts are cut short and valued by the goals of the state they reach, where no
     * learned evaluation cuts them: whole playouts were measured too slow to search with ({@link #playoutsTooSlow}).
     */
    private boolean slowPlayoutsCut;
    /** Whether this match's playouts value moves by their pairs too (NST), as asked or as the duel found. */
    private boolean pairsUsed;
    private SearchRunner runner;
    private MctsWorker[] workers;
    /** Playouts of workers that were replaced (see {@link SearchRunner}), so the counts never go back. */
    private long retiredPlayouts;
    private volatile SearchStatistics statistics;
    /** Our most visited move at the root during the current search, readable at any moment; -1 if none. */
    private volatile int bestMoveSoFar = -1;
    /**
     * Our root moves' visits when the current search began, by move index ({@link FinalMove#RECENT} counts the
     * visits since); indexes, not edge numbers, since recycling during a search moves the edges.
     */
    private int[] rootVisitsAtStart = new int[16];

    public MctsStrategy(SearchOptions options) {
        this.options = options;
        this.random = new SplittableRandom(options.seed());
        this.statistics = SearchStatistics.empty(NAME, options.threads());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(StateMachineFactory factory, int roleIndex, long deadlineMillis) {
        close();
        this.game = factory;
        this.machine = factory.newMachine();
        Strategies.requireRole(machine, roleIndex);
        this.role = roleIndex;
        // Latch bounds are goal values, so a search that uses them values every game by its goals.
        this.utility = options.latches() ? GoalUtility.GOAL : options.goalUtility().forRoles(machine.roleCount());
        LOG.info("finished games valued by {} (utility {}, {} roles{})", utility.name().toLowerCase(Locale.ROOT),
                options.goalUtility().name().toLowerCase(Locale.ROOT), machine.roleCount(),
                options.latches() ? ", latch bounds on" : "");
        this.tree = new SearchTree(machine.roleCount(),
                SearchTree.layoutFor(machine, options.nodePoolSize(), options.treeMemoryBytes(), LAYOUT_SAMPLE_MILLIS,
                        options.keepsAmaf()), utility);
        this.bestLine = machine.roleCount() == 1 ? new BestLine() : null;
        this.puzzleStateSize = bestLine == null ? 0 : machine.initialState().size();
        this.puzzleFocuses = bestLine != null && options.puzzleSolver() && options.puzzleFocus()
                ? puzzleFocuses(deadlineMillis) : List.of();
        this.latchBounds = options.latches() ? LatchBounds.of(machine) : null;
        if (latchBounds != null) {
            LOG.info("latches: {}; they bound the tree's nodes", latchBounds.summary());
        }
        this.evaluation = null;
        this.evaluationPending = options.learnsEvaluation();
        boolean refines = options.evaluationPlayouts() > 0;
        this.evaluationTriesLeft = refines ? EVALUATION_TRIES_REFINING : EVALUATION_TRIES;
        this.evaluationSamples = refines
                ? new LearnedEvaluation.Samples(machine.roleCount(), utility) : null;
        this.evaluationFittedPlayouts = 0;
        this.pairsUsed = options.playoutPolicy() == PlayoutPolicy.NST
                || options.playoutPolicy() == PlayoutPolicy.AUTO && pairsPay(deadlineMillis);
        if (evaluationPending && learningBudget(deadlineMillis) >= EVALUATION_MIN_MILLIS) {
            learnEvaluation(machine.initialState(), deadlineMillis);
        }
        this.slowPlayoutsCut = playoutsTooSlow(machine.initialState());
        this.workers = new MctsWorker[options.threads()];
        this.runner = new SearchRunner(options.threads(), this::newWorker);
        State initial = machine.initialState();
        tree.moveRootTo(initial, machine, deadlineMillis);
        if (!tree.isTerminal(tree.root())) {
            search(initial, deadlineMillis, -1);
        }
    }

    /**
     * Plays {@link PairDuel} from the initial state in its share of the time until {@code deadlineMillis} and
     * logs its verdict (it explains the match's play). Puzzles have no opponent to answer: MAST.
     */
    private boolean pairsPay(long deadlineMillis) {
        if (machine.roleCount() < 2) {
            return false;
        }
        long start = System.currentTimeMillis();
        long budget = Math.min(DUEL_MAX_MILLIS, Math.max(0, deadlineMillis - start) / DUEL_CLOCK_DIVISOR);
        PairDuel.Verdict verdict = PairDuel.play(machine, machine.initialState(), random.split(), start + budget);
        LOG.info("playout policy {} in {} ms: {}", verdict.pairsPay() ? "nst" : "mast",
                System.currentTimeMillis() - start, verdict.summary());
        return verdict.pairsPay();
    }

    /**
     * Whether whole random playouts from {@code from} take longer than {@link SearchOptions#slowPlayoutMillis()}
     * on average, in a game of two or more roles, so that the search cuts them short. Chess on a non-ground
     * engine takes 30-45 ms a playout (about 190 joint moves, most reaching the step limit without a goal):
     * with whole playouts a 10 s clock gives a few hundred iterations, and their results are close to noise.
     * Puzzles keep whole playouts, which are their only complete lines besides the puzzle walks. Timed on up
     * to {@link #SLOW_PLAYOUT_SAMPLES} playouts within three times the limit (a playout still running then
     * counts as lasting until then), after the learning has warmed the engine; the verdict is logged.
     */
    private boolean playoutsTooSlow(State from) {
        double limit = options.slowPlayoutMillis();
        if (limit <= 0 || options.evaluationCutoff() <= 0 || machine.roleCount() < 2) {
            return false;
        }
        RandomPlayouts playouts = new RandomPlayouts(machine, random.nextLong(), Playout.MAX_STEPS);
        long start = System.nanoTime();
        long deadline = start + (long) (3 * limit * 1_000_000);
        int started = 0;
        while (started < SLOW_PLAYOUT_SAMPLES) {
            started++;
            if (playouts.play(from, deadline) == RandomPlayouts.End.DEADLINE || System.nanoTime() - deadline >= 0) {
                break;
            }
        }
        double mean = (System.nanoTime() - start) / 1e6 / started;
        boolean slow = mean > limit;
        LOG.info("whole random playouts took {} ms on average ({} timed; limit {} ms): {}",
                String.format(Locale.ROOT, "%.1f", mean), started, limit, slow
                        ? "where no learned evaluation cuts them, playouts stop after " + options.evaluationCutoff()
                                + " joint moves and take the goals of the state they reached"
                        : "played to the end");
        return slow;
    }

    /** The learning's playouts' share of the time until {@code deadlineMillis}. */
    private static long learningBudget(long deadlineMillis) {
        long left = Math.max(0, deadlineMillis - System.currentTimeMillis());
        return Math.min(EVALUATION_MAX_MILLIS, left / EVALUATION_CLOCK_DIVISOR);
    }

    /**
     * Learns a state evaluation from random playouts from {@code from} in at most half the time until
     * {@code deadlineMillis}, into {@link #evaluation}: null where it predicts no role's goal well enough to use.
     * A learning cut short (too few playouts, out of time fitting them) leaves the evaluation as it was and
     * pending for the next move, while tries are left; so does a fit resting on fewer playouts than the
     * evaluation is refined towards, whose samples the next learning adds to. The learning and its verdict are
     * logged: they explain the match's play. The machine is left in an arbitrary state.
     */
    private void learnEvaluation(State from, long deadlineMillis) {
        long start = System.currentTimeMillis();
        long budget = learningBudget(deadlineMillis);
        LearnedEvaluation.Samples samples = evaluationSamples != null ? evaluationSamples
                : new LearnedEvaluation.Samples(machine.roleCount(), utility);
        LearnedEvaluation learned = LearnedEvaluation.learn(machine, from, random.split(), start + budget,
                start + 2 * budget, SearchOptions.MAX_EVALUATION_PLAYOUTS, options.evaluationMinQuality(),
                options.evaluationAssurance(), samples);
        evaluationTriesLeft--;
        boolean refinable = learned.fitted() && learned.fittedPlayouts() > evaluationFittedPlayouts
                && learned.fittedPlayouts() < options.evaluationPlayouts();
        evaluationPending = (!learned.fitted() || refinable) && evaluationTriesLeft > 0;
        if (learned.fitted()) {
            evaluationFittedPlayouts = learned.fittedPlayouts();
            evaluation = learned.isUseful() ? learned : null;
        }
        LOG.info("learned evaluation in {} ms, {} (quality floor {}): {}{}{}", System.currentTimeMillis() - start,
                learned.isUseful() ? "used"
                        : learned.fitted() || evaluation == null ? "not used" : "not used, the last kept",
                options.evaluationMinQuality(), learned.summary(),
                options.evaluationCutoff() > 0 && learned.isUsedForEveryRole()
                        ? "; playouts cut after " + options.evaluationCutoff() + " joint moves" : "",
                !evaluationPending ? "" : learned.fitted()
                        ? "; the next move learns more (" + options.evaluationPlayouts() + " playouts asked for)"
                        : "; the next move learns again");
    }

    /**
     * Learns the evaluation that {@link #prepare} or an earlier move had no time for, or refines it, in this
     * move's time, from its state, and hands the result to the workers made so far (those made later take it
     * from {@link #evaluation}): a refined fit replaces the last, and one no longer good enough leaves none.
     */
    private void learnPendingEvaluation(State current, long deadlineMillis) {
        learnEvaluation(current, deadlineMillis - options.safetyMarginMillis());
        for (MctsWorker worker : workers) {
            if (worker != null) {
                worker.useEvaluation(evaluation, options.evaluationWeight(), options.evaluationVisits(),
                        options.evaluationCutoff(), slowPlayoutsCut);
            }
        }
    }

    private MctsWorker newWorker(int slot) {
        MoveAverages averages = options.playoutPolicy() != PlayoutPolicy.UNIFORM
                ? new MoveAverages(machine.roleCount()) : null;
        MovePairAverages pairs = pairsUsed ? new MovePairAverages() : null;
        MctsWorker worker = new MctsWorker(tree, game.newMachine(), random.split(), averages, pairs, bestLine,
                options.roleExploration(machine.roleCount(), role), options.priorVisits(), options.keepsAmaf()
                        ? new Grave(tree, machine.roleCount(), options.graveReference(), options.graveBias()) : null);
        if (evaluation != null || slowPlayoutsCut) {
            worker.useEvaluation(evaluation, options.evaluationWeight(), options.evaluationVisits(),
                    options.evaluationCutoff(), slowPlayoutsCut);
        }
        if (latchBounds != null) {
            worker.useLatchBounds(latchBounds);
        }
        if (bestLine != null && options.puzzleSolver() && slot == 0) {
            int bestFirst = options.puzzleBestFirst() ? 1 : 0;
            PuzzleWalk[] walks = new PuzzleWalk[1 + bestFirst + puzzleFocuses.size()];
            int capacity = puzzleWalkCapacity() / walks.length;
            walks[0] = new PuzzleSolver(game.newMachine(), bestLine, random.split(), capacity, null);
            if (bestFirst == 1) {
                long bytes = capacity * PuzzleSolver.bytesFor(1);
                walks[1] = new BestFirstSolver(game.newMachine(), bestLine,
                        (int) Math.min(Integer.MAX_VALUE - 8, bytes / BestFirstSolver.bytesFor(puzzleStateSize)));
            }
            for (int i = 0; i < puzzleFocuses.size(); i++) {
                walks[1 + bestFirst + i] = new PuzzleSolver(game.newMachine(), bestLine, random.split(), capacity,
                        puzzleFocuses.get(i));
            }
            worker.sharePuzzleWalks(walks);
        }
        if (workers[slot] != null) {
            retiredPlayouts += workers[slot].playouts(); // a worker replaced while busy keeps its count
        }
        workers[slot] = worker;
        return worker;
    }

    /** Whether this match's playouts are cut short and valued by goals, being too slow whole (tests). */
    boolean cutsSlowPlayouts() {
        return slowPlayoutsCut;
    }

    /** How many focused puzzle walks this match's search has (tests). */
    int focusedWalks() {
        return puzzleFocuses.size();
    }

    /**
     * The focused walks' moves ({@link PuzzleSolver#focuses}), in at most a tenth of the time left and
     * {@link #FOCUS_MAX_MILLIS}, logged: they explain the match's play.
     */
    private List<IntSet> puzzleFocuses(long deadlineMillis) {
        long start = System.currentTimeMillis();
        long budget = Math.min(FOCUS_MAX_MILLIS, Math.max(1, (deadlineMillis - start) / 10));
        List<IntSet> focuses = PuzzleSolver.focuses(machine, budget, MAX_FOCUSED_WALKS);
        LOG.info("puzzle focus in {} ms: {} focused walks", System.currentTimeMillis() - start, focuses.size());
        return focuses;
    }

    /**
     * The states a puzzle walk remembers: a quarter of the tree's memory, at most 2^20 (16 MiB). The walk
     * empties its key set each time the root moves, so a larger set costs every move more than it saves.
     */
    private int puzzleWalkCapacity() {
        long fit = options.treeMemoryBytes() / 4 / PuzzleSolver.bytesFor(1);
        return (int) Math.max(1 << 10, Math.min(1 << 20, fit));
    }

    @Override
    public int selectMove(State current, long deadlineMillis) {
        try {
            return searchFrom(current, deadlineMillis);
        } finally {
            bestMoveSoFar = -1; // it describes the call in progress only
        }
    }

    private int searchFrom(State current, long deadlineMillis) {
        if (tree == null || runner == null) {
            throw new IllegalStateException("selectMove before prepare or after close");
        }
        bestMoveSoFar = -1;
        if (evaluationPending) {
            learnPendingEvaluation(current, deadlineMillis);
        }
        long rerootStart = System.nanoTime();
        int capacityBefore = tree.capacity();
        int nodesBefore = tree.nodesInUse();
        tree.moveRootTo(current, machine, deadlineMillis);
        long rerootMillis = (System.nanoTime() - rerootStart) / 1_000_000;
        if (rerootMillis >= REROOT_LOG_MILLIS) {
            // it is taken from this move's search time: a slow one explains a short search
            LOG.info("moving the root took {} ms: {} of {} nodes before, {} of {} after", rerootMillis, nodesBefore,
                    capacityBefore, tree.nodesInUse(), tree.capacity());
        }
        int root = tree.root();
        if (tree.isTerminal(root)) {
            throw new IllegalArgumentException("no move to select in a terminal state");
        }
        int lineMove = puzzleSettled() ? bestLine.moveAt(current, machine) : -1;
        if (lineMove >= 0) {
            // A puzzle solved to the maximum or walked whole: follow the line, nothing better exists.
            statistics = describe(root, 0, 0, 0, 0, lineMove);
            return lineMove;
        }
        for (MctsWorker worker : workers) {
            if (worker != null && worker.averages() != null) {
                worker.averages().decay(MAST_DECAY);
            }
            if (worker != null && worker.pairs() != null) {
                worker.pairs().decay(MAST_DECAY);
            }
        }
        return search(current, deadlineMillis, 0);
    }

    /** Searches until the deadline (less the margin) and returns the chosen move, or -1 if {@code choose} < 0. */
    private int search(State current, long deadlineMillis, int choose) {
        long start = System.currentTimeMillis();
        long playoutsBefore = playouts();
        int root = tree.root();
        rememberRootVisits(root);
        tree.releaseForSearch();
        long iterations;
        try {
            iterations = runner.run(deadlineMillis - options.safetyMarginMillis(), options.iterationLimit(),
                    () -> searchIsOver(root));
        } finally {
            tree.holdBetweenSearches();
        }
        long elapsed = System.currentTimeMillis() - start;
        long playouts = playouts() - playoutsBefore;
        int move = choose < 0 ? -1 : chooseMove(root, current);
        statistics = describe(root, iterations, playouts, elapsed, runner.longestStallMillis(), move);
        if (choose >= 0) {
            LOG.debug("{}", statistics);
        }
        return move;
    }

    /**
     * Polled by the search's clock thread every few milliseconds: publishes our most visited root move so far,
     * counted as {@link FinalMove} says (for {@link #bestMoveSoFar()}), and says whether more search cannot
     * change the answer.
     */
    private boolean searchIsOver(int root) {
        int epoch = tree.epoch();
        if (tree.isRecycling()) {
            return false; // edges are moving: read them next time
        }
        int start = tree.edgeStart(root, role);
        int count = tree.moveCount(root, role);
        boolean recent = countsRecentVisits(start, count);
        int best = -1;
        double bestVisits = -1;
        for (int i = 0; i < count; i++) {
            double visits = visitsKey(start, i, recent);
            if (visits > bestVisits) {
                bestVisits = visits;
                best = start + i;
            }
        }
        int move = best >= 0 ? tree.edgeMove(best) : -1;
        if (move >= 0 && !tree.isRecycling() && tree.epoch() == epoch) {
            bestMoveSoFar = move; // nothing moved while it was read
        }
        return tree.isProven(root) || puzzleSettled();
    }

    /**
     * Whether a puzzle's best line cannot be beaten: it reaches the maximum goal, or the puzzle walk has seen
     * every state reachable from the root.
     */
    private boolean puzzleSettled() {
        if (bestLine == null || bestLine.value() < 0) {
            return false;
        }
        return bestLine.value() >= SearchTree.MAX_GOAL
                || (workers[0] != null && workers[0].puzzleWalkExhaustedFrom(tree.rootState()));
    }

    @Override
    public int bestMoveSoFar() {
        return bestMoveSoFar;
    }

    private long playouts() {
        long sum = retiredPlayouts;
        for (MctsWorker worker : workers) {
            sum += worker == null ? 0 : worker.playouts();
        }
        return sum;
    }

    /**
     * Our move at the root. A puzzle follows its best line when nothing better is proven. Where we alone
     * choose, a proven root plays a move that achieves the proven value; otherwise the most visited move
     * wins (or the one this search visited most, {@link FinalMove}), except moves proven worse than another
     * move's mean. Where others choose at the same time, the
     * move is drawn in proportion to visits among the well-visited moves: decoupled UCT's visit
     * frequencies approximate a mixed strategy, and a fixed choice would be exploitable.
     */
    private int chooseMove(int root, State current) {
        int start = tree.edgeStart(root, role);
        int count = tree.moveCount(root, role);
        if (bestLine != null && bestLine.value() >= 0
                && (!tree.isProven(root) || bestLine.value() >= tree.provenGoal(root, role))) {
            int lineMove = bestLine.moveAt(current, machine);
            if (lineMove >= 0) {
                return lineMove;
            }
        }
        if (count == 1) {
            return tree.edgeMove(start);
        }
        if (tree.mover(root) == role) {
            return chooseAsMover(root, start, count);
        }
        return chooseMixed(start, count);
    }

    private int chooseAsMover(int root, int start, int count) {
        double bestUnprovenMean = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            int child = tree.childOfMove(root, i);
            int visits = tree.edgeVisits(start + i);
            if ((child < 0 || !tree.isProven(child)) && visits > 0) {
                bestUnprovenMean = Math.max(bestUnprovenMean, (double) tree.edgeValue(start + i) / visits);
            }
        }
        boolean rootProven = tree.isProven(root);
        boolean recent = countsRecentVisits(start, count);
        int floor = latchBounds == null ? -1 : tree.latchFloor(root, role);
        int best = -1;
        double bestKey = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            int child = tree.childOfMove(root, i);
            int exact = child >= 0 && tree.isProven(child) ? tree.provenGoal(child, role) : -1;
            double key;
            if (!rootProven && child >= 0 && tree.highestReachable(child, role) < floor) {
                key = -3; // cannot reach what another move is sure of: only if every move is so
            } else if (rootProven) {
                // Proven root: any move keeping the proven value; the most visited among them.
                key = exact >= 0 && exact == tree.provenGoal(root, role) ? tree.edgeVisits(start + i) : -1;
            } else if (exact >= SearchTree.MAX_GOAL) {
                key = Double.MAX_VALUE;
            } else if (exact >= 0 && exact < bestUnprovenMean) {
                key = -2 + exact / 1000.0; // proven worse: only if every move is
            } else {
                key = visitsKey(start, i, recent);
            }
            if (key > bestKey) {
                bestKey = key;
                best = i;
            }
        }
        return tree.edgeMove(start + best);
    }

    /** Notes our root moves' visits before a search, for {@link FinalMove#RECENT}. */
    private void rememberRootVisits(int root) {
        int start = tree.edgeStart(root, role);
        int count = tree.moveCount(root, role);
        if (rootVisitsAtStart.length < count) {
            rootVisitsAtStart = new int[Math.max(count, 2 * rootVisitsAtStart.length)];
        }
        for (int i = 0; i < count; i++) {
            rootVisitsAtStart[i] = tree.edgeVisits(start + i);
        }
    }

    /**
     * Whether the move is chosen by this search's visits ({@link FinalMove#RECENT}): only where the search
     * visited the root's moves enough to judge by.
     */
    private boolean countsRecentVisits(int start, int count) {
        if (options.finalMove() != FinalMove.RECENT) {
            return false;
        }
        long since = 0;
        for (int i = 0; i < count; i++) {
            since += tree.edgeVisits(start + i) - rootVisitsAtStart[i];
        }
        return since >= (long) FinalMove.MIN_VISITS_PER_MOVE * count;
    }

    /**
     * The key a move is chosen by among the unproven ones: its visits, or with {@code recent} the visits of this
     * search first, all its visits breaking ties.
     */
    private double visitsKey(int start, int moveIndex, boolean recent) {
        int visits = tree.edgeVisits(start + moveIndex);
        // all visits (below 2^31) times 1e-10 stay under 1: they only order moves with equal recent visits
        return recent ? visits - rootVisitsAtStart[moveIndex] + visits * 1e-10 : visits;
    }

    private int chooseMixed(int start, int count) {
        int maxVisits = 0;
        for (int i = 0; i < count; i++) {
            maxVisits = Math.max(maxVisits, tree.edgeVisits(start + i));
        }
        if (maxVisits == 0) {
            return tree.edgeMove(start + random.nextInt(count));
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            int visits = tree.edgeVisits(start + i);
            total += 2 * visits >= maxVisits ? visits : 0;
        }
        long pick = random.nextLong(total);
        for (int i = 0; i < count; i++) {
            int visits = tree.edgeVisits(start + i);
            if (2 * visits >= maxVisits) {
                pick -= visits;
                if (pick < 0) {
                    return tree.edgeMove(start + i);
                }
            }
        }
        throw new IllegalStateException("visit sampling fell through");
    }

    private SearchStatistics describe(int root, long iterations, long playouts, long elapsed, long stallMillis,
            int chosen) {
        SymbolTable symbols = machine.description().symbols();
        List<SearchStatistics.MoveStatistics> moves = new ArrayList<>();
        int provenValue = tree.isProven(root) ? tree.provenGoal(root, role) : -1;
        if (puzzleSettled()) {
            provenValue = Math.max(provenValue, bestLine.value()); // nothing beats the line
        }
        int start = tree.edgeStart(root, role);
        int count = tree.moveCount(root, role);
        for (int i = 0; i < count; i++) {
            // a role's only move takes no statistics of its own: every iteration through the root chose it
            int visits = count == 1 ? tree.visits(root) : tree.edgeVisits(start + i);
            double mean = visits == 0 ? 0 : (double) tree.edgeValue(start + i) / visits;
            int exact = -1;
            if (tree.mover(root) == role) {
                int child = tree.childOfMove(root, i);
                exact = child >= 0 && tree.isProven(child) ? tree.provenGoal(child, role) : -1;
            }
            moves.add(new SearchStatistics.MoveStatistics(render(tree.edgeMove(start + i), symbols), visits, mean,
                    exact));
        }
        moves.sort(Comparator.comparingLong(SearchStatistics.MoveStatistics::visits).reversed());
        String chosenText = chosen < 0 ? "" : render(chosen, symbols);
        return new SearchStatistics(NAME, options.threads(), iterations, playouts, elapsed, tree.nodesInUse(),
                tree.capacity(), stallMillis, provenValue, bestLine == null ? -1 : bestLine.value(), chosenText, moves);
    }

    private String render(int move, SymbolTable symbols) {
        return machine.move(move).render(symbols);
    }

    @Override
    public SearchStatistics statistics() {
        return statistics;
    }

    /**
     * The tree's bookkeeping problems once the last search's workers have stopped; empty when consistent
     * (tests call this between searches).
     */
    List<String> treeInvariantViolations() {
        try {
            if (runner != null && !runner.awaitIdle(10_000)) {
                return List.of("workers still running 10 s after the search");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of("interrupted");
        }
        return tree == null ? List.of() : tree.invariantViolations();
    }

    /** The evaluation the search uses, or null (tests check that one was learned). */
    LearnedEvaluation evaluation() {
        return evaluation;
    }

    /** The playouts the last fitted evaluation rests on, used or not; 0 before one (tests check refining). */
    int evaluationFittedPlayouts() {
        return evaluationFittedPlayouts;
    }

    /** Whether this match's playouts value moves by their pairs (NST), as asked or as the duel found (tests). */
    boolean usesMovePairs() {
        return pairsUsed;
    }

    /** The search tree (tests inspect it between searches). */
    SearchTree tree() {
        return tree;
    }

    /** Stops the workers and lets go of the tree: its arrays are a large share of the heap. */
    @Override
    public void close() {
        if (runner != null) {
            runner.close();
            runner = null;
        }
        workers = null;
        tree = null;
        evaluation = null;
        evaluationPending = false;
        evaluationSamples = null;
    }
}
