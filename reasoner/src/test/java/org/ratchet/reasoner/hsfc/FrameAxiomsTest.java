package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.run.HsfcMachine;
import org.ratchet.reasoner.run.Keeping;

/**
 * Frame axioms read by their exceptions (run.Frames: the state changed in place, only the facts a move
 * touches looked at) against the same tables with every next rule derived in full and the state rebuilt from
 * next, on long random walks that jump between unrelated states and set one state several times in a row:
 * states, legal moves, terminal and goals must agree at every step, with and without kept relations.
 */
class FrameAxiomsTest {

    @Test
    void breakthroughAgreesWithFullEvaluation() throws Exception {
        compare("breakthrough", 3, 3_000);
    }

    @Test
    void checkersAgreesWithFullEvaluation() throws Exception {
        // captured cells: exceptions that hold or fail by a condition on the state, not by the move alone
        compare("checkers", 5, 2_000);
    }

    @Test
    void connectFourAndSkirmishAgreeWithKeptRelations() throws Exception {
        compare("connectFour", 7, 3_000);
        compare("skirmish", 9, 1_000);
    }

    @Test
    void pentagoAgreesWithFullEvaluation() throws Exception {
        // a move places a marble and then turns a quadrant: most of a quadrant's cells are exceptions
        compare("pentago", 11, 2_000);
    }

    @Test
    void framesFailingOnlyOnTheStepsMovesAgree() throws Exception {
        // entries whose one condition is a move's absence (blocker: both roles may mark one cell; amazons: the
        // queen moved), or the absence of what next rules derive from the moves (cephalopodMicro's captures)
        compare("blocker", 15, 3_000);
        compare("cephalopodMicro", 17, 1_000);
        compare("amazons_8x8", 19, 1_000);
    }

    /**
     * A frame axiom triggered by a move whose entries fail on what next rules derived this step: cells hit by
     * either role's move (often one cell twice), from the move alone or from the move and the state; and one
     * entry that also reads the state, so it is an exception in every step. The board is small, so a frame
     * axiom with exceptions listed at compile time (tick) keeps the advance on the frame path.
     */
    @Test
    void framesFailingOnDerivedHitsAgree() throws Exception {
        GameDescription game = GameLoader.load("""
            (role a) (role b)
            (cell 1) (cell 2) (cell 3) (cell 4) (cell 5) (cell 6) (cell 7) (cell 8)
            (adj 1 2) (adj 2 3) (adj 3 4) (adj 4 5) (adj 5 6) (adj 6 7) (adj 7 8) (adj 8 1)
            (init (on 1)) (init (on 2)) (init (on 5)) (init (on 6)) (init (mark 3)) (init (tick 2))
            (<= (legal a (flip ?x)) (cell ?x))
            (<= (legal b (zap ?x)) (cell ?x))
            (<= (legal b (pass ?x)) (cell ?x))
            (<= (hit ?x) (does b (zap ?x)))
            (<= (hit ?x) (does a (flip ?y)) (adj ?y ?x) (true (on ?y)))
            (<= (hit ?x) (does b (zap ?y)) (adj ?x ?y))
            (<= (next (on ?x)) (does a (flip ?y)) (true (on ?x)) (distinct ?x ?y) (not (hit ?x)))
            (<= (next (on ?y)) (does a (flip ?y)) (not (true (on ?y))))
            (<= (next (on ?x)) (does b (pass ?x)) (true (on ?x)))
            (<= (next (mark ?x)) (true (mark ?x)) (not (hit ?x)) (not (true (on 4))))
            (<= (next (mark ?x)) (hit ?x) (true (on ?x)))
            (<= (next (tick ?x)) (does a (flip ?y)) (true (tick ?x)) (distinct ?x ?y))
            (<= (next (tick ?x)) (does b (zap ?x)))
            (<= terminal (true (mark 1)) (true (mark 2)) (true (mark 4)) (true (mark 6)))
            (<= (goal a 100) (true (on 8)))
            (<= (goal a 0) (not (true (on 8))))
            (<= (goal b 100) (true (mark 6)))
            (<= (goal b 0) (not (true (mark 6))))
            """);
        compare(game, 21, 4_000);
    }

