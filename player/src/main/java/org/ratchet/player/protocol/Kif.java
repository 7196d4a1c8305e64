package org.ratchet.player.protocol;

import java.math.BigDecimal;
import java.util.List;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.SExpr;

/** The small KIF conventions the protocol shares between messages and replies. */
public final class Kif {
    /** How much of the input an error message quotes. */
    static final int QUOTED_CHARS = 200;

    private Kif() {
    }

    /** The first {@value #QUOTED_CHARS} characters of {@code text}, marked with "..." if there was more. */
    public static String abbreviate(String text) {
        return abbreviate(text, QUOTED_CHARS);
    }

    /** The first {@code maxChars} characters of {@code text}, marked with "..." if there was more. */
    public static String abbreviate(String text, int maxChars) {
        return text.length() <= maxChars ? text : text.substring(0, maxChars) + "...";
    }

    /** Reads text that must hold exactly one s-expression (a message or a reply). */
    public static SExpr readOne(String text) throws ProtocolException {
        List<SExpr> expressions = readAll(text);
        if (expressions.isEmpty()) {
            throw new ProtocolException("empty message");
        }
        if (expressions.size() > 1) {
            throw new ProtocolException("expected one expression but found " + expressions.size());
        }
        return expressions.get(0);
    }

    /**
     * Reads any number of s-expressions, e.g. a rule sheet for a {@link StartMessage} or the rendered moves
     * of a joint move for a {@link PlayMessage}.
     */
    public static List<SExpr> readAll(String text) throws ProtocolException {
        try {
            return KifReader.read(text);
        } catch (GdlException e) {
            throw new ProtocolException("malformed KIF: " + e.getMessage(), e);
        }
    }

    /** {@code (a b c)} for a list of expressions, {@code ()} for none. */
    public static String renderList(List<SExpr> items) {
        return new SExpr.ListExpr(items, 0).toString();
    }

    /** The joint-move argument of play and stop: {@code nil} before the first move, else {@code (m1 m2 ...)}. */
    public static String renderMoves(List<SExpr> moves) {
        return moves.isEmpty() ? "nil" : renderList(moves);
    }

    /** Clocks travel in whole seconds; a fraction is kept only when the clock has one. */
    public static String renderSeconds(long millis) {
        return BigDecimal.valueOf(millis).movePointLeft(3).stripTrailingZeros().toPlainString();
    }

    /** A clock in seconds (integer or decimal, non-negative) as milliseconds. */
    public static long parseSeconds(SExpr expression, String what) throws ProtocolException {
        if (expression instanceof SExpr.Token token) {
            try {
                BigDecimal seconds = new BigDecimal(token.text());
                if (seconds.signum() >= 0 && seconds.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 1000)) < 0) {
                    return seconds.movePointRight(3).longValue();
                }
            } catch (NumberFormatException e) {
                // reported below with the offending text
            }
        }
        throw new ProtocolException(what + " must be a non-negative number of seconds, found '"
            + abbreviate(expression.toString()) + "'");
    }

    /** True if the expression is the symbol {@code keyword}, in any letter case. */
    public static boolean isSymbol(SExpr expression, String keyword) {
        return expression instanceof SExpr.Token token && token.text().equalsIgnoreCase(keyword);
    }
}
