package org.ratchet.player.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ratchet.player.match.SearchCompileTest.config;
import static org.ratchet.player.match.SearchCompileTest.reply;
import static org.ratchet.player.match.SearchCompileTest.ticTacToe;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.player.protocol.AbortMessage;
import org.ratchet.player.protocol.PlayMessage;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.search.SearchOptions;
import org.ratchet.search.Strategies;
import org.ratchet.search.Strategy;

/**
 * A move is never late: when the search overruns the play clock (a stalled engine step, a long collection
 * pause), the clock sends the search's best move so far, or the fallback, by the deadline.
 */
class LateMoveGuardTest {
    private static final long PLAY_CLOCK_MILLIS = 2_000;

    @Test
    void aSearchThatOverrunsSendsItsBestMoveSoFarInTime() throws Exception {
        SearchCompiler hsfc = (game, options) -> Engines.create(Engines.HSFC, game, options);
        try (MatchManager manager = new MatchManager(config(), OverrunningStrategy::new, hsfc)) {
            assertEquals("ready", reply(manager, new StartMessage("late.1", "xplayer", ticTacToe(), 5_000,
                PLAY_CLOCK_MILLIS)));
            long sent = System.currentTimeMillis();
            String answer = reply(manager, new PlayMessage("late.1", List.of()));
            long took = System.currentTimeMillis() - sent;
            assertTrue(took < PLAY_CLOCK_MILLIS, "answered after " + took + " ms");
            // the strategy's best move so far is the last of the nine cells; the fallback draws one at random
            assertEquals("(mark 3 3)", answer);
            assertEquals("aborted", reply(manager, new AbortMessage("late.1")));
        }
    }

    @Test
    void treeSearchOnAStallingEngineStillAnswersInTime() throws Exception {
        // Every engine step of the search's machines takes 300 ms from the first play on, so no playout ends
        // before the deadline; each reply must still come within the play clock.
        SearchCompiler stalling = (game, options) -> new StallingFactory(Engines.create(Engines.HSFC, game, options));
        SearchOptions search = SearchOptions.defaults().withThreads(1).withTreeMemoryBytes(1 << 24)
            .withSafetyMarginMillis(StrategyProvider.SEARCH_MARGIN_MILLIS);
        try (MatchManager manager = new MatchManager(config(), () -> Strategies.create("mcts", search), stalling)) {
            assertEquals("ready", reply(manager, new StartMessage("stall.1", "xplayer", ticTacToe(), 3_000,
                PLAY_CLOCK_MILLIS)));
            StallingFactory.stall = true;
            long sent = System.currentTimeMillis();
            String answer = reply(manager, new PlayMessage("stall.1", List.of()));
            long took = System.currentTimeMillis() - sent;
            assertTrue(took < PLAY_CLOCK_MILLIS, "answered after " + took + " ms");
            assertTrue(answer.startsWith("(mark "), answer);
            assertEquals("aborted", reply(manager, new AbortMessage("stall.1")));
        } finally {
            StallingFactory.stall = false;
        }
    }

    /** Knows its move at once, then keeps "searching" two seconds past the deadline it was given. */
    private static final class OverrunningStrategy implements Strategy {
        private StateMachine machine;
        private int role;
        private volatile int bestSoFar = -1;

        @Override
        public String name() {
            return "overrunning";
        }

        @Override
        public void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis) {
            machine = game.newMachine();
            role = roleIndex;
        }

        @Override
        public int selectMove(State current, long deadlineMillis) {
            machine.setState(current);
            int best = machine.legalMove(role, 0);
            for (int i = 0; i < machine.legalCount(role); i++) {
                if (machine.move(machine.legalMove(role, i)).render(machine.description().symbols())
                        .equals("(mark 3 3)")) {
                    best = machine.legalMove(role, i);
                }
            }
            bestSoFar = best;
            try {
                Thread.sleep(Math.max(0, deadlineMillis - System.currentTimeMillis()) + 2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            bestSoFar = -1;
            return best;
        }

        @Override
        public int bestMoveSoFar() {
            return bestSoFar;
        }

        @Override
        public void close() {
        }
    }

    /** An engine whose machines, once {@link #stall} is set, take 300 ms for every step. */
    private static final class StallingFactory implements StateMachineFactory {
        static volatile boolean stall;
        private final StateMachineFactory engine;

        StallingFactory(StateMachineFactory engine) {
            this.engine = engine;
        }

        @Override
        public String engineName() {
            return engine.engineName();
        }

        @Override
        public GameDescription description() {
            return engine.description();
        }

        @Override
        public StateMachine newMachine() {
            StateMachine inner = engine.newMachine();
            return new StateMachine() {
                @Override
                public GameDescription description() {
                    return inner.description();
                }

                @Override
                public int roleCount() {
                    return inner.roleCount();
                }

                @Override
                public Term role(int roleIndex) {
                    return inner.role(roleIndex);
                }

                @Override
                public State initialState() {
                    return inner.initialState();
                }

                @Override
                public void setState(State state) {
                    inner.setState(state);
                }

                @Override
                public State currentState() {
                    return inner.currentState();
                }

                @Override
                public boolean isTerminal() {
                    return inner.isTerminal();
                }

                @Override
                public int legalCount(int roleIndex) {
                    return inner.legalCount(roleIndex);
                }

                @Override
                public int legalMove(int roleIndex, int i) {
                    return inner.legalMove(roleIndex, i);
                }

                @Override
                public void advance(int[] jointMove) {
                    if (stall) {
                        try {
                            Thread.sleep(300);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    inner.advance(jointMove);
                }

                @Override
                public int goal(int roleIndex) {
                    return inner.goal(roleIndex);
                }

                @Override
                public Term move(int moveId) {
                    return inner.move(moveId);
                }

                @Override
                public int moveId(int roleIndex, Term move) {
                    return inner.moveId(roleIndex, move);
                }

                @Override
                public Term fact(int factId) {
                    return inner.fact(factId);
                }

                @Override
                public int factId(Term fact) {
                    return inner.factId(fact);
                }
            };
        }
    }
}
