package org.ratchet.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * Multithreaded Monte Carlo tree search for any GDL game: decoupled UCT over every role's moves (each role
 * maximises its own goal), MCTS-Solver values where one role chooses, MAST or uniform playouts, and for
 * puzzles the best line ever seen. The tree lives for the whole match and is re-rooted after each play.
 */
public final class MctsStrategy implements ReportingStrategy {
    public static final String NAME = "mcts";
    private static final Logger LOG = LogManager.getLogger(MctsStrategy.class);
    /** MAST evidence kept from one move to the next: recent positions teach more than old ones. */
    private static final double MAST_DECAY = 0.5;

    private final SearchOptions options;
    private final SplittableRandom random;
    private StateMachineFactory game;
    private int role;
    private StateMachine machine;
    private Tree tree;
    private BestLine bestLine;
    private SearchRunner runner;
    private MctsWorker[] workers;
    private volatile SearchStatistics statistics;

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
        if (roleIndex < 0 || roleIndex >= machine.roleCount()) {
            throw new IllegalArgumentException("role " + roleIndex + " out of range: the game has "
                    + machine.roleCount() + " roles");
        }
        this.role = roleIndex;
        this.tree = new Tree(options.nodePoolSize());
        this.bestLine = machine.roleCount() == 1 ? new BestLine() : null;
        this.workers = new MctsWorker[options.threads()];
        this.runner = new SearchRunner(options.threads(), this::newWorker);
        State initial = machine.initialState();
        tree.moveRootTo(initial, machine);
        if (!tree.root().terminal) {
            search(initial, deadlineMillis, -1);
        }
    }

    private MctsWorker newWorker(int slot) {
        MoveAverages averages = options.playoutPolicy() == PlayoutPolicy.MAST
                ? new MoveAverages(machine.roleCount()) : null;
        MctsWorker worker = new MctsWorker(tree, game.newMachine(), random.split(), averages, bestLine,
                options.exploration());
        workers[slot] = worker;
        return worker;
    }

    @Override
    public int selectMove(State current, long deadlineMillis) {
        if (tree == null || runner == null) {
            throw new IllegalStateException("selectMove before prepare or after close");
        }
        tree.moveRootTo(current, machine);
        Node root = tree.root();
        if (root.terminal) {
            throw new IllegalArgumentException("no move to select in a terminal state");
        }
        int lineMove = bestLine != null && bestLine.value() >= Node.MAX_GOAL ? bestLine.moveAt(current, machine) : -1;
        if (lineMove >= 0) {
            // A puzzle already solved to the maximum: follow the line, nothing better exists.
            statistics = describe(root, 0, 0, 0, lineMove);
            return lineMove;
        }
        if (runner.isIdle()) {
            tree.pruneIfCrowded();
        }
        for (MctsWorker worker : workers) {
            if (worker != null && worker.averages() != null) {
                worker.averages().decay(MAST_DECAY);
            }
        }
        return search(current, deadlineMillis, 0);
    }

    /** Searches until the deadline (less the margin) and returns the chosen move, or -1 if {@code choose} < 0. */
    private int search(State current, long deadlineMillis, int choose) {
        long start = System.currentTimeMillis();
        long playoutsBefore = playouts();
        long iterations = runner.run(deadlineMillis - options.safetyMarginMillis(), options.iterationLimit(),
                () -> tree.rootSolved() || (bestLine != null && bestLine.value() >= Node.MAX_GOAL));
        long elapsed = System.currentTimeMillis() - start;
        long playouts = playouts() - playoutsBefore;
        Node root = tree.root();
        int move = choose < 0 ? -1 : chooseMove(root, current);
        statistics = describe(root, iterations, playouts, elapsed, move);
        if (choose >= 0) {
            LOG.debug("{}", statistics);
        }
        return move;
    }

    private long playouts() {
        long sum = 0;
        for (MctsWorker worker : workers) {
            sum += worker == null ? 0 : worker.playouts();
        }
        return sum;
    }

    /**
     * Our move at the root. A puzzle follows its best line when nothing better is proven. Where we alone
     * choose, a solved root plays a move that achieves the solved value; otherwise the most visited move
     * wins, except moves proven worse than another move's mean. Where others choose at the same time, the
     * move is drawn in proportion to visits among the well-visited moves: decoupled UCT's visit
     * frequencies approximate a mixed strategy, and a fixed choice would be exploitable.
     */
    private int chooseMove(Node root, State current) {
        synchronized (tree) {
            int start = root.moveStart[role];
            int count = root.moveCount(role);
            if (bestLine != null && bestLine.value() >= 0
                    && (root.proven == null || bestLine.value() >= root.proven[role])) {
                int lineMove = bestLine.moveAt(current, machine);
                if (lineMove >= 0) {
                    return lineMove;
                }
            }
            if (count == 1) {
                return root.moves[start];
            }
            if (root.mover == role) {
                return chooseAsMover(root, start, count);
            }
            return chooseMixed(root, start, count);
        }
    }

    private int chooseAsMover(Node root, int start, int count) {
        double bestUnprovenMean = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            Node child = root.child(i * root.jointStride[role]);
            int visits = root.moveVisits[start + i];
            if ((child == null || child.proven == null) && visits > 0) {
                bestUnprovenMean = Math.max(bestUnprovenMean, root.moveValueSums[start + i] / visits);
            }
        }
        int best = -1;
        double bestKey = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            Node child = root.child(i * root.jointStride[role]);
            int[] exact = child == null ? null : child.proven;
            double key;
            if (root.proven != null) {
                // Solved root: any move keeping the solved value; the most visited among them.
                key = exact != null && exact[role] == root.proven[role] ? root.moveVisits[start + i] : -1;
            } else if (exact != null && exact[role] >= Node.MAX_GOAL) {
                key = Double.MAX_VALUE;
            } else if (exact != null && exact[role] < bestUnprovenMean) {
                key = -2 + exact[role] / 1000.0; // proven worse: only if every move is
            } else {
                key = root.moveVisits[start + i];
            }
            if (key > bestKey) {
                bestKey = key;
                best = i;
            }
        }
        return root.moves[start + best];
    }

    private int chooseMixed(Node root, int start, int count) {
        int maxVisits = 0;
        for (int i = 0; i < count; i++) {
            maxVisits = Math.max(maxVisits, root.moveVisits[start + i]);
        }
        if (maxVisits == 0) {
            return root.moves[start + random.nextInt(count)];
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            int visits = root.moveVisits[start + i];
            total += 2 * visits >= maxVisits ? visits : 0;
        }
        long pick = random.nextLong(total);
        for (int i = 0; i < count; i++) {
            int visits = root.moveVisits[start + i];
            if (2 * visits >= maxVisits) {
                pick -= visits;
                if (pick < 0) {
                    return root.moves[start + i];
                }
            }
        }
        throw new IllegalStateException("visit sampling fell through");
    }

    private SearchStatistics describe(Node root, long iterations, long playouts, long elapsed, int chosen) {
        SymbolTable symbols = machine.description().symbols();
        List<SearchStatistics.MoveStatistics> moves = new ArrayList<>();
        int provenValue;
        synchronized (tree) {
            provenValue = root.proven == null ? -1 : root.proven[role];
            int start = root.moveStart[role];
            for (int i = 0; i < root.moveCount(role); i++) {
                int visits = root.moveVisits[start + i];
                double mean = visits == 0 ? 0 : root.moveValueSums[start + i] / visits;
                int exact = -1;
                if (root.mover == role) {
                    Node child = root.child(i * root.jointStride[role]);
                    exact = child == null || child.proven == null ? -1 : child.proven[role];
                }
                moves.add(new SearchStatistics.MoveStatistics(render(root.moves[start + i], symbols), visits, mean,
                        exact));
            }
        }
        moves.sort(Comparator.comparingLong(SearchStatistics.MoveStatistics::visits).reversed());
        String chosenText = chosen < 0 ? "" : render(chosen, symbols);
        return new SearchStatistics(NAME, options.threads(), iterations, playouts, elapsed, tree.nodeCount(),
                provenValue, chosenText, moves);
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

    /** The search tree (tests inspect it between searches). */
    Tree tree() {
        return tree;
    }

    @Override
    public void close() {
        if (runner != null) {
            runner.close();
            runner = null;
        }
    }
}
