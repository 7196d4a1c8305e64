package org.ratchet.player.gamemaster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A series of matches of one game between a pool of players. Every group of as many players as the game
 * has roles meets in turn, and within a group the players rotate through the roles, so that over a full
 * cycle every player plays every role against every opponent equally often.
 */
public final class Tournament {
    private static final Logger LOG = LogManager.getLogger(Tournament.class);

    private final Gamemaster gamemaster;

    public Tournament(Gamemaster gamemaster) {
        this.gamemaster = gamemaster;
    }

    /**
     * The seating of each match: {@code seats[r]} is the index of the player in role r. Groups of
     * {@code roleCount} players are taken in lexicographic order, each followed by its cyclic rotations; the
     * cycle repeats until there are {@code matches} seatings.
     */
    public static List<int[]> schedule(int playerCount, int roleCount, int matches) {
        if (roleCount < 1) {
            throw new IllegalArgumentException("a game needs at least one role");
        }
        if (playerCount < roleCount) {
            throw new IllegalArgumentException("the game has " + roleCount + " roles but only " + playerCount
                + " players were given; a player cannot take two roles in one match");
        }
        List<int[]> cycle = new ArrayList<>();
        int[] group = new int[roleCount];
        for (int i = 0; i < roleCount; i++) {
            group[i] = i;
        }
        while (true) {
            for (int shift = 0; shift < roleCount; shift++) {
                int[] seats = new int[roleCount];
                for (int r = 0; r < roleCount; r++) {
                    seats[r] = group[(r + shift) % roleCount];
                }
                cycle.add(seats);
            }
            if (!nextCombination(group, playerCount)) {
                break;
            }
        }
        List<int[]> schedule = new ArrayList<>(matches);
        for (int m = 0; m < matches; m++) {
            schedule.add(cycle.get(m % cycle.size()));
        }
        return schedule;
    }

    /** Advances {@code group} (ascending indices below {@code n}) to the next combination; false after the last. */
    private static boolean nextCombination(int[] group, int n) {
        int k = group.length;
        int i = k - 1;
        while (i >= 0 && group[i] == n - k + i) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        group[i]++;
        for (int j = i + 1; j < k; j++) {
            group[j] = group[j - 1] + 1;
        }
        return true;
    }

    /**
     * Plays {@code matches} matches, writes each record to {@code recordDirectory} and reports each result
     * on {@code progress} as it comes.
     */
    public TournamentResult run(PreparedGame game, List<PlayerAddress> players, int matches,
                                Gamemaster.Clocks clocks, Path recordDirectory, PrintStream progress)
            throws IOException {
        if (players.stream().map(PlayerAddress::toString).distinct().count() != players.size()) {
            throw new IllegalArgumentException("two players share a name; name them apart (NAME=HOST:PORT)");
        }
        int roleCount = game.referee().newMachine().roleCount();
        List<int[]> schedule = schedule(players.size(), roleCount, matches);
        TournamentResult result = new TournamentResult(game.name(), players);
        String prefix = game.name() + "." + System.currentTimeMillis() + ".";
        for (int m = 0; m < schedule.size(); m++) {
            int[] seats = schedule.get(m);
            List<PlayerAddress> seated = new ArrayList<>(roleCount);
            for (int seat : seats) {
                seated.add(players.get(seat));
            }
            MatchRecord record = gamemaster.run(game, seated, prefix + (m + 1), clocks);
            Path file = record.writeTo(recordDirectory);
            result.add(seats, record);
            progress.println(String.format("match %d/%d %s", m + 1, matches, describe(record)));
            LOG.info("match record written to {}", file);
        }
        return result;
    }

    private static String describe(MatchRecord record) {
        StringBuilder out = new StringBuilder(record.matchId()).append(':');
        for (int r = 0; r < record.roleNames().size(); r++) {
            out.append(r == 0 ? " " : ", ").append(record.roleNames().get(r)).append('=')
                .append(record.playerNames().get(r));
            if (record.isCompleted()) {
                out.append(' ').append(record.goalValues().get(r));
            }
            int errors = record.errorCount(r);
            if (errors > 0) {
                out.append(" (").append(errors).append(errors == 1 ? " error)" : " errors)");
            }
        }
        if (!record.isCompleted()) {
            out.append(" ABORTED");
        }
        return out.toString();
    }
}
