package org.ratchet.player.gauntlet;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ratchet.player.gamemaster.JsonCodec;
import org.ratchet.player.gamemaster.TournamentResult;
import org.ratchet.player.gamemaster.TournamentResult.Played;

/**
 * The matches of a gauntlet and what they say about the new build (player 0 of every game) against the
 * reference copies (players 1 and up).
 *
 * <p>A match scores the new build by its goal relative to each opponent's: 1 for every opponent it beat
 * (strictly higher goal), 0.5 for every opponent it tied, 0 for every opponent it lost to, averaged over its
 * opponents. So a win, a goal strictly higher than every opponent's, scores 1; a loss, lower than every
 * opponent's, scores 0; anything else counts as a draw (in a three-player game, second place scores 0.5). In
 * two-player games with goals 100/50/0 this is goal/100; unlike goal/100 it stays 0.5 between equal builds in
 * games that are not zero-sum or have more than two players, which is what the Elo difference assumes.
 * Aborted matches are listed but not scored.
 */
public final class GauntletResult {

    /** One game's matches, the names of its players (the new build first) and each player's log scan. */
    public record GameRun(String game, TournamentResult tournament, List<String> players,
                          List<PlayerLogScan> logs) {
        public GameRun {
            players = List.copyOf(players);
            logs = List.copyOf(logs);
        }
    }

    /** The new build's record over some matches. */
    public record Figures(int matches, int aborted, int wins, int draws, int losses, double meanGoal,
                          EloEstimate estimate) {
        /** Wins, draws and losses as the tables print them, e.g. {@code 38-1-21}. */
        String winsDrawsLosses() {
            return wins + "-" + draws + "-" + losses;
        }
    }

    private final List<GameRun> games = new ArrayList<>();
    /** The sequential test a run stops each game's matches with, or null. */
    private final Sprt sprt;

    public GauntletResult() {
        this(null);
    }

    /** Results whose summary gives {@code sprt}'s verdict per game ({@code null}: none). */
    public GauntletResult(Sprt sprt) {
        this.sprt = sprt;
    }

    public void add(GameRun game) {
        games.add(game);
    }

    public List<GameRun> games() {
        return List.copyOf(games);
    }

    /** The new build's score in one completed match, sitting in {@code role}: see the class comment. */
    static double score(List<Integer> goals, int role) {
        double points = 0;
        for (int other = 0; other < goals.size(); other++) {
            if (other != role) {
                int difference = Integer.compare(goals.get(role), goals.get(other));
                points += difference > 0 ? 1 : difference == 0 ? 0.5 : 0;
            }
        }
        return points / (goals.size() - 1);
    }

    /** The role the new build (player 0) took in the match. */
    static int newRole(Played match) {
        for (int r = 0; r < match.seats().length; r++) {
            if (match.seats()[r] == 0) {
                return r;
            }
        }
        throw new IllegalStateException("the new build did not play in match " + match.matchId());
    }

    public Figures figures(GameRun game) {
        return figures(List.of(game));
    }

    public Figures overall() {
        return figures(games);
    }

    /** The new build's score in each completed match, in the order they were played. */
    public static double[] scores(TournamentResult tournament) {
        return tournament.matches().stream().filter(Played::completed)
            .mapToDouble(match -> score(match.goals(), newRole(match))).toArray();
    }

    private static Figures figures(List<GameRun> runs) {
        List<Played> matches = new ArrayList<>();
        for (GameRun run : runs) {
            matches.addAll(run.tournament().matches());
        }
        return figuresOf(matches);
    }

    /**
     * The new build's record in one game over the matches it played in the role named {@code role}: a game may
     * favour one seat (skirmish's white moves first), and the build's record by seat says whether a score rests
     * on it.
     */
    public static Figures figures(GameRun game, String role) {
        return figuresOf(game.tournament().matches().stream()
            .filter(match -> match.roleNames().get(newRole(match)).equals(role)).toList());
    }

    /** The roles of the game's matches by name, in the order of the game's role list. */
    static List<String> roles(GameRun game) {
        List<String> roles = new ArrayList<>();
        for (Played match : game.tournament().matches()) {
            for (String role : match.roleNames()) {
                if (!roles.contains(role)) {
                    roles.add(role);
                }
            }
        }
        return roles;
    }

    private static Figures figuresOf(List<Played> matches) {
        List<Double> scores = new ArrayList<>();
        int aborted = 0;
        int wins = 0;
        int losses = 0;
        double goals = 0;
        for (Played match : matches) {
            if (!match.completed()) {
                aborted++;
                continue;
            }
            int role = newRole(match);
            double score = score(match.goals(), role);
            scores.add(score);
            goals += match.goals().get(role);
            wins += score == 1 ? 1 : 0;
            losses += score == 0 ? 1 : 0;
        }
        int n = scores.size();
        EloEstimate estimate = EloEstimate.of(scores.stream().mapToDouble(Double::doubleValue).toArray());
        return new Figures(n, aborted, wins, n - wins - losses, losses, n > 0 ? goals / n : Double.NaN, estimate);
    }

