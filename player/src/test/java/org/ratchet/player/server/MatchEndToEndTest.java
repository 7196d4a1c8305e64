package org.ratchet.player.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.ratchet.player.LogCapture;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;
import org.ratchet.player.match.MatchManager;
import org.ratchet.player.protocol.AbortMessage;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.search.RandomStrategy;
import org.ratchet.search.ReportingStrategy;
import org.ratchet.search.SearchStatistics;
import org.ratchet.search.Strategies;
import org.ratchet.search.SearchOptions;
import org.ratchet.search.Strategy;

/** Whole matches against the player over real sockets, with the reasoner checking every move. */
class MatchEndToEndTest {
    private static final int START_CLOCK = 3;
    private static final int PLAY_CLOCK = 2;

    private PlayerServer server;

    @BeforeAll
    static void needsAnEngine() {
        assumeFalse(Engines.names().isEmpty(), "no reasoning engine in this build");
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private GgpClient startServer(MatchManager manager) throws InterruptedException {
        server = new PlayerServer(config(), manager);
        return new GgpClient(server.start(new InetSocketAddress("127.0.0.1", 0)));
    }

    private static PlayerConfig config() {
        return PlayerConfig.defaults()
            .with(Setting.START_MARGIN_MS, "600")
            .with(Setting.PLAY_MARGIN_MS, "600")
            .with(Setting.THREADS, "1");
    }

    private GgpClient startServer() throws InterruptedException {
        return startServer(new MatchManager(config()));
    }

    /** A whole match, ending with one summary line: result, engines, searched and fallback replies. */
    @Test
    void playsAWholeTicTacToeMatch() throws Exception {
        GgpClient client = startServer();
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("ticTacToe"));
        try (LogCapture log = new LogCapture("org.ratchet.player.match.Match")) {
            int plies = gamemaster.playMatch("ttt.1", 0, START_CLOCK, PLAY_CLOCK);
            assertTrue(plies >= 5, "a tic-tac-toe game lasts at least five moves, played " + plies);
            assertTrue(client.send("(info)").contains("available"));

            String summary = awaitLine(log, "match ttt.1: summary ");
            Matcher fields = Pattern.compile("result=goals\\(xplayer=(\\d+),oplayer=(\\d+)\\) role=xplayer "
                + "engines=\\S+ plays=(\\d+) searched=(\\d+) overran=(\\d+) fallbacks=(\\d+) slowest_reply_ms=(\\d+)")
                .matcher(summary);
            assertTrue(fields.find(), summary);
            int plays = Integer.parseInt(fields.group(3));
            assertEquals(plies, plays, summary);
            assertEquals(plays, Integer.parseInt(fields.group(4)) + Integer.parseInt(fields.group(5))
                + Integer.parseInt(fields.group(6)), summary);
            assertTrue(Long.parseLong(fields.group(7)) < PLAY_CLOCK * 1000L, summary);
        }
    }

