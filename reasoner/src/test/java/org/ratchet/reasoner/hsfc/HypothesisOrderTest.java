package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.rewrite.FluentParts;
import org.ratchet.reasoner.tables.HypothesisOrder;

class HypothesisOrderTest {
    /** Twenty cells of five colours; the cells of the colours chosen stay. */
    private static final String GAME = """
        (role p) (role q)
        (colour red) (colour blue) (colour green) (colour white) (colour black)
        (slot 1) (slot 2) (slot 3) (slot 4)
        (<= (init (cell ?s ?c)) (slot ?s) (colour ?c))
        (init (chosen red)) (init (chosen blue))
        (<= (legal ?r (place ?s ?c)) (role ?r) (true (cell ?s ?c)))
        (<= (next (cell ?s ?c)) (true (chosen ?c)) (true (cell ?s ?c)))
        (<= (next (chosen ?c)) (does ?r (place ?s ?c)))
        (<= terminal (not (true (cell 1 red))))
        (goal p 100) (goal q 100)
        """;

    @Test
    void aSmallInputGoesFirstWhenTheLargeListCanThenBeProbed() throws Exception {
        GroundedGame grounded = GroundedGame.of(GAME);
        GameDescription game = grounded.game();
        StaticRelations statics = grounded.statics();
        Grounder grounder = grounded.grounder();
        Rule next = game.rules().stream().filter(rule -> rule.head().symbol() == SymbolTable.NEXT).findFirst()
            .orElseThrow();
        RelationLayout layout = new RelationLayout();
        layout.add(SymbolTable.TRUE, grounder.set(SymbolTable.TRUE).size());
        layout.add(SymbolTable.DOES, grounder.set(SymbolTable.DOES).size());
        layout.addTrueParts(grounder.groupFluents(FluentParts.byKind()), FluentParts.byKind());
        Term cell = next.head().arg(0);
        Int2DoubleOpenHashMap sizes = new Int2DoubleOpenHashMap();
        sizes.put(layout.partOfTrue(cell), 20);
        sizes.put(layout.partOfTrue(new Compound(symbol(game, "chosen"), cell.arg(1))), 2);
        HypothesisOrder order = new HypothesisOrder(grounder, statics, layout, sizes,
            new HypothesisOrder.PassChances());

        List<Term> best = order.order(next, HypothesisOrder.Strategy.BEST);

        // Reading the 20 cells first and testing each one's colour costs 20 list steps, less than
        // 2 + 2 × 20 = 42 if each of the two chosen colours scanned the cell list. But a colour leaves
        // only 4 of the 20 cell instances to test, so the machine probes their bits instead: about
        // 2 + 2 × 5 = 12.
        assertEquals("chosen", game.symbols().name(best.get(0).arg(0).symbol()), "order " + best);
        assertEquals("cell", game.symbols().name(best.get(1).arg(0).symbol()), "order " + best);
    }

    private static int symbol(GameDescription game, String name) {
        return game.symbols().lookup(name);
    }
}
