package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameLoader;

/**
 * A move asked for alone in a freshly set state (counted and read off the legal bits, as a random playout
 * asks, without listing the role's moves) against the same move of the full list, in move ID order, for
 * every role and every index, on random walks of games with one, two and three roles moving or waiting.
 */
class MoveSelectionTest {
    @ParameterizedTest
    @ValueSource(strings = {"blocker", "knightThrough", "3pConnectFour", "ticTacToe", "breakthrough", "pentago"})
    void aMoveReadAloneIsThatMoveOfTheList(String name) throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(GameLoader.load(GameCorpus.repositoryGame(name)),
            EngineOptions.defaults());
        StateMachine walker = compiled.newMachine();
        StateMachine probe = compiled.newMachine();
        SplittableRandom random = new SplittableRandom(17);
        int roles = walker.roleCount();
        int[] joint = new int[roles];
        int checked = 0;
        walker.setState(walker.initialState());
        for (int step = 0; step < 300; step++) {
            if (walker.isTerminal()) {
                walker.setState(walker.initialState());
            }
            State state = walker.currentState();
            int[][] listed = new int[roles][];
            for (int r = 0; r < roles; r++) {
                listed[r] = new int[walker.legalCount(r)];
                for (int i = 0; i < listed[r].length; i++) {
                    listed[r][i] = walker.legalMove(r, i);
                    assertTrue(i == 0 || listed[r][i] > listed[r][i - 1], "moves listed in move ID order");
                }
            }
            for (int r = 0; r < roles; r++) {
                for (int i = 0; i < listed[r].length; i++) {
                    probe.setState(state);
                    assertEquals(listed[r].length, probe.legalCount(r), "step " + step + ": count of role " + r);
                    assertEquals(listed[r][i], probe.legalMove(r, i), "step " + step + ": move " + i + " of role " + r);
                    checked++;
                }
            }
            // as a playout asks: every role's count, then one move of each
            probe.setState(state);
            for (int r = 0; r < roles; r++) {
                int i = random.nextInt(listed[r].length);
                assertEquals(listed[r].length, probe.legalCount(r), "step " + step + ": count of role " + r);
                assertEquals(listed[r][i], probe.legalMove(r, i), "step " + step + ": move " + i + " of role " + r);
                joint[r] = listed[r][i];
            }
            walker.advance(joint);
        }
        assertTrue(checked > 1_000, "many moves compared");
    }
}
