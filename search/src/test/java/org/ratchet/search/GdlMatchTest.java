package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;

/**
 * Whole matches on real GDL games, every role played by a searching strategy: simultaneous moves, n
 * players, a puzzle. Engine: the reference prover; budgets are iterations per move, kept small because the
 * prover is slow.
 */
class GdlMatchTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;

    /** Plays a match and returns the final goals; checks legality and tree consistency after every move. */
    static int[] play(StateMachineFactory game, List<ReportingStrategy> players, Consumer<int[]> onJointMove) {
        StateMachine referee = game.newMachine();
        int roles = referee.roleCount();
        assertEquals(roles, players.size());
        for (int role = 0; role < roles; role++) {
            players.get(role).prepare(game, role, 0);
        }
        int[] joint = new int[roles];
        int plies = 0;
        while (!referee.isTerminal()) {
            State state = referee.currentState();
            for (int role = 0; role < roles; role++) {
                joint[role] = players.get(role).selectMove(state, NO_DEADLINE);
                assertTrue(isLegal(referee, role, joint[role]), "illegal move for role " + role);
                if (players.get(role) instanceof MctsStrategy mcts) {
                    assertEquals(List.of(), mcts.treeInvariantViolations());
                }
            }
            onJointMove.accept(joint);
            referee.advance(joint);
            assertTrue(++plies < 1000, "match does not end");
        }
        int[] goals = new int[roles];
        for (int role = 0; role < roles; role++) {
            goals[role] = referee.goal(role);
            assertTrue(goals[role] >= 0 && goals[role] <= 100);
        }
        return goals;
    }

    private static boolean isLegal(StateMachine machine, int role, int move) {
        for (int i = 0; i < machine.legalCount(role); i++) {
            if (machine.legalMove(role, i) == move) {
                return true;
            }
        }
        return false;
    }

    private static List<ReportingStrategy> players(String strategy, int count, long iterations, int threads) {
        List<ReportingStrategy> players = new ArrayList<>();
        for (int role = 0; role < count; role++) {
            players.add(Strategies.create(strategy,
                    MctsToyGameTest.options(iterations, 100 + role).withThreads(threads)));
        }
        return players;
    }

    private static void closeAll(List<ReportingStrategy> players) {
        players.forEach(ReportingStrategy::close);
    }

    @Test
    void simultaneousAndManyPlayerGamesArePlayedToTheEnd() {
        // game, roles, iterations per move (the prover manages about 6 iterations a second on 3pConnectFour)
        String[][] matches = {
            {"roshambo2", "2", "30"}, {"gt_prisoner", "2", "30"}, {"gt_chicken", "2", "30"}, {"smallest_4player", "4", "8"},
            {"3pConnectFour", "3", "3"},
        };
        for (String[] match : matches) {
            StateMachineFactory game = GdlGames.repository(match[0]);
            List<ReportingStrategy> players = players("mcts", Integer.parseInt(match[1]),
                    Integer.parseInt(match[2]), 2);
            try {
                play(game, players, joint -> { });
            } finally {
                closeAll(players);
            }
        }
    }

    @Test
    void baselinesPlayWholeMatches() {
        StateMachineFactory game = GdlGames.repository("ticTacToe");
        for (String strategy : List.of("montecarlo", "random")) {
            List<ReportingStrategy> players = players(strategy, 2, 30, 2);
            try {
                int[] goals = play(game, players, joint -> { });
                assertEquals(100, goals[0] + goals[1], "ticTacToe is zero-sum");
            } finally {
                closeAll(players);
            }
        }
    }

    @Test
    void puzzleIsSolved() {
        StateMachineFactory game = GdlGames.repository("buttons");
        List<ReportingStrategy> players = players("mcts", 1, 300, 1);
        try {
            assertEquals(100, play(game, players, joint -> { })[0]);
        } finally {
            closeAll(players);
        }
    }

    @Test
    void roshamboIsPlayedMixed() {
        // Each round of roshambo2 is rock-paper-scissors-well: well beats rock and scissors, paper beats rock
        // and well, so rock is dominated by well and the equilibrium plays paper, scissors and well a third
        // of the time each. Independent searches of the first round (a new seed each) give independent
        // draws. A short search is not at equilibrium (while the opponent still explores rock, paper and well
        // gain on scissors, and 180 seeds show paper at about 45% of the mixed draws, before and after the
        // search kept a graph of transpositions), so the test asks what mixing means robustly: each of the
        // three is drawn at least half as often as uniform play would, and rock is rarest. A search that
        // collapses to one move, or never explores one, fails it.
        StateMachineFactory game = GdlGames.repository("roshambo2");
        StateMachine machine = game.newMachine();
        List<String> names = List.of("paper", "scissors", "well", "rock");
        int[] counts = new int[4];
        for (int seed = 0; seed < 90; seed++) {
            try (MctsStrategy mcts = new MctsStrategy(MctsToyGameTest.options(400, seed))) {
                mcts.prepare(game, seed % 2, 0);
                int move = mcts.selectMove(machine.initialState(), NO_DEADLINE);
                counts[names.indexOf(GdlGames.render(machine, machine.move(move)))]++;
            }
        }
        int mixed = counts[0] + counts[1] + counts[2];
        String summary = "paper/scissors/well/rock " + java.util.Arrays.toString(counts);
        assertTrue(mixed >= 60, summary);
        for (int i = 0; i < 3; i++) {
            assertTrue(counts[i] >= mixed / 6, names.get(i) + " is drawn too rarely: " + summary);
        }
        assertTrue(counts[3] < mixed / 3.0, "dominated rock should be rarest: " + summary);
    }
}
