package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.GroundingBudget;

class GrounderTest {
    /**
     * An 8x8 board of empty cells and a rule that chains three diagonal jumps, like a checkers triple jump:
     * only the static jump relation connects the cells. Joined through it, a chain starts on 25 squares;
     * without it, every empty cell would be combined with every other.
     */
    private static String chainGame() {
        StringBuilder kif = new StringBuilder("(role p) (init (control p)) (goal p 100)\n");
        for (int x = 1; x <= 8; x++) {
            for (int y = 1; y <= 8; y++) {
                kif.append("(init (cell ").append(x).append(' ').append(y).append(" b))\n");
                if (x < 8 && y < 8) {
                    kif.append("(jump ").append(x).append(' ').append(y).append(' ').append(x + 1).append(' ')
                        .append(y + 1).append(")\n");
                }
            }
        }
        kif.append("""
            (<= (legal p (hop ?u ?v ?x3 ?y3))
                (true (control p)) (true (cell ?u ?v b))
                (jump ?u ?v ?x1 ?y1) (true (cell ?x1 ?y1 b))
                (jump ?x1 ?y1 ?x2 ?y2) (true (cell ?x2 ?y2 b))
                (jump ?x2 ?y2 ?x3 ?y3) (true (cell ?x3 ?y3 b)))
            (<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)))
            (<= (next (control p)) (true (control p)))
            (<= terminal (true (cell 1 1 x)))
            """);
        return kif.toString();
    }

    @Test
    void selectiveStaticLiteralsConnectTheJoinAndKeepTheSupersetExact() throws Exception {
        GroundedGame grounded = GroundedGame.of(chainGame());
        Grounder grounder = grounded.grounder();
        GroundingBudget budget = grounded.budget();

        assertEquals(25, grounder.set(SymbolTable.LEGAL).size(), "one hop per square with three jumps ahead");
        // Joined through the jumps, each of the 64 cells leads to at most one chain; the cross product of
        // four empty-cell literals would try 64^4 combinations.
        assertTrue(budget.ticks() < 10_000, "grounding tried " + budget.ticks() + " candidate matches");
    }

    /**
     * Four guesses of 0..15 added up by a static sum relation, as gt_two_thirds adds its players' guesses. Once
     * (sum ?n1 ?n2 ?s1) is matched, nothing later reads ?n1 or ?n2, so the join goes on once per partial sum,
     * not once per pair of guesses (44,077 candidate matches in all here, 630,877 without).
     */
    @Test
    void aJoinGoesOnOncePerBindingOfTheVariablesStillRead() throws Exception {
        StringBuilder kif = new StringBuilder("(role p) (init (control p)) (goal p 100) (<= terminal (true (done)))\n");
        for (String guesser : new String[] {"a", "b", "c", "d"}) {
            for (int n = 0; n <= 15; n++) {
                kif.append("(init (guessed ").append(guesser).append(' ').append(n).append("))\n");
            }
        }
        for (int x = 0; x <= 45; x++) {
            for (int y = 0; y <= 15; y++) {
                kif.append("(sum ").append(x).append(' ').append(y).append(' ').append(x + y).append(")\n");
            }
        }
        kif.append("""
            (<= (total ?t) (true (guessed a ?n1)) (true (guessed b ?n2)) (sum ?n1 ?n2 ?s1)
                (true (guessed c ?n3)) (sum ?s1 ?n3 ?s2) (true (guessed d ?n4)) (sum ?s2 ?n4 ?t))
            (<= (legal p (pick ?t)) (true (control p)) (total ?t))
            (<= (next (guessed ?g ?n)) (true (guessed ?g ?n)))
            (<= (next (control p)) (true (control p)))
            """);
        GroundedGame grounded = GroundedGame.of(kif.toString());

        assertEquals(61, grounded.grounder().set(SymbolTable.LEGAL).size(), "every total from 0 to 60");
        assertTrue(grounded.budget().ticks() < 100_000, "grounding tried " + grounded.budget().ticks()
            + " candidate matches");
    }

    /** 40 marks and a legal move for every pair of them: 1,600 moves. */
    private static String pairsOfMarks() {
        StringBuilder kif = new StringBuilder("(role p) (init (control p)) (goal p 100) (<= terminal (true (done)))\n");
        for (int i = 1; i <= 40; i++) {
            kif.append("(init (mark ").append(i).append("))\n");
        }
        return kif.append("""
            (<= (legal p (pair ?x ?y)) (true (mark ?x)) (true (mark ?y)))
            (<= (next (mark ?x)) (true (mark ?x)))
            (<= (next (control p)) (true (control p)))
            """).toString();
    }

    /**
     * A grounding past its budget says where it was: the rule it was joining and the largest relations with
     * their sizes, which is what a declined game's reason needs to show what blew up.
     */
    @Test
    void aGroundingPastItsBudgetNamesTheRuleAndTheLargestRelations() throws Exception {
        String kif = pairsOfMarks();
        // room for about 500 instances: the marks fit, the 1,600 pairs do not
        GroundingBudget budget = new GroundingBudget(500 * 96, 60_000);

        GroundingBudget.Exceeded stopped = assertThrows(GroundingBudget.Exceeded.class,
            () -> GroundedGame.of(kif, budget));
        assertTrue(stopped.memory, stopped.getMessage());
        assertTrue(stopped.getMessage().contains("grounding a rule for legal at line "), stopped.getMessage());
        assertTrue(stopped.getMessage().matches(".*largest relations so far: legal \\d+, .*"), stopped.getMessage());
    }

    /**
     * A grounding that makes more instances than its limit stops there, whatever time and memory are left,
     * and says so: the reason a game is declined long before its time budget ends.
     */
    @Test
    void aGroundingPastItsInstanceLimitStopsThereAndSaysSo() throws Exception {
        String kif = pairsOfMarks();
        // 1,600 legal pairs, as many does, the marks: fewer than 4,000 instances, more than 1,000; memory and
        // time are ample
        assertEquals(1_600, GroundedGame.of(kif, new GroundingBudget(1L << 30, 60_000, 4_000))
            .grounder().set(SymbolTable.LEGAL).size(), "the whole grounding fits a limit above its size");
        GroundingBudget.Exceeded stopped = assertThrows(GroundingBudget.Exceeded.class,
            () -> GroundedGame.of(kif, new GroundingBudget(1L << 30, 60_000, 1_000)));
        assertTrue(stopped.getMessage().startsWith("more than 1000 ground instances (grounding a rule for legal at "),
            stopped.getMessage());
    }

    /** Terms that nest without bound stop the grounding with a reason naming the rule that builds them. */
    @Test
    void termsNestingWithoutBoundNameTheRuleThatBuildsThem() throws Exception {
        GroundingBudget.Exceeded stopped = assertThrows(GroundingBudget.Exceeded.class, () -> GroundedGame.of("""
            (role p)
            (init (count z))
            (<= (legal p tick) (true (count ?x)))
            (<= (next (count (s ?x))) (does p tick) (true (count ?x)))
            (<= terminal (true (count (s (s (s z))))))
            (goal p 100)
            """));
        assertTrue(stopped.getMessage().startsWith("terms nest deeper than 16 (grounding a rule for next at line 4; "),
            stopped.getMessage());
    }
}
