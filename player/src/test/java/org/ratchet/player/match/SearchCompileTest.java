package org.ratchet.player.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Test;
import org.ratchet.player.LogCapture;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;
import org.ratchet.player.protocol.AbortMessage;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.Message;
import org.ratchet.player.protocol.PlayMessage;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.player.protocol.StopMessage;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.search.RandomStrategy;
import org.ratchet.search.SearchOptions;
import org.ratchet.search.Strategy;

/**
 * The search engine's compile within a match: its budget follows the clocks, a compile slower than the start
 * clock takes over once it finishes, and a compile no longer needed is stopped. The compile is slowed down or
 * blocked through the {@link SearchCompiler} seam; the matches are driven through {@link MatchManager#handle}.
 */
class SearchCompileTest {
    private static final long WAIT_SECONDS = 30;

    static PlayerConfig config() {
        return PlayerConfig.defaults()
            .with(Setting.START_MARGIN_MS, "500")
            .with(Setting.PLAY_MARGIN_MS, "500")
            .with(Setting.THREADS, "1");
    }

    @Test
    void compileTimeIsTheStartClockAndThreePlayClocksUpToTheCap() {
        PlayerConfig defaults = config();
        assertEquals(180_000 + 3 * 30_000, EngineSelection.compileTimeMillis(180_000, 30_000, defaults));
        assertEquals(300_000, EngineSelection.compileTimeMillis(240_000, 45_000, defaults), "the default cap");
        PlayerConfig capped = defaults.with(Setting.COMPILE_MAX_SECONDS, "60");
        assertEquals(60_000, EngineSelection.compileTimeMillis(150_000, 15_000, capped));
        assertEquals(10_000 + 3 * 5_000, EngineSelection.compileTimeMillis(10_000, 5_000, capped));

        long heap = Runtime.getRuntime().maxMemory();
        assertEquals(heap / 100 * 25, EngineSelection.compileOptions(defaults, 1_000).memoryBudgetBytes());
        assertEquals(heap / 100 * 40, EngineSelection.compileOptions(defaults.with(Setting.COMPILE_MEMORY_PERCENT, "40"),
            1_000).memoryBudgetBytes());
        assertEquals(1, EngineSelection.compileOptions(defaults, -5).timeBudgetMillis(), "a deadline already passed");
    }

    /** With a public server's clocks the engine may compile far longer than a fixed budget would allow. */
    @Test
    void theEngineGetsTheMatchesCompileBudget() throws Exception {
        List<EngineOptions> budgets = new CopyOnWriteArrayList<>();
        SearchCompiler recording = (game, options) -> {
            budgets.add(options);
            throw new GdlException("this test only looks at the budget");
        };
        PlayerConfig config = config().with(Setting.COMPILE_MEMORY_PERCENT, "30");
        try (MatchManager manager = new MatchManager(config, SearchCompileTest::randomStrategy, recording)) {
            long sent = System.currentTimeMillis();
            assertEquals("ready", reply(manager, new StartMessage("budget.1", "xplayer", ticTacToe(), 200_000, 30_000)));
            assertEquals("aborted", reply(manager, new AbortMessage("budget.1")));
            long waited = System.currentTimeMillis() - sent;
            assertEquals(1, budgets.size());
            long budget = budgets.get(0).timeBudgetMillis();
            // Counted from the start message: the start clock and three play clocks, less the time since.
            assertTrue(budget <= 290_000 && budget >= 290_000 - waited, "time budget " + budget + " ms");
            assertEquals(Runtime.getRuntime().maxMemory() / 100 * 30, budgets.get(0).memoryBudgetBytes());
        }
    }

    /**
     * A game too big for the search engine is an expected event: a warning that says what plays instead,
     * not an error that reads like a crash.
     */
    @Test
    void anEngineThatDeclinesTheGameIsAWarningNamingWhatPlaysInstead() throws Exception {
        SearchCompiler tooBig = (game, options) -> {
            throw new GdlException("hsfc cannot ground this game within its budget: time budget exceeded");
        };
        try (LogCapture log = new LogCapture(GamePreparation.class.getName());
             MatchManager manager = new MatchManager(config(), SearchCompileTest::randomStrategy, tooBig)) {
            assertEquals("ready", reply(manager, new StartMessage("big.1", "xplayer", ticTacToe(), 2_000, 1_000)));
            manager.current().searchCompile().handle((factory, failure) -> failure).get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals("aborted", reply(manager, new AbortMessage("big.1")));
            assertEquals(List.of(), log.messagesAt(Level.ERROR));
            List<String> warnings = log.messagesAt(Level.WARN);
            assertEquals(1, warnings.size(), warnings::toString);
            assertTrue(warnings.get(0).contains("declined the game") && warnings.get(0).contains("time budget exceeded")
                && warnings.get(0).endsWith("the fallback engine " + Engines.fallbackEngine() + " plays the match instead"),
                warnings.get(0));
        }
    }

