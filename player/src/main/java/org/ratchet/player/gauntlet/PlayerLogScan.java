package org.ratchet.player.gauntlet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a player's log says about moves its search did not deliver in time. The player logs a line with
 * "too late" when its search chose a move after the clock had already answered (with the search's best move
 * so far, or the fallback), and a line with "sent fallback move" whenever a move the search did not choose
 * went out (no answer in time, a failed search, an illegal choice). Either means the build overran its clock:
 * at a real tournament that is a weaker move, or a random one, so a gauntlet must not hide it. Other lines
 * that merely mention the fallback engine (the per-match summary, an engine that declined the game) do not
 * count.
 *
 * @param late     lines containing "too late"
 * @param fallback lines containing "sent fallback move"
 * @param example  the first such line, shortened, or "" if there was none
 */
public record PlayerLogScan(int late, int fallback, String example) {
    private static final int MAX_EXAMPLE = 200;

    public static final PlayerLogScan NONE = new PlayerLogScan(0, 0, "");

    public static PlayerLogScan scan(Path log) throws IOException {
        int late = 0;
        int fallback = 0;
        String example = "";
        // An InputStreamReader replaces bytes that are not UTF-8 instead of failing on them.
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(Files.newInputStream(log), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
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
        return new PlayerLogScan(late, fallback, example);
    }

    /** Both scans together, keeping the first example. */
    public PlayerLogScan plus(PlayerLogScan other) {
        return new PlayerLogScan(late + other.late, fallback + other.fallback,
            example.isEmpty() ? other.example : example);
    }

    public int total() {
        return late + fallback;
    }
}
