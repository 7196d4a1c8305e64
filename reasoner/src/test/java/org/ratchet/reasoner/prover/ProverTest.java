package org.ratchet.reasoner.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.Term;

/**
 * Resolution, negation, distinct, or and recursion of the prover on small hand-written rule sets. The rule
 * sets are fragments, not whole games, so they are read without validation.
 */
class ProverTest {

    /** The answers to {@code (relation ?0 ... ?arity-1)} in the state {@code stateFacts}, rendered and sorted. */
    private static Set<String> answers(String rules, String relation, int arity, String stateFacts)
            throws GdlException {
        GameDescription game = GdlParser.parse("(role r) " + rules);
        Prover prover = new Prover(new ProverRules(game));
        List<Term> facts = new ArrayList<>();
        for (var expression : KifReader.read(stateFacts)) {
            facts.add(GdlParser.groundTerm(expression, game.symbols()));
        }
        prover.setState(facts);
        Term[] args = new Term[arity];
        for (int i = 0; i < arity; i++) {
            args[i] = Variants.variable(i);
        }
        int symbol = game.symbols().intern(relation);
        Term query = arity == 0 ? new org.ratchet.reasoner.gdl.Atom(symbol) : new Compound(symbol, args);
        Set<String> rendered = new TreeSet<>();
        for (Term answer : prover.ask(query)) {
            rendered.add(answer.render(game.symbols()));
        }
        return rendered;
    }

    private static Set<String> answers(String rules, String relation, int arity) throws GdlException {
        return answers(rules, relation, arity, "");
    }

    @Test
    void unifiesRepeatedVariablesAndNestedTerms() throws GdlException {
        String rules = """
            (pair a a) (pair a b) (pair (f c) (f c)) (pair (f c) (f d))
            (<= (same ?x) (pair ?x ?x))
            (<= (inner ?y) (pair (f ?y) (f ?y)))
            (<= (swap ?y ?x) (pair ?x ?y))
            """;
        assertEquals(Set.of("(same a)", "(same (f c))"), answers(rules, "same", 1));
        assertEquals(Set.of("(inner c)"), answers(rules, "inner", 1));
        assertEquals(Set.of("(swap a a)", "(swap b a)", "(swap (f c) (f c))", "(swap (f d) (f c))"),
            answers(rules, "swap", 2));
    }

    @Test
    void renamesRuleVariablesApartFromTheCall() throws GdlException {
        // The call (twice ?x ?y) and the rule's own ?x/?y must not be confused.
        String rules = """
            (num 1) (num 2)
            (<= (twice ?x (s ?x)) (num ?x))
            (<= (chain ?y ?x) (twice ?y ?x))
            (<= (back ?a) (twice ?a (s ?a)))
            """;
        assertEquals(Set.of("(chain 1 (s 1))", "(chain 2 (s 2))"), answers(rules, "chain", 2));
        assertEquals(Set.of("(back 1)", "(back 2)"), answers(rules, "back", 1));
    }

    @Test
    void readsTrueFromTheStateAndNegatesByFailure() throws GdlException {
        String rules = """
            (index 1) (index 2) (index 3)
            (<= (empty ?i) (index ?i) (not (true (cell ?i))))
            (<= open (empty ?i))
            (<= full (not open))
            """;
        assertEquals(Set.of("(empty 2)"), answers(rules, "empty", 1, "(cell 1) (cell 3)"));
        assertEquals(Set.of(), answers(rules, "full", 0, "(cell 1) (cell 3)"));
        assertEquals(Set.of("full"), answers(rules, "full", 0, "(cell 1) (cell 2) (cell 3)"));
    }

    @Test
    void delaysNegationAndDistinctUntilTheirVariablesAreBound() throws GdlException {
        String rules = """
            (index 1) (index 2) (index 3)
            (<= (other ?x ?y) (distinct ?x ?y) (not (true (blocked ?y))) (index ?x) (index ?y))
            """;
        assertEquals(Set.of("(other 1 3)", "(other 2 3)", "(other 3 1)", "(other 2 1)"),
            answers(rules, "other", 2, "(blocked 2)"));
    }

    @Test
    void distinctComparesWholeTerms() throws GdlException {
        String rules = """
            (t (f a)) (t (f b)) (t a)
            (<= (diff ?x ?y) (t ?x) (t ?y) (distinct ?x ?y))
            (<= (notdiff ?x ?y) (t ?x) (t ?y) (not (distinct ?x ?y)))
            """;
        assertEquals(6, answers(rules, "diff", 2).size());
        assertEquals(Set.of("(notdiff a a)", "(notdiff (f a) (f a))", "(notdiff (f b) (f b))"),
            answers(rules, "notdiff", 2));
    }

    @Test
    void orHoldsWhenAnyOptionHolds() throws GdlException {
        String rules = """
            (index 1) (index 2) (index 3) (index 4)
            (<= (marked ?i) (index ?i) (or (true (x ?i)) (true (o ?i)) (distinct ?i ?i)))
            (<= (clear ?i) (index ?i) (not (or (true (x ?i)) (true (o ?i)))))
            (<= (nested ?i) (index ?i) (or (or (true (x ?i)) (not (distinct ?i 4))) (true (o ?i))))
            """;
        String state = "(x 1) (o 3)";
        assertEquals(Set.of("(marked 1)", "(marked 3)"), answers(rules, "marked", 1, state));
        assertEquals(Set.of("(clear 2)", "(clear 4)"), answers(rules, "clear", 1, state));
        assertEquals(Set.of("(nested 1)", "(nested 3)", "(nested 4)"), answers(rules, "nested", 1, state));
    }

