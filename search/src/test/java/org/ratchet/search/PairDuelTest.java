package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameLoader;

/**
 * The duel that picks NST's move pairs for {@link PlayoutPolicy#AUTO}, on real games on the forward chainer.
 * Bounded by its playout count (the deadline is far), so the verdicts do not depend on machine speed.
 */
class PairDuelTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    private static StateMachine machine(String game) throws Exception {
        return Engines.create("hsfc", GameLoader.load(GameCorpus.repositoryGame(game))).newMachine();
    }

    private static PairDuel.Verdict duel(String game, long seed) throws Exception {
        StateMachine machine = machine(game);
        return PairDuel.play(machine, machine.initialState(), new SplittableRandom(seed), NO_DEADLINE);
    }

    /** In breakthrough-like races, answering the opponent's last move (capture the runner) wins playouts. */
    @Test
    void pairsPayInBreakthroughLikeGames() throws Exception {
        for (String game : new String[] {"breakthroughSmall", "knightThrough"}) {
            PairDuel.Verdict verdict = duel(game, 1);
            assertTrue(verdict.pairsPay(), game + ": " + verdict.summary());
            assertEquals(PairDuel.MAX_PLAYOUTS - PairDuel.WARM_UP_PLAYOUTS, verdict.countedPlayouts());
            assertTrue(verdict.scoreWithPairs() - verdict.scoreWithout() >= PairDuel.MIN_LEAD, verdict.summary());
        }
    }

    /** Where a move's worth does not hang on the move it answers, neither side of the duel pulls away. */
    @Test
    void pairsDoNotPayInConnectFourOrPentago() throws Exception {
        for (String game : new String[] {"connectFour", "pentago"}) {
            PairDuel.Verdict verdict = duel(game, 1);
            assertFalse(verdict.pairsPay(), game + ": " + verdict.summary());
            assertTrue(Math.abs(verdict.scoreWithPairs() - verdict.scoreWithout()) < PairDuel.MIN_LEAD,
                    verdict.summary());
        }
    }

    @Test
    void aDuelOutOfTimeGivesNoVerdictAndKeepsMast() throws Exception {
        StateMachine machine = machine("breakthroughSmall");
        PairDuel.Verdict verdict = PairDuel.play(machine, machine.initialState(), new SplittableRandom(1), 0);
        assertFalse(verdict.pairsPay());
        assertEquals(0, verdict.countedPlayouts());
        assertTrue(verdict.summary().startsWith("no verdict"), verdict.summary());
    }

    /** The strategy asks the duel only under AUTO; NST always uses pairs, and a clock already run out keeps MAST. */
    @Test
    void theStrategyUsesPairsAsAskedOrAsTheDuelFound() {
        StateMachineFactory game = GdlGames.repository("ticTacToe");
        int role = 0;
        try (MctsStrategy nst = new MctsStrategy(MctsToyGameTest.options(10, 1).withPlayoutPolicy(PlayoutPolicy.NST));
                MctsStrategy mast = new MctsStrategy(MctsToyGameTest.options(10, 1));
                MctsStrategy auto = new MctsStrategy(MctsToyGameTest.options(10, 1)
                        .withPlayoutPolicy(PlayoutPolicy.AUTO))) {
            nst.prepare(game, role, 0);
            mast.prepare(game, role, 0);
            auto.prepare(game, role, 0);
            assertTrue(nst.usesMovePairs());
            assertFalse(mast.usesMovePairs());
            assertFalse(auto.usesMovePairs(), "no time for the duel: MAST");
        }
    }

    /**
     * On a slow engine one playout can take seconds, so a duel playout reads the clock as it goes. Nim from 200
     * sticks (at most 3 taken a move) lasts more than 64 moves: with the deadline passed the playout stops
     * midway; without one it plays to the end.
     */
    @Test
    void aPlayoutStopsMidwayOnceItsDeadlineHasPassed() {
        StateMachine machine = ToyGame.nim(200).newMachine();
        int[] goals = new int[machine.roleCount()];
        Playout playout = new Playout(machine, new SplittableRandom(3), new MoveAverages(2), new MovePairAverages());
        machine.setState(machine.initialState());
        assertTrue(playout.run(null, goals, null), "no deadline: played to the end");
        assertTrue(machine.isTerminal());
        playout.stopAt(System.currentTimeMillis() - 1);
        machine.setState(machine.initialState());
        assertFalse(playout.run(null, goals, null), "past its deadline");
        assertFalse(machine.isTerminal(), "stopped midway");
    }

    @Test
    void onlyNstPlayoutsCanLimitPairsToOneRole() throws Exception {
        StateMachine machine = machine("ticTacToe");
        Playout mast = new Playout(machine, new SplittableRandom(1), new MoveAverages(2), null);
        assertThrows(IllegalStateException.class, () -> mast.pairsOnlyFor(0));
        Playout nst = new Playout(machine, new SplittableRandom(1), new MoveAverages(2), new MovePairAverages());
        assertThrows(IllegalArgumentException.class, () -> nst.pairsOnlyFor(2));
        nst.pairsOnlyFor(Playout.EVERY_ROLE);
    }

    /**
     * A game whose every step takes 2 ms plays under 130 playouts a second, far from the 900 a verdict needs in
     * 1 s: the duel gives up at a quarter of its time and leaves the rest to the search.
     */
    @Test
    void aDuelTooSlowForAVerdictGivesUpEarly() {
        StateMachine machine = ToyGame.nim(12, 2).newMachine();
        PairDuel.Verdict verdict = PairDuel.play(machine, machine.initialState(), new SplittableRandom(1),
                System.currentTimeMillis() + 1_000);
        assertFalse(verdict.pairsPay());
        assertTrue(verdict.givenUp(), verdict.summary());
        assertTrue(verdict.summary().startsWith("no verdict (given up"), verdict.summary());
    }

    /** The pace is judged from a quarter of the budget on, against the 900 playouts a verdict needs. */
    @Test
    void theDuelGivesUpOnlyWhenItsPaceFallsShort() {
        assertFalse(PairDuel.cannotReachVerdict(10, 249, 1_000), "before a quarter of the time");
        assertTrue(PairDuel.cannotReachVerdict(224, 250, 1_000), "896 projected");
        assertFalse(PairDuel.cannotReachVerdict(225, 250, 1_000), "900 projected");
        assertTrue(PairDuel.cannotReachVerdict(800, 900, 1_000), "889 projected");
        assertFalse(PairDuel.cannotReachVerdict(1, 1_000, NO_DEADLINE), "no deadline");
    }

    @Test
    void autoIsAPolicyName() {
        assertEquals(PlayoutPolicy.AUTO, PlayoutPolicy.parse(" Auto "));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> PlayoutPolicy.parse("ngram"));
        assertTrue(error.getMessage().contains("auto"), error.getMessage());
    }
}
