package org.ratchet.player.match;

import java.util.List;
import org.ratchet.search.SearchStatistics;

/**
 * What a match tells whoever watches it (the status page, the records of the player's own matches), in the
 * order it happens. The match knows nothing of HTTP or files: it only calls these methods. They run on the
 * match's threads (search, tracker, clock), so an observer must return quickly and never throw.
 */
public interface MatchObserver {
    /** An observer that ignores everything. */
    MatchObserver NONE = new MatchObserver() {
    };

    /** A start message was accepted; preparing the game begins. */
    default void started(Start start) {
    }

    /** Engine news: a compile began, finished or was declined, or the search switched engines (and why). */
    default void engine(String matchId, String event) {
    }

    /** A move was sent, or the search finished after the clock had sent another (source {@code late}). */
    default void moved(Move move) {
    }

    /** The fallback engine followed the game to a new state (the initial one at ply 0). */
    default void stateReached(State state) {
    }

    /** The match is over: stopped (goals known if an engine followed the game) or aborted. */
    default void ended(End end) {
    }

    /**
     * @param rules the rule sheet as the server sent it (KIF, one line)
     */
    record Start(String matchId, String role, long startClockMillis, long playClockMillis, String rules,
                 long receivedAtMillis) {
    }

    /** How the move sent for a ply came about. */
    enum Source {
        /** the search answered in time */
        SEARCH,
        /** the search overran; the clock sent its best move so far */
        OVERRAN,
        /** the fallback engine's random legal move (or a best guess from the rules) went out */
        FALLBACK,
        /** the search answered after the clock had sent another move: its statistics, not the move sent */
        LATE
    }

    /**
     * @param statistics the search's report (the same one the log line prints), null where there is none
     * @param note       why a fallback went out, else empty
     */
    record Move(String matchId, int ply, String move, Source source, long tookMillis, String engine,
                SearchStatistics statistics, String note, long atMillis) {
    }

    /**
     * @param roles     the game's roles in order
     * @param jointMove the joint move that led here, one per role (empty for the initial state)
     * @param facts     the facts true in the state, as KIF
     */
    record State(String matchId, int ply, List<String> roles, List<String> jointMove, List<String> facts,
                 long atMillis) {
    }

    /**
     * @param goals   every role's goal at the end, or empty if unknown (aborted, or no engine followed the game)
     * @param summary the match's summary line (result, engines, plays, searched, overran, fallbacks...)
     */
    record End(String matchId, boolean aborted, List<Integer> goals, String summary, long atMillis) {
    }
}