    /**
     * The compile is held back until after the first move, far beyond the share of the start clock the
     * match waits for it and the share of the play clock: the first move is searched on the fallback engine,
     * and once the compile finishes the match switches to the compiled engine (hsfc) for the following moves.
     */
    @Test
    void aCompileTooSlowForTheStartClockTakesOverWhenItFinishes() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch compiled = new CountDownLatch(1);
        SearchCompiler slow = (game, options) -> {
            awaitOrStop(release);
            StateMachineFactory factory = Engines.create(Engines.HSFC, game, options);
            compiled.countDown();
            return factory;
        };
        List<String> searchedOn = new CopyOnWriteArrayList<>();
        Supplier<Strategy> strategies = () -> new EngineRecordingStrategy(searchedOn);
        try (MatchManager manager = new MatchManager(config(), strategies, slow)) {
            Referee referee = new Referee(manager, "slow.1", 0);
            assertEquals("ready", reply(manager, new StartMessage("slow.1", "xplayer", ticTacToe(), 2_000, 2_000)));
            referee.play();
            assertEquals(List.of(Engines.fallbackEngine()), searchedOn,
                "the first move comes from a search on the fallback engine, in the share of the clock left to it");

            release.countDown();
            assertTrue(compiled.await(WAIT_SECONDS, TimeUnit.SECONDS), "the compile finished");
            // the compile's result is published a moment after the compiler returns; the match looks for it
            // when the next play arrives
            manager.current().searchCompile().get(WAIT_SECONDS, TimeUnit.SECONDS);
            referee.play();
            assertEquals("hsfc", searchedOn.get(searchedOn.size() - 1), "searched on: " + searchedOn);
            assertEquals(Engines.fallbackEngine(), searchedOn.get(0));
            referee.play();
            assertEquals("hsfc", searchedOn.get(searchedOn.size() - 1), "and stays on it: " + searchedOn);
            assertEquals("aborted", reply(manager, new AbortMessage("slow.1")));
        }
    }

    /**
     * A play that arrives while the compile runs waits for it before searching on the fallback engine, leaving
     * it the processor: a compile that finishes within that wait is searched on at once, for this very move.
     */
    @Test
    void aCompileFinishingDuringAPlayIsSearchedOnForThatMove() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        SearchCompiler slow = (game, options) -> {
            awaitOrStop(release);
            return Engines.create(Engines.HSFC, game, options);
        };
        List<String> searchedOn = new CopyOnWriteArrayList<>();
        Supplier<Strategy> strategies = () -> new EngineRecordingStrategy(searchedOn);
        try (MatchManager manager = new MatchManager(config(), strategies, slow)) {
            Referee referee = new Referee(manager, "wait.1", 0);
            assertEquals("ready", reply(manager, new StartMessage("wait.1", "xplayer", ticTacToe(), 1_000, 20_000)));
            Thread releaser = countDownAfter(release, 500);
            referee.play();
            releaser.join();
            assertEquals(List.of("hsfc"), searchedOn, "the first move waited for the compile and searched on hsfc");
            assertEquals("aborted", reply(manager, new AbortMessage("wait.1")));
        }
    }

    /**
     * The compiled engine's strategy is prepared on a thread of its own, beside the fallback's search: a
     * preparation that takes longer than a play clock (amazons' took 1.2-1.6 s against 1 s a move) holds up no
     * move. The move is searched on the fallback engine and sent in time, and the play after the preparation
     * ends switches to the compiled engine.
     */
    @Test
    void aSlowPreparationOfTheCompiledEngineHoldsUpNoMove() throws Exception {
        CountDownLatch compileRelease = new CountDownLatch(1);
        SearchCompiler held = (game, options) -> {
            awaitOrStop(compileRelease);
            return Engines.create(Engines.HSFC, game, options);
        };
        CountDownLatch preparing = new CountDownLatch(1);
        CountDownLatch prepareRelease = new CountDownLatch(1);
        List<String> searchedOn = new CopyOnWriteArrayList<>();
        Supplier<Strategy> strategies = () -> new EngineRecordingStrategy(searchedOn, "hsfc", preparing, prepareRelease);
        try (LogCapture log = new LogCapture(Match.class.getName());
             MatchManager manager = new MatchManager(config(), strategies, held)) {
            Referee referee = new Referee(manager, "prepare.1", 0);
            assertEquals("ready", reply(manager, new StartMessage("prepare.1", "xplayer", ticTacToe(), 1_000, 2_000)));
            compileRelease.countDown();
            manager.current().searchCompile().get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertTrue(preparing.await(WAIT_SECONDS, TimeUnit.SECONDS), "hsfc's strategy is being prepared");
            referee.play();
            assertEquals(List.of(Engines.fallbackEngine()), searchedOn,
                "the move during hsfc's preparation was searched on the fallback engine");
            assertEquals(List.of(), log.messagesAt(Level.WARN), "the searched move went out in time");

            prepareRelease.countDown();
            referee.play();
            assertEquals(List.of(Engines.fallbackEngine(), "hsfc"), searchedOn,
                "the play after the preparation ended switched to hsfc");
            assertEquals("aborted", reply(manager, new AbortMessage("prepare.1")));
        }
    }

    /** Stop and abort interrupt a compile still running, so it stops taking processor time and memory. */
    @Test
    void stopAndAbortCancelACompileStillRunning() throws Exception {
        for (boolean abort : new boolean[] {true, false}) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            SearchCompiler endless = (game, options) -> {
                started.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    interrupted.countDown();
                    Thread.currentThread().interrupt();
                }
                throw new GdlException("cancelled");
            };
            try (MatchManager manager = new MatchManager(config(), SearchCompileTest::randomStrategy, endless)) {
                assertEquals("ready", reply(manager, new StartMessage("endless.1", "xplayer", ticTacToe(), 1_000, 1_000)));
                assertTrue(started.await(WAIT_SECONDS, TimeUnit.SECONDS));
                Message end = abort ? new AbortMessage("endless.1") : new StopMessage("endless.1", List.of());
                assertEquals(abort ? "aborted" : "done", reply(manager, end));
                assertTrue(interrupted.await(WAIT_SECONDS, TimeUnit.SECONDS), (abort ? "abort" : "stop")
                    + " interrupted the compile");
            }
        }
    }

    // ---- helpers ----

    static String reply(MatchManager manager, Message message) throws Exception {
        Response response = manager.handle(message, System.currentTimeMillis()).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(response.ok(), response.text());
        return response.text();
    }

    static List<SExpr> ticTacToe() throws GdlException {
        return KifReader.read(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
    }

    private static Strategy randomStrategy() {
        return new RandomStrategy(SearchOptions.defaults());
    }

    /** Starts a thread that counts the latch down after {@code millis}; join it before looking at the result. */
    private static Thread countDownAfter(CountDownLatch latch, long millis) {
        Thread releaser = new Thread(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            latch.countDown();
        });
        releaser.start();
        return releaser;
    }

    private static void awaitOrStop(CountDownLatch latch) throws GdlException {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GdlException("interrupted");
        }
    }

    /** Plays random moves, legal by the rules of the rule sheet, for the other roles, and checks the player's. */
    private static final class Referee {
        private final MatchManager manager;
        private final String matchId;
        private final int playerRole;
        private final StateMachine machine;
        private final SymbolTable symbols;
        private List<SExpr> lastJointMove = List.of();

        Referee(MatchManager manager, String matchId, int playerRole) throws Exception {
            this.manager = manager;
            this.matchId = matchId;
            this.playerRole = playerRole;
            this.machine = Engines.create("prover", GameLoader.load(ticTacToe())).newMachine();
            this.symbols = machine.description().symbols();
        }

        /** Sends one play, checks the answer is legal and plays it with random moves for the others. */
        void play() throws Exception {
            String answer = reply(manager, new PlayMessage(matchId, lastJointMove));
            int[] jointMove = new int[machine.roleCount()];
            List<SExpr> rendered = new ArrayList<>();
            for (int role = 0; role < machine.roleCount(); role++) {
                int move;
                if (role == playerRole) {
                    move = machine.moveId(role, GdlParser.groundTerm(Kif.readOne(answer), symbols));
                    assertTrue(isLegal(role, move), answer + " is legal");
                } else {
                    move = machine.legalMove(role, (int) (Math.random() * machine.legalCount(role)));
                }
                jointMove[role] = move;
                rendered.add(Kif.readOne(machine.move(move).renderSpelling(symbols)));
            }
            machine.advance(jointMove);
            lastJointMove = rendered;
        }

        private boolean isLegal(int role, int move) {
            for (int i = 0; i < machine.legalCount(role); i++) {
                if (machine.legalMove(role, i) == move) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Random moves, noting the engine of every search so the test sees which engine the match searched on. */
    private static final class EngineRecordingStrategy implements Strategy {
        private final RandomStrategy random = new RandomStrategy(SearchOptions.defaults());
        private final List<String> searchedOn;
        /** The engine whose preparations are held at the gate; null if none are. */
        private final String gatedEngine;
        private final CountDownLatch preparing;
        private final CountDownLatch gate;
        private String engine;

        EngineRecordingStrategy(List<String> searchedOn) {
            this(searchedOn, null, null, null);
        }

        /** Its preparations on {@code gatedEngine} count {@code preparing} down, then wait for {@code gate}. */
        EngineRecordingStrategy(List<String> searchedOn, String gatedEngine, CountDownLatch preparing,
                                CountDownLatch gate) {
            this.searchedOn = searchedOn;
            this.gatedEngine = gatedEngine;
            this.preparing = preparing;
            this.gate = gate;
        }

        @Override
        public String name() {
            return "engine-recording";
        }

        @Override
        public void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis) {
            engine = game.engineName();
            if (engine.equals(gatedEngine)) {
                preparing.countDown();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            random.prepare(game, roleIndex, deadlineMillis);
        }

        @Override
        public int selectMove(State current, long deadlineMillis) {
            searchedOn.add(engine);
            return random.selectMove(current, deadlineMillis);
        }

        @Override
        public void close() {
            random.close();
        }
    }
}
