package org.ratchet.reasoner.gdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.GameCorpus;

class GdlParserTest {

    @Test
    void readsRulesLiteralsAndComments() throws GdlException {
        GameDescription game = GdlParser.parse("""
            ; a comment
            (ROLE White) (role black)
            (<= (Legal ?P (move ?x))   ; trailing comment
                (true (cell ?x)) (not (true (blocked ?x)))
                (distinct ?x 3) (or (role ?p) (true (any))))
            """);
        assertEquals(3, game.rules().size());
        assertEquals(List.of("white", "black"),
            game.roles().stream().map(r -> r.render(game.symbols())).toList());
        assertEquals("White", game.roles().get(0).renderSpelling(game.symbols()));
        Rule legal = game.rules().get(2);
        assertEquals(3, legal.line());
        assertEquals(2, legal.variableCount());
        assertEquals(4, legal.body().size());
        assertInstanceOf(Literal.Negation.class, legal.body().get(1));
        assertInstanceOf(Literal.Distinct.class, legal.body().get(2));
        assertInstanceOf(Literal.Disjunction.class, legal.body().get(3));
        assertEquals("(<= (legal ?p (move ?x)) (true (cell ?x)) (not (true (blocked ?x))) (distinct ?x 3)"
            + " (or (role ?p) (true (any))))", legal.render(game.symbols()));
    }

    @Test
    void zeroArgumentSentenceIsTheRelationConstantButFunctionTermsStayDistinct() throws GdlException {
        GameDescription game = GdlParser.parse("(<= (terminal) (true (gameover)))");
        Rule rule = game.rules().get(0);
        assertEquals(new Atom(SymbolTable.TERMINAL), rule.head());
        Term fact = ((Literal.Positive) rule.body().get(0)).sentence().arg(0);
        assertInstanceOf(Compound.class, fact);
        assertEquals("(gameover)", fact.render(game.symbols()));
        assertNotEquals(new Atom(game.symbols().lookup("gameover")), fact);
        assertFalse(game.warnings().isEmpty());
    }

    @Test
    void reportsUnbalancedParenthesesWithTheLine() {
        GdlException open = assertThrows(GdlException.class, () -> GdlParser.parse("(role a)\n(init (cell 1)\n"));
        assertEquals(2, open.line());
        GdlException close = assertThrows(GdlException.class, () -> GdlParser.parse("(role a)\n\n(role b))"));
        assertEquals(3, close.line());
    }

    @Test
    void rejectsMalformedSentences() {
        assertThrows(GdlException.class, () -> GdlParser.parse("(<= (?r a) (true x))"));
        assertThrows(GdlException.class, () -> GdlParser.parse("(<= (p ?x) (distinct ?x))"));
        assertThrows(GdlException.class, () -> GdlParser.parse("(<= (p ?x) (not (q ?x) (r ?x)))"));
        assertThrows(GdlException.class, () -> GdlParser.parse("(<= (not p) q)"));
        assertThrows(GdlException.class, () -> GdlParser.parse("(<= (p ?x) ())"));
    }

    @Test
    void everyCorpusGameReads() {
        List<String> failures = new ArrayList<>();
        List<Path> games = new ArrayList<>(GameCorpus.repositoryGames());
        games.addAll(GameCorpus.edgeCaseGames());
        for (Path game : games) {
            try {
                GameDescription description = GdlParser.parse(GameCorpus.read(game));
                assertFalse(description.rules().isEmpty(), game.toString());
                assertFalse(description.roles().isEmpty(), game + " declares no role");
            } catch (GdlException e) {
                failures.add(game.getFileName() + ": " + e.getMessage());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(games.size() >= 314);
    }
}
