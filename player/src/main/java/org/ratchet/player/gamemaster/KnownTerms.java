package org.ratchet.player.gamemaster;

import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * Reads a ground term (a player's move, a recorded fact) against a game's symbols. Symbols are matched
 * case-insensitively; a symbol the game never mentions is refused rather than interned, so that text from
 * outside (a player's reply) can never grow the symbol table the referee's engine was built on.
 */
final class KnownTerms {
    private KnownTerms() {
    }

    static Term read(SExpr expression, SymbolTable symbols) throws GdlException {
        checkKnown(expression, symbols);
        return GdlParser.groundTerm(expression, symbols);
    }

    private static void checkKnown(SExpr expression, SymbolTable symbols) throws GdlException {
        if (expression instanceof SExpr.Token token) {
            if (!token.isVariable() && symbols.lookup(token.text()) < 0) {
                throw new GdlException("'" + token.text() + "' is not a symbol of this game");
            }
        } else if (expression instanceof SExpr.ListExpr list) {
            for (SExpr item : list.items()) {
                checkKnown(item, symbols);
            }
        }
    }
}
