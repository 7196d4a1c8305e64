package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

/**
 * Tables too large for memory keep only their passing entries. Real games have few such tables, and none
 * small enough for the differential tests, so here every table is kept sparse and the games must still
 * agree with the prover state by state.
 */
class SparseTablesTest {
    @Test
    void gamesWithEveryTableSparseAgreeWithTheProver() throws Exception {
        List<String> failures = new ArrayList<>();
        // static stages folded into others (nineBoardTicTacToe, hanoi), recursion (connectFour's lines are
        // not, but blocker's are), probes everywhere
        for (String name : List.of("ticTacToe", "connectFour", "nineBoardTicTacToe", "hanoi", "blocker", "bunk_t",
                "breakthroughSmall", "peg")) {
            GameDescription game = GameLoader.load(GameCorpus.repositoryGame(name));
            HsfcGame sparse = HsfcCompiler.compile(game, EngineOptions.defaults(), 0);
            assertTrue(sparse.statistics.referenceTableBytes() > 0, name);
            try {
                int states = Differential.compare(sparse.newMachine(), Engines.create("prover", game).newMachine(),
                    name.hashCode(), 20, 300, System.nanoTime() + 4_000_000_000L);
                assertTrue(states > 0, name);
            } catch (AssertionError e) {
                failures.add(name + ": " + e.getMessage());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }
}
