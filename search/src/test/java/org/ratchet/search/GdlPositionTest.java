package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;

/**
 * Positions with exactly one good move, written as games whose initial state is the position (see the
 * comments in src/test/resources/positions). Engine: the reference prover. Bounded by iterations, not time.
 */
class GdlPositionTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    @ParameterizedTest
    @CsvSource({
        // position, role to move, the only good move, our value once solved (-1: not required), iterations
        "ticTacToeWinInOne, xplayer, (mark 1 3), 100, 300",
        "ticTacToeMustBlock, oplayer, (mark 1 3), -1, 300",
        "connectFourWinInOne, red, (drop 4), 100, 300",
        "breakthroughSmallPawnRace, white, (move 1 4 1 5), 100, 1500",
        // forced wins that need three plies of lookahead
        "ticTacToeForkInThree, xplayer, (mark 1 3), 100, 2000",
        "connectFourOpenThree, red, (drop 2), 100, 4000",
    })
    void theOnlyGoodMoveIsFound(String position, String roleName, String expected, int provenValue,
            int iterations) {
        StateMachineFactory game = GdlGames.position(position);
        StateMachine machine = game.newMachine();
        int role = GdlGames.roleIndex(machine, roleName);
        for (int threads : new int[] {1, 2}) {
            theOnlyGoodMoveIsFound(game, role, expected, provenValue,
                    MctsToyGameTest.options(iterations, 11).withThreads(threads));
        }
        // and with MAST-in-tree
        theOnlyGoodMoveIsFound(game, role, expected, provenValue,
                MctsToyGameTest.options(iterations, 11).withPriorVisits(4));
        // and with NST playouts
        theOnlyGoodMoveIsFound(game, role, expected, provenValue,
                MctsToyGameTest.options(iterations, 11).withPlayoutPolicy(PlayoutPolicy.NST));
        // and with GRAVE, on one thread and on two
        for (int threads : new int[] {1, 2}) {
            theOnlyGoodMoveIsFound(game, role, expected, provenValue,
                    MctsToyGameTest.options(iterations, 11).withThreads(threads).withGrave(20, 1e-5));
        }
    }

    private static void theOnlyGoodMoveIsFound(StateMachineFactory game, int role, String expected, int provenValue,
            SearchOptions options) {
        StateMachine machine = game.newMachine();
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, role, 0);
            int move = mcts.selectMove(machine.initialState(), NO_DEADLINE);
            String search = options.threads() + " threads, " + options.playoutPolicy() + " playouts, prior "
                    + options.priorVisits() + ", GRAVE "
                    + options.graveReference() + ": " + mcts.statistics();
            assertEquals(expected, GdlGames.render(machine, machine.move(move)), search);
            if (provenValue >= 0) {
                assertEquals(provenValue, mcts.statistics().provenValue(), "solved: " + search);
            }
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }
}
