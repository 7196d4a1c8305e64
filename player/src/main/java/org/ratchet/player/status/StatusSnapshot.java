package org.ratchet.player.status;

import java.util.List;

/**
 * The content of {@code /status.json}, one immutable snapshot (Jackson writes the records' fields in order).
 * Times are epoch milliseconds of the player's clock; {@code now} lets a page compute time left without
 * trusting its own clock.
 *
 * @param match the match being played or the last one (until the next starts), or null before the first
 * @param recent the last matches played, newest first
 */
public record StatusSnapshot(Player player, long now, CurrentMatch match, List<RecentMatch> recent) {

    /** The player: its name, GGP port, search strategy and threads. */
    public record Player(String name, int ggpPort, String strategy, int threads) {
    }

    /**
     * @param game             a short hash of the rule sheet (servers send no game name)
     * @param ply              joint moves played so far (-1 while the game is being prepared)
     * @param clockEndsAt      when the current clock (start clock, else the play clock of this ply) runs out
     * @param engine           the engine the search plays on now, and why
     * @param engineEvents     compiles begun, finished or declined, engine switches
     * @param moves            one line per ply we answered, oldest first
     */
    public record CurrentMatch(String matchId, String game, String role, List<String> roles, long startClockMillis,
                               long playClockMillis, long startedAt, int ply, long clockEndsAt, String engine,
                               List<EngineEvent> engineEvents, List<PlyReport> moves, Board state, boolean over,
                               String summary) {
    }

    public record EngineEvent(long at, String text) {
    }

    /**
     * One ply: the move sent and where it came from.
     *
     * @param source {@code search} (in time), {@code overran} (the search's best so far, sent by the clock) or
     *               {@code fallback} (a random legal move of the fallback engine)
     * @param late   the search answered after the clock had sent the move
     * @param search the search's report for this ply (also after a late answer), or null
     */
    public record PlyReport(int ply, String move, String source, long tookMillis, String engine, String note,
                            boolean late, Search search, long atMillis) {
    }

    /**
     * The search's report for one move, as in the log line.
     *
     * @param expectedValue our expected goal: the proven value if solved, else the mean of the most visited move
     *                      (-1 if unknown)
     * @param top           our moves at the root, most visited first
     */
    public record Search(String strategy, int threads, long iterations, long playouts, long elapsedMillis,
                         double iterationsPerSecond, double playoutsPerSecond, int nodes, int poolNodes,
                         long stallMillis, int provenValue, double expectedValue, List<RootMove> top) {
    }

    /** One of our moves at the root: visits, mean goal value (0-100), proven value or -1. */
    public record RootMove(String move, long visits, double meanValue, int provenValue) {
    }

    /**
     * The current state.
     *
     * @param jointMove the joint move that led to it, in role order
     * @param facts     the facts true in it (KIF); the page draws a board when they have the form of one
     * @param cut       more facts were true than are listed
     */
    public record Board(int ply, List<String> jointMove, List<String> facts, boolean cut) {
    }

    /**
     * @param goals  every role's goal, empty if unknown (aborted)
     * @param record the file name of the match's record under {@code /records/}, or null if none was written
     */
    public record RecentMatch(String matchId, String game, String role, List<String> roles, List<Integer> goals,
                              boolean aborted, String summary, long endedAt, String record) {
    }
}