    /** The summary is written on the match's own thread just after stop is answered: waits for it, boundedly. */
    private static String awaitLine(LogCapture log, String prefix) throws InterruptedException {
        for (int attempt = 0; attempt < 100; attempt++) {
            for (String message : log.messages()) {
                if (message.startsWith(prefix)) {
                    return message;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no line starting '" + prefix + "' in " + log.messages());
    }

    @Test
    void playsASimultaneousMoveMatch() throws Exception {
        GgpClient client = startServer();
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("roshambo2"));
        assertTrue(gamemaster.playMatch("rps.1", 1, START_CLOCK, PLAY_CLOCK) > 0);
    }

    @Test
    void playsAThreePlayerMatch() throws Exception {
        GgpClient client = startServer();
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("tictactoe_3player"));
        assertEquals(3, gamemaster.machine().roleCount());
        assertTrue(gamemaster.playMatch("ttt3.1", 2, START_CLOCK, PLAY_CLOCK) > 0);
    }

    /**
     * A joint move that cannot be applied (too few or too many moves, an illegal move) is logged and
     * skipped: the player answers with a move legal in the state it knows, and the next valid joint move
     * brings it to the same state as the server.
     */
    @Test
    void unusableJointMovesStillGetLegalMoves() throws Exception {
        GgpClient client = startServer();
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("ticTacToe"));
        gamemaster.start("ttt.bad", 1, START_CLOCK, PLAY_CLOCK);
        gamemaster.play("ttt.bad", List.of(), 1, PLAY_CLOCK);
        gamemaster.play("ttt.bad", KifReader.read("(mark 1 1)"), 1, PLAY_CLOCK);
        gamemaster.play("ttt.bad", KifReader.read("(mark 1 1) noop extra"), 1, PLAY_CLOCK);
        gamemaster.play("ttt.bad", KifReader.read("(mark 9 9) noop"), 1, PLAY_CLOCK);
        gamemaster.play("ttt.bad", KifReader.read("(mark 1 1) (mark 2 2)"), 1, PLAY_CLOCK);

        List<SExpr> valid = KifReader.read("(MARK 1 1) NOOP");
        gamemaster.machine().advance(new int[] {
            gamemaster.machine().moveId(0, GdlParser.groundTerm(valid.get(0), gamemaster.machine().description().symbols())),
            gamemaster.machine().moveId(1, GdlParser.groundTerm(valid.get(1), gamemaster.machine().description().symbols()))});
        // Now oplayer must mark a free cell: any answer legal before the valid move (noop) would fail here.
        int reply = gamemaster.play("ttt.bad", valid, 1, PLAY_CLOCK);
        assertFalse(gamemaster.machine().move(reply).render(gamemaster.machine().description().symbols()).equals("noop"));
        assertEquals("aborted", client.send(new AbortMessage("ttt.bad").render()));
    }

    /** Rules that fail validation but can be read are played by the engine as they are. */
    @Test
    void anInvalidButReadableGameIsStillPlayed() throws Exception {
        GgpClient client = startServer();
        String rules = new StartMessage("inv.1", "robot", Kif.readAll(TestGames.edgeCase("test_invalid_sentence_arities_differ")),
            START_CLOCK * 1000L, PLAY_CLOCK * 1000L).render();
        GgpClient.HttpReply ready = client.post(rules);
        assertEquals("ready", ready.body());
        assertTrue(ready.millis() < START_CLOCK * 1000L);
        GgpClient.HttpReply move = client.post("(play inv.1 nil)");
        assertEquals("a", move.body(), "the only legal move");
        assertTrue(move.millis() < PLAY_CLOCK * 1000L);
        assertEquals("done", client.send("(stop inv.1 (a))"));
    }

