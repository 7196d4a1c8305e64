package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;

/**
 * Playouts too slow to search with ({@link SearchOptions#slowPlayoutMillis()}): cut after a number of joint
 * moves and valued by the goals the rules give the state reached. The verdict rests on measured time, so the
 * tests set the limit far below or far above any playout's time rather than near it.
 */
class SlowPlayoutCutTest {
    /** Below any whole playout's time (a picosecond): every game's playouts are too slow for it. */
    private static final double EVERY_PLAYOUT_SLOW = 1e-9;
    /** Above any whole playout's time in these games (a minute). */
    private static final double NO_PLAYOUT_SLOW = 60_000;

    /**
     * Skirmish's goals count captures at any state, so an unfinished game has goals. A cut playout stops after
     * its joint moves, in a state that is not the end, and its goals are those of that state as the utility
     * values them (here ranks): the same as replaying its moves and reading the goals there.
     */
    @Test
    void aPlayoutCutByGoalsTakesTheGoalsOfTheStateItReached() {
        StateMachineFactory game = GdlGames.repository("skirmish");
        for (long seed = 1; seed <= 3; seed++) {
            StateMachine machine = game.newMachine();
            machine.setState(machine.initialState());
            Playout cut = new Playout(machine, new SplittableRandom(seed), null, null, GoalUtility.RANK);
            cut.cutShortByGoals(12);
            int[] goals = new int[2];
            assertTrue(cut.run(null, goals, null));
            assertTrue(cut.wasCut());
            assertEquals(12, cut.steps());
            assertFalse(machine.isTerminal());

            StateMachine replay = game.newMachine();
            replay.setState(replay.initialState());
            for (int step = 0; step < cut.steps(); step++) {
                replay.advance(Arrays.copyOfRange(cut.trace(), 2 * step, 2 * step + 2));
            }
            int[] expected = new int[2];
            GoalUtility.RANK.read(replay, new int[2], expected, 0);
            assertEquals(Arrays.toString(expected), Arrays.toString(goals), "seed " + seed);

            cut.playToTheEnd();
            machine.setState(machine.initialState());
            assertTrue(cut.run(null, goals, null));
            assertFalse(cut.wasCut());
            assertTrue(machine.isTerminal() || cut.steps() == Playout.MAX_STEPS);
        }
        Playout playout = new Playout(game.newMachine(), new SplittableRandom(1), null, null);
        assertThrows(IllegalArgumentException.class, () -> playout.cutShortByGoals(0));
    }

    /**
     * The search cuts playouts by goals only where they are measured too slow, in a game of two or more roles
     * (a puzzle's whole playouts are its complete lines), with a cutoff depth to cut at.
     */
    @Test
    void onlySlowPlayoutsOfGamesWithOpponentsAreCut() {
        SearchOptions options = MctsToyGameTest.options(50, 3).withEvaluationCutoff(10);
        assertTrue(cutsPlayouts("ticTacToe", options.withSlowPlayoutMillis(EVERY_PLAYOUT_SLOW)));
        assertFalse(cutsPlayouts("ticTacToe", options.withSlowPlayoutMillis(NO_PLAYOUT_SLOW)));
        assertFalse(cutsPlayouts("ticTacToe", options.withSlowPlayoutMillis(0)));
        assertFalse(cutsPlayouts("ticTacToe", options.withSlowPlayoutMillis(EVERY_PLAYOUT_SLOW)
                .withEvaluationCutoff(0)));
        assertFalse(cutsPlayouts("buttons", options.withSlowPlayoutMillis(EVERY_PLAYOUT_SLOW)));
    }

    @Test
    void badLimitsAreRefused() {
        SearchOptions options = SearchOptions.defaults();
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> options.withSlowPlayoutMillis(bad), "" + bad);
        }
    }

    private static boolean cutsPlayouts(String name, SearchOptions options) {
        StateMachineFactory game = GdlGames.repository(name);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, 0, 0); // no time to learn an evaluation that might cut instead
            return mcts.cutsSlowPlayouts();
        }
    }
}
