package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;

/**
 * Opponents modelled as less precise players ({@link SearchOptions#opponentExploration()}): on the position
 * twoPlayerGamble, white plays safe (60) or gambles on black missing the one reply of eight that refutes the
 * gamble (0 if black finds it, 100 if not). A search that models black as precise as itself plays safe; one
 * that has black's choices explore far more than its own expects black to miss and gambles. Both sides are
 * searched by the same tree, so the factor must apply to the other role only: as black, the search still finds
 * the refutation.
 */
class OpponentExplorationTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;
    private static final StateMachineFactory GAME = GdlGames.position("twoPlayerGamble");
    private static final int ITERATIONS = 3_000;

    @Test
    void aPreciseOpponentIsNotGambledOn() {
        for (long seed = 1; seed <= 3; seed++) {
            assertEquals("safe", whiteMove(1, seed), "seed " + seed);
        }
    }

    @Test
    void anOpponentModelledAsImpreciseIsGambledOn() {
        for (long seed = 1; seed <= 3; seed++) {
            assertEquals("gamble", whiteMove(30, seed), "seed " + seed);
        }
    }

    /**
     * As black after the gamble, the search's own choice among the replies: the replies' values do not depend
     * on white's walk, so black's root statistics are the same whatever the factor, as long as it leaves
     * black's own exploration alone.
     */
    @Test
    void theFactorLeavesTheSearchsOwnChoicesAlone() {
        List<SearchStatistics.MoveStatistics> precise = blackRootAfterGamble(1);
        List<SearchStatistics.MoveStatistics> modelled = blackRootAfterGamble(30);
        assertEquals("refute", precise.get(0).move());
        assertEquals(precise, modelled);
    }

    private static List<SearchStatistics.MoveStatistics> blackRootAfterGamble(double factor) {
        StateMachine machine = GdlGames.afterFirstStep(GAME, "white", "gamble");
        int black = GdlGames.roleIndex(machine, "black");
        State afterGamble = machine.currentState();
        SearchOptions options = MctsToyGameTest.options(ITERATIONS, 1).withOpponentExploration(factor);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(GAME, black, 0);
            mcts.selectMove(afterGamble, NO_DEADLINE);
            return mcts.statistics().moves();
        }
    }

    @Test
    void theFactorMustBeFiniteAndPositive() {
        SearchOptions options = SearchOptions.defaults();
        assertThrows(IllegalArgumentException.class, () -> options.withOpponentExploration(0));
        assertThrows(IllegalArgumentException.class, () -> options.withOpponentExploration(-2));
        assertThrows(IllegalArgumentException.class, () -> options.withOpponentExploration(Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> options.withOpponentExploration(Double.POSITIVE_INFINITY));
        assertEquals(1, options.opponentExploration());
    }

    private static String whiteMove(double factor, long seed) {
        StateMachine machine = GAME.newMachine();
        int white = GdlGames.roleIndex(machine, "white");
        SearchOptions options = MctsToyGameTest.options(ITERATIONS, seed).withOpponentExploration(factor);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(GAME, white, 0);
            return render(machine, mcts.selectMove(machine.initialState(), NO_DEADLINE));
        }
    }

    private static String render(StateMachine machine, int move) {
        return GdlGames.render(machine, machine.move(move));
    }
}