    /** Errors the gamemaster recorded (late, illegal or unreadable replies, failed connections): {new, reference}. */
    public static int[] errors(GameRun run) {
        int[] errors = new int[2];
        for (Played match : run.tournament().matches()) {
            for (int r = 0; r < match.seats().length; r++) {
                errors[match.seats()[r] == 0 ? 0 : 1] += match.errors()[r];
            }
        }
        return errors;
    }

    /** The log scans of the new build (false) or of the reference copies (true), over all games. */
    public PlayerLogScan logs(boolean reference) {
        PlayerLogScan total = PlayerLogScan.NONE;
        for (GameRun run : games) {
            total = total.plus(logs(run, reference));
        }
        return total;
    }

    /** The log scan of the new build (false) or of the reference copies together (true) in one game. */
    public static PlayerLogScan logs(GameRun run, boolean reference) {
        PlayerLogScan total = PlayerLogScan.NONE;
        for (int p = reference ? 1 : 0; p < (reference ? run.logs().size() : 1); p++) {
            total = total.plus(run.logs().get(p));
        }
        return total;
    }

    private int totalErrors(int build) {
        return games.stream().mapToInt(run -> errors(run)[build]).sum();
    }

    /** True if the new build sent a late or fallback move, or the gamemaster recorded an error of it. */
    public boolean newBuildFaulted() {
        return logs(false).total() > 0 || totalErrors(0) > 0;
    }

