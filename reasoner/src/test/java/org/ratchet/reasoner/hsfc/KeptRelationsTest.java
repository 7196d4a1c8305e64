package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void skirmishKeepsItsSlidingMovesExactly() throws Exception {
        // recursive: a square's line of empty squares is read from the next square's
        compare("skirmish", 9, 1_000, "horizontalmove", "verticalmove", "diagonalupmove", "diagonaldownmove");
    }

    /**
     * A recursive relation whose instances read each other along a line (lit: the lamps switched on from the
     * first, unbroken) is kept; one whose instances can read each other in a cycle (reach over links both
     * ways) is not, since counting derivations would keep a node reachable through itself after its only
     * link from the start is cut. Both must agree with full evaluation on every step.
     */
    @Test
    void recursionWithoutCyclesIsKeptAndCyclicRecursionIsNot() throws Exception {
        GameDescription game = GameLoader.load("""
            (role r)
            (index 1) (index 2) (index 3) (index 4) (succ 1 2) (succ 2 3) (succ 3 4)
            (init (on 1)) (init (link 1 2)) (init (link 2 3)) (init (link 3 2))
            (<= (legal r (flip ?x)) (index ?x))
            (<= (legal r (tie ?x ?y)) (index ?x) (index ?y) (distinct ?x ?y))
            (<= (next (on ?x)) (does r (flip ?x)) (not (true (on ?x))))
            (<= (next (on ?x)) (true (on ?x)) (not (does r (flip ?x))))
            (<= (next (link ?x ?y)) (does r (tie ?x ?y)) (not (true (link ?x ?y))))
            (<= (next (link ?x ?y)) (true (link ?x ?y)) (not (does r (tie ?x ?y))))
            (<= (lit 1) (true (on 1)))
            (<= (lit ?y) (succ ?x ?y) (lit ?x) (true (on ?y)))
            (<= (reach 1) (index 1))
            (<= (reach ?y) (reach ?x) (true (link ?x ?y)))
            (<= terminal (lit 4) (reach 4))
            (<= (goal r 100) (lit 3))
            (<= (goal r 50) (reach 3) (not (lit 3)))
            (<= (goal r 0) (not (reach 3)) (not (lit 3)))
            """);
        HsfcGame compiled = compare(game, 13, 3_000, "lit");
        assertFalse(keptNames(game, compiled).contains("reach"), "reach is not kept: its links can form a cycle");
    }

    @Test
    void reversiAgreesWithFullEvaluation() throws Exception {
        compare("reversi", 15, 1_000);
    }

    /**
     * Kept instances that read one fact twice ((both 2 2) needs (on 2) and (on 2)), read a fact both ways
     * ((onlyfirst 1 1) needs (on 1) present and absent, so it never holds), read a kept ID twice, or derive
     * an ID another instance derives too (each relation has a second rule over neighbours only): the counts of failing
     * conditions and of derivations must stay exact through each.
     */
    @Test
    void instancesReadingAFactTwiceOrBothWaysKeepExactCounts() throws Exception {
        GameDescription game = GameLoader.load("""
            (role r)
            (index 1) (index 2) (index 3) (succ 1 2) (succ 2 3)
            (init (on 1))
            (<= (legal r (flip ?x)) (index ?x))
            (<= (legal r (pair ?x ?y)) (onlyfirst ?x ?y))
            (<= (legal r (mark ?x)) (twice ?x))
            (<= (legal r (skip ?x)) (never ?x))
            (<= (next (on ?x)) (does r (flip ?x)) (not (true (on ?x))))
            (<= (next (on ?x)) (true (on ?x)) (not (does r (flip ?x))))
            (<= (both ?x ?y) (index ?x) (index ?y) (true (on ?x)) (true (on ?y)))
            (<= (both ?x ?y) (succ ?x ?y) (true (on ?x)) (true (on ?y)))
            (<= (onlyfirst ?x ?y) (index ?x) (index ?y) (true (on ?x)) (not (true (on ?y))))
            (<= (onlyfirst ?x ?y) (succ ?x ?y) (true (on ?x)) (not (true (on ?y))))
            (<= (twice ?x) (index ?x) (both ?x ?x) (both ?x 3))
            (<= (twice ?x) (succ ?x ?z) (both ?x ?x) (both ?x ?z))
            (<= (never ?x) (twice ?x) (onlyfirst ?x ?x))
            (<= (never ?x) (succ ?z ?x) (twice ?x) (onlyfirst ?x ?x))
            (<= terminal (true (on 1)) (true (on 2)) (true (on 3)))
            (<= (goal r 100) (twice 2))
            (<= (goal r 0) (not (twice 2)))
            """);
        compare(game, 11, 3_000, "both", "onlyfirst", "twice", "never");
    }

    private static void compare(String name, long seed, int steps, String... mustKeep) throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame(name)), seed, steps, mustKeep);
    }

    /** Walks the game on a machine keeping relations and on one deriving everything, from one compile. */
    private static HsfcGame compare(GameDescription game, long seed, int steps, String... mustKeep) throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        List<String> kept = keptNames(game, compiled);
        for (String relation : mustKeep) {
            assertTrue(kept.contains(relation), "the game keeps " + relation + " (kept: " + kept + ")");
        }
        HsfcMachine keeping = new HsfcMachine(compiled.description, compiled.terms, compiled.program, true);
        HsfcMachine full = new HsfcMachine(compiled.description, compiled.terms, compiled.program, false);
        RecursiveBlocksTest.walk(keeping, full, seed, steps);
        return compiled;
    }

    private static List<String> keptNames(GameDescription game, HsfcGame compiled) {
        List<String> kept = new ArrayList<>();
        for (int r : compiled.program.keptRelations()) {
            kept.add(game.symbols().name(compiled.program.layout.symbol(r)).toLowerCase(java.util.Locale.ROOT));
        }
        return kept;
    }
}
