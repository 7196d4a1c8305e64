package org.ratchet.player.gamemaster;

import java.util.List;

/** A match record as text for people: the joint move of each turn, each player's errors, the goals. */
public final class MatchSummary {
    private MatchSummary() {
    }

    public static String render(MatchRecord record) {
        List<String> roles = record.roleNames();
        List<List<String>> errors = record.errors();
        StringBuilder out = new StringBuilder();
        out.append("match ").append(record.matchId()).append(": ").append(record.gameName())
            .append(", start clock ").append(record.startClock()).append(" s, play clock ")
            .append(record.playClock()).append(" s\n");
        for (int r = 0; r < roles.size(); r++) {
            out.append("  ").append(roles.get(r)).append(": ").append(record.playerNames().get(r)).append('\n');
        }
        if (!errors.isEmpty()) {
            appendErrors(out, "start", roles, errors.get(0));
        }
        List<List<String>> moves = record.moves();
        for (int turn = 0; turn < moves.size(); turn++) {
            out.append(String.format("  turn %3d:", turn + 1));
            List<String> jointMove = moves.get(turn);
            List<String> turnErrors = turn + 1 < errors.size() ? errors.get(turn + 1) : List.of();
            for (int r = 0; r < jointMove.size(); r++) {
                out.append(r == 0 ? " " : ", ").append(roles.get(r)).append(' ').append(jointMove.get(r));
                if (r < turnErrors.size() && !turnErrors.get(r).isEmpty()) {
                    out.append(" [").append(errorCode(turnErrors.get(r))).append(", replaced]");
                }
            }
            out.append('\n');
        }
        out.append("errors:");
        for (int r = 0; r < roles.size(); r++) {
            out.append(r == 0 ? " " : ", ").append(roles.get(r)).append(' ').append(record.errorCount(r));
        }
        out.append('\n');
        if (record.isCompleted()) {
            out.append("goals:");
            for (int r = 0; r < roles.size(); r++) {
                out.append(r == 0 ? " " : ", ").append(roles.get(r)).append(' ').append(record.goalValues().get(r));
            }
            out.append('\n');
        } else {
            out.append(record.isAborted() ? "aborted: no goals\n" : "unfinished: no goals\n");
        }
        return out.toString();
    }

    private static void appendErrors(StringBuilder out, String phase, List<String> roles, List<String> errors) {
        for (int r = 0; r < errors.size(); r++) {
            if (!errors.get(r).isEmpty()) {
                out.append("  ").append(phase).append(": ").append(roles.get(r)).append(" [")
                    .append(errorCode(errors.get(r))).append("]\n");
            }
        }
    }

    /** The error as a reader wants it: what the codes of ggp.org records stand for. */
    private static String errorCode(String error) {
        if (error.equals("TO")) {
            return "timeout";
        }
        if (error.equals("CE")) {
            return "connection error";
        }
        if (error.startsWith("IL")) {
            return "illegal reply '" + error.substring(2).trim() + "'";
        }
        return error;
    }
}
