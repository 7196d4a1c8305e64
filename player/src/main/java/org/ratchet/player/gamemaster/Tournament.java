package org.ratchet.player.gamemaster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
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
    /** Set by {@link #stop()}, from another thread. */
    private volatile boolean stopped;
    /** Asked before each match whether the results so far suffice (a sequential test); never by default. */
    private Predicate<TournamentResult> enough = results -> false;

    public Tournament(Gamemaster gamemaster) {
        this.gamemaster = gamemaster;
    }

    /**
     * Ends the tournament from another thread (a shutdown hook) before its players are stopped: no match starts
     * after it, and the match under way is not recorded, since its players' errors from then on would be the
     * stop's, not theirs.
     */
    public void stop() {
        stopped = true;
    }

    /**
     * Makes {@link #run} play no further match once {@code enough} holds for the results so far (recorded
     * ones included): a sequential test that has reached its verdict. Returns this tournament.
     */
    public Tournament stoppingWhen(Predicate<TournamentResult> enough) {
        this.enough = enough;
        return this;
    }

    /** Whether {@link #stop()} was called. */
    public boolean isStopped() {
        return stopped;
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
        return run(game, players, matches, clocks, recordDirectory, progress, List.of());
    }

    /**
     * Continues a tournament of which the matches {@code recorded} (in the order they were played) are over:
     * they count as its first matches, and the schedule goes on from there up to {@code matches} (nothing is
     * played where the records reach it).
     *
     * @throws IllegalArgumentException if a recorded match was played by someone not among {@code players}, or
     *                                  with other rules
     */
    public TournamentResult run(PreparedGame game, List<PlayerAddress> players, int matches,
                                Gamemaster.Clocks clocks, Path recordDirectory, PrintStream progress,
                                List<MatchRecord> recorded) throws IOException {
        if (players.stream().map(PlayerAddress::toString).distinct().count() != players.size()) {
            throw new IllegalArgumentException("two players share a name; name them apart (NAME=HOST:PORT)");
        }
        TournamentResult result = recorded(game, players.stream().map(PlayerAddress::toString).toList(), recorded);
        int roleCount = game.referee().newMachine().roleCount();
        List<int[]> schedule = schedule(players.size(), roleCount, matches);
        String prefix = game.name() + "." + System.currentTimeMillis() + ".";
        for (int m = recorded.size(); m < schedule.size() && !stopped && !enough.test(result); m++) {
            int[] seats = schedule.get(m);
            List<PlayerAddress> seated = new ArrayList<>(roleCount);
            for (int seat : seats) {
                seated.add(players.get(seat));
            }
            MatchRecord record = gamemaster.run(game, seated, prefix + (m + 1), clocks);
            if (stopped) {
                LOG.info("match {} was under way when the tournament stopped; not recorded", record.matchId());
                break;
            }
            Path file = record.writeTo(recordDirectory);
            result.add(seats, record);
            progress.println(String.format("match %d/%d %s", m + 1, matches, describe(record)));
            LOG.info("match record written to {}", file);
        }
        return result;
    }

    /**
     * The results of matches of {@code game} already played between the players named {@code players}: each
     * record's seats are found from the player names it lists.
     *
     * @throws IllegalArgumentException if a record names a player not among {@code players}, or has other rules
     *                                  than the game's (a game file changed under the same name)
     */
    public static TournamentResult recorded(PreparedGame game, List<String> players, List<MatchRecord> records) {
        TournamentResult result = new TournamentResult(game.name(), players);
        for (MatchRecord record : records) {
            if (!record.gameRulesheet().equals(game.rulesheet())) {
                throw new IllegalArgumentException("match " + record.matchId() + " was played with other rules than "
                    + game.name() + "'s now");
            }
            List<String> names = record.playerNames();
            int[] seats = new int[names.size()];
            for (int r = 0; r < seats.length; r++) {
                seats[r] = players.indexOf(names.get(r));
                if (seats[r] < 0) {
                    throw new IllegalArgumentException("match " + record.matchId() + " was played by '" + names.get(r)
                        + "', who is not one of " + players);
                }
            }
            result.add(seats, record);
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
