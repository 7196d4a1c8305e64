package org.ratchet.player.gamemaster;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The matches of a tournament and each player's standing: mean score (goal value) and win rate, each with
 * a 95% confidence interval. A match counts as won by the player with the strictly highest goal; a top
 * goal shared by k players gives each 1/k of a win; in a single-role game a win is the maximum goal, 100.
 * The score interval is clipped to the goal range 0..100.
 * Aborted matches are listed but left out of the standings.
 */
public final class TournamentResult {
    private final String gameName;
    /** The players by name (see {@link PlayerAddress#toString()}); a match's seats index this list. */
    private final List<String> players;
    private final List<Played> matches = new ArrayList<>();

    /** One match: who sat in which role, and how it ended. */
    public record Played(String matchId, int[] seats, List<String> roleNames, List<Integer> goals,
                         int[] errors, boolean completed) {
    }

    /** A player's record over the tournament. */
    public record Standing(String player, int matches, Estimate score, Estimate winRate, int errors) {
    }

    public TournamentResult(String gameName, List<String> players) {
        this.gameName = gameName;
        this.players = List.copyOf(players);
    }

    public void add(int[] seats, MatchRecord record) {
        int[] errors = new int[seats.length];
        for (int r = 0; r < seats.length; r++) {
            errors[r] = record.errorCount(r);
        }
        matches.add(new Played(record.matchId(), seats.clone(), record.roleNames(), record.goalValues(), errors,
            record.isCompleted()));
    }

    public List<Played> matches() {
        return List.copyOf(matches);
    }

    /** The share of a win the player in {@code role} earned in a completed match. */
    static double winShare(List<Integer> goals, int role) {
        if (goals.size() == 1) {
            return goals.get(0) == 100 ? 1 : 0;
        }
        int best = Integer.MIN_VALUE;
        int sharing = 0;
        for (int goal : goals) {
            if (goal > best) {
                best = goal;
                sharing = 1;
            } else if (goal == best) {
                sharing++;
            }
        }
        return goals.get(role) == best ? 1.0 / sharing : 0;
    }

    public List<Standing> standings() {
        List<Standing> standings = new ArrayList<>(players.size());
        for (int p = 0; p < players.size(); p++) {
            List<Double> scores = new ArrayList<>();
            double wins = 0;
            int errors = 0;
            for (Played match : matches) {
                for (int r = 0; r < match.seats().length; r++) {
                    if (match.seats()[r] != p) {
                        continue;
                    }
                    errors += match.errors()[r];
                    if (match.completed()) {
                        scores.add((double) match.goals().get(r));
                        wins += winShare(match.goals(), r);
                    }
                }
            }
            double[] samples = scores.stream().mapToDouble(Double::doubleValue).toArray();
            standings.add(new Standing(players.get(p), samples.length, Estimate.mean(samples).within(0, 100),
                Estimate.proportion(wins, samples.length), errors));
        }
        return standings;
    }

    /** The standings as a table for people. */
    public String render() {
        StringBuilder out = new StringBuilder();
        long aborted = matches.stream().filter(m -> !m.completed()).count();
        out.append(String.format("%s: %d matches%s%n", gameName, matches.size(),
            aborted > 0 ? " (" + aborted + " aborted, not counted)" : ""));
        out.append(String.format("%-22s %7s %22s %24s %7s%n", "player", "matches", "mean score [95% CI]",
            "win rate [95% CI]", "errors"));
        for (Standing s : standings()) {
            out.append(String.format(Locale.ROOT, "%-22s %7d %22s %24s %7d%n", s.player(), s.matches(),
                interval(s.score(), 1, "%.1f"), interval(s.winRate(), 100, "%.0f%%"), s.errors()));
        }
        return out.toString();
    }

    private static String interval(Estimate e, double scale, String format) {
        if (Double.isNaN(e.value())) {
            return "-";
        }
        String value = String.format(Locale.ROOT, format, e.value() * scale);
        if (Double.isNaN(e.low())) {
            return value + " [?]";
        }
        return value + " [" + String.format(Locale.ROOT, format, e.low() * scale) + ", "
            + String.format(Locale.ROOT, format, e.high() * scale) + "]";
    }

    /** One row per player per match: {@code match,matchId,role,player,goal,winShare,errors,completed}. */
    public String toCsv() {
        StringBuilder out = new StringBuilder("match,matchId,role,player,goal,winShare,errors,completed\n");
        for (int m = 0; m < matches.size(); m++) {
            Played match = matches.get(m);
            for (int r = 0; r < match.seats().length; r++) {
                out.append(m + 1).append(',').append(csv(match.matchId())).append(',')
                    .append(csv(match.roleNames().get(r))).append(',')
                    .append(csv(players.get(match.seats()[r]))).append(',');
                if (match.completed()) {
                    out.append(match.goals().get(r)).append(',')
                        .append(String.format(Locale.ROOT, "%.3f", winShare(match.goals(), r)));
                } else {
                    out.append(',');
                }
                out.append(',').append(match.errors()[r]).append(',').append(match.completed()).append('\n');
            }
        }
        return out.toString();
    }

    private static String csv(String field) {
        if (field.contains(",") || field.contains("\"") || field.contains("\n")) {
            return "\"" + field.replace("\"", "\"\"") + "\"";
        }
        return field;
    }

    /** The tournament as written by {@link #toJson()}. */
    record Document(String game, List<String> players, List<StandingJson> standings, List<MatchJson> matches) {
    }

    /** An interval's bounds are null where unknown (too few matches). */
    record StandingJson(String player, int matches, Double meanScore, Double meanScoreLow, Double meanScoreHigh,
                        Double winRate, Double winRateLow, Double winRateHigh, int errors) {
    }

    /** {@code goalValues} only for a completed match. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record MatchJson(String matchId, List<String> roles, List<String> players, boolean completed,
                     List<Integer> goalValues, List<Integer> errors) {
    }

    public String toJson() {
        List<StandingJson> standingsJson = new ArrayList<>();
        for (Standing s : standings()) {
            standingsJson.add(new StandingJson(s.player(), s.matches(), finiteOrNull(s.score().value()),
                finiteOrNull(s.score().low()), finiteOrNull(s.score().high()), finiteOrNull(s.winRate().value()),
                finiteOrNull(s.winRate().low()), finiteOrNull(s.winRate().high()), s.errors()));
        }
        List<MatchJson> matchesJson = new ArrayList<>();
        for (Played match : matches) {
            List<String> seated = new ArrayList<>();
            for (int seat : match.seats()) {
                seated.add(players.get(seat));
            }
            matchesJson.add(new MatchJson(match.matchId(), match.roleNames(), seated, match.completed(),
                match.completed() ? match.goals() : null, Arrays.stream(match.errors()).boxed().toList()));
        }
        return JsonCodec.write(new Document(gameName, players, standingsJson, matchesJson));
    }

    private static Double finiteOrNull(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
