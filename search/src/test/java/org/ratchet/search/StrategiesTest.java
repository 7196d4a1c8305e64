package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

class StrategiesTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    @Test
    void everyNamedStrategyIsCreatedAndPlaysLegalMoves() {
        assertEquals(List.of("mcts", "montecarlo", "random"), Strategies.names());
        ToyGame game = ToyGame.nim(10);
        StateMachine referee = game.newMachine();
        State start = referee.initialState();
        for (String name : Strategies.names()) {
            try (ReportingStrategy strategy = Strategies.create(name, MctsToyGameTest.options(50, 1))) {
                assertEquals(name, strategy.name());
                assertEquals(name, strategy.statistics().strategy());
                strategy.prepare(game, 1, 0);
                assertEquals(0, strategy.selectMove(start, NO_DEADLINE), name + ": the waiting role can only noop");
                strategy.prepare(game, 0, 0);
                int move = strategy.selectMove(start, NO_DEADLINE);
                assertTrue(move >= 1 && move <= 3, name);
                assertEquals("take" + move, strategy.statistics().chosenMove());
            }
        }
    }

    @Test
    void unknownNamesAndBadOptionsAreRejectedClearly() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Strategies.create("alphabeta", SearchOptions.defaults()));
        assertTrue(unknown.getMessage().contains("mcts"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SearchOptions.defaults().withThreads(0));
        assertThrows(IllegalArgumentException.class, () -> SearchOptions.defaults().withExploration(Double.NaN));
        // the refining target has the player setting's range: learning stops at the playout cap
        assertThrows(IllegalArgumentException.class, () -> SearchOptions.defaults()
                .withEvaluationPlayouts(SearchOptions.MAX_EVALUATION_PLAYOUTS + 1));
        assertEquals(SearchOptions.MAX_EVALUATION_PLAYOUTS, SearchOptions.defaults()
                .withEvaluationPlayouts(SearchOptions.MAX_EVALUATION_PLAYOUTS).evaluationPlayouts());
        assertThrows(IllegalArgumentException.class, () -> PlayoutPolicy.parse("greedy"));
        assertEquals(PlayoutPolicy.MAST, PlayoutPolicy.parse(" Mast "));
    }

    @Test
    void selectMoveBeforePrepareOrInATerminalStateFailsClearly() {
        ToyGame game = ToyGame.nim(2);
        State start = game.newMachine().initialState();
        try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(10, 1))) {
            assertThrows(IllegalStateException.class, () -> mcts.selectMove(start, NO_DEADLINE));
            mcts.prepare(game, 0, 0);
            StateMachine machine = game.newMachine();
            machine.advance(new int[] {2, 0});
            assertThrows(IllegalArgumentException.class, () -> mcts.selectMove(machine.currentState(), NO_DEADLINE));
        }
    }

    @Test
    void statisticsLineNamesTheFigures() {
        ToyGame game = ToyGame.nim(5);
        try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(500, 1))) {
            mcts.prepare(game, 0, 0);
            mcts.selectMove(game.newMachine().initialState(), NO_DEADLINE);
            SearchStatistics stats = mcts.statistics();
            String line = stats.toString();
            assertTrue(line.startsWith("strategy=mcts threads=1 iterations="), line);
            assertTrue(line.contains(" move=take1 ") && line.contains("proven=100"), line);
            assertEquals(3, stats.moves().size());
            assertEquals("take1", stats.moves().stream().filter(m -> m.provenValue() == 100).findFirst()
                    .orElseThrow().move());
            assertTrue(!line.contains("\n"));
        }
    }
}
