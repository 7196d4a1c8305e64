package org.ratchet.player.gamemaster;

import java.util.List;

/**
 * The gamemaster's side of the GGP protocol: the text of the messages it posts to players. Moves, roles and
 * rules arrive already rendered as KIF.
 */
public final class GgpMessages {
    private GgpMessages() {
    }

    /** {@code (start MATCHID ROLE (RULES...) STARTCLOCK PLAYCLOCK)}, clocks in seconds. */
    public static String start(String matchId, String role, String rules, int startClockSeconds,
                               int playClockSeconds) {
        return "(start " + matchId + " " + role + " (" + rules + ") " + startClockSeconds + " " + playClockSeconds
            + ")";
    }

    /** {@code (play MATCHID (M1 M2 ...))} with the previous joint move in role order, or {@code nil} on the first turn. */
    public static String play(String matchId, List<String> previousJointMove) {
        return "(play " + matchId + " " + jointMove(previousJointMove) + ")";
    }

    /** {@code (stop MATCHID (M1 M2 ...))} with the joint move that ended the match. */
    public static String stop(String matchId, List<String> lastJointMove) {
        return "(stop " + matchId + " " + jointMove(lastJointMove) + ")";
    }

    /** {@code (abort MATCHID)}: the match ends without a result. */
    public static String abort(String matchId) {
        return "(abort " + matchId + ")";
    }

    private static String jointMove(List<String> moves) {
        return moves == null ? "nil" : "(" + String.join(" ", moves) + ")";
    }
}
