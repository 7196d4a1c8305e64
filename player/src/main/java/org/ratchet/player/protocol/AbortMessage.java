package org.ratchet.player.protocol;

/**
 * {@code (abort MATCHID)}: the match ends without a result. The player answers {@code aborted} and frees the
 * match's resources.
 */
public record AbortMessage(String matchId) implements Message {

    @Override
    public String kind() {
        return "abort";
    }

    @Override
    public String render() {
        return "(abort " + matchId + ")";
    }
}
