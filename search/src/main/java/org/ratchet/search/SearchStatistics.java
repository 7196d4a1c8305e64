package org.ratchet.search;

import java.util.List;
import java.util.Locale;

/**
 * What one search did, for the caller's log: an immutable snapshot.
 *
 * @param strategy      the strategy's name
 * @param threads       worker threads used
 * @param iterations    completed iterations (tree descents, or flat samples)
 * @param playouts      playouts run (an iteration that ends in a solved node needs none)
 * @param elapsedMillis wall time of the search
 * @param treeNodes     nodes in the tree after the search (0 without a tree)
 * @param poolNodes     the most nodes the tree can hold (0 without a tree)
 * @param longestStallMillis the longest the search's clock thread was held up beyond its wake-up time
 *                      (a garbage-collection pause or a starved machine shows here)
 * @param provenValue   our exact goal value at the root if the search solved it, otherwise -1
 * @param bestLineValue in a puzzle, the goal of the best complete line found so far (the search replays it
 *                      once nothing better can be found), otherwise -1
 * @param chosenMove    the move returned, as KIF (empty before the first move)
 * @param moves         our role's moves at the root, most visited first
 */
public record SearchStatistics(String strategy, int threads, long iterations, long playouts, long elapsedMillis,
        int treeNodes, int poolNodes, long longestStallMillis, int provenValue, int bestLineValue, String chosenMove,
        List<MoveStatistics> moves) {

    /**
     * One of our moves at the root.
     *
     * @param move        the move as KIF
     * @param visits      iterations that tried it
     * @param meanValue   our mean goal value over them (0..100)
     * @param provenValue our exact value after it, if solved, otherwise -1
     */
    public record MoveStatistics(String move, long visits, double meanValue, int provenValue) {
    }

    public SearchStatistics {
        moves = List.copyOf(moves);
    }

    /** The record of a strategy that has not searched yet. */
    public static SearchStatistics empty(String strategy, int threads) {
        return new SearchStatistics(strategy, threads, 0, 0, 0, 0, 0, 0, -1, -1, "", List.of());
    }

    public double iterationsPerSecond() {
        return elapsedMillis == 0 ? 0 : iterations * 1000.0 / elapsedMillis;
    }

    public double playoutsPerSecond() {
        return elapsedMillis == 0 ? 0 : playouts * 1000.0 / elapsedMillis;
    }

    /** One log line of key=value pairs; the moves list is cut after the five most visited. */
    @Override
    public String toString() {
        StringBuilder line = new StringBuilder();
        line.append("strategy=").append(strategy)
                .append(" threads=").append(threads)
                .append(" iterations=").append(iterations)
                .append(" playouts=").append(playouts)
                .append(" ms=").append(elapsedMillis)
                .append(String.format(Locale.ROOT, " iterations_per_s=%.1f playouts_per_s=%.1f",
                        iterationsPerSecond(), playoutsPerSecond()))
                .append(" nodes=").append(treeNodes)
                .append(" pool=").append(poolNodes)
                .append(" stall_ms=").append(longestStallMillis)
                .append(" proven=").append(provenValue);
        if (bestLineValue >= 0) {
            line.append(" best_line=").append(bestLineValue);
        }
        line.append(" move=").append(chosenMove.isEmpty() ? "-" : chosenMove.replace(' ', '_'))
                .append(" moves=");
        int shown = Math.min(5, moves.size());
        for (int i = 0; i < shown; i++) {
            MoveStatistics m = moves.get(i);
            line.append(i == 0 ? "" : ",").append(m.move().replace(' ', '_')).append(':').append(m.visits())
                    .append(String.format(Locale.ROOT, ":%.1f", m.meanValue()));
            if (m.provenValue() >= 0) {
                line.append(":proven").append(m.provenValue());
            }
        }
        if (moves.size() > shown) {
            line.append(",...");
        } else if (shown == 0) {
            line.append('-');
        }
        return line.toString();
    }
}
