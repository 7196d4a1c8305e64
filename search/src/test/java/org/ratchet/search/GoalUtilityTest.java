package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;

/**
 * The values a finished game has for the search: goals as they are, or ranks. On the position
 * threePlayerSecondPlace (red helps yellow win for 50, or goes alone for 10 and first place) the two lead the
 * search to opposite moves.
 */
class GoalUtilityTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;
    private static final StateMachineFactory GAME = GdlGames.position("threePlayerSecondPlace");

    /** The machine in the terminal state after red's {@code choice}, roles in the order red, yellow, blue. */
    private static StateMachine after(String choice) {
        StateMachine machine = GAME.newMachine();
        machine.setState(machine.initialState());
        int red = GdlGames.roleIndex(machine, "red");
        int[] joint = new int[machine.roleCount()];
        for (int role = 0; role < machine.roleCount(); role++) {
            joint[role] = machine.legalMove(role, 0);
        }
        for (int i = 0; i < machine.legalCount(red); i++) {
            if (GdlGames.render(machine, machine.move(machine.legalMove(red, i))).equals(choice)) {
                joint[red] = machine.legalMove(red, i);
            }
        }
        machine.advance(joint);
        assertTrue(machine.isTerminal());
        return machine;
    }

    /** Each role's value after red's {@code choice} under {@code utility}, in the order red, yellow, blue. */
    private static int[] values(GoalUtility utility, String choice) {
        StateMachine machine = after(choice);
        int[] values = new int[machine.roleCount() + 2];
        values[0] = -1; // the offset is honoured: the slot before is left alone
        utility.read(machine, new int[machine.roleCount()], values, 1);
        assertEquals(-1, values[0]);
        int[] ordered = new int[3];
        String[] names = {"red", "yellow", "blue"};
        for (int i = 0; i < 3; i++) {
            ordered[i] = values[1 + GdlGames.roleIndex(machine, names[i])];
        }
        return ordered;
    }

    @Test
    void goalsAreReadAsTheyAre() {
        assertArrayEquals(new int[] {50, 100, 0}, values(GoalUtility.GOAL, "help"));
        assertArrayEquals(new int[] {10, 0, 0}, values(GoalUtility.GOAL, "alone"));
    }

    @Test
    void ranksCountTheRolesBeatenWithATieAsHalf() {
        // help: yellow beats both, red beats blue only, blue beats no one
        assertArrayEquals(new int[] {50, 100, 0}, values(GoalUtility.RANK, "help"));
        // alone: red beats both; yellow and blue each lose to red and tie with one another
        assertArrayEquals(new int[] {100, 25, 25}, values(GoalUtility.RANK, "alone"));
    }

    @Test
    void theSearchMaximisesTheUtilityItIsGiven() {
        assertEquals("help", searchedMove(GoalUtility.GOAL));
        assertEquals("alone", searchedMove(GoalUtility.RANK));
    }

    private static String searchedMove(GoalUtility utility) {
        StateMachine machine = GAME.newMachine();
        int red = GdlGames.roleIndex(machine, "red");
        try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(200, 5).withGoalUtility(utility))) {
            mcts.prepare(GAME, red, 0);
            return GdlGames.render(machine, machine.move(mcts.selectMove(machine.initialState(), NO_DEADLINE)));
        }
    }

    /** Playouts back up what the tree does: a random playout's end, valued by rank. */
    @Test
    void aPlayoutsEndIsValuedByTheUtility() {
        StateMachine machine = GAME.newMachine();
        int red = GdlGames.roleIndex(machine, "red");
        int yellow = GdlGames.roleIndex(machine, "yellow");
        int blue = GdlGames.roleIndex(machine, "blue");
        Playout playout = new Playout(machine, new SplittableRandom(3), null, null, GoalUtility.RANK);
        Set<String> seen = new TreeSet<>();
        for (int run = 0; run < 20; run++) {
            machine.setState(machine.initialState());
            int[] values = new int[3];
            assertTrue(playout.run(null, values, null));
            seen.add(values[red] + "/" + values[yellow] + "/" + values[blue]);
        }
        assertEquals(Set.of("50/100/0", "100/25/25"), seen);
    }

    @Test
    void namesParseAndLatchBoundsNeedGoals() {
        assertEquals(GoalUtility.RANK, GoalUtility.parse(" Rank "));
        assertThrows(IllegalArgumentException.class, () -> GoalUtility.parse("score"));
        SearchOptions latches = SearchOptions.defaults().withLatches(true);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> latches.withGoalUtility(GoalUtility.RANK));
        assertTrue(error.getMessage().contains("latch"), error.getMessage());
    }
}