    /** A search engine that cannot be built leaves the match to the fallback engine, which plays it through. */
    @Test
    void aFailingSearchEngineLeavesTheMatchToTheFallbackEngine() throws Exception {
        PlayerConfig config = config().with(Setting.ENGINE, "no-such-engine").with(Setting.STRATEGY, "random");
        server = new PlayerServer(config, new MatchManager(config));
        GgpClient client = new GgpClient(server.start(new InetSocketAddress("127.0.0.1", 0)));
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("ticTacToe"));
        assertTrue(gamemaster.playMatch("ttt.noengine", 0, START_CLOCK, PLAY_CLOCK) >= 5);
    }

    /**
     * A search that overruns its deadline, one that throws and one that returns an illegal move: every
     * answer is still a legal move in time, and (info) is answered while the search is stuck.
     */
    @Test
    void failingSearchStillYieldsLegalMovesAndInfoStaysPrompt() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        GgpClient client = startServer(new MatchManager(config(), () -> new UnreliableStrategy(calls)));
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("ticTacToe"));
        gamemaster.start("ttt.unreliable", 0, START_CLOCK, PLAY_CLOCK);

        CompletableFuture<Integer> firstMove = CompletableFuture.supplyAsync(() -> {
            try {
                return gamemaster.play("ttt.unreliable", List.of(), 0, PLAY_CLOCK);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        while (calls.get() == 0) {
            Thread.onSpinWait();
        }
        String info = client.send("(info)");
        assertFalse(firstMove.isDone(), "info was answered while the search was still running");
        assertEquals("((name Ratchet) (status busy))", info);
        int[] jointMove = gamemaster.randomJointMove();
        jointMove[0] = firstMove.join();
        List<SExpr> previous = gamemaster.render(jointMove);
        gamemaster.machine().advance(jointMove);
        // The search thread is still stuck in the first call: the next move comes from the fallback too.
        for (int ply = 1; ply < 4 && !gamemaster.machine().isTerminal(); ply++) {
            jointMove = gamemaster.randomJointMove();
            jointMove[0] = gamemaster.play("ttt.unreliable", previous, 0, PLAY_CLOCK);
            previous = gamemaster.render(jointMove);
            gamemaster.machine().advance(jointMove);
        }
        assertTrue(calls.get() >= 3, "the throwing and the illegal answers were exercised, calls: " + calls.get());
        assertEquals("aborted", client.send("(abort ttt.unreliable)"));
    }

    /**
     * (info) is answered while a real search keeps every processor busy: mcts with one thread per processor
     * on connect four, which searches until just before the end of its play clock. The info reply must come
     * back while the move is still being searched.
     */
    @Test
    void infoIsAnsweredWhileARealSearchUsesEveryProcessor() throws Exception {
        int processors = Runtime.getRuntime().availableProcessors();
        CountDownLatch searching = new CountDownLatch(1);
        List<ReportingStrategy> created = new CopyOnWriteArrayList<>();
        GgpClient client = startServer(new MatchManager(config(), () -> {
            ReportingStrategy mcts = Strategies.create("mcts", SearchOptions.defaults().withThreads(processors));
            created.add(mcts);
            return new SignallingStrategy(mcts, searching);
        }));
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(client, TestGames.repositoryGame("connectFour"));
        int playClock = 4;
        gamemaster.start("c4.busy", 0, 6, playClock);

        CompletableFuture<Integer> move = CompletableFuture.supplyAsync(() -> {
            try {
                return gamemaster.play("c4.busy", List.of(), 0, playClock);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(searching.await(playClock, TimeUnit.SECONDS), "the search began");
        String info = client.send("(info)");
        assertFalse(move.isDone(), "(info) was answered before the move");
        assertEquals("((name Ratchet) (status busy))", info);
        move.join();
        SearchStatistics searched = created.get(created.size() - 1).statistics();
        assertEquals(processors, searched.threads());
        assertTrue(searched.iterations() > 0, searched.toString());
        assertEquals("aborted", client.send("(abort c4.busy)"));
    }

    /** A real strategy that also tells the test when a search has begun. */
    private static final class SignallingStrategy implements ReportingStrategy {
        private final ReportingStrategy strategy;
        private final CountDownLatch searching;

        SignallingStrategy(ReportingStrategy strategy, CountDownLatch searching) {
            this.strategy = strategy;
            this.searching = searching;
        }

        @Override
        public String name() {
            return strategy.name();
        }

        @Override
        public void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis) {
            strategy.prepare(game, roleIndex, deadlineMillis);
        }

        @Override
        public int selectMove(State current, long deadlineMillis) {
            searching.countDown();
            return strategy.selectMove(current, deadlineMillis);
        }

        @Override
        public SearchStatistics statistics() {
            return strategy.statistics();
        }

        @Override
        public void close() {
            strategy.close();
        }
    }

    /** Overruns on its first call, throws on its second, answers an illegal move id on its third, then plays. */
    private static final class UnreliableStrategy implements Strategy {
        private final AtomicInteger calls;
        private final RandomStrategy random = new RandomStrategy(SearchOptions.defaults());

        UnreliableStrategy(AtomicInteger calls) {
            this.calls = calls;
        }

        @Override
        public String name() {
            return "unreliable";
        }

        @Override
        public void prepare(StateMachineFactory game, int roleIndex, long deadlineMillis) {
            random.prepare(game, roleIndex, deadlineMillis);
        }

        @Override
        public int selectMove(State current, long deadlineMillis) {
            int call = calls.incrementAndGet();
            if (call == 1) {
                long until = deadlineMillis + 2_500;
                while (System.currentTimeMillis() < until) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException ignored) {
                        // a search that ignores interrupts is what this simulates
                    }
                }
            } else if (call == 2) {
                throw new UncheckedIOException(new IOException("simulated search failure"));
            } else if (call == 3) {
                return -5;
            }
            return random.selectMove(current, deadlineMillis);
        }

        @Override
        public void close() {
            random.close();
        }
    }
}