    /**
     * The per-game and overall table, the new build's record per game and role, the late/fallback/error counts
     * per build, then per game each build's median search iterations per move (how much it searched, beside how
     * well it played).
     */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%-24s %7s %6s %11s %6s %16s %6s%n", "game", "matches", "score", "W-D-L", "Elo",
            "Elo 95% CI", "goal"));
        for (GameRun run : games) {
            appendRow(out, run.game(), figures(run));
        }
        appendRow(out, "overall", overall());
        out.append(String.format("%nby the new build's role:%n"));
        out.append(String.format("%-24s %-12s %7s %6s %11s %6s%n", "game", "role", "matches", "score", "W-D-L",
            "goal"));
        for (GameRun run : games) {
            for (String role : roles(run)) {
                Figures f = figures(run, role);
                if (f.matches() > 0) {
                    out.append(String.format(Locale.ROOT, "%-24s %-12s %7d %6.3f %11s %6.1f%n", run.game(), role,
                        f.matches(), f.estimate().score(), f.winsDrawsLosses(),
                        f.meanGoal()));
                }
            }
        }
        out.append(String.format("%nlate and fallback moves (player logs), errors (gamemaster records):%n"));
        out.append(String.format("%-10s %6s %9s %7s%n", "build", "late", "fallback", "errors"));
        for (int build = 0; build < 2; build++) {
            PlayerLogScan scan = logs(build == 1);
            out.append(String.format("%-10s %6d %9d %7d%n", build == 0 ? "new" : "reference", scan.late(),
                scan.fallback(), totalErrors(build)));
        }
        for (int build = 0; build < 2; build++) {
            PlayerLogScan scan = logs(build == 1);
            if (!scan.example().isEmpty()) {
                out.append("first in the ").append(build == 0 ? "new" : "reference").append(" build's logs: ")
                    .append(scan.example()).append('\n');
            }
        }
        if (sprt != null) {
            out.append(String.format("%nSPRT, %s (a game's matches stop at a verdict):%n", sprt.hypotheses()));
            for (GameRun run : games) {
                out.append(String.format("%-24s %s%n", run.game(), sprt.describe(scores(run.tournament()))));
            }
        }
        out.append(String.format("%nsearch iterations per move, median over the moves a search chose (player logs):%n"));
        out.append(String.format("%-24s %10s %10s%n", "game", "new", "reference"));
        for (GameRun run : games) {
            out.append(String.format("%-24s %10s %10s%n", run.game(), median(logs(run, false)),
                median(logs(run, true))));
        }
        return out.toString();
    }

    private static String median(PlayerLogScan scan) {
        long median = scan.medianIterations();
        return median < 0 ? "-" : Long.toString(median);
    }

    private static void appendRow(StringBuilder out, String label, Figures f) {
        EloEstimate e = f.estimate();
        String aborted = f.aborted() > 0 ? "  (" + f.aborted() + " aborted, not counted)" : "";
        if (f.matches() == 0) {
            out.append(String.format(Locale.ROOT, "%-24s %7d %6s %11s %6s %16s %6s%s%n", label, 0, "-", "-", "-", "-",
                "-", aborted));
            return;
        }
        out.append(String.format(Locale.ROOT, "%-24s %7d %6.3f %11s %+6.0f %16s %6.1f%s%n", label, f.matches(),
            e.score(), f.winsDrawsLosses(), e.elo(),
            String.format(Locale.ROOT, "[%+.0f, %+.0f]", e.eloLow(), e.eloHigh()), f.meanGoal(), aborted));
    }

    /** One row per match, from the new build's side. */
    public String toCsv() {
        StringBuilder out = new StringBuilder("game,match,matchId,roles,newRole,newGoal,goals,score,result,"
            + "newErrors,referenceErrors,completed\n");
        for (GameRun run : games) {
            List<Played> matches = run.tournament().matches();
            for (int m = 0; m < matches.size(); m++) {
                Played match = matches.get(m);
                int role = newRole(match);
                int newErrors = match.errors()[role];
                int referenceErrors = -newErrors;
                for (int errors : match.errors()) {
                    referenceErrors += errors;
                }
                out.append(run.game()).append(',').append(m + 1).append(',').append(match.matchId()).append(',')
                    .append(match.seats().length).append(',').append(match.roleNames().get(role)).append(',');
                if (match.completed()) {
                    double score = score(match.goals(), role);
                    out.append(match.goals().get(role)).append(',')
                        .append(String.join(" ", match.goals().stream().map(String::valueOf).toList())).append(',')
                        .append(String.format(Locale.ROOT, "%.3f", score)).append(',').append(result(score));
                } else {
                    out.append(",,,");
                }
                out.append(',').append(newErrors).append(',').append(referenceErrors).append(',')
                    .append(match.completed()).append('\n');
            }
        }
        return out.toString();
    }

    private static String result(double score) {
        return score == 1 ? "W" : score == 0 ? "L" : "D";
    }

    /** The run as written by {@link #toJson}: settings, each game's figures, overall, the faults of each build. */
    @JsonPropertyOrder({"settings", "games", "overall", "new", "reference"})
    record Document(Object settings, List<GameJson> games, FiguresJson overall,
                    @JsonProperty("new") FaultsJson newBuild, FaultsJson reference) {
    }

    /** {@code sprt} only where the run had a sequential test. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record GameJson(@JsonUnwrapped FiguresJson figures, String game, List<String> players, int newErrors,
                    int referenceErrors, List<RoleJson> roles, List<LogJson> logs, SprtJson sprt) {
    }

    /** The new build's figures over the matches it played in one role. */
    @JsonPropertyOrder({"role"})
    record RoleJson(String role, @JsonUnwrapped FiguresJson figures) {
    }

    record SprtJson(double elo0, double elo1, double llr, double lower, double upper, String verdict) {
    }

    /** {@code medianIterations} is null where the log reports no search. */
    record LogJson(String player, int late, int fallback, int searchedMoves, Long medianIterations) {
    }

    record FaultsJson(int late, int fallback, int errors) {
    }

    /** Unknown figures (no match counted) are null. */
    record FiguresJson(int matches, int aborted, int wins, int draws, int losses, Double score, Double scoreLow,
                       Double scoreHigh, Double elo, Double eloLow, Double eloHigh, Double meanGoal) {
        static FiguresJson of(Figures f) {
            EloEstimate e = f.estimate();
            return new FiguresJson(f.matches(), f.aborted(), f.wins(), f.draws(), f.losses(), finiteOrNull(e.score()),
                finiteOrNull(e.scoreLow()), finiteOrNull(e.scoreHigh()), finiteOrNull(e.elo()),
                finiteOrNull(e.eloLow()), finiteOrNull(e.eloHigh()), finiteOrNull(f.meanGoal()));
        }
    }

    /** The settings given ({@code settings}, written as they are), the figures per game and overall, and the log
     * and error counts per build. */
    public String toJson(Object settings) {
        List<GameJson> gamesJson = new ArrayList<>();
        for (GameRun run : games) {
            int[] errors = errors(run);
            List<LogJson> logs = new ArrayList<>();
            for (int p = 0; p < run.logs().size(); p++) {
                PlayerLogScan scan = run.logs().get(p);
                long median = scan.medianIterations();
                logs.add(new LogJson(run.players().get(p), scan.late(), scan.fallback(), scan.searchedMoves(),
                    median < 0 ? null : median));
            }
            SprtJson test = null;
            if (sprt != null) {
                double[] scores = scores(run.tournament());
                test = new SprtJson(sprt.elo0(), sprt.elo1(), sprt.llr(scores), sprt.lowerBound(), sprt.upperBound(),
                    sprt.verdict(scores).name());
            }
            List<RoleJson> roles = new ArrayList<>();
            for (String role : roles(run)) {
                roles.add(new RoleJson(role, FiguresJson.of(figures(run, role))));
            }
            gamesJson.add(new GameJson(FiguresJson.of(figures(run)), run.game(), run.players(), errors[0], errors[1],
                roles, logs, test));
        }
        FaultsJson[] faults = new FaultsJson[2];
        for (int build = 0; build < 2; build++) {
            PlayerLogScan scan = logs(build == 1);
            faults[build] = new FaultsJson(scan.late(), scan.fallback(), totalErrors(build));
        }
        return JsonCodec.write(new Document(settings, gamesJson, FiguresJson.of(overall()), faults[0], faults[1]));
    }

    private static Double finiteOrNull(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
