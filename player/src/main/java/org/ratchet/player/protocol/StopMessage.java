package org.ratchet.player.protocol;

import java.util.List;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * {@code (stop MATCHID MOVES)}: the match is over; {@code MOVES} is the last joint move ({@code nil} if the
 * game ended before any move). The player answers {@code done} and frees the match's resources.
 *
 * @param matchId the match identifier
 * @param moves the last joint move; empty when the server sent {@code nil}
 */
public record StopMessage(String matchId, List<SExpr> moves) implements Message {
    public StopMessage {
        moves = List.copyOf(moves);
    }

    @Override
    public String kind() {
        return "stop";
    }

    @Override
    public String render() {
        return "(stop " + matchId + " " + Kif.renderMoves(moves) + ")";
    }
}
