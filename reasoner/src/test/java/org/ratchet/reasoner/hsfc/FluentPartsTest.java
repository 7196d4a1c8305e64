package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.rewrite.FluentParts;

/** The fluent parts chosen from a grounded game, and the compiled game playing as the prover does. */
class FluentPartsTest {
    /**
     * A sheep and a wolf on a line of six cells. Moves read the cell holding the sheep, the wolf or nothing;
     * the frame axiom reads every cell with a variable piece. control and step have one fact in a state, so
     * they are not split; nor is tally (two facts a letter), which one rule reads twice with variables at
     * the letter (4 x 4 copies).
     */
    private static final String GAME = """
        (role sheep) (role wolf)
        (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
        (piece s) (piece w) (piece e)
        (init (cell 1 s)) (init (cell 2 e)) (init (cell 3 e)) (init (cell 4 e)) (init (cell 5 e)) (init (cell 6 w))
        (init (control sheep))
        (init (step 0)) (init (at 1 1))
        (init (tally a 0)) (init (tally b 0)) (init (tally c 0)) (init (tally d 0))
        (init (tally a 1)) (init (tally b 1)) (init (tally c 1)) (init (tally d 1))
        (count 0 1) (count 1 2) (count 2 3) (count 3 4) (count 4 5) (count 5 6) (count 6 7) (count 7 8)
        (count 8 9) (count 9 10)
        (<= (legal sheep (go ?x ?y)) (true (control sheep)) (true (cell ?x s)) (succ ?x ?y) (true (cell ?y e)))
        (<= (legal wolf (go ?y ?x)) (true (control wolf)) (true (cell ?y w)) (succ ?x ?y) (true (cell ?x e)))
        (<= (legal sheep noop) (true (control wolf)))
        (<= (legal wolf noop) (true (control sheep)))
        (<= (moved ?x) (does ?r (go ?x ?y)))
        (<= (moved ?y) (does ?r (go ?x ?y)))
        (<= (next (cell ?y ?p)) (does ?r (go ?x ?y)) (true (cell ?x ?p)))
        (<= (next (cell ?x e)) (does ?r (go ?x ?y)))
        (<= (next (cell ?x ?p)) (true (cell ?x ?p)) (not (moved ?x)))
        (<= (next (control wolf)) (true (control sheep)))
        (<= (next (control sheep)) (true (control wolf)))
        (<= (next (step ?m)) (true (step ?n)) (count ?n ?m))
        (<= (next (at ?x ?y)) (true (at ?x ?y)))
        (<= (next (tally ?w ?m)) (true (tally ?w ?n)) (count ?n ?m))
        (<= (tie ?v ?w) (true (tally ?v ?n)) (true (tally ?w ?n)) (distinct ?v ?w))
        (<= terminal (true (tally a 3)))
        (<= (late ?n) (true (step ?n)) (true (step ?m)) (count ?n ?m))
        (<= (late ?n) (true (step 9)) (count ?n 9))
        (<= terminal (true (cell 6 s)))
        (<= terminal (true (step 9)))
        (<= terminal (late 3))
        (<= (goal sheep 100) (true (cell 6 s)))
        (<= (goal sheep 0) (not (true (cell 6 s))))
        (<= (goal wolf 0) (true (cell 6 s)))
        (<= (goal wolf 100) (not (true (cell 6 s))))
        """;

    @Test
    void kindsAreSplitAtTheConstantRulesReadAndRulesReadingAVariableThereAreCopied() throws Exception {
        GroundedGame grounded = GroundedGame.of(GAME);
        GameDescription game = grounded.game();
        Grounder grounder = grounded.grounder();
        List<Rule> runtime = grounded.runtimeRules();
        FluentParts parts = FluentParts.choose(runtime, grounder.set(SymbolTable.TRUE).terms(),
            grounder.set(SymbolTable.INIT).terms());
        SymbolTable symbols = game.symbols();


        // cell: split at the piece (3 values), not at the position (6 values)
        assertNotEquals(parts.partKey(fluent(symbols, "(cell 1 s)")), parts.partKey(fluent(symbols, "(cell 1 e)")));
        assertEquals(parts.partKey(fluent(symbols, "(cell 1 s)")), parts.partKey(fluent(symbols, "(cell 3 s)")));
        // one fact in a state each
        assertEquals(parts.partKey(fluent(symbols, "(control sheep)")),
            parts.partKey(fluent(symbols, "(control wolf)")));
        assertEquals(parts.partKey(fluent(symbols, "(step 0)")), parts.partKey(fluent(symbols, "(step 9)")));
        // read with a constant at its first argument, but tie would become 16 rules
        assertEquals(parts.partKey(fluent(symbols, "(tally a 0)")), parts.partKey(fluent(symbols, "(tally b 0)")));

        List<Rule> specialised = parts.specialise(runtime);
        // the frame axiom and the move of a piece read (cell ?x ?p): each becomes one rule per piece
        int frames = 0;
        for (Rule rule : specialised) {
            for (var literal : rule.body()) {
                if (literal instanceof org.ratchet.reasoner.gdl.Literal.Positive positive
                        && positive.sentence().symbol() == SymbolTable.TRUE
                        && positive.sentence().arg(0).render(symbols).startsWith("(cell")) {
                    assertTrue(positive.sentence().arg(0).arg(1).isGround(),
                        "read at a constant: " + rule.render(symbols));
                }
            }
            if (rule.line() == runtime.stream().filter(r -> r.render(symbols).contains("(not (moved ?x))"))
                    .findFirst().orElseThrow().line()) {
                frames++;
            }
        }
        assertEquals(3, frames, "the frame axiom, once per piece");
        assertEquals(runtime.size() + 2 + 2, specialised.size(), "two rules read a variable piece");
    }

    @Test
    void splitPartsPlayAsTheProverPlays() throws Exception {
        GameDescription game = GameLoader.load(GAME);
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        // cell in three parts, control, step, at and tally in one each
        assertEquals(7, compiled.program.layout.partsOfTrue().length);
        int states = Differential.compare(compiled.newMachine(), Engines.create("prover", game).newMachine(), 5,
            100, 30, System.nanoTime() + 10_000_000_000L);
        assertTrue(states > 100, "states compared: " + states);
    }

    private static Term fluent(SymbolTable symbols, String kif) throws Exception {
        return GdlParser.groundTerm(KifReader.read(kif).get(0), symbols);
    }
}
