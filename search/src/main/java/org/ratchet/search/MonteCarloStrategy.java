package org.ratchet.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * Flat Monte Carlo, the baseline MCTS must beat: our legal moves take turns; after each, the other roles
 * play random legal moves and the game is played out uniformly; the move with the best mean goal is played.
 * No tree and no memory between moves.
 */
public final class MonteCarloStrategy implements ReportingStrategy {
    public static final String NAME = "montecarlo";

    private final SearchOptions options;
    private final SplittableRandom random;
    private StateMachineFactory game;
    private StateMachine machine;
    private int role;
    private SearchRunner runner;
    private Sampler[] samplers;
    /** The position being searched and our legal moves there; written before a search, read by workers. */
    private volatile State searchState;
    private volatile int[] rootMoves = new int[0];
    private volatile SearchStatistics statistics;

    public MonteCarloStrategy(SearchOptions options) {
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
        game = factory;
        machine = factory.newMachine();
        Strategies.requireRole(machine, roleIndex);
        role = roleIndex;
        samplers = new Sampler[options.threads()];
        runner = new SearchRunner(options.threads(), slot -> {
            samplers[slot] = new Sampler(game.newMachine(), random.split(), slot);
            return samplers[slot];
        });
    }

    @Override
    public int selectMove(State current, long deadlineMillis) {
        if (runner == null) {
            throw new IllegalStateException("selectMove before prepare or after close");
        }
        machine.setState(current);
        int count = machine.legalCount(role);
        if (machine.isTerminal() || count == 0) {
            throw new IllegalArgumentException("no move to select: the state is terminal or has no legal move");
        }
        int[] moves = new int[count];
        for (int i = 0; i < count; i++) {
            moves[i] = machine.legalMove(role, i);
        }
        searchState = current;
        rootMoves = moves;
        for (Sampler sampler : samplers) {
            if (sampler != null) {
                sampler.reset(count);
            }
        }
        long start = System.currentTimeMillis();
        long iterations = count == 1 ? 0 : runner.run(deadlineMillis - options.safetyMarginMillis(),
                options.iterationLimit(), () -> false);
        long elapsed = System.currentTimeMillis() - start;
        long[] visits = new long[count];
        double[] sums = new double[count];
        for (Sampler sampler : samplers) {
            if (sampler != null && sampler.visits.length == count) {
                for (int i = 0; i < count; i++) {
                    visits[i] += sampler.visits[i];
                    sums[i] += sampler.valueSums[i];
                }
            }
        }
        int best = random.nextInt(count); // with no sample at all, any legal move
        double bestMean = -1;
        for (int i = 0; i < count; i++) {
            double mean = visits[i] == 0 ? -1 : sums[i] / visits[i];
            if (mean > bestMean) {
                bestMean = mean;
                best = i;
            }
        }
        SymbolTable symbols = machine.description().symbols();
        List<SearchStatistics.MoveStatistics> table = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            table.add(new SearchStatistics.MoveStatistics(machine.move(moves[i]).render(symbols), visits[i],
                    visits[i] == 0 ? 0 : sums[i] / visits[i], -1));
        }
        table.sort(Comparator.comparingDouble(SearchStatistics.MoveStatistics::meanValue).reversed());
        statistics = new SearchStatistics(NAME, options.threads(), iterations, iterations, elapsed, 0, 0, 0, -1, -1,
                machine.move(moves[best]).render(symbols), table);
        return moves[best];
    }

    /** One thread's samples: our moves in turn, each followed by a uniform playout. */
    private final class Sampler implements SearchRunner.Worker {
        private final StateMachine machine;
        private final SplittableRandom random;
        private final Playout playout;
        private final int[] jointMove;
        private final int[] goals;
        private int next;
        long[] visits = new long[0];
        double[] valueSums = new double[0];

        Sampler(StateMachine machine, SplittableRandom random, int slot) {
            this.machine = machine;
            this.random = random;
            this.playout = new Playout(machine, random, null, null);
            this.jointMove = new int[machine.roleCount()];
            this.goals = new int[machine.roleCount()];
            this.next = slot; // threads start on different moves
        }

        void reset(int moveCount) {
            visits = new long[moveCount];
            valueSums = new double[moveCount];
        }

        @Override
        public boolean iterate(SearchRunner runner) {
            int[] moves = rootMoves;
            if (visits.length != moves.length) {
                reset(moves.length); // a sampler made during this search
            }
            int ours = next++ % moves.length;
            machine.setState(searchState);
            for (int r = 0; r < jointMove.length; r++) {
                jointMove[r] = r == role ? moves[ours] : machine.legalMove(r, random.nextInt(machine.legalCount(r)));
            }
            machine.advance(jointMove);
            if (!playout.run(runner, goals, null)) {
                return false;
            }
            visits[ours]++;
            valueSums[ours] += goals[role];
            return true;
        }
    }

    @Override
    public SearchStatistics statistics() {
        return statistics;
    }

    @Override
    public void close() {
        if (runner != null) {
            runner.close();
            runner = null;
        }
    }
}
