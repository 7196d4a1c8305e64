package org.ratchet.player.match;

import java.util.List;
import org.ratchet.player.protocol.Kif;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * A move for a game no engine can play (the rules cannot be read, or nothing is compiled yet when the play
 * clock runs out): the first ground move the rules declare legal for the player's role, e.g. the
 * {@code noop} of {@code (<= (legal ?r noop) ...)}; {@code noop} if there is none. It may be illegal; it is
 * only ever sent when nothing better exists, and the match log says so.
 */
final class BestEffortMove {
    static final String NOOP = "noop";

    private BestEffortMove() {
    }

    static String from(List<SExpr> rules, String role) {
        for (SExpr rule : rules) {
            SExpr head = rule;
            if (rule instanceof SExpr.ListExpr list && list.size() >= 2 && Kif.isSymbol(list.get(0), "<=")) {
                head = list.get(1);
            }
            if (head instanceof SExpr.ListExpr legal && legal.size() == 3 && Kif.isSymbol(legal.get(0), "legal")
                    && (Kif.isSymbol(legal.get(1), role) || isVariable(legal.get(1))) && isGround(legal.get(2))) {
                return legal.get(2).toString();
            }
        }
        return NOOP;
    }

    private static boolean isVariable(SExpr expression) {
        return expression instanceof SExpr.Token token && token.isVariable();
    }

    private static boolean isGround(SExpr expression) {
        if (expression instanceof SExpr.Token token) {
            return !token.isVariable();
        }
        for (SExpr item : ((SExpr.ListExpr) expression).items()) {
            if (!isGround(item)) {
                return false;
            }
        }
        return true;
    }
}
