package org.ratchet.player.gauntlet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What a player's log says about its moves: those its search did not deliver in time, and how much each
 * search did. The player logs a line with
 * "too late" when its search chose a move after the clock had already answered (with the search's best move
 * so far, or the fallback), and a line with "sent fallback move" whenever a move the search did not choose
 * went out (no answer in time, a failed search, an illegal choice). Either means the build overran its clock:
 * at a real tournament that is a weaker move, or a random one, so a gauntlet must not hide it. Other lines
 * that merely mention the fallback engine (the per-match summary, an engine that declined the game) do not
 * count. Every move a search chose (the match's "ply N: STRATEGY chose MOVE ..." line, in time or late) ends
 * with the search's statistics, among them {@code iterations=N}: how much the build searched per move, beside
 * how well it played.
 *
 * @param late       lines containing "too late"
 * @param fallback   lines containing "sent fallback move"
 * @param example    the first such line, shortened, or "" if there was none
 * @param iterations the search iterations of every move a search chose, in increasing order
 */
public record PlayerLogScan(int late, int fallback, String example, int[] iterations) {
    private static final int MAX_EXAMPLE = 200;
    private static final String CHOSE = " chose ";
    private static final String ITERATIONS = " iterations=";

    public static final PlayerLogScan NONE = new PlayerLogScan(0, 0, "");

    public PlayerLogScan {
        iterations = iterations.clone();
        Arrays.sort(iterations);
    }

    /** A scan that saw no search statistics. */
    public PlayerLogScan(int late, int fallback, String example) {
        this(late, fallback, example, new int[0]);
    }

    public static PlayerLogScan scan(Path log) throws IOException {
        int late = 0;
        int fallback = 0;
        String example = "";
        int[] iterations = new int[64];
        int moves = 0;
        // An InputStreamReader replaces bytes that are not UTF-8 instead of failing on them.
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(Files.newInputStream(log), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                int searched = searchIterations(line);
                if (searched >= 0) {
                    if (moves == iterations.length) {
                        iterations = Arrays.copyOf(iterations, 2 * moves);
                    }
                    iterations[moves++] = searched;
                }
                boolean isLate = line.contains("too late");
                if (!isLate && !line.contains("sent fallback move")) {
                    continue;
                }
                if (isLate) {
                    late++;
                } else {
                    fallback++;
                }
                if (example.isEmpty()) {
                    example = line.length() <= MAX_EXAMPLE ? line : line.substring(0, MAX_EXAMPLE) + "...";
                }
            }
        }
        return new PlayerLogScan(late, fallback, example, Arrays.copyOf(iterations, moves));
    }

    /** The iterations a line reports for a move a search chose, or -1 if it is no such line. */
    private static int searchIterations(String line) {
        int chose = line.indexOf(CHOSE);
        int at = chose < 0 ? -1 : line.indexOf(ITERATIONS, chose);
        if (at < 0) {
            return -1;
        }
        int from = at + ITERATIONS.length();
        int to = from;
        while (to < line.length() && to - from < 10 && Character.isDigit(line.charAt(to))) {
            to++;
        }
        if (to == from || to - from == 10) {
            return -1;
        }
        long value = Long.parseLong(line, from, to, 10);
        return value <= Integer.MAX_VALUE ? (int) value : -1;
    }

    /** Both scans together, keeping the first example. */
    public PlayerLogScan plus(PlayerLogScan other) {
        int[] both = Arrays.copyOf(iterations, iterations.length + other.iterations.length);
        System.arraycopy(other.iterations, 0, both, iterations.length, other.iterations.length);
        return new PlayerLogScan(late + other.late, fallback + other.fallback,
            example.isEmpty() ? other.example : example, both);
    }

    /** The median of the searches' iterations per move, or -1 if the log reports none. */
    public long medianIterations() {
        int n = iterations.length;
        if (n == 0) {
            return -1;
        }
        return n % 2 == 1 ? iterations[n / 2] : ((long) iterations[n / 2 - 1] + iterations[n / 2]) / 2;
    }

    /** The number of moves a search chose. */
    public int searchedMoves() {
        return iterations.length;
    }

    public int total() {
        return late + fallback;
    }
}