    @Test
    void leftAndRightRecursionOverACycleTerminateWithAllAnswers() throws GdlException {
        // A cycle a -> b -> c -> a plus a tail c -> d: every node reaches every node of the cycle and d.
        String edges = "(edge a b) (edge b c) (edge c a) (edge c d) ";
        Set<String> expected = new TreeSet<>();
        for (String from : List.of("a", "b", "c")) {
            for (String to : List.of("a", "b", "c", "d")) {
                expected.add("(path " + from + " " + to + ")");
            }
        }
        String left = edges + "(<= (path ?x ?y) (edge ?x ?y)) (<= (path ?x ?z) (path ?x ?y) (edge ?y ?z))";
        String right = edges + "(<= (path ?x ?y) (edge ?x ?y)) (<= (path ?x ?z) (edge ?x ?y) (path ?y ?z))";
        String doubly = edges + "(<= (path ?x ?y) (edge ?x ?y)) (<= (path ?x ?z) (path ?x ?y) (path ?y ?z))";
        assertEquals(expected, answers(left, "path", 2));
        assertEquals(expected, answers(right, "path", 2));
        assertEquals(expected, answers(doubly, "path", 2));
    }

    @Test
    void boundCallsIntoARecursiveComponentAreComplete() throws GdlException {
        // A query with a bound first argument hits the recursion through a different call pattern.
        String rules = """
            (edge a b) (edge b c) (edge c a) (edge c d)
            (<= (path ?x ?y) (edge ?x ?y))
            (<= (path ?x ?z) (edge ?x ?y) (path ?y ?z))
            (<= (fromb ?z) (path b ?z))
            (<= (reachesd ?x) (path ?x d))
            """;
        assertEquals(Set.of("(fromb a)", "(fromb b)", "(fromb c)", "(fromb d)"), answers(rules, "fromb", 1));
        assertEquals(Set.of("(reachesd a)", "(reachesd b)", "(reachesd c)"), answers(rules, "reachesd", 1));
    }

    @Test
    void mutualRecursionFindsEveryAnswer() throws GdlException {
        // even/odd over a successor chain, and two relations that only feed each other around a cycle:
        // a bare loop check that cuts the second visit would lose answers here.
        String rules = """
            (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
            (even 0)
            (<= (odd ?y) (succ ?x ?y) (even ?x))
            (<= (even ?y) (succ ?x ?y) (odd ?x))
            (link a b) (link b c) (link c a)
            (start a)
            (<= (red ?x) (start ?x))
            (<= (red ?y) (blue ?x) (link ?x ?y))
            (<= (blue ?y) (red ?x) (link ?x ?y))
            """;
        assertEquals(Set.of("(even 0)", "(even 2)", "(even 4)"), answers(rules, "even", 1));
        assertEquals(Set.of("(odd 1)", "(odd 3)", "(odd 5)"), answers(rules, "odd", 1));
        // red: a, then blue b, red c, blue a, red b, blue c -> everything is both.
        assertEquals(Set.of("(red a)", "(red b)", "(red c)"), answers(rules, "red", 1));
        assertEquals(Set.of("(blue a)", "(blue b)", "(blue c)"), answers(rules, "blue", 1));
    }

    @Test
    void recursiveCountingOverTheState() throws GdlException {
        // Count the x marks on a row of 5 cells, recursively, as reversi-style games count pieces.
        String rules = """
            (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
            (<= (count 0 0))
            (<= (count ?n ?c) (succ ?m ?n) (count ?m ?c) (not (true (x ?n))))
            (<= (count ?n ?c) (succ ?m ?n) (count ?m ?b) (true (x ?n)) (succ ?b ?c))
            (<= (total ?c) (count 5 ?c))
            """;
        assertEquals(Set.of("(total 3)"), answers(rules, "total", 1, "(x 1) (x 3) (x 4)"));
        assertEquals(Set.of("(total 0)"), answers(rules, "total", 1, ""));
    }

    @Test
    void connectivityOverTheStateIsRecomputedPerState() throws GdlException {
        String rules = """
            (adj 1 2) (adj 2 3) (adj 3 4) (adj 2 1) (adj 3 2) (adj 4 3)
            (<= (conn ?a ?a) (true (mine ?a)))
            (<= (conn ?a ?c) (conn ?a ?b) (adj ?b ?c) (true (mine ?c)))
            (<= won (conn 1 4))
            """;
        assertEquals(Set.of("won"), answers(rules, "won", 0, "(mine 1) (mine 2) (mine 3) (mine 4)"));
        assertEquals(Set.of(), answers(rules, "won", 0, "(mine 1) (mine 2) (mine 4)"));
    }

    @Test
    void reportsANegationThatStaysUnbound() throws GdlException {
        String rules = "(index 1) (<= bad (index 1) (not (true (cell ?x))))";
        ProverException error = assertThrows(ProverException.class, () -> answers(rules, "bad", 0));
        assertTrue(error.getMessage().contains("unsafe rule"), error.getMessage());
    }

    @Test
    void aFailedProofLeavesNoHalfBuiltTables() throws GdlException {
        GameDescription game = GdlParser.parse("""
            (role r) (index 1) (index 2)
            (<= (ok ?x) (index ?x))
            (<= bad (ok 1) (not (true (cell ?y))))
            """);
        Prover prover = new Prover(new ProverRules(game));
        prover.setState(List.of());
        assertThrows(ProverException.class,
            () -> prover.ask(new org.ratchet.reasoner.gdl.Atom(game.symbols().lookup("bad"))));
        Term ok = new Compound(game.symbols().lookup("ok"), Variants.variable(0));
        assertEquals(2, prover.ask(ok).size());
        assertFalse(prover.ask(ok).isEmpty());
    }
}
