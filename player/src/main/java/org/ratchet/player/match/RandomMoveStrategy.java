package org.ratchet.player.match;

import java.util.concurrent.ThreadLocalRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.search.Strategy;

/**
 * Plays a uniformly random legal move at once. The player's last line of defence: it needs nothing but a
 * state machine, so it is used whenever a real search is unavailable or has failed.
 */
public final class RandomMoveStrategy implements Strategy {
    private StateMachine machine;
    private int roleIndex;

    @Override
    public String name() {
        return "random";
    }

    @Override
    public void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis) {
        this.machine = game.newMachine();
        this.roleIndex = roleIndex;
    }

    @Override
    public int selectMove(State current, long deadlineMillis) {
        machine.setState(current);
        return randomLegalMove(machine, roleIndex);
    }

    /** A random legal move of the role in the machine's current state, or -1 if it has none. */
    public static int randomLegalMove(StateMachine machine, int roleIndex) {
        int count = machine.legalCount(roleIndex);
        if (count == 0) {
            return -1;
        }
        return machine.legalMove(roleIndex, ThreadLocalRandom.current().nextInt(count));
    }

    @Override
    public void close() {
        machine = null;
    }
}
