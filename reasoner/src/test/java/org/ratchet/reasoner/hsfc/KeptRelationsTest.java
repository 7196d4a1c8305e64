package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.run.HsfcMachine;

/**
 * Relations kept up to date between states (run.Incremental) against full evaluation of the same tables, on
 * long random walks that jump between unrelated states and set one state several times in a row, as the
 * search and the playouts do: states, legal moves, terminal and goals must agree at every step. The corpus
 * differential test compares the kept relations with the prover as well, but on short walks only.
 */
class KeptRelationsTest {

    @Test
    void connectFourLargerKeepsItsOpenCellsExactly() throws Exception {
        compare("connectFourLarger", 3, 3_000, "cellopen");
    }

    @Test
    void cephalopodMicroKeepsItsNeighbourValuesExactly() throws Exception {
        // capture sums read kept relations that read kept relations: changes travel several levels
        compare("cephalopodMicro", 5, 3_000, "empty", "leftval");
    }

    @Test
    void checkersAgreesWithFullEvaluation() throws Exception {
        compare("checkers", 7, 2_000);
    }

    @Test
    void skirmishAgreesWithFullEvaluation() throws Exception {
        compare("skirmish", 9, 1_000);
    }

    /** Walks the game on a machine keeping relations and on one deriving everything, from one compile. */
    private static void compare(String name, long seed, int steps, String... mustKeep) throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame(name));
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        List<String> kept = new ArrayList<>();
        for (int r : compiled.program.keptRelations()) {
            kept.add(game.symbols().name(compiled.program.layout.symbol(r)).toLowerCase(java.util.Locale.ROOT));
        }
        for (String relation : mustKeep) {
            assertTrue(kept.contains(relation), name + " keeps " + relation + " (kept: " + kept + ")");
        }
        HsfcMachine keeping = new HsfcMachine(compiled.description, compiled.terms, compiled.program, true);
        HsfcMachine full = new HsfcMachine(compiled.description, compiled.terms, compiled.program, false);
        RecursiveBlocksTest.walk(keeping, full, seed, steps);
    }
}
