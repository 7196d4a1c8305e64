package org.ratchet.search;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * One thread's Monte Carlo tree search iterations on the shared {@link SearchTree}: descend by decoupled UCT
 * to a joint move without a child, make that child (or find its state's node in the transposition table),
 * play out from it, back the goal vector up the edges of the path, and prove nodes whose children's values
 * are exact. Nothing is allocated per iteration.
 *
 * <p>Parallelism uses virtual loss: an iteration counts its visits on the way down, before its result is
 * known, so the moves it chose look worse to the other threads until it backs up, and they spread over
 * other branches instead of duplicating its playout. Counters are atomic; no lock is taken.
 */
final class MctsWorker implements SearchRunner.Worker {
    /**
     * A descent deeper than this stops and plays out: transpositions can close cycles in games whose states
     * repeat, and a descent must end.
     */
    private static final int MAX_DEPTH = 1_000;
    /**
     * Taken off the score of a move dominated by latch bounds: more than any score can reach (a proven value
     * is at most 1, a sampled one plus its bonus a few units), so such a move is chosen only where every move
     * is dominated, and then by its own score.
     */
    private static final double DOMINATED_PENALTY = 1e6;

    private final SearchTree tree;
    private final SearchTree.Allocator allocator;
    private final int activitySlot;
    private final StateMachine machine;
    private final SplittableRandom random;
    private final MoveAverages averages;
    /** NST's pair averages; null unless the playout policy is NST. */
    private final MovePairAverages pairs;
    private final Playout playout;
    private final BestLine bestLine;
    /**
     * Each role's exploration constant before the blend: UCT's constant, times the opponents' factor for the
     * roles the search does not play ({@link SearchOptions#roleExploration}).
     */
    private final double[] roleBaseExploration;
    /**
     * Each role's exploration constant: {@link #roleBaseExploration}, times (1 - the blend's weight) for a role whose
     * values the learned evaluation is blended into. Blending takes that share of every value from the
     * evaluation, so where the evaluation rates a node's children alike (early in checkers), the differences
     * the tree chooses by shrink by that factor while the exploration bonus does not: the search would explore
     * more and exploit less than without the evaluation. Scaling the bonus alike keeps the balance.
     */
    private final double[] roleExploration;
    /** MAST-in-tree weight in visits (0: plain UCT); see {@link SearchOptions#priorVisits()}. */
    private final int priorVisits;
    /** GRAVE's statistics and reference node; null when GRAVE is off. */
    private final Grave grave;
    /** The evaluation learned in the start clock, or null; see {@link #blendEvaluation()}. */
    private LearnedEvaluation evaluation;
    private double evaluationWeight;
    /** Heuristic priming's weight in visits (0: off); see {@link #moveScore}. */
    private int evaluationVisits;
    /** Each role's learned evaluation of the playout's first state, read before the playout moves on. */
    private final int[] evaluated;
    /** What the tree's edges take: the playout's goals blended with {@link #evaluated}. */
    private final int[] backedUp;
    private final int roles;
    private final int[] jointMove;
    private final int[] goals;
    /** The joint move of the descent's last level: what the playout's first moves answer (NST). */
    private final int[] lastJointMove;

    private int[] path = new int[64];
    /**
     * Role r's chosen edge at path level d is {@code chosenEdges[d * roles + r]}, stored as {@code -edge - 1}
     * where it was the role's only move: such an edge takes no statistics (nothing chooses between one
     * move), which spares two atomic updates per level in turn-taking games.
     */
    private int[] chosenEdges = new int[64];
    private int pathLength;
    /** Path levels whose choices have been counted in their edges' visits. */
    private int levelsChosen;
    private int[] facts = new int[64];
    private int[] lineMoves = new int[64];
    private long playouts;
    /**
     * A puzzle's depth-first walks sharing this worker's time, in turn (the first of every move, then focused
     * ones), or null; {@link #walkTurn}: whether a walk's turn is next, {@link #nextWalk}: whose.
     */
    private PuzzleWalk[] puzzleWalks;
    private boolean walkTurn;
    private int nextWalk;
    /** Goal bounds of new nodes from the game's latches, or null; {@link #low}, {@link #high}: their scratch. */
    private LatchBounds latchBounds;
    private final int[] low;
    private final int[] high;
    /**
     * While choosing at a node where one role moves: the highest goal that role is sure of through a child
     * made so far ({@link LatchBounds}), and in a puzzle at least one more than its best line's (below the
     * maximum goal); a move whose child cannot reach it is dominated: a puzzle gains nothing from a line no
     * better than the one it has. -1 without latches.
     */
    private int moverFloor = -1;

    /**
     * {@code averages} null means uniform playouts, {@code pairs} not null NST playouts; {@code bestLine} null
     * means not a single-player game.
     */
    MctsWorker(SearchTree tree, StateMachine machine, SplittableRandom random, MoveAverages averages,
            MovePairAverages pairs, BestLine bestLine, double[] roleExploration, int priorVisits, Grave grave) {
        this.tree = tree;
        this.allocator = tree.new Allocator();
        this.activitySlot = tree.registerWorker();
        this.machine = machine;
        this.random = random;
        this.averages = averages;
        this.pairs = pairs;
        this.playout = new Playout(machine, random, averages, pairs, tree.utility);
        this.bestLine = bestLine;
        this.roleBaseExploration = roleExploration.clone();
        this.roleExploration = roleExploration.clone();
        this.priorVisits = averages == null ? 0 : priorVisits;
        this.grave = grave;
        this.roles = machine.roleCount();
        this.jointMove = new int[roles];
        this.goals = new int[roles];
        this.lastJointMove = new int[roles];
        this.evaluated = new int[roles];
        this.backedUp = new int[roles];
        this.low = new int[roles];
        this.high = new int[roles];
    }

    /** Makes the nodes this worker adds carry goal bounds from the game's latches. */
    void useLatchBounds(LatchBounds bounds) {
        this.latchBounds = bounds;
    }

    /**
     * Makes the tree use the learned evaluation, for the roles whose evaluation is good enough: it takes
     * {@code weight} (0..1) of each playout's value from the evaluation of the state the playout starts from,
     * and a move whose node is made starts with the evaluation of that node's state as {@code visits} visits.
     * With {@code cutoff} above 0 and an evaluation for every role, playouts stop after that many joint moves
     * and take the evaluation of the state they reached as their goals; without such an evaluation but with
     * {@code cutByGoals} (whole playouts too slow to search with), they stop there and take the goals of the
     * state they reached. A later call replaces the evaluation (a refined one); null leaves none.
     */
    void useEvaluation(LearnedEvaluation learned, double weight, int visits, int cutoff, boolean cutByGoals) {
        this.evaluation = learned;
        this.evaluationWeight = weight;
        this.evaluationVisits = visits;
        for (int role = 0; role < roles; role++) {
            boolean used = learned != null && learned.isUsed(role);
            roleExploration[role] = used ? roleBaseExploration[role] * (1 - weight) : roleBaseExploration[role];
        }
        if (cutoff > 0 && learned != null && learned.isUsedForEveryRole()) {
            playout.cutShortWith(learned, cutoff);
        } else if (cutoff > 0 && cutByGoals) {
            playout.cutShortByGoals(cutoff);
        } else {
            playout.playToTheEnd();
        }
    }

    MoveAverages averages() {
        return averages;
    }

    /** NST's pair averages, or null. */
    MovePairAverages pairs() {
        return pairs;
    }

    /** Playouts run by this worker since it was made (read after a search, by the searching thread). */
    long playouts() {
        return playouts;
    }

    /**
     * Makes this worker share its time with a puzzle's walks: after each iteration, one walk (in turn, skipping
     * those with nothing left to do) takes about as many engine steps as the iteration's playout did.
     */
    void sharePuzzleWalks(PuzzleWalk... walks) {
        this.puzzleWalks = walks;
    }

    /** Whether one of the puzzle walks this worker shares its time with has seen every state from {@code state}. */
    boolean puzzleWalkExhaustedFrom(State state) {
        if (puzzleWalks != null) {
            for (PuzzleWalk walk : puzzleWalks) {
                if (walk.exhaustedFrom(state)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean iterate(SearchRunner runner) {
        if (puzzleWalks != null && walkTurn) {
            walkTurn = false;
            for (int tries = 0; tries < puzzleWalks.length; tries++) {
                PuzzleWalk walk = puzzleWalks[nextWalk];
                nextWalk = (nextWalk + 1) % puzzleWalks.length;
                if (walk.work(tree.rootState(), playout.steps() + 1, runner) > 0) {
                    return false; // a stretch of a walk, not an iteration of the tree
                }
            }
        }
        walkTurn = puzzleWalks != null;
        if (!tree.enterIteration(activitySlot, runner)) {
            return false;
        }
        boolean finished;
        try {
            finished = iterateInTree(runner);
        } finally {
            tree.exitIteration(activitySlot);
        }
        if (tree.isFull()) {
            tree.makeRoomWhileSearching(runner);
        }
        return finished;
    }

    private boolean iterateInTree(SearchRunner runner) {
        pathLength = 0;
        levelsChosen = 0;
        int node = tree.root();
        if (grave != null) {
            grave.startDescent(node);
        }
        int end = SearchTree.NONE; // the node the iteration ends at, NONE when it ends just past the tree
        boolean machineReady = false;
        // the length of the machine's state in facts where this iteration wrote it there, else -1
        int stateLength = -1;
        boolean finished = false;
        int claimedNode = SearchTree.NONE;
        long claimedJoint = 0;
        try {
            while (true) {
                push(node);
                if (tree.isProven(node) || pathLength > MAX_DEPTH) {
                    end = node;
                    break;
                }
                long joint = chooseJoint(node);
                int child = tree.child(node, joint);
                if (child >= 0) {
                    node = child;
                    continue;
                }
                // Off the tree: one engine step by the chosen joint move, then add its node if no one else is.
                if (child == SearchTree.NONE && tree.claimChild(node, joint)) {
                    claimedNode = node;
                    claimedJoint = joint;
                }
                tree.setMachineState(machine, node);
                fillJointMove(pathLength - 1);
                machine.advance(jointMove);
                if (runner != null && runner.stopped()) {
                    return false;
                }
                machineReady = true;
                if (claimedNode != SearchTree.NONE) {
                    stateLength = writeMachineState();
                    int made = nodeOfMachineState(stateLength);
                    if (made == SearchTree.NONE) {
                        tree.releaseChild(node, joint);
                    } else {
                        made = tree.linkChild(node, joint, made);
                    }
                    claimedNode = SearchTree.NONE;
                    if (made >= 0) {
                        push(made);
                        end = made;
                    }
                }
                break;
            }
            boolean playedOut = false;
            if (end != SearchTree.NONE && tree.isProven(end) && !improvesBestLine(end)) {
                for (int role = 0; role < roles; role++) {
                    goals[role] = tree.provenGoal(end, role);
                    backedUp[role] = goals[role];
                }
            } else {
                if (!machineReady) {
                    tree.setMachineState(machine, end);
                }
                boolean blending = evaluation != null && evaluationWeight > 0 && evaluate(stateLength);
                if (!playout.run(runner, goals, pairs != null ? lastJointMove() : null)) {
                    return false;
                }
                System.arraycopy(goals, 0, backedUp, 0, roles);
                if (blending) {
                    blendEvaluation();
                }
                playedOut = true;
                playouts++;
            }
            backUp(end);
            if (grave != null) {
                grave.backUp(path, chosenEdges, levelsChosen, playout.trace(), playedOut ? playout.steps() : 0, goals);
            }
            learn(playedOut, end != SearchTree.NONE && tree.isTerminal(end));
            finished = true;
            return true;
        } finally {
            if (claimedNode != SearchTree.NONE) {
                tree.releaseChild(claimedNode, claimedJoint);
            }
            if (!finished) {
                undo();
            }
        }
    }

    /**
     * Whether a puzzle's node, proven by its latches before the end of the game, is worth more than the best
     * line: its iteration plays out anyway, to the end, so that the line is recorded (only a complete line can
     * be replayed), and it reaches the proven goal, which the latches have fixed.
     */
    private boolean improvesBestLine(int end) {
        return bestLine != null && !tree.isTerminal(end) && tree.provenGoal(end, 0) > bestLine.value();
    }

    /**
     * The node of the machine's current state, already written to {@link #facts} ({@code length} ints): the
     * shared node of that state if there is one, else a new one. NONE if the pool is full, or if the state is
     * already on this path (a cycle the tree must not close).
     */
    private int nodeOfMachineState(int length) {
        long key = StateKeys.of(facts, 0, length);
        int node = tree.findShared(key, facts, 0, length);
        if (node == SearchTree.NONE) {
            node = tree.newNode(allocator, machine, facts, length, key);
            if (node == SearchTree.NONE) {
                return SearchTree.NONE;
            }
            if (latchBounds != null && !tree.isTerminal(node)) {
                tree.setLatchBounds(node, low, high, latchBounds.bounds(facts, 0, length, low, high));
            }
            if (evaluationVisits > 0 && evaluation != null && !tree.isTerminal(node)) {
                for (int role = 0; role < roles; role++) {
                    if (evaluation.isUsed(role)) {
                        tree.setEvaluation(node, role, evaluation.evaluate(facts, length, role));
                    }
                }
            }
            node = tree.share(node);
        }
        return onPath(node) ? SearchTree.NONE : node;
    }

    /** Writes the machine's current state to {@link #facts} (grown as needed); returns its length. */
    private int writeMachineState() {
        int length = machine.stateSize();
        if (facts.length < length) {
            facts = new int[Math.max(length, facts.length * 2)];
        }
        machine.writeState(facts, 0);
        return length;
    }

    private boolean onPath(int node) {
        for (int level = 0; level < pathLength; level++) {
            if (path[level] == node) {
                return true;
            }
        }
        return false;
    }

    private void push(int node) {
        if (pathLength == path.length) {
            path = Arrays.copyOf(path, pathLength * 2);
        }
        if ((pathLength + 1) * roles > chosenEdges.length) {
            chosenEdges = Arrays.copyOf(chosenEdges, Math.max(chosenEdges.length * 2, (pathLength + 1) * roles));
        }
        path[pathLength++] = node;
        tree.addVisit(node, 1);
    }

    /**
     * Each role's UCB1 choice among its own moves (decoupled UCT), stored in the path's edge slots and
     * counted at once (virtual loss). Returns the joint index of the choices.
     */
    private long chooseJoint(int node) {
        int base = (pathLength - 1) * roles;
        double logVisits = Math.log(Math.max(1, tree.visits(node)));
        int mover = tree.mover(node);
        if (grave != null) {
            grave.enter(node);
        }
        moverFloor = latchBounds == null || mover < 0 ? -1 : Math.max(tree.latchFloor(node, mover),
                bestLine == null ? -1 : Math.min(bestLine.value() + 1, SearchTree.MAX_GOAL));
        long joint = 0;
        long stride = 1;
        for (int role = 0; role < roles; role++) {
            int start = tree.edgeStart(node, role);
            int count = tree.edgeEnd(node, role) - start;
            int best = 0;
            if (count > 1) {
                double bestScore = Double.NEGATIVE_INFINITY;
                int ties = 0;
                for (int i = 0; i < count; i++) {
                    int edge = start + i;
                    double score = moveScore(node, mover, role, i, edge, logVisits);
                    if (score > bestScore) {
                        bestScore = score;
                        best = i;
                        ties = 1;
                    } else if (score == bestScore && random.nextInt(++ties) == 0) {
                        best = i;
                    }
                }
            }
            chosenEdges[base + role] = count > 1 ? start + best : -(start + best) - 1;
            joint += best * stride;
            stride *= count;
        }
        for (int role = 0; role < roles; role++) {
            int edge = chosenEdges[base + role];
            if (edge >= 0) {
                tree.addEdgeVisit(edge, 1);
            }
        }
        levelsChosen++;
        return joint;
    }

    /**
     * The UCB1 score of a role's move at a node. Where this role alone chooses, the move leads to one child;
     * once that is proven its exact value replaces the sampled mean, and with nothing left to learn there it
     * gets no exploration bonus (a proven loss is never chosen while anything else is). With MAST-in-tree the
     * move's value starts as its MAST average (what the move earned in this match's playouts, wherever it was
     * played), counted as {@link #priorVisits} visits, and the samples through this edge take over as they
     * come. With GRAVE the value blends in the move's all-moves-as-first value at the reference node
     * ({@link Grave#value}). Otherwise every move is tried once before any twice; with heuristic priming, the
     * samples of a move whose node has a learned evaluation are then averaged with that evaluation, counted
     * as {@link #evaluationVisits} visits, so the more promising moves are searched first and the samples
     * take over as they come (in turn-taking games: a simultaneous move has no one node to judge it by).
     * A move whose child cannot reach {@link #moverFloor} (its exact value if proven, else its latch upper
     * bound) ranks below every other.
     */
    private double moveScore(int node, int mover, int role, int moveIndex, int edge, double logVisits) {
        int n = tree.edgeVisits(edge);
        int child = n > 0 && mover == role ? tree.childOfMove(node, moveIndex) : SearchTree.NONE;
        double score = ownScore(n, child, role, edge, logVisits);
        if (child >= 0 && moverFloor >= 0 && tree.highestReachable(child, role) < moverFloor) {
            return score - DOMINATED_PENALTY;
        }
        return score;
    }

    /** {@link #moveScore} before latch dominance: {@code n} the edge's visits, {@code child} its node if known. */
    private double ownScore(int n, int child, int role, int edge, double logVisits) {
        if (child >= 0 && tree.isProven(child)) {
            return (double) tree.provenGoal(child, role) / SearchTree.MAX_GOAL;
        }
        if (grave != null) {
            double value = grave.value(role, edge, n);
            return Double.isNaN(value) ? Double.MAX_VALUE
                    : value + roleExploration[role] * Math.sqrt(logVisits / (n + 1));
        }
        if (priorVisits > 0) {
            double prior = averages.mean(role, tree.edgeMove(edge));
            double value = (tree.edgeValue(edge) + priorVisits * prior) / (n + priorVisits) / SearchTree.MAX_GOAL;
            return value + roleExploration[role] * Math.sqrt(logVisits / (n + 1));
        }
        if (n == 0) {
            return Double.MAX_VALUE;
        }
        int rated = child >= 0 && evaluationVisits > 0 ? tree.evaluation(child, role) : SearchTree.NONE;
        double mean = rated >= 0
                ? (tree.edgeValue(edge) + (double) evaluationVisits * rated) / (n + evaluationVisits)
                : tree.edgeValue(edge) / (double) n;
        return mean / SearchTree.MAX_GOAL + roleExploration[role] * Math.sqrt(logVisits / n);
    }

    private void fillJointMove(int level) {
        fillMoves(level, jointMove);
    }

    /** The edge of a {@link #chosenEdges} entry, whether or not it takes statistics. */
    private static int edgeOf(int chosen) {
        return chosen >= 0 ? chosen : -chosen - 1;
    }

    /**
     * Evaluates the machine's current state (a playout's first) for each role, unless it is terminal (its
     * goals are exact then). {@code written} is the state's length where the iteration already wrote it to
     * {@link #facts} (a node it just made), else -1. Returns whether it evaluated.
     */
    private boolean evaluate(int written) {
        if (machine.isTerminal()) {
            return false;
        }
        int length = written >= 0 ? written : writeMachineState();
        for (int role = 0; role < roles; role++) {
            evaluated[role] = evaluation.isUsed(role) ? evaluation.evaluate(facts, length, role) : -1;
        }
        return true;
    }

    /**
     * The tree's value of a playout: the evaluation's share of the playout's start state's evaluation and
     * the rest of the playout's goal. One random playout is a noisy sample; the evaluation is smooth but
     * biased; the tree averages the blend. Only the tree's values take it: MAST, GRAVE and a puzzle's best
     * line learn from what the playout reached.
     */
    private void blendEvaluation() {
        for (int role = 0; role < roles; role++) {
            if (evaluated[role] >= 0) {
                backedUp[role] = (int) Math.round((1 - evaluationWeight) * goals[role]
                        + evaluationWeight * evaluated[role]);
            }
        }
    }

    /** Adds {@link #backedUp} to every chosen edge on the path, then proves what it can upwards. */
    private void backUp(int end) {
        for (int level = 0; level < levelsChosen; level++) {
            int base = level * roles;
            for (int role = 0; role < roles; role++) {
                int edge = chosenEdges[base + role];
                if (edge >= 0) {
                    tree.addEdgeValue(edge, backedUp[role]);
                }
            }
        }
        if (end != SearchTree.NONE && tree.isProven(end)) {
            for (int level = pathLength - 2; level >= 0 && tree.trySolve(path[level]); level--) {
                // each newly proven node may complete its parent's proof
            }
        }
    }

    /**
     * The joint move chosen at the descent's last level, or null if the descent chose none (only NST reads
     * it).
     */
    private int[] lastJointMove() {
        if (levelsChosen == 0) {
            return null;
        }
        fillMoves(levelsChosen - 1, lastJointMove);
        return lastJointMove;
    }

    private void fillMoves(int level, int[] moves) {
        int base = level * roles;
        for (int role = 0; role < roles; role++) {
            moves[role] = tree.edgeMove(edgeOf(chosenEdges[base + role]));
        }
    }

    /** Takes back the visits of an iteration that did not finish, so the statistics stay exact. */
    private void undo() {
        for (int level = 0; level < pathLength; level++) {
            tree.addVisit(path[level], -1);
        }
        for (int level = 0; level < levelsChosen; level++) {
            int base = level * roles;
            for (int role = 0; role < roles; role++) {
                int edge = chosenEdges[base + role];
                if (edge >= 0) {
                    tree.addEdgeVisit(edge, -1);
                }
            }
        }
    }

    /** Feeds MAST with the whole iteration, and a puzzle's best line with a better result. */
    private void learn(boolean playedOut, boolean endTerminal) {
        if (averages != null) {
            for (int level = 0; level < levelsChosen; level++) {
                int base = level * roles;
                for (int role = 0; role < roles; role++) {
                    int move = tree.edgeMove(edgeOf(chosenEdges[base + role]));
                    averages.add(role, move, goals[role]);
                    if (pairs != null && level > 0) {
                        int before = MovePairAverages.answeredRole(role, roles);
                        pairs.add(role, tree.edgeMove(edgeOf(chosenEdges[base - roles + before])), move, goals[role]);
                    }
                }
            }
            if (playedOut) {
                playout.learn(goals);
            }
        }
        // Only a line that reaches the end of the game can be replayed for its goal.
        if (bestLine != null && (playedOut ? !playout.wasCut() : endTerminal) && goals[0] > bestLine.value()) {
            int playoutSteps = playedOut ? playout.steps() : 0;
            int length = levelsChosen + playoutSteps;
            if (lineMoves.length < length) {
                lineMoves = new int[Math.max(length, lineMoves.length * 2)];
            }
            for (int level = 0; level < levelsChosen; level++) {
                lineMoves[level] = tree.edgeMove(edgeOf(chosenEdges[level]));
            }
            System.arraycopy(playout.trace(), 0, lineMoves, levelsChosen, playoutSteps);
            bestLine.offer(tree.rootState(), lineMoves, length, goals[0]);
        }
    }
}
