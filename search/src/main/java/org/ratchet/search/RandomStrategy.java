package org.ratchet.search;

import java.util.List;
import java.util.SplittableRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;

/** The weakest baseline: a uniformly random legal move, at once. */
public final class RandomStrategy implements ReportingStrategy {
    public static final String NAME = "random";

    private final SplittableRandom random;
    private StateMachine machine;
    private int role;
    private volatile SearchStatistics statistics = SearchStatistics.empty(NAME, 1);

    public RandomStrategy(SearchOptions options) {
        this.random = new SplittableRandom(options.seed());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis) {
        machine = game.newMachine();
        Strategies.requireRole(machine, roleIndex);
        role = roleIndex;
    }

    @Override
    public int selectMove(State current, long deadlineMillis) {
        if (machine == null) {
            throw new IllegalStateException("selectMove before prepare");
        }
        machine.setState(current);
        int count = machine.legalCount(role);
        if (machine.isTerminal() || count == 0) {
            throw new IllegalArgumentException("no move to select: the state is terminal or has no legal move");
        }
        int move = machine.legalMove(role, random.nextInt(count));
        statistics = new SearchStatistics(NAME, 1, 0, 0, 0, 0, 0, 0, -1, -1,
                machine.move(move).render(machine.description().symbols()), List.of());
        return move;
    }

    @Override
    public SearchStatistics statistics() {
        return statistics;
    }

    @Override
    public void close() {
        machine = null;
    }
}
