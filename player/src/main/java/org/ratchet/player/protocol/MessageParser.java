package org.ratchet.player.protocol;

import java.util.List;
import java.util.Locale;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * The one way from protocol text to a {@link Message}. Keywords are case-insensitive ({@code (START ...)}
 * and {@code (start ...)} are the same message); identifiers, roles, rules and moves are kept as written so
 * replies can echo the server's spelling.
 */
public final class MessageParser {
    private MessageParser() {
    }

    public static Message parse(String text) throws ProtocolException {
        SExpr expression = Kif.readOne(text);
        // Some servers send the info request as a bare symbol.
        if (Kif.isSymbol(expression, "info")) {
            return new InfoMessage();
        }
        if (!(expression instanceof SExpr.ListExpr list) || list.size() == 0
                || !(list.get(0) instanceof SExpr.Token keyword)) {
            throw new ProtocolException("a message is a list starting with a keyword, found '" + abbreviate(expression)
                + "'");
        }
        String kind = keyword.text().toLowerCase(Locale.ROOT);
        switch (kind) {
            case "info":
                expectSize(list, 1, "(info)");
                return new InfoMessage();
            case "preview":
                expectSize(list, 3, "(preview (RULES...) PREVIEWCLOCK)");
                return new PreviewMessage(rules(list.get(1)), Kif.parseSeconds(list.get(2), "preview clock"));
            case "start":
                expectSize(list, 6, "(start MATCHID ROLE (RULES...) STARTCLOCK PLAYCLOCK)");
                return new StartMessage(symbol(list.get(1), "match id"), symbol(list.get(2), "role"),
                    rules(list.get(3)), Kif.parseSeconds(list.get(4), "start clock"),
                    Kif.parseSeconds(list.get(5), "play clock"));
            case "play":
                expectSize(list, 3, "(play MATCHID MOVES)");
                return new PlayMessage(symbol(list.get(1), "match id"), moves(list.get(2)));
            case "stop":
                expectSize(list, 3, "(stop MATCHID MOVES)");
                return new StopMessage(symbol(list.get(1), "match id"), moves(list.get(2)));
            case "abort":
                expectSize(list, 2, "(abort MATCHID)");
                return new AbortMessage(symbol(list.get(1), "match id"));
            default:
                throw new ProtocolException("unknown message '" + abbreviate(keyword) + "'");
        }
    }

    private static void expectSize(SExpr.ListExpr list, int size, String form) throws ProtocolException {
        if (list.size() != size) {
            throw new ProtocolException("expected " + form + " but found " + (list.size() - 1) + " argument(s) in "
                + abbreviate(list));
        }
    }

    private static String symbol(SExpr expression, String what) throws ProtocolException {
        if (expression instanceof SExpr.Token token && !token.isVariable()) {
            return token.text();
        }
        throw new ProtocolException(what + " must be a symbol, found '" + abbreviate(expression) + "'");
    }

    private static List<SExpr> rules(SExpr expression) throws ProtocolException {
        if (expression instanceof SExpr.ListExpr list) {
            return list.items();
        }
        throw new ProtocolException("the rules must be a list, found '" + abbreviate(expression) + "'");
    }

    /** {@code nil} (any case) or a list of moves; some servers write the empty list for nil. */
    private static List<SExpr> moves(SExpr expression) throws ProtocolException {
        if (Kif.isSymbol(expression, "nil")) {
            return List.of();
        }
        if (expression instanceof SExpr.ListExpr list) {
            return list.items();
        }
        throw new ProtocolException("the moves must be nil or a list, found '" + abbreviate(expression) + "'");
    }

    /**
     * The start of an expression, for error messages. Every message that quotes the input goes through here:
     * a rule sheet, or a garbage body of megabytes, would otherwise be sent back whole in the reply and
     * written whole to the log.
     */
    static String abbreviate(SExpr expression) {
        return Kif.abbreviate(expression.toString());
    }
}
