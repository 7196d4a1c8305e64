package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
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
        // and with playouts cut after two joint moves, as if too slow whole: valued by the goals there, or by
        // an evaluation learned in the first move's time if one is good enough for both roles
        theOnlyGoodMoveIsFound(game, role, expected, provenValue,
                MctsToyGameTest.options(iterations, 11).withEvaluationCutoff(2).withSlowPlayoutMillis(1e-9));
        // and with the move played by this search's visits rather than all its visits
        theOnlyGoodMoveIsFound(game, role, expected, provenValue,
                MctsToyGameTest.options(iterations, 11).withFinalMove(FinalMove.RECENT));
    }

    /**
     * The tree is kept from search to search, so an old favourite can hold more visits than the move the last
     * search came to prefer. Here the root move the first search rated lowest is given a million earlier
     * visits at that low mean: the second search spends (almost) nothing more on it. Counting all visits plays
     * it; counting this search's visits does not.
     */
    @Test
    void recentVisitsOutweighAnOldFavouritesEarlierVisits() {
        StateMachineFactory game = GdlGames.repository("ticTacToe");
        for (FinalMove rule : FinalMove.values()) {
            StateMachine machine = game.newMachine();
            int xplayer = GdlGames.roleIndex(machine, "xplayer");
            try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(2000, 7).withFinalMove(rule))) {
                mcts.prepare(game, xplayer, 0);
                mcts.selectMove(machine.initialState(), NO_DEADLINE);
                SearchTree tree = mcts.tree();
                int root = tree.root();
                int start = tree.edgeStart(root, xplayer);
                int worst = -1;
                double worstMean = Double.MAX_VALUE;
                for (int i = 0; i < tree.moveCount(root, xplayer); i++) {
                    int child = tree.childOfMove(root, i);
                    double mean = (double) tree.edgeValue(start + i) / tree.edgeVisits(start + i);
                    if (child >= 0 && !tree.isProven(child) && mean < worstMean) {
                        worstMean = mean;
                        worst = i;
                    }
                }
                assertTrue(worst >= 0, "every root move proven: " + mcts.statistics());
                int earlier = 1_000_000;
                tree.addEdgeVisit(start + worst, earlier);
                tree.addEdgeValue(start + worst, (int) Math.round(worstMean * earlier));
                tree.addVisit(root, earlier);
                String favourite = GdlGames.render(machine, machine.move(tree.edgeMove(start + worst)));

                String played = GdlGames.render(machine, machine.move(mcts.selectMove(machine.initialState(),
                        NO_DEADLINE)));
                if (rule == FinalMove.VISITS) {
                    assertEquals(favourite, played, mcts.statistics().toString());
                } else {
                    assertNotEquals(favourite, played, mcts.statistics().toString());
                }
                assertEquals(List.of(), mcts.treeInvariantViolations());
            }
        }
    }

    /**
     * With the learned evaluation blended into the playouts' values (learning in prepare, whose start clock is
     * open-ended here, so the playout cap bounds it), the pawn race is still won: white's leading pawn is the
     * feature the evaluation learns, and the exact values of the solver still decide.
     */
    @ParameterizedTest
    @CsvSource({"1, 0.5, 0, 0", "2, 0.5, 0, 0", "1, 0, 10, 0", "2, 0, 10, 0", "1, 0.5, 0, 4", "2, 0, 0, 4"})
    void theLearnedEvaluationKeepsTheWinningMove(int threads, double weight, int primingVisits, int cutoff) {
        StateMachineFactory game = GdlGames.position("breakthroughSmallPawnRace");
        StateMachine machine = game.newMachine();
        SearchOptions options = MctsToyGameTest.options(1500, 11).withThreads(threads).withEvaluationWeight(weight)
                .withEvaluationVisits(primingVisits).withEvaluationCutoff(cutoff);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, GdlGames.roleIndex(machine, "white"), NO_DEADLINE);
            assertTrue(mcts.evaluation() != null, "no evaluation learned");
            // a cut needs an evaluation for both roles: without it the cutoff rows would test nothing
            assertTrue(cutoff == 0 || mcts.evaluation().isUsed(0) && mcts.evaluation().isUsed(1),
                    mcts.evaluation().summary());
            int move = mcts.selectMove(machine.initialState(), NO_DEADLINE);
            assertEquals("(move 1 4 1 5)", GdlGames.render(machine, machine.move(move)), mcts.statistics().toString());
            assertEquals(100, mcts.statistics().provenValue(), mcts.statistics().toString());
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    /**
     * A search engine installed in the middle of a match is prepared with no start clock left: it learns the
     * evaluation in its first move's time instead, from the state of that move, and the search uses it (with
     * priming on, the root's children keep their states' evaluations).
     */
    @Test
    void anEngineInstalledMidMatchLearnsTheEvaluationInItsFirstMove() {
        StateMachineFactory game = GdlGames.position("breakthroughSmallPawnRace");
        StateMachine machine = game.newMachine();
        int white = GdlGames.roleIndex(machine, "white");
        SearchOptions options = MctsToyGameTest.options(200, 5).withEvaluationVisits(10);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, white, System.currentTimeMillis());
            assertTrue(mcts.evaluation() == null, "learned with no time to learn");
            mcts.selectMove(machine.initialState(), NO_DEADLINE);
            LearnedEvaluation evaluation = mcts.evaluation();
            assertTrue(evaluation != null && evaluation.isUsed(white), "no evaluation learned in the first move");
            SearchTree tree = mcts.tree();
            int kept = 0;
            for (int i = 0; i < tree.moveCount(tree.root(), white); i++) {
                int child = tree.childOfMove(tree.root(), i);
                if (child >= 0 && !tree.isTerminal(child)) {
                    int[] facts = tree.state(child).facts();
                    assertEquals(evaluation.evaluate(facts, facts.length, white), tree.evaluation(child, white));
                    kept++;
                }
            }
            assertTrue(kept > 0, "no root child was made");
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    /**
     * A learning cut short before its fits were judged (here: no time at all, as for a cold engine arriving late
     * in a short clock) does not end the matter: the next move learns again, and with time gets an evaluation.
     */
    @Test
    void aLearningWithTooFewPlayoutsIsTriedAgainInTheNextMove() {
        StateMachineFactory game = GdlGames.position("breakthroughSmallPawnRace");
        StateMachine machine = game.newMachine();
        int white = GdlGames.roleIndex(machine, "white");
        SearchOptions options = MctsToyGameTest.options(200, 5).withEvaluationWeight(0.4);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, white, System.currentTimeMillis());
            mcts.selectMove(machine.initialState(), System.currentTimeMillis());
            assertTrue(mcts.evaluation() == null, "learned with no time to learn");
            mcts.selectMove(machine.initialState(), NO_DEADLINE);
            LearnedEvaluation evaluation = mcts.evaluation();
            assertTrue(evaluation != null && evaluation.isUsed(white), "no evaluation learned in the second move");
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    /**
     * With refining asked for, a move after a fit resting on fewer playouts than asked learns more and fits
     * again on the old samples and its own: the fit then rests on more playouts, and the search uses it. Without
     * it, the move learns nothing and the fit stays as prepare made it.
     */
    @ParameterizedTest
    @CsvSource({"20000", "0"})
    void aFitOnFewerPlayoutsThanAskedIsRefinedInTheNextMove(int refiningPlayouts) {
        StateMachineFactory game = GdlGames.position("breakthroughSmallPawnRace");
        StateMachine machine = game.newMachine();
        int white = GdlGames.roleIndex(machine, "white");
        SearchOptions options = MctsToyGameTest.options(200, 5).withEvaluationWeight(0.4)
                .withEvaluationPlayouts(refiningPlayouts);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            // a start clock whose learning (a quarter of it) cannot play 20,000 playouts
            mcts.prepare(game, white, System.currentTimeMillis() + 1_000);
            int prepared = mcts.evaluationFittedPlayouts();
            assertTrue(prepared >= LearnedEvaluation.MIN_PLAYOUTS && prepared < 20_000,
                    "prepare's fit rests on " + prepared + " playouts");
            mcts.selectMove(machine.initialState(), NO_DEADLINE);
            int refined = mcts.evaluationFittedPlayouts();
            if (refiningPlayouts == 0) {
                assertEquals(prepared, refined, "learned again without refining");
            } else {
                assertTrue(refined > prepared && refined <= refiningPlayouts,
                        "the fit rests on " + refined + " playouts after the move, " + prepared + " before it");
                LearnedEvaluation evaluation = mcts.evaluation();
                assertTrue(evaluation != null && evaluation.isUsed(white), "the refined fit is not used");
                assertEquals(refined, evaluation.fittedPlayouts());
            }
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
    }

    /**
     * Heuristic priming: each node the tree makes keeps its state's learned evaluation, and a move's value
     * starts from it. With the priming as heavy as a thousand visits and no exploration, the search, after
     * trying each of white's moves once, keeps to the moves whose states the evaluation rates highest: of the
     * moves not yet proven, the others are tried once only (without the priming, more often).
     */
    @Test
    void primingKeepsEachNodesEvaluationAndSearchesTheBestRatedMoves() {
        StateMachineFactory game = GdlGames.position("breakthroughSmallPawnRace");
        StateMachine machine = game.newMachine();
        int white = GdlGames.roleIndex(machine, "white");
        SearchOptions options = MctsToyGameTest.options(200, 5).withEvaluationVisits(1000).withExploration(0);
        try (MctsStrategy mcts = new MctsStrategy(options)) {
            mcts.prepare(game, white, NO_DEADLINE);
            LearnedEvaluation evaluation = mcts.evaluation();
            assertTrue(evaluation != null && evaluation.isUsed(white), "no evaluation learned for white");
            mcts.selectMove(machine.initialState(), NO_DEADLINE);
            SearchTree tree = mcts.tree();
            int root = tree.root();
            int bestRated = -1;
            int[] rated = new int[tree.moveCount(root, white)];
            Arrays.fill(rated, -1);
            for (int i = 0; i < tree.moveCount(root, white); i++) {
                int child = tree.childOfMove(root, i);
                assertTrue(child >= 0, "white's move " + i + " was never tried");
                if (tree.isTerminal(child)) {
                    continue;
                }
                int[] facts = tree.state(child).facts();
                int expected = evaluation.evaluate(facts, facts.length, white);
                assertEquals(expected, tree.evaluation(child, white), "the evaluation kept for move " + i);
                if (!tree.isProven(child)) { // a proven move's exact value replaces the rest
                    rated[i] = expected;
                    bestRated = Math.max(bestRated, expected);
                }
            }
            for (int i = 0; i < rated.length; i++) {
                if (rated[i] >= 0 && rated[i] < bestRated) {
                    assertEquals(1, tree.edgeVisits(tree.edgeStart(root, white) + i),
                            "visits of move " + i + ", rated " + rated[i] + " (best " + bestRated + ")");
                }
            }
            assertEquals(List.of(), mcts.treeInvariantViolations());
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
