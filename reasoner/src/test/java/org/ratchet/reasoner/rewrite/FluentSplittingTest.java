package org.ratchet.reasoner.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

class FluentSplittingTest {
    /** Four cells holding x or o, two of each at the start; moves read the cells holding x. */
    private static final String GAME = """
        (role p)
        (init (cell 1 x)) (init (cell 2 x)) (init (cell 3 o)) (init (cell 4 o))
        (<= (legal p (take ?c)) (true (cell ?c x)))
        (<= (next (cell ?c o)) (does p (take ?c)))
        (<= (next (cell ?c ?v)) (true (cell ?c ?v)) (not (does p (take ?c))))
        (<= terminal (not (true (cell 1 x))))
        (goal p 100)
        """;

    @Test
    void cellsAreSplitByWhatTheyHoldAndARuleReadingAVariableThereIsCopiedPerValue() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GAME));
        FluentSplitting pass = new FluentSplitting(everyCell(game.symbols()), initial(game.symbols()));

        List<String> rules = pass.apply(game.rules()).stream().map(rule -> rule.render(game.symbols())).toList();

        FluentParts parts = pass.chosen();
        SymbolTable symbols = game.symbols();
        assertNotEquals(parts.partKey(term(symbols, "(cell 1 x)")), parts.partKey(term(symbols, "(cell 1 o)")));
        assertEquals(parts.partKey(term(symbols, "(cell 1 x)")), parts.partKey(term(symbols, "(cell 4 x)")));
        assertEquals(game.rules().size() + 1, rules.size(), "the frame rule, once per value");
        for (String value : List.of("x", "o")) {
            String copy = "(<= (next (cell ?c V)) (true (cell ?c V)) (not (does p (take ?c))))".replace("V", value);
            assertTrue(rules.contains(copy), rules.toString());
        }
    }

    @Test
    void rulesReadingAnyFluentKeepOnePartAndStayAsTheyAre() throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(GAME + "(<= (seen ?f) (true ?f))"));
        FluentSplitting pass = new FluentSplitting(everyCell(game.symbols()), initial(game.symbols()));

        assertEquals(game.rules(), pass.apply(game.rules()));
        assertTrue(pass.chosen().isWhole());
    }

    private static List<Term> everyCell(SymbolTable symbols) throws Exception {
        List<Term> sentences = new ArrayList<>();
        for (int cell = 1; cell <= 4; cell++) {
            for (String value : List.of("x", "o")) {
                sentences.add(term(symbols, "(true (cell " + cell + " " + value + "))"));
            }
        }
        return sentences;
    }

    private static List<Term> initial(SymbolTable symbols) throws Exception {
        List<Term> sentences = new ArrayList<>();
        for (String fluent : List.of("(cell 1 x)", "(cell 2 x)", "(cell 3 o)", "(cell 4 o)")) {
            sentences.add(term(symbols, "(init " + fluent + ")"));
        }
        return sentences;
    }

    private static Term term(SymbolTable symbols, String kif) throws Exception {
        return GdlParser.groundTerm(KifReader.read(kif).get(0), symbols);
    }
}
