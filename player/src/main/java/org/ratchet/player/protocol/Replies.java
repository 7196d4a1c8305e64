package org.ratchet.player.protocol;

import org.ratchet.reasoner.gdl.SExpr;

/**
 * The plain replies of the protocol and how to read them. A player answers start and preview with
 * {@link #READY}, stop with {@link #DONE}, abort with {@link #ABORTED}, a start while it plays another match
 * with {@link #BUSY}, and play with a move term; info is answered with an {@link InfoReply}.
 */
public final class Replies {
    public static final String READY = "ready";
    public static final String BUSY = "busy";
    public static final String DONE = "done";
    public static final String ABORTED = "aborted";

    private Replies() {
    }

    /** True if the reply is the single symbol {@code keyword} in any letter case (e.g. {@code READY}). */
    public static boolean isKeyword(String reply, String keyword) {
        try {
            return Kif.isSymbol(Kif.readOne(reply), keyword);
        } catch (ProtocolException e) {
            return false;
        }
    }

    /**
     * Reads the reply to a play message: one move term, a symbol such as {@code noop} or a list such as
     * {@code (mark 1 2)}. Whether the move is legal is for the caller's reasoner to decide.
     */
    public static SExpr parseMove(String reply) throws ProtocolException {
        SExpr move = Kif.readOne(reply);
        if (move instanceof SExpr.ListExpr list && (list.size() == 0 || !(list.get(0) instanceof SExpr.Token))) {
            throw new ProtocolException("a move is a symbol or a list starting with a symbol, found '"
                + MessageParser.abbreviate(move) + "'");
        }
        return move;
    }
}
