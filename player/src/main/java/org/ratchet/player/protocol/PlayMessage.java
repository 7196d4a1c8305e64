package org.ratchet.player.protocol;

import java.util.List;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * {@code (play MATCHID MOVES)}: asks for the next move. {@code MOVES} is the joint move just played, one
 * move per role in role order, or {@code nil} on the first play of a match.
 *
 * @param matchId the match identifier
 * @param moves the previous joint move; empty when the server sent {@code nil}
 */
public record PlayMessage(String matchId, List<SExpr> moves) implements Message {
    public PlayMessage {
        moves = List.copyOf(moves);
    }

    /** True on the first play of a match ({@code nil}: no move has been made yet). */
    public boolean isFirst() {
        return moves.isEmpty();
    }

    @Override
    public String kind() {
        return "play";
    }

    @Override
    public String render() {
        return "(play " + matchId + " " + Kif.renderMoves(moves) + ")";
    }
}
