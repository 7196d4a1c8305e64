package org.ratchet.player.protocol;

import java.util.Locale;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * The reply to {@code (info)}: {@code ((name NAME) (status STATUS))}, where the status is {@code available}
 * or {@code busy}. Older players reply with a bare status symbol, which {@link #parse} accepts too.
 *
 * @param name the player's name, or {@code null} if the reply did not give one
 * @param status the status in lower case
 */
public record InfoReply(String name, String status) {
    public static final String AVAILABLE = "available";
    public static final String BUSY = "busy";

    public String render() {
        return "((name " + name + ") (status " + status + "))";
    }

    public boolean isAvailable() {
        return AVAILABLE.equals(status);
    }

    public static InfoReply parse(String text) throws ProtocolException {
        SExpr reply = Kif.readOne(text);
        if (reply instanceof SExpr.Token token) {
            return new InfoReply(null, token.text().toLowerCase(Locale.ROOT));
        }
        String name = null;
        String status = null;
        for (SExpr item : ((SExpr.ListExpr) reply).items()) {
            if (item instanceof SExpr.ListExpr pair && pair.size() == 2 && pair.get(1) instanceof SExpr.Token value) {
                if (Kif.isSymbol(pair.get(0), "name")) {
                    name = value.text();
                } else if (Kif.isSymbol(pair.get(0), "status")) {
                    status = value.text().toLowerCase(Locale.ROOT);
                }
            }
        }
        if (status == null) {
            throw new ProtocolException("info reply without a status: " + MessageParser.abbreviate(reply));
        }
        return new InfoReply(name, status);
    }
}
