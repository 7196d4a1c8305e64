package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.rewrite.DistinctMergingTest;
import org.ratchet.reasoner.tables.RuleCompiler;

class HsfcEngineTest {
    /** The goal counts x cells by recursion over the board, like reversi's piece count. */
    private static final String COUNTING = """
        (role p)
        (init (cell 1 x)) (init (cell 2 o)) (init (cell 3 x))
        (succ 0 1) (succ 1 2) (succ 2 3)
        (count 0 0)
        (<= (count ?n ?c2) (succ ?m ?n) (count ?m ?c) (true (cell ?n x)) (succ ?c ?c2))
        (<= (count ?n ?c) (succ ?m ?n) (count ?m ?c) (true (cell ?n o)))
        (<= (legal p (flip ?n)) (true (cell ?n o)))
        (<= (next (cell ?n x)) (does p (flip ?n)))
        (<= (next (cell ?n ?v)) (true (cell ?n ?v)) (does p (flip ?m)) (distinct ?n ?m))
        (<= open (true (cell ?n o)))
        (<= terminal (not open))
        (<= (goal p ?c) (count 3 ?c))
        """;

    private static StateMachine machine(String kif) throws Exception {
        return HsfcCompiler.compile(GameLoader.load(kif), EngineOptions.defaults()).newMachine();
    }

    @Test
    void recursiveCountingGivesTheGoal() throws Exception {
        StateMachine m = machine(COUNTING);
        GameDescription game = m.description();
        assertFalse(m.isTerminal());
        assertEquals(2, m.goal(0), "two x cells at the start");
        assertEquals(1, m.legalCount(0));
        assertEquals("(flip 2)", m.move(m.legalMove(0, 0)).render(game.symbols()));
        m.advance(new int[] {m.legalMove(0, 0)});
        assertTrue(m.isTerminal());
        assertEquals(3, m.goal(0));
        assertEquals(new TreeSet<>(List.of("(cell 1 x)", "(cell 2 x)", "(cell 3 x)")),
            Differential.facts(m, game.symbols()));
        assertEquals(0, m.legalCount(0));
    }

    /**
     * {@code ?y} occurs only inside a 'not': the rule reads "p did not move in column ?x, whatever the row",
     * and the compiled engine plays it (the loader adds a helper relation for the negation).
     */
    @Test
    void aNegationWithAVariableBoundNowhereIsPlayedCompiled() throws Exception {
        StateMachine m = machine("""
            (role p)
            (row 1) (row 2)
            (init (free 1)) (init (free 2))
            (<= (legal p (m ?x ?y)) (true (free ?x)) (row ?y))
            (<= (next (free ?x)) (true (free ?x)) (not (does p (m ?x ?y))))
            (<= terminal (not (true (free ?z))))
            (goal p 100)
            """);
        GameDescription game = m.description();
        assertEquals(4, m.legalCount(0));
        assertFalse(m.isTerminal());
        m.advance(new int[] {moveNamed(m, "(m 1 2)")});
        assertEquals(new TreeSet<>(List.of("(free 2)")), Differential.facts(m, game.symbols()));
        assertFalse(m.isTerminal());
        m.advance(new int[] {moveNamed(m, "(m 2 1)")});
        assertTrue(m.isTerminal());
    }

    private static int moveNamed(StateMachine m, String rendered) {
        for (int i = 0; i < m.legalCount(0); i++) {
            if (m.move(m.legalMove(0, i)).render(m.description().symbols()).equals(rendered)) {
                return m.legalMove(0, i);
            }
        }
        throw new AssertionError(rendered + " is not legal");
    }

