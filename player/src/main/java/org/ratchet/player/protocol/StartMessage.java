package org.ratchet.player.protocol;

import java.util.List;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * {@code (start MATCHID ROLE (RULES...) STARTCLOCK PLAYCLOCK)}: a new match. The player answers
 * {@code ready} before the start clock runs out, then one move per play message, each within the play clock.
 *
 * @param matchId the match identifier, exactly as the server wrote it
 * @param role the role the player plays, as the server wrote it
 * @param rules the rule sheet as read, one entry per top-level rule
 * @param startClockMillis the start clock (the message gives it in seconds)
 * @param playClockMillis the play clock (the message gives it in seconds)
 */
public record StartMessage(String matchId, String role, List<SExpr> rules, long startClockMillis,
                           long playClockMillis) implements Message {
    public StartMessage {
        rules = List.copyOf(rules);
    }

    @Override
    public String kind() {
        return "start";
    }

    @Override
    public String render() {
        return "(start " + matchId + " " + role + " " + Kif.renderList(rules) + " "
            + Kif.renderSeconds(startClockMillis) + " " + Kif.renderSeconds(playClockMillis) + ")";
    }
}
