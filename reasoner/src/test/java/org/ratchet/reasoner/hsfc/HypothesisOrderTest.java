package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.analysis.DependencyGraph;
import org.ratchet.reasoner.analysis.NormalForm;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.analysis.Stratification;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

class HypothesisOrderTest {
    /**
     * Twenty cells of five colours beside forty other facts; a move names a cell and a colour, and every
     * other cell of that colour stays.
     */
    private static final String GAME = """
        (role p) (role q)
        (colour red) (colour blue) (colour green) (colour white) (colour black)
        (slot 1) (slot 2) (slot 3) (slot 4)
        (<= (init (cell ?s ?c)) (slot ?s) (colour ?c))
        (<= (legal ?r (place ?s ?c)) (role ?r) (true (cell ?s ?c)))
        (<= (init (owner ?s ?c ?r)) (slot ?s) (colour ?c) (role ?r))
        (<= (next (cell ?s ?c)) (does ?r (place ?t ?c)) (true (cell ?s ?c)) (distinct ?s ?t))
        (<= (next (owner ?s ?c ?r)) (true (owner ?s ?c ?r)))
        (<= terminal (not (true (cell 1 red))))
        (goal p 100) (goal q 100)
        """;

    @Test
    void aSmallInputGoesFirstWhenTheLargeListCanThenBeProbed() throws Exception {
        GameDescription game = NormalForm.of(GameLoader.load(GAME));
        StaticRelations statics = StaticRelations.of(DependencyGraph.of(game));
        Grounder grounder = Grounder.ground(game, Stratification.of(game), statics,
            new GroundingBudget(1L << 30, 60_000), 16);
        Rule next = game.rules().stream().filter(rule -> rule.head().symbol() == SymbolTable.NEXT).findFirst()
            .orElseThrow();
        Int2DoubleOpenHashMap sizes = new Int2DoubleOpenHashMap();
        sizes.put(SymbolTable.TRUE, 30);
        sizes.put(SymbolTable.DOES, 2);
        HypothesisOrder order = new HypothesisOrder(grounder, statics, sizes, new HypothesisOrder.PassChances());

        List<Term> best = order.order(next, HypothesisOrder.Strategy.BEST);

        // A third of the true list are cells, so reading it first and then the two moves for each cell
        // costs 30 + 10 × 2 = 50 list steps, less than 2 + 2 × 30 = 62 for the moves first if each move
        // scanned the true list. But a move's colour leaves only 4 of the 60 true instances to test, so
        // the machine probes their bits instead: about 2 + 2 × 5 = 12.
        assertEquals(SymbolTable.DOES, best.get(0).symbol(), "order " + best);
        assertEquals(SymbolTable.TRUE, best.get(1).symbol(), "order " + best);
    }
}