    @Test
    void machinesOfOneFactoryShareFactAndMoveIds() throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(GameLoader.load(GameCorpus.repositoryGame("ticTacToe")),
            EngineOptions.defaults());
        StateMachine first = compiled.newMachine();
        StateMachine second = compiled.newMachine();
        assertEquals(first.initialState(), second.initialState());
        for (int i = 0; i < first.legalCount(0); i++) {
            assertEquals(first.legalMove(0, i), second.legalMove(0, i));
        }
        int[] joint = {first.legalMove(0, 3), first.legalMove(1, 0)};
        first.advance(joint);
        second.setState(first.currentState());
        assertEquals(first.currentState(), second.currentState());
        assertEquals(Differential.moves(first, 1, compiled.description().symbols()),
            Differential.moves(second, 1, compiled.description().symbols()));
        int fact = first.currentState().fact(0);
        assertEquals(fact, second.factId(first.fact(fact)));
    }

    /**
     * The facts hsfc numbered are ids 0 .. factCount() - 1, each a fact of the game (tic-tac-toe has 9 cells
     * times 3 marks and 2 control facts), and each id is what factId gives back for its term.
     */
    @Test
    void factCountNumbersEveryFactOfTheGame() throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(GameLoader.load(GameCorpus.repositoryGame("ticTacToe")),
            EngineOptions.defaults());
        StateMachine machine = compiled.newMachine();
        assertEquals(29, machine.factCount());
        for (int fact = 0; fact < machine.factCount(); fact++) {
            assertEquals(fact, machine.factId(machine.fact(fact)));
        }
    }

    /**
     * A role's legal moves come in move-ID order whatever order the rules produced them in, so the same seed
     * plays the same moves whichever tables were built. Breakthrough's three move rules each list a role's
     * moves in order, one direction after another, and knightThrough's eight, so the order must be restored
     * in every state. The machine reads the moves off the legal relation's bits where it spans few words
     * beside the moves listed and sorts its list otherwise; checkers, whose legal relation spans 20 words,
     * has states of either kind (this walk: 48 with fewer than ten moves listed, 53 with more). Its tables
     * in the worst order take too long to build, so it compares the best order with the source order.
     */
    @ParameterizedTest
    @CsvSource({"breakthrough, worst", "knightThrough, worst", "checkers, source"})
    void legalMovesComeInMoveIdOrderWhicheverTablesWereBuilt(String name, String otherOrder) throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame(name));
        StateMachine best = HsfcCompiler.compile(game, EngineOptions.defaults().withOrder("best")).newMachine();
        StateMachine worst = HsfcCompiler.compile(game, EngineOptions.defaults().withOrder(otherOrder)).newMachine();
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        int statesWithManyMoves = 0;
        for (int step = 0; step < 200 && !best.isTerminal(); step++) {
            int[] joint = new int[best.roleCount()];
            for (int role = 0; role < best.roleCount(); role++) {
                int count = best.legalCount(role);
                assertEquals(count, worst.legalCount(role), "step " + step);
                statesWithManyMoves += count > 1 ? 1 : 0;
                for (int i = 0; i < count; i++) {
                    assertEquals(best.legalMove(role, i), worst.legalMove(role, i), "step " + step + ", move " + i);
                    if (i > 0) {
                        assertTrue(best.legalMove(role, i - 1) < best.legalMove(role, i), "step " + step);
                    }
                }
                joint[role] = best.legalMove(role, random.nextInt(count));
            }
            best.advance(joint);
            worst.advance(joint);
            assertEquals(best.currentState(), worst.currentState());
        }
        assertTrue(statesWithManyMoves > 20, "the walk saw too few states with a choice: " + statesWithManyMoves);
    }

    @Test
    void settingOneStateAgainAndAgainGivesWhatAFreshMachineComputes() throws Exception {
        HsfcGame compiled = HsfcCompiler.compile(GameLoader.load(GameCorpus.repositoryGame("ticTacToe")),
            EngineOptions.defaults());
        var symbols = compiled.description().symbols();
        StateMachine reused = compiled.newMachine();
        reused.advance(new int[] {reused.legalMove(0, 4), reused.legalMove(1, 0)});
        State middle = reused.currentState();
        // a state set repeatedly (kept after its second setting), with play in between that must not leak
        for (int round = 0; round < 4; round++) {
            reused.setState(middle);
            StateMachine fresh = compiled.newMachine();
            fresh.setState(middle);
            assertEquals(fresh.currentState(), reused.currentState(), "round " + round);
            for (int role = 0; role < 2; role++) {
                assertEquals(Differential.moves(fresh, role, symbols), Differential.moves(reused, role, symbols),
                    "round " + round + ", role " + role);
            }
            assertEquals(fresh.isTerminal(), reused.isTerminal());
            int[] joint = {reused.legalMove(0, round % reused.legalCount(0)), reused.legalMove(1, 0)};
            reused.advance(joint);
            fresh.advance(joint);
            assertEquals(fresh.currentState(), reused.currentState(), "after a move, round " + round);
            assertEquals(Differential.moves(fresh, 1, symbols), Differential.moves(reused, 1, symbols));
        }
    }

    @Test
    void anOrOfDistinctsKeepsItsMeaning() throws Exception {
        StateMachine m = machine(DistinctMergingTest.MARKED_CELLS);
        var symbols = m.description().symbols();
        int mark12 = -1;
        for (int i = 0; i < m.legalCount(0); i++) {
            if (m.move(m.legalMove(0, i)).render(symbols).equals("(mark 1 2)")) {
                mark12 = m.legalMove(0, i);
            }
        }
        m.advance(new int[] {mark12});
        assertEquals(new TreeSet<>(List.of("(cell 1 1)", "(cell 2 1)", "(cell 2 2)", "flag")),
            Differential.facts(m, symbols), "every cell but the marked one stays, and so does the flag");
    }

    /** Cells, a control fluent and a constant fluent; {@code READS_ANY} adds a rule reading {@code (true ?f)}. */
    private static final String FLUENTS = """
        (role p) (role q) (index 1) (index 2) (index 3)
        (<= (init (cell ?m ?n)) (index ?m) (index ?n))
        (init (control p)) (init fresh)
        (<= (legal ?r (mark ?m ?n)) (true (control ?r)) (true (cell ?m ?n)))
        (<= (legal ?r noop) (role ?r) (not (true (control ?r))))
        (<= (next (cell ?m ?n)) (does ?r (mark ?j ?k)) (true (cell ?m ?n)) (or (distinct ?m ?j) (distinct ?n ?k)))
        (<= (next (control q)) (true (control p)))
        (<= (next (control p)) (true (control q)))
        (<= (next fresh) (true fresh) (true (control q)))
        (<= terminal (not (true (cell 2 2))))
        (goal p 100) (goal q 0)
        """;
    private static final String READS_ANY = "(<= (seen ?f) (true ?f)) (<= (legal ?r wait) (role ?r) (seen fresh))"
        // read negated too, so seen stays a relation of its own (see HelperUnfolding)
        + " (<= (legal ?r rest) (role ?r) (not (seen fresh)))";

    @Test
    void eachKindOfFluentIsListedApartUnlessARuleReadsAnyFluent() throws Exception {
        for (String kif : List.of(FLUENTS, FLUENTS + READS_ANY)) {
            GameDescription game = GameLoader.load(kif);
            HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
            var symbols = game.symbols();
            // the parts: consecutive fact IDs of one kind each (cell, control, the constants)
            java.util.Map<Integer, java.util.Set<String>> kinds = new java.util.HashMap<>();
            RelationLayout layout = compiled.program.layout;
            for (int fact = 0; fact < compiled.terms.factCount(); fact++) {
                org.ratchet.reasoner.gdl.Term fluent = compiled.terms.factTerm(fact);
                int part = layout.partOfTrue(fluent);
                int previous = fact == 0 ? part : layout.partOfTrue(compiled.terms.factTerm(fact - 1));
                assertTrue(part >= previous, "parts hold consecutive IDs");
                kinds.computeIfAbsent(part, k -> new java.util.TreeSet<>())
                    .add(fluent instanceof org.ratchet.reasoner.gdl.Compound ? symbols.name(fluent.symbol()) : "constant");
            }
            if (kif == FLUENTS) {
                assertEquals(3, layout.partsOfTrue().length);
                assertTrue(kinds.values().stream().allMatch(kind -> kind.size() == 1), kinds.toString());
            } else {
                assertEquals(1, layout.partsOfTrue().length);
                assertEquals(java.util.Set.of("cell", "control", "constant"), kinds.get(layout.partsOfTrue()[0]));
            }
            int states = Differential.compare(compiled.newMachine(), Engines.create("prover", game).newMachine(), 7,
                20, 50, System.nanoTime() + 4_000_000_000L);
            assertTrue(states > 20, "states compared: " + states);
        }
    }

    @Test
    void tinyBudgetsMakeHsfcGiveUpAndEnginesFallBack() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("connectFour"));
        EngineOptions tinyMemory = EngineOptions.defaults().withMemoryBudgetBytes(4096);
        GdlException error = assertThrows(GdlException.class, () -> Engines.create("hsfc", game, tinyMemory));
        assertTrue(error.getMessage().contains("budget"), error.getMessage());
        StateMachineFactory selected = Engines.select(game, tinyMemory);
        assertEquals(Engines.fallbackEngine(), selected.engineName());

        EngineOptions tinyTime = EngineOptions.defaults().withTimeBudgetMillis(1);
        assertThrows(GdlException.class, () -> Engines.create("hsfc", game, tinyTime));
        StateMachineFactory hsfc = Engines.select(game, EngineOptions.defaults());
        assertEquals("hsfc", hsfc.engineName());
        assertEquals(Differential.moves(hsfc.newMachine(), 0, game.symbols()),
            Differential.moves(selected.newMachine(), 0, game.symbols()), "the fallback plays the same game instead");
    }

    /**
     * A table build that only makes a playable game faster (here the measured order, given no time at all) is
     * given up past its limit instead of spending the rest of the budget: the tables built before it play, and
     * they play the same game.
     */
    @Test
    void anOptionalTableBuildPastItsLimitIsGivenUpAndTheTablesBuiltBeforePlay() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("connectFour"));
        List<String> stages = new ArrayList<>();
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults().withProgress(stages::add),
            RuleCompiler.DENSE_TABLE_LIMIT, 0);
        assertTrue(stages.contains("hsfc: measured order given up (stage time limit exceeded); the tables for"
            + " estimated sizes play"), stages.toString());
        assertFalse(stages.stream().anyMatch(stage -> stage.startsWith("hsfc: reference tables for measured sizes")),
            stages.toString());
        int states = Differential.compareStates(compiled.newMachine(), Engines.create("prover", game).newMachine(), 11,
            300, 50, 60);
        assertEquals(300, states);
    }

    /** The player interrupts a compile it no longer needs; grounding stops at its next budget check. */
    @Test
    void anInterruptedCompileStopsAndSaysSo() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("connectFour"));
        Thread.currentThread().interrupt();
        try {
            GdlException error = assertThrows(GdlException.class, () -> HsfcCompiler.compile(game, EngineOptions.defaults()));
            assertEquals("hsfc compile cancelled (its thread was interrupted)", error.getMessage());
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is kept for the caller");
        } finally {
            Thread.interrupted();
        }
        assertEquals("hsfc", Engines.create("hsfc", game, EngineOptions.defaults()).engineName(), "compiles when not interrupted");
    }

    @Test
    void compileReportNamesTheTableSizesOrTheFallbackReason() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("ticTacToe"));
        String report = CompileReport.of(game, EngineOptions.defaults());
        assertTrue(report.startsWith("engine=hsfc "), report);
        assertTrue(report.matches(".*reference_table_bytes=[1-9][0-9]* .*"), report);
        String fallback = CompileReport.of(game, EngineOptions.defaults().withMemoryBudgetBytes(64));
        assertTrue(fallback.startsWith("hsfc=gave_up ") && fallback.contains("hsfc_reason="), fallback);
        assertFalse(fallback.contains("engine="), "the report does not guess which engine plays instead: " + fallback);
    }

    /**
     * A compile whose budget runs out after grounding says how far it got: the last stage completed and the
     * rule whose tables it was building. The memory budget is counted, not measured, so some budget between
     * one that stops grounding and one that compiles stops the tables.
     */
    @Test
    void aBudgetThatRunsOutAfterGroundingNamesTheLastStageAndTheRule() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame("connectFour"));
        String afterGrounding = null;
        for (long bytes = 16_384; bytes < (1L << 30) && afterGrounding == null; bytes += bytes / 4) {
            try {
                HsfcCompiler.compile(game, EngineOptions.defaults().withMemoryBudgetBytes(bytes));
                break; // it compiles from here on
            } catch (GdlException declined) {
                if (declined.getMessage().contains("(after hsfc: grounded ")) {
                    afterGrounding = declined.getMessage();
                }
            }
        }
        assertTrue(afterGrounding != null, "no budget ran out between grounding and a compiled game");
        assertTrue(afterGrounding.matches(".*\\(after hsfc: grounded \\d+ instances of \\d+ relations in \\d+ ms"
            + "; building the tables of the rule at line \\d+\\)"), afterGrounding);
    }
}
