package org.ratchet.reasoner.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;

/** The pass alone; hsfc's HelperUnfoldingGameTest plays the same game compiled against the prover. */
public class HelperUnfoldingTest {
    /**
     * Pieces stepping along a line. free is a helper (unfolded); taken is read negated, twice defined is
     * defined twice, far has a variable its head lacks, reach is recursive: those stay relations.
     */
    public static final String GAME = """
        (role p)
        (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (cell 1) (cell 2) (cell 3) (cell 4) (cell 5)
        (init (piece 1)) (init (piece 3))
        (<= (free ?x) (cell ?x) (not (true (piece ?x))) (not (true (wall ?x))))
        (<= (taken ?x) (true (piece ?x)))
        (<= (twice ?x) (true (piece ?x)))
        (<= (twice ?x) (true (wall ?x)))
        (<= (far ?x) (true (piece ?x)) (true (piece ?y)) (succ ?x ?y))
        (<= (reach ?x) (true (piece ?x)))
        (<= (reach ?y) (reach ?x) (succ ?x ?y) (free ?y))
        (<= (legal p (step ?x ?y)) (true (piece ?x)) (succ ?x ?y) (free ?y))
        (<= (legal p wait) (not (taken 5)))
        (<= (legal p wait) (twice 4))
        (<= (next (piece ?y)) (does p (step ?x ?y)))
        (<= (next (piece ?x)) (true (piece ?x)) (not (does p (step ?x ?y))) (cell ?y))
        (<= (next (wall 5)) (far 1))
        (<= (next (wall ?x)) (true (wall ?x)))
        (<= (legal p rest) (reach 5) (free 4))
        (<= terminal (true (wall 5)))
        (goal p 100)
        """;

    @Test
    void aHelperIsReplacedByItsBodyWhereItIsReadAndTheOthersStay() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GAME));
        StaticRelations statics = StaticRelations.of(DependencyGraph.of(game));
        List<Rule> runtime = game.rules().stream().filter(rule -> !statics.isStatic(rule.head().symbol())).toList();
        List<Rule> unfolded = new HelperUnfolding(List.of(), Stratification.of(game)).apply(runtime);

        Set<String> heads = new TreeSet<>();
        Set<String> read = new TreeSet<>();
        for (Rule rule : unfolded) {
            heads.add(game.symbols().name(rule.head().symbol()));
            for (var literal : rule.body()) {
                List<org.ratchet.reasoner.gdl.Term> sentences = new ArrayList<>();
                literal.addSentences(sentences);
                sentences.forEach(sentence -> read.add(game.symbols().name(sentence.symbol())));
            }
        }
        assertEquals(Set.of("far", "legal", "next", "reach", "taken", "terminal", "twice"), heads);
        assertTrue(!read.contains("free"), "free is read nowhere once unfolded: " + read);
        // (free ?y) became its three literals in the step rule, the recursive reach rule and the rest rule
        Rule step = unfolded.stream().filter(rule -> rule.render(game.symbols()).contains("(step ?x ?y)")
            && game.symbols().name(rule.head().symbol()).equals("legal")).findFirst().orElseThrow();
        assertEquals(2 + 3, step.body().size(), step.render(game.symbols()));
    }
}
