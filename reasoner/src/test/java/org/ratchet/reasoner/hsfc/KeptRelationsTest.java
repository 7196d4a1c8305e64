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
import org.ratchet.reasoner.run.Keeping;

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
        HsfcGame compiled = compare("cephalopodMicro", 5, 3_000, "empty", "leftval");
        // a neighbour's value is the same for every capture mask that includes that neighbour
        assertTrue(compiled.program.mergedKeptIds() > 0, "copies of a neighbour's value are merged");
    }

    /**
     * IDs derived alike are merged (see run.Incremental): (near ?m ?x) is (on ?x) or (glow ?x) whatever the
     * mode, and (lit ?x) is too, in another relation; (both ?m ?x) reads two of them, so a change reaches it through the
     * representative. The merged IDs must still be listed for what reads them outside the counts: a goal
     * (derived in full) and a legal rule (guarded) read (near 3 ?x) and (lit ?x), never the representative.
     */
    @Test
    void idsDerivedAlikeAreMergedAndStillListed() throws Exception {
        GameDescription game = GameLoader.load("""
            (role r)
            (mode 1) (mode 2) (mode 3)
            (index 1) (index 2) (index 3) (index 4) (succ 1 2) (succ 2 3) (succ 3 4)
            (init (on 1))
            (<= (legal r (flip ?x)) (index ?x))
            (<= (legal r (mark ?x)) (lit ?x) (near 3 ?x))
            (<= (next (on ?x)) (does r (flip ?x)) (not (true (on ?x))))
            (<= (next (on ?x)) (true (on ?x)) (not (does r (flip ?x))))
            (<= (next (on ?x)) (does r (mark ?y)) (succ ?y ?x))
            (<= (next (glow ?x)) (does r (flip ?x)) (true (on ?x)))
            (<= (near ?m ?x) (mode ?m) (index ?x) (true (on ?x)))
            (<= (near ?m ?x) (mode ?m) (true (glow ?x)))
            (<= (lit ?x) (index ?x) (true (on ?x)))
            (<= (lit ?x) (true (glow ?x)))
            (<= (both ?m ?x) (succ ?x ?y) (near ?m ?x) (near ?m ?y))
            (<= terminal (both 1 1) (both 2 2) (both 3 3))
            (<= (goal r 100) (near 3 4))
            (<= (goal r 0) (not (near 3 4)))
            """);
        HsfcGame compiled = compare(game, 29, 3_000, "near", "lit", "both");
        assertTrue(compiled.program.mergedKeptIds() >= 8, "near's copies for modes 2 and 3 and lit merge into mode 1's"
            + " (merged: " + compiled.program.mergedKeptIds() + ")");
    }

    @Test
    void checkersListsItsLegalMovesUnderTheTurnsGuard() throws Exception {
        compareGuardingLegal("checkers", 7, 2_000);
    }

    @Test
    void breakthroughListsItsLegalMovesUnderTheTurnsGuard() throws Exception {
        compareGuardingLegal("breakthrough", 17, 3_000);
    }

    @Test
    void knightThroughListsItsLegalMovesUnderTheTurnsGuard() throws Exception {
        compareGuardingLegal("knightThrough", 19, 3_000);
    }

    @Test
    void fewMovesPerRoleAreGuardedByTheTurnToo() throws Exception {
        // seven drops per role: whose turn it is is read by each, but by fewer than the widely read limit
        compareGuardingLegal("connectFour", 23, 3_000);
        compareGuardingLegal("3pConnectFour", 29, 3_000);
    }

    /**
     * A small rule whose facts are each read by several of its instances (both: each fact by 7 of 16) is guarded
     * only where no state rule reads its relation: here twice reads both, so both stays kept and twice with it.
     */
    @Test
    void smallRulesReadByStateRulesAreNotGuardedByTheirFacts() throws Exception {
        GameDescription game = GameLoader.load("""
            (role r)
            (index 1) (index 2) (index 3) (index 4)
            (init (on 1)) (init (on 3))
            (<= (legal r (flip ?x)) (index ?x))
            (<= (next (on ?x)) (does r (flip ?x)) (not (true (on ?x))))
            (<= (next (on ?x)) (true (on ?x)) (not (does r (flip ?x))))
            (<= (both ?x ?y) (index ?x) (index ?y) (true (on ?x)) (true (on ?y)))
            (<= (both ?x ?x) (index ?x) (true (on ?x)))
            (<= (twice ?x) (both ?x 1) (both ?x 4))
            (<= (legal r (poke ?x)) (index ?x) (true (on ?x)) (true (on 2)))
            (<= (next (on ?x)) (does r (poke ?x)))
            (<= terminal (twice 2))
            (<= (goal r 100) (twice 3))
            (<= (goal r 0) (not (twice 3)))
            """);
        HsfcGame compiled = compare(game, 31, 2_000, "both", "twice");
        assertTrue(guardedNames(compiled).contains("legal"), "legal, read by no state rule, is guarded by (on 2)"
            + " (guarded: " + guardedNames(compiled) + ")");
    }

    /** {@link #compare} for a corpus game whose legal moves must be guarded by whose turn it is. */
    private static void compareGuardingLegal(String name, long seed, int steps) throws Exception {
        HsfcGame compiled = compare(name, seed, steps);
        assertTrue(guardedNames(compiled).contains("legal"), name + " lists its legal moves under the turn's guard");
    }

    /**
     * Guarded rules (see run.Incremental): three roles taking turns, so three guards; a rule guarded by its most
     * widely read fact (hot), where whose turn it is, read widely too, is counted; instances without a
     * guard in a guarded relation (noop); a guarded relation read by rules evaluated in full (canflip, then
     * terminal); and a relation read widely by an absence (free), which cannot be guarded and stays with
     * full evaluation. All must agree with full evaluation on every step.
     */
    @Test
    void guardedRelationsAgreeWithFullEvaluation() throws Exception {
        GameDescription game = GameLoader.load("""
            (role a) (role b) (role c)
            (index 1) (index 2) (index 3) (index 4) (index 5) (index 6)
            (index 7) (index 8) (index 9) (index 10) (index 11) (index 12)
            (init (control a))
            (<= (next (control b)) (true (control a)))
            (<= (next (control c)) (true (control b)))
            (<= (next (control a)) (true (control c)))
            (<= (legal ?p (flip ?x)) (true (control ?p)) (index ?x) (not (true (on ?x))))
            (<= (legal ?p (clear ?x)) (true (control ?p)) (index ?x) (true (on ?x)) (true hot))
            (<= (legal ?p heat) (true (control ?p)) (not (true hot)))
            (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
            (<= (next (on ?x)) (does ?p (flip ?x)))
            (<= (next (on ?x)) (true (on ?x)) (not (cleared ?x)))
            (<= (cleared ?x) (does ?p (clear ?x)))
            (<= anyclear (does ?p (clear ?x)))
            (<= (next hot) (does ?p heat))
            (<= (next hot) (true hot) (not anyclear))
            (<= (next locked) (true (on 12)))
            (<= (next locked) (true locked))
            (<= (free ?x) (index ?x) (not (true locked)))
            (<= (canflip ?p) (legal ?p (flip ?x)))
            (<= terminal (true (control ?p)) (not (canflip ?p)))
            (<= terminal (true (on 1)) (true (on 2)) (true (on 3)) (free 4))
            (<= (goal ?p 100) (role ?p) (true (on 1)))
            (<= (goal ?p 0) (role ?p) (not (true (on 1))))
            """);
        HsfcGame compiled = compare(game, 23, 3_000);
        assertTrue(guardedNames(compiled).contains("legal"), "legal is guarded (guarded: " + guardedNames(compiled) + ")");
        assertFalse(keptNames(game, compiled).contains("free"), "free is read widely by an absence: not kept");
        assertFalse(guardedNames(compiled).contains("free"), "free is read widely by an absence: not guarded");
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

    private static HsfcGame compare(String name, long seed, int steps, String... mustKeep) throws Exception {
        return compare(GameLoader.load(GameCorpus.repositoryGame(name)), seed, steps, mustKeep);
    }

    /**
     * Walks the game on a machine keeping relations (with guarded ones, then without) and on one deriving
     * everything, from one compile.
     */
    private static HsfcGame compare(GameDescription game, long seed, int steps, String... mustKeep) throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        List<String> kept = keptNames(game, compiled);
        for (String relation : mustKeep) {
            assertTrue(kept.contains(relation), "the game keeps " + relation + " (kept: " + kept + ")");
        }
        for (Keeping keeping : new Keeping[] {Keeping.COUNTED_AND_GUARDED, Keeping.COUNTED}) {
            HsfcMachine keeps = new HsfcMachine(compiled.description, compiled.terms, compiled.program, keeping);
            HsfcMachine full = new HsfcMachine(compiled.description, compiled.terms, compiled.program, Keeping.NOTHING);
            RecursiveBlocksTest.walk(keeps, full, seed, steps);
        }
        return compiled;
    }

    private static List<String> keptNames(GameDescription game, HsfcGame compiled) {
        return names(compiled, compiled.program.keptRelations());
    }

    private static List<String> guardedNames(HsfcGame compiled) {
        return names(compiled, compiled.program.guardedRelations());
    }

    private static List<String> names(HsfcGame compiled, int[] relations) {
        List<String> names = new ArrayList<>();
        for (int r : relations) {
            names.add(compiled.description.symbols().name(compiled.program.layout.symbol(r))
                .toLowerCase(java.util.Locale.ROOT));
        }
        return names;
    }
}
