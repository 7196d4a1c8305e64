package org.ratchet.reasoner.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.rewrite.Passes;

/** Static relations and gadelac's persistence labels, computed from rules in normal form. */
class StaticAndPersistentRelationsTest {
    /** A counter: succ and bigger are static, the rest depends on the state or the move. */
    private static final String GAME = """
        (role a)
        (succ 1 2) (succ 2 3)
        (<= (bigger ?x ?y) (succ ?x ?y))
        (init (count 1))
        (<= (legal a (step ?y)) (true (count ?x)) (or (succ ?x ?y) (bigger ?y ?x)))
        (<= (next (count ?y)) (does a (step ?y)))
        (<= (same ?x) (true (count ?x)))
        (<= terminal (true (count 3)))
        (<= (goal a 100) (true (count 1)))
        """;

    @Test
    void staticRelationsDoNotDependOnTrueOrDoes() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GAME));
        StaticRelations statics = StaticRelations.of(DependencyGraph.of(game));
        for (String name : List.of("succ", "bigger", "role", "init")) {
            assertTrue(statics.isStatic(game.symbols().lookup(name)), name);
        }
        for (String name : List.of("legal", "next", "terminal", "goal", "same", "true", "does")) {
            assertFalse(statics.isStatic(game.symbols().lookup(name)), name);
        }
        assertTrue(statics.dependsOnMoves(game.symbols().lookup("next")));
        assertFalse(statics.dependsOnMoves(game.symbols().lookup("legal")));
        assertFalse(statics.dependsOnMoves(game.symbols().lookup("goal")));
    }

    @Test
    void persistenceLabelsFollowGadelacAlgorithmOne() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load("""
            (role a)
            (cellindex 1) (cellindex 2)
            (init (cell 1 b))
            (<= (legal a (visit ?x)) (cellindex ?x) (not (true (visited ?x))))
            (<= (next (visited ?x)) (does a (visit ?x)))
            (<= (next (visited ?x)) (true (visited ?x)))
            (<= (next (cell ?x b)) (true (cell ?x b)) (not (true (visited ?x))))
            (<= (seen ?x) (true (visited ?x)) (cellindex ?x))
            (<= (blank ?x) (true (cell ?x b)))
            (<= unseen (cellindex ?x) (not (seen ?x)))
            (<= terminal (seen 2))
            (goal a 100)
            """));
        PersistenceLabels labels = PersistenceLabels.of(game);
        var symbols = game.symbols();
        assertTrue(labels.isPersistentFluent(symbols.lookup("visited")));
        assertFalse(labels.isPersistentFluent(symbols.lookup("cell")), "the frame rule of cell has a condition");
        assertEquals(PersistenceLabels.PERMANENT, labels.label(symbols.lookup("cellindex")));
        assertEquals(PersistenceLabels.PERMANENT, labels.label(symbols.lookup("goal")));
        assertEquals(PersistenceLabels.PERSISTENT, labels.label(symbols.lookup("seen")));
        assertEquals(PersistenceLabels.PERSISTENT, labels.label(symbols.lookup("terminal")));
        assertEquals(PersistenceLabels.EPHEMERAL, labels.label(symbols.lookup("blank")));
        assertEquals(PersistenceLabels.EPHEMERAL, labels.label(symbols.lookup("unseen")), "negation");
        assertEquals(PersistenceLabels.EPHEMERAL, labels.label(symbols.lookup("legal")));
    }

    @Test
    void aFrameRuleForSomeFactsOfAFluentDoesNotMakeItPersistent() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load("""
            (role a)
            (init (mark 1 x)) (init (pair 1 1)) (init (flag))
            (<= (legal a wait) (true (flag)))
            (<= (next (mark 1 ?s)) (true (mark 1 ?s)))
            (<= (next (pair ?x ?x)) (true (pair ?x ?x)))
            (<= (next (flag)) (true (flag)))
            (<= terminal (true (mark 1 o)))
            (goal a 100)
            """));
        PersistenceLabels labels = PersistenceLabels.of(game);
        var symbols = game.symbols();
        assertFalse(labels.isPersistentFluent(symbols.lookup("mark")), "only the marks of row 1 are kept");
        assertFalse(labels.isPersistentFluent(symbols.lookup("pair")), "only the diagonal is kept");
        assertTrue(labels.isPersistentFluent(symbols.lookup("flag")));
    }
}
