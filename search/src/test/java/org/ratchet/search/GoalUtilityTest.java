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
 * The values a finished game has for the search: goals as they are, or ranks with the goal as tie-break. On
 * the position threePlayerSecondPlace (red helps yellow win for 50, or goes alone for 10 and first place) the
 * two lead the search to opposite moves; on twoPlayerCommonGoal (both roles get 100, or both 0) the ranks tie
 * and the goal decides.
 */
class GoalUtilityTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;
    private static final StateMachineFactory GAME = GdlGames.position("threePlayerSecondPlace");
    private static final StateMachineFactory COMMON_GOAL = GdlGames.position("twoPlayerCommonGoal");

    /** The machine in the terminal state after red's {@code choice}, roles in the order red, yellow, blue. */
    private static StateMachine after(String choice) {
        return after(GAME, "red", choice);
    }

    /** The machine in the terminal state after the one move {@code choice} of {@code chooser}. */
    private static StateMachine after(StateMachineFactory game, String chooser, String choice) {
        StateMachine machine = GdlGames.afterFirstStep(game, chooser, choice);
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
    void ranksCountTheRolesBeatenWithATieAsHalfAndGoalsBreakTies() {
        // help: yellow beats both (rank 100, goal 100), red beats blue only (50, 50), blue no one (0, 0)
        assertArrayEquals(new int[] {50, 100, 0}, values(GoalUtility.RANK, "help"));
        // alone: red beats both (100, goal 10); yellow and blue lose to red and tie with one another (25, 0)
        assertArrayEquals(new int[] {91, 23, 23}, values(GoalUtility.RANK, "alone"));
    }

    @Test
    void rolesThatTieEitherWayAreValuedByTheirCommonGoal() {
        int[] with = new int[2];
        int[] against = new int[2];
        GoalUtility.RANK.read(after(COMMON_GOAL, "white", "with"), new int[2], with, 0);
        GoalUtility.RANK.read(after(COMMON_GOAL, "white", "against"), new int[2], against, 0);
        assertArrayEquals(new int[] {55, 55}, with); // rank 50 each, goal 100
        assertArrayEquals(new int[] {45, 45}, against); // rank 50 each, goal 0
        assertEquals("with", searchedMove(COMMON_GOAL, "white", GoalUtility.RANK));
    }

    @Test
    void theSearchMaximisesTheUtilityItIsGiven() {
        assertEquals("help", searchedMove(GAME, "red", GoalUtility.GOAL));
        assertEquals("alone", searchedMove(GAME, "red", GoalUtility.RANK));
    }

    @Test
    void autoRanksTwoRolesAndTakesTheGoalsOfMore() {
        assertEquals(GoalUtility.RANK, GoalUtility.AUTO.forRoles(2));
        assertEquals(GoalUtility.GOAL, GoalUtility.AUTO.forRoles(1));
        assertEquals(GoalUtility.GOAL, GoalUtility.AUTO.forRoles(3));
        assertEquals(GoalUtility.GOAL, GoalUtility.GOAL.forRoles(2));
        assertEquals(GoalUtility.RANK, GoalUtility.RANK.forRoles(3));
        // three roles: the goals, so red helps yellow
        assertArrayEquals(new int[] {10, 0, 0}, values(GoalUtility.AUTO, "alone"));
        assertEquals("help", searchedMove(GAME, "red", GoalUtility.AUTO));
        // two roles: the ranks, ties broken by the common goal
        int[] with = new int[2];
        GoalUtility.AUTO.read(after(COMMON_GOAL, "white", "with"), new int[2], with, 0);
        assertArrayEquals(new int[] {55, 55}, with);
        assertEquals("with", searchedMove(COMMON_GOAL, "white", GoalUtility.AUTO));
    }

    private static String searchedMove(StateMachineFactory game, String chooser, GoalUtility utility) {
        StateMachine machine = game.newMachine();
        int chooserRole = GdlGames.roleIndex(machine, chooser);
        try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(200, 5).withGoalUtility(utility))) {
            mcts.prepare(game, chooserRole, 0);
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
        assertEquals(Set.of("50/100/0", "91/23/23"), seen);
    }

    @Test
    void namesParseAndLatchBoundsNeedGoals() {
        assertEquals(GoalUtility.RANK, GoalUtility.parse(" Rank "));
        assertEquals(GoalUtility.AUTO, GoalUtility.parse("auto"));
        assertThrows(IllegalArgumentException.class, () -> GoalUtility.parse("score"));
        SearchOptions latches = SearchOptions.defaults().withLatches(true);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> latches.withGoalUtility(GoalUtility.RANK));
        assertTrue(error.getMessage().contains("latch"), error.getMessage());
        assertEquals(GoalUtility.AUTO, latches.withGoalUtility(GoalUtility.AUTO).goalUtility());
    }
}
