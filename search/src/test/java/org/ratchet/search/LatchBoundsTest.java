package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.GameLoader;

/** Goal bounds from latches: what a state still allows, nodes proven by them, moves they rule out. */
class LatchBoundsTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    /**
     * A puzzle of eight steps: sealing first makes the win impossible for good, and then nothing the player
     * does afterwards matters, but only the latch says so before the end.
     */
    private static final String SEAL = """
        (role a)
        (init (step 0))
        (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
        (<= (legal a seal) (true (step 0)))
        (legal a wait)
        (legal a hop)
        (<= (next sealed) (does a seal))
        (<= (next sealed) (true sealed))
        (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
        (<= terminal (true (step 8)))
        (<= (goal a 100) (not (true sealed)))
        (<= (goal a 0) (true sealed))
        """;

    /**
     * The first move of {@code a} decides what it can still score: {@code spoil} leaves 0 or 20, {@code secure}
     * 60 or 80, and the last of eight toggles decides which. Neither first move settles the outcome, and with
     * no maximum goal to find, only a walk of every line would prove either move. Role {@code b} only waits
     * (two roles: no puzzle's best line takes part).
     */
    private static final String SPOIL = """
        (role a) (role b)
        (legal b noop)
        (goal b 50)
        (init (step 0))
        (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
        (<= (legal a spoil) (true (step 0)))
        (<= (legal a secure) (true (step 0)))
        (<= (legal a toggle) (not (true (step 0))))
        (<= (legal a wait) (not (true (step 0))))
        (<= (next spoiled) (does a spoil))
        (<= (next spoiled) (true spoiled))
        (<= (next secured) (does a secure))
        (<= (next secured) (true secured))
        (<= (next bonus) (does a toggle) (not (true bonus)))
        (<= (next bonus) (does a wait) (true bonus))
        (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
        (<= terminal (true (step 8)))
        (<= (goal a 80) (true bonus) (not (true spoiled)))
        (<= (goal a 60) (not (true bonus)) (not (true spoiled)))
        (<= (goal a 20) (true bonus) (not (true secured)))
        (<= (goal a 0) (not (true bonus)) (not (true secured)))
        """;

    /**
     * A puzzle where giving up secures 20 for good, and trying scores 100 only with eight right turns in a
     * row (a left starts the count again; otherwise 0): plain UCT prefers the sure 20, but once a line of 20
     * is recorded nothing below the giving up can improve on it.
     */
    private static final String GIVE_UP = """
        (role a)
        (init (step 0))
        (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8) (succ 8 9)
        (<= (legal a giveUp) (true (step 0)))
        (<= (legal a try) (true (step 0)))
        (<= (legal a wait) (true lost))
        (<= (legal a left) (true (run ?n)))
        (<= (legal a right) (true (run ?n)))
        (<= (next lost) (does a giveUp))
        (<= (next lost) (true lost))
        (<= (next (run 0)) (does a try))
        (<= (next (run ?m)) (true (run ?n)) (does a right) (succ ?n ?m))
        (<= (next (run 0)) (true (run ?n)) (does a left))
        (<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
        (<= terminal (true (step 9)))
        (<= (goal a 100) (true (run 8)) (not (true lost)))
        (<= (goal a 20) (true lost))
        (<= (goal a 0) (not (true (run 8))) (not (true lost)))
        """;

    private static StateMachineFactory game(String kif) throws Exception {
        return Engines.create(GdlGames.ENGINE, GameLoader.load(kif));
    }

    private static SearchOptions options(long iterations, boolean latches) {
        return MctsToyGameTest.options(iterations, 3).withLatches(latches);
    }

    private static int[] facts(State state) {
        int[] facts = new int[state.size()];
        for (int i = 0; i < facts.length; i++) {
            facts[i] = state.fact(i);
        }
        return facts;
    }

    private static SearchStatistics.MoveStatistics move(SearchStatistics statistics, String name) {
        return statistics.moves().stream().filter(m -> m.move().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no root move " + name + " in " + statistics));
    }

    @Test
    void boundsFollowTheGuardsTrueInAState() throws Exception {
        StateMachine machine = game(SPOIL).newMachine();
        LatchBounds bounds = LatchBounds.of(machine);
        assertNotNull(bounds);
        int[] low = new int[2];
        int[] high = new int[2];
        int[] initial = facts(machine.initialState());
        assertEquals(false, bounds.bounds(initial, 0, initial.length, low, high));
        assertEquals(List.of(0, 80), List.of(low[0], high[0]), "nothing ruled out yet");
        for (String first : List.of("spoil", "secure")) {
            machine.setState(machine.initialState());
            machine.advance(new int[] {indexOf(machine, first), machine.legalMove(1, 0)});
            int[] after = facts(machine.currentState());
            assertEquals(false, bounds.bounds(after, 0, after.length, low, high), first);
            assertEquals(first.equals("spoil") ? List.of(0, 20) : List.of(60, 80), List.of(low[0], high[0]),
                    first);
        }
    }

    private static int indexOf(StateMachine machine, String move) {
        for (int i = 0; i < machine.legalCount(0); i++) {
            int id = machine.legalMove(0, i);
            if (GdlGames.render(machine, machine.move(id)).equals(move)) {
                return id;
            }
        }
        throw new AssertionError("no legal " + move);
    }

    @Test
    void escortLatchOnTheDefaultEngineBoundsBothRolesOnceAKingIsCaptured() throws Exception {
        for (String engine : List.of("hsfc", GdlGames.ENGINE)) {
            StateMachine machine = Engines.create(engine,
                    GameLoader.load(GameCorpus.repositoryGame("escortLatch"))).newMachine();
            LatchBounds bounds = LatchBounds.of(machine);
            assertNotNull(bounds, engine);
            int captured = machine.factId(new Atom(machine.description().symbols().lookup("whitekingcaptured")));
            assertTrue(captured >= 0, engine + " knows the latch's fact");
            int[] initial = facts(machine.initialState());
            int[] low = new int[2];
            int[] high = new int[2];
            bounds.bounds(initial, 0, initial.length, low, high);
            assertEquals(List.of(0, 100, 0, 100), List.of(low[0], high[0], low[1], high[1]), engine);
            int[] after = IntStream.concat(Arrays.stream(initial), IntStream.of(captured)).sorted().toArray();
            assertEquals(false, bounds.bounds(after, 0, after.length, low, high));
            assertEquals(List.of(0, 50, 50, 100), List.of(low[0], high[0], low[1], high[1]),
                    engine + ": white can no longer win, black can no longer lose");
        }
    }

    @Test
    void aGameWithoutLatchesHasNoBounds() throws Exception {
        assertNull(LatchBounds.of(GdlGames.repository("ticTacToe").newMachine()));
    }

    @Test
    void aNodeWhoseOutcomeTheLatchesSettleIsProvenAtOnce() throws Exception {
        StateMachineFactory seal = game(SEAL);
        State initial = seal.newMachine().initialState();
        try (MctsStrategy mcts = new MctsStrategy(options(60, true))) {
            mcts.prepare(seal, 0, 0);
            mcts.selectMove(initial, NO_DEADLINE);
            assertEquals(0, move(mcts.statistics(), "seal").provenValue(), mcts.statistics().toString());
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
        try (MctsStrategy mcts = new MctsStrategy(options(60, false))) {
            mcts.prepare(seal, 0, 0);
            mcts.selectMove(initial, NO_DEADLINE);
            assertEquals(-1, move(mcts.statistics(), "seal").provenValue(),
                    "without latches eight more plies are needed to prove it: " + mcts.statistics());
        }
    }

    @Test
    void aMoveThatCannotReachWhatASiblingIsSureOfIsNotSearched() throws Exception {
        StateMachineFactory spoil = game(SPOIL);
        State initial = spoil.newMachine().initialState();
        try (MctsStrategy mcts = new MctsStrategy(options(400, true))) {
            mcts.prepare(spoil, 0, 0);
            assertEquals("secure", GdlGames.render(spoil.newMachine(),
                    spoil.newMachine().move(mcts.selectMove(initial, NO_DEADLINE))));
            assertEquals(1, move(mcts.statistics(), "spoil").visits(),
                    "once both first moves have nodes, 20 at most cannot compete with 60 at least: "
                            + mcts.statistics());
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
        try (MctsStrategy mcts = new MctsStrategy(options(400, false))) {
            mcts.prepare(spoil, 0, 0);
            mcts.selectMove(initial, NO_DEADLINE);
            assertTrue(move(mcts.statistics(), "spoil").visits() > 1,
                    "without latches UCT keeps exploring it: " + mcts.statistics());
        }
    }

    @Test
    void aPuzzleSearchesNoMoveThatCannotBeatItsBestLine() throws Exception {
        StateMachineFactory giveUp = game(GIVE_UP);
        State initial = giveUp.newMachine().initialState();
        try (MctsStrategy mcts = new MctsStrategy(options(200, true))) {
            mcts.prepare(giveUp, 0, 0);
            mcts.selectMove(initial, NO_DEADLINE);
            SearchStatistics statistics = mcts.statistics();
            assertTrue(move(statistics, "giveup").visits() <= 1, statistics.toString());
            assertTrue(statistics.bestLineValue() >= 20, "the settled 20 is recorded as a line: " + statistics);
            assertEquals(List.of(), mcts.treeInvariantViolations());
        }
        try (MctsStrategy mcts = new MctsStrategy(options(200, false))) {
            mcts.prepare(giveUp, 0, 0);
            mcts.selectMove(initial, NO_DEADLINE);
            SearchStatistics statistics = mcts.statistics();
            assertTrue(move(statistics, "giveup").visits() > move(statistics, "try").visits(),
                    "without latches the sure 20 draws the search: " + statistics);
        }
    }

    @Test
    void manyShortSearchesOnSeveralThreadsKeepTheBoundsConsistent() throws Exception {
        for (String kif : List.of(SPOIL, GIVE_UP, SEAL)) {
            StateMachineFactory game = game(kif);
            // a pool of 20 nodes recycles all the time
            for (int pool : new int[] {20, 100_000}) {
                StateMachine referee = game.newMachine();
                SearchOptions options = options(150, true).withThreads(4).withNodePoolSize(pool).withSeed(pool);
                try (MctsStrategy mcts = new MctsStrategy(options)) {
                    mcts.prepare(game, 0, 0);
                    for (int search = 0; search < 30; search++) {
                        if (referee.isTerminal()) {
                            referee.setState(referee.initialState());
                        }
                        int move = mcts.selectMove(referee.currentState(), NO_DEADLINE);
                        assertTrue(legal(referee, move), "illegal move " + move);
                        assertEquals(List.of(), mcts.treeInvariantViolations(), "after search " + search);
                        if (search % 3 == 0) { // re-rooting both hits and misses the tree
                            int[] joint = new int[referee.roleCount()];
                            joint[0] = move;
                            for (int role = 1; role < joint.length; role++) {
                                joint[role] = referee.legalMove(role, 0);
                            }
                            referee.advance(joint);
                        }
                    }
                }
            }
        }
    }

    private static boolean legal(StateMachine machine, int move) {
        for (int i = 0; i < machine.legalCount(0); i++) {
            if (machine.legalMove(0, i) == move) {
                return true;
            }
        }
        return false;
    }
}