    /**
     * Two roles moving at once: frame axioms over one fluent triggered by each role's move, so two can read
     * the same part in one step (one by its exceptions, the other derived in full); one whose trigger matches
     * both roles' moves (several RefNos, derived in full); an exception that another next rule derives anyway
     * (a flipped light that the other role holds); and a fluent no frame axiom carries, rebuilt from next.
     */
    @Test
    void framesSharingAFluentOrTriggeredTwiceAgree() throws Exception {
        GameDescription game = GameLoader.load("""
            (role a) (role b)
            (cell 1) (cell 2) (cell 3) (cell 4) (cell 5) (cell 6) (cell 7) (cell 8)
            (init (on 1)) (init (on 3)) (init (on 5)) (init (on 7))
            (<= (legal a (flip ?x)) (cell ?x))
            (<= (legal a (poke ?x)) (cell ?x))
            (<= (legal b (toggle ?x)) (cell ?x))
            (<= (legal b (hold ?x)) (cell ?x))
            (<= (legal b (poke ?x)) (cell ?x))
            (<= (next (on ?x)) (does a (flip ?y)) (true (on ?x)) (distinct ?x ?y))
            (<= (next (on ?y)) (does a (flip ?y)) (not (true (on ?y))))
            (<= (next (on ?x)) (does b (toggle ?z)) (true (on ?x)) (distinct ?x ?z))
            (<= (next (on ?x)) (does b (hold ?x)) (true (on ?x)))
            (<= (next (on ?x)) (does ?p (poke ?z)) (true (on ?x)) (distinct ?x ?z) (not (true (mark ?x))))
            (<= (next (mark ?x)) (does b (hold ?x)))
            (<= (next (mark ?x)) (does a (poke ?x)) (true (mark ?x)))
            (<= terminal (true (on 1)) (true (on 2)) (true (on 3)) (true (on 4)) (true (mark 4)))
            (<= (goal a 100) (true (on 8)))
            (<= (goal a 0) (not (true (on 8))))
            (<= (goal b 100) (true (on 6)))
            (<= (goal b 0) (not (true (on 6))))
            """);
        compare(game, 13, 4_000);
    }

    /**
     * Checkers lists a blank cell for each of the 64 squares, but no next instance is a light square's (those
     * are in the initial state only, and gone after the first move). The frame axiom carrying blank cells
     * fails for the 32 of them whatever the move: counted as its exceptions, they put every move over the
     * part's share, and the part was rebuilt from next every step. They are dropped by their bits instead, in
     * the first step and after every jump back to the initial state.
     */
    @Test
    void checkersBlankCellsAreCarriedByTheirExceptions() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("checkers"));
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        StateMachine machine = compiled.newMachine();
        machine.setState(machine.initialState());
        int darkBlank = -1;
        int lightBlank = -1;
        for (int fact = 0; fact < machine.factCount(); fact++) {
            String text = machine.fact(fact).render(game.symbols());
            darkBlank = text.equals("(cell a 4 b)") ? fact : darkBlank;
            lightBlank = text.equals("(cell a 1 b)") ? fact : lightBlank;
        }
        assertTrue(darkBlank >= 0 && lightBlank >= 0, "both blank cells are facts of the game");
        assertTrue(Differential.facts(machine, game.symbols()).contains("(cell a 1 b)"), "a light square starts blank");
        assertTrue(compiled.program.carriesByExceptions(darkBlank), "blank cells are carried by their exceptions");
        compare(game, 25, 2_000);
    }

    private static void compare(String name, long seed, int steps) throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame(name)), seed, steps);
    }

    /** Walks the game on machines reading frames by their exceptions and on ones deriving them in full. */
    private static void compare(GameDescription game, long seed, int steps) throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        assertTrue(compiled.program.frameRuleCount() > 0, "the game has frame axioms read by their exceptions");
        for (Keeping keep : Keeping.values()) {
            HsfcMachine frames = new HsfcMachine(compiled.description, compiled.terms, compiled.program, keep, true);
            HsfcMachine full = new HsfcMachine(compiled.description, compiled.terms, compiled.program, keep, false);
            RecursiveBlocksTest.walk(frames, full, seed, steps);
        }
    }
}
