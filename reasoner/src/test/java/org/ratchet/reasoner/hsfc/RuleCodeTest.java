package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.run.HsfcMachine;
import org.ratchet.reasoner.run.Keeping;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * The rules as bytecode generated for the game (run.RuleCode) against the machine's own loops over the same
 * tables, on long random walks that jump between unrelated states, for every keeping: states, legal moves,
 * terminal and goals must agree at every step. The games cover every shape the generator writes: static and
 * dynamic first inputs written out or looped, probes and scans chosen at run time, rules of several
 * inputs, recursive blocks left to the machine, and frame rules. The corpus differential test compares the
 * generated code with the prover as well, over every game.
 */
class RuleCodeTest {
    @ParameterizedTest
    @ValueSource(strings = {"ticTacToe", "blocker", "connectFour", "breakthrough", "checkers", "skirmish",
        "minichess", "reversi", "hex", "cephalopodMicro", "pentago", "nineBoardTicTacToe", "peg", "lightsOut"})
    void generatedCodeAgreesWithTheMachinesLoops(String name) throws Exception {
        compare(GameLoader.load(GameCorpus.repositoryGame(name)), 7, 1_500);
    }

    /**
     * With every table sparse (a table budget of 0), every dynamic input is read by its probes, and
     * nineBoardTicTacToe then has rows of more than six conditions inside probe loops, which a loop tests.
     */
    @ParameterizedTest
    @ValueSource(strings = {"nineBoardTicTacToe", "blocker", "breakthroughSmall"})
    void generatedCodeAgreesWithTheMachinesLoopsOnSparseTables(String name) throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.repositoryGame(name));
        compare(HsfcCompiler.compile(game, EngineOptions.defaults(), 0), 11, 1_000);
    }

    @Test
    void theComparedGamesHaveRulesOfThreeInputs() throws Exception {
        boolean threeInputs = false;
        for (String name : new String[] {"skirmish", "checkers", "reversi"}) {
            HsfcGame compiled = HsfcCompiler.compile(GameLoader.load(GameCorpus.repositoryGame(name)),
                EngineOptions.defaults());
            for (RulePlan rule : compiled.program.rules()) {
                threeInputs |= rule.stages.length >= 3;
            }
        }
        assertTrue(threeInputs, "some rule of these games has three inputs or more");
    }

    /** A rule whose first input is static, one whose input is read once, a recursive block, a frame rule. */
    @Test
    void smallGameOfEveryKindOfRuleAgrees() throws Exception {
        GameDescription game = GameLoader.load("""
            (role a) (role b)
            (index 1) (index 2) (index 3) (index 4) (index 5)
            (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
            (init (control a))
            (<= (next (control b)) (true (control a)))
            (<= (next (control a)) (true (control b)))
            (<= (legal ?p (mark ?x)) (true (control ?p)) (index ?x) (not (true (on ?x))))
            (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
            (<= (next (on ?x)) (does ?p (mark ?x)))
            (<= (next (on ?x)) (true (on ?x)))
            (<= (reach ?x) (true (on ?x)) (index ?x) (succ 1 ?x))
            (<= (reach ?y) (reach ?x) (succ ?x ?y) (true (on ?y)))
            (<= anyon (true (on ?x)))
            (<= (row ?x ?z) (succ ?x ?y) (succ ?y ?z) (true (on ?x)) (true (on ?y)) (true (on ?z)))
            (<= terminal (reach 5))
            (<= terminal (row ?x ?z) (index ?x) (index ?z) (not anyon))
            (<= terminal (true (on 1)) (true (on 2)) (true (on 3)) (true (on 4)) (true (on 5)))
            (<= (goal a 100) (reach 4))
            (<= (goal a 0) (not (reach 4)))
            (<= (goal b 100) (not (reach 4)))
            (<= (goal b 0) (reach 4))
            """);
        compare(game, 3, 500);
    }

    /**
     * 1,200 next rules of 400 rows of eight switches (each row a relation of its own: a frame axiom and two
     * flips), so the generated code dispatches its frame rules through several switches.
     */
    @Test
    void gameOfManyFrameRulesAgrees() throws Exception {
        StringBuilder rules = new StringBuilder("(role a) (<= (legal a (flip ?x)) (index ?x)) (goal a 100)\n");
        rules.append("(index 1) (index 2) (index 3) (index 4) (index 5) (index 6) (index 7) (index 8)\n");
        rules.append("(<= terminal (true (r1 1 off)) (true (r2 2 off)) (true (r3 3 off)))\n");
        for (int k = 1; k <= 400; k++) {
            String row = "r" + k;
            rules.append("(<= (init (%s ?x on)) (index ?x))\n".formatted(row));
            rules.append("(<= (next (%s ?x ?v)) (does a (flip ?y)) (true (%s ?x ?v)) (distinct ?x ?y))\n"
                .formatted(row, row));
            rules.append("(<= (next (%s ?x off)) (does a (flip ?x)) (true (%s ?x on)))\n".formatted(row, row));
            rules.append("(<= (next (%s ?x on)) (does a (flip ?x)) (true (%s ?x off)))\n".formatted(row, row));
        }
        HsfcGame compiled = HsfcCompiler.compile(GameLoader.load(rules.toString()), EngineOptions.defaults());
        assertTrue(compiled.program.nextRuleCount() > 1_000, "more next rules than two dispatch switches hold");
        assertTrue(compiled.program.frameRuleCount() > 0, "the next rules include frame axioms");
        compare(compiled, 5, 300);
    }

    private static void compare(GameDescription game, long seed, int steps) throws Exception {
        compare(HsfcCompiler.compile(game, EngineOptions.defaults()), seed, steps);
    }

    private static void compare(HsfcGame compiled, long seed, int steps) {
        for (Keeping keeping : Keeping.values()) {
            HsfcMachine generated = new HsfcMachine(compiled.description, compiled.terms, compiled.program,
                keeping, true, true);
            HsfcMachine interpreted = new HsfcMachine(compiled.description, compiled.terms, compiled.program,
                keeping, true, false);
            assertTrue(generated.runsGeneratedCode(), "the machine runs the game's generated code");
            assertFalse(interpreted.runsGeneratedCode(), "the reference machine runs its own loops");
            RecursiveBlocksTest.walk(generated, interpreted, seed, steps);
        }
    }
}
