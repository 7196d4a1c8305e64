package org.ratchet.player.gauntlet;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.ratchet.player.gamemaster.Gamemaster;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.player.gamemaster.PlayerAddress;
import org.ratchet.player.gamemaster.PlayerClient;
import org.ratchet.player.gamemaster.PreparedGame;
import org.ratchet.player.gamemaster.Tournament;
import org.ratchet.player.gamemaster.TournamentResult;

/**
 * Plays a new build against a reference build over a suite of games, to tell whether a change made Ratchet
 * stronger. Each game gets fresh player processes: the new build as player 0 and one reference copy per
 * other role; the seats rotate from match to match ({@link Tournament#schedule}) so the new build plays
 * every role equally often. Match records and player logs are kept under the output folder, one sub-folder
 * per game, and the results are written there after every game.
 *
 * <p>A run that was stopped (a long gauntlet outlasts a working session) can be resumed: the matches recorded
 * in its folder count, and only the missing ones are played, in the seats the schedule gives them. The run's
 * {@link RunIdentity} (builds, options, clocks), kept in its folder, must be the same, so that every match
 * counted measures the same two builds.
 */
public final class Gauntlet {
    /** Two-player board games of several kinds, a three-player game and a simultaneous-move game. */
    public static final String DEFAULT_SUITE = "connectFour,breakthroughSmall,pentago,checkers,reversi,skirmish,"
        + "3pConnectFour,connectFourSimultaneous";

    /**
     * What a run is set up with. {@code cpus[p]} is the CPU of player p (the new build is player 0); players
     * beyond the list share its last CPU. {@code pinned} is false where taskset cannot pin them. With
     * {@code resume}, {@code out} holds a run to continue; without it, {@code out} must be new or empty. With a
     * {@code sprt} (else null), a game's matches stop once it reaches a verdict, {@code matches} at the most.
     */
    public record Settings(PlayerLaunch newBuild, PlayerLaunch reference, int matches, Gamemaster.Clocks clocks,
                           int[] cpus, boolean pinned, Path out, boolean resume, Sprt sprt) {
        public Settings {
            if (matches < 1) {
                throw new IllegalArgumentException("--matches must be at least 1");
            }
            if (cpus.length == 0 || Arrays.stream(cpus).anyMatch(cpu -> cpu < 0)) {
                throw new IllegalArgumentException("--cpus needs one or more CPU numbers, 0 or more");
            }
            cpus = cpus.clone();
        }

        /** The CPU player {@code p} is pinned to, or -1 if players are not pinned. */
        int cpu(int p) {
            return pinned ? cpus[Math.min(p, cpus.length - 1)] : -1;
        }
    }

    private final Settings settings;
    private final List<PreparedGame> games;
    private final List<Integer> roleCounts = new ArrayList<>();

    /** @throws IllegalArgumentException if a game has one role only (there is nobody to measure against) */
    public Gauntlet(Settings settings, List<PreparedGame> games) {
        this.settings = settings;
        this.games = List.copyOf(games);
        for (PreparedGame game : games) {
            int roles = game.referee().newMachine().roleCount();
            if (roles < 2) {
                throw new IllegalArgumentException(game.name()
                    + " has one role; a gauntlet needs a game with opponents (scripts/puzzle-duel compares two builds"
                    + " on puzzles)");
            }
            roleCounts.add(roles);
        }
        if (games.stream().map(PreparedGame::name).distinct().count() != games.size()) {
            throw new IllegalArgumentException("a game is listed twice");
        }
    }

    /** Whether {@code taskset} can pin a player to each of the CPUs. */
    public static boolean canPinAll(int[] cpus) {
        return Arrays.stream(cpus).distinct().allMatch(PlayerLaunch::canPin);
    }

    private static String playerName(int p) {
        return p == 0 ? "new" : p == 1 ? "reference" : "reference-" + p;
    }

    /** The plan, for people: builds, clocks, CPUs, each game's seats and the command a player runs with. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append("new build:  ").append(describe(settings.newBuild())).append('\n');
        out.append("reference:  ").append(describe(settings.reference())).append('\n');
        List<String> javaOptions = settings.newBuild().javaOptions();
        out.append("JVM options of both (RATCHET_JAVA_OPTS): ")
            .append(javaOptions.isEmpty() ? "none" : String.join(" ", javaOptions)).append('\n');
        out.append(String.format("clocks: start %d s, play %d s; %d matches per game; one search thread per player%n",
            settings.clocks().startClockSeconds(), settings.clocks().playClockSeconds(), settings.matches()));
        if (settings.sprt() != null) {
            out.append("SPRT: ").append(settings.sprt().hypotheses())
                .append("; a game's matches stop at a verdict (H1: stronger by the first, H0: not)\n");
        }
        int mostPlayers = roleCounts.stream().mapToInt(Integer::intValue).max().orElse(2);
        out.append(describeCpus(mostPlayers)).append('\n');
        out.append("games:\n");
        for (int g = 0; g < games.size(); g++) {
            out.append("  ").append(games.get(g).name()).append(": ").append(describeSeats(roleCounts.get(g)))
                .append('\n');
        }
        out.append("player command: ")
            .append(String.join(" ", settings.newBuild().command(playerName(0), 0, settings.cpu(0)))
                .replace("--port 0", "--port PORT")).append('\n');
        out.append("records, player logs and results under ").append(settings.out())
            .append(settings.resume() ? " (resuming the run there: the matches recorded count)" : "").append('\n');
        return out.toString();
    }

    private static String describe(PlayerLaunch launch) {
        return launch.jar() + (launch.serveOptions().isEmpty() ? "" : " with " + String.join(" ", launch.serveOptions()));
    }

    private String describeCpus(int mostPlayers) {
        if (!settings.pinned()) {
            return "CPUs: not pinned (taskset is missing or cannot use CPUs " + Arrays.toString(settings.cpus())
                + "); the players share the machine as the system schedules them";
        }
        StringBuilder out = new StringBuilder("CPUs: new build on CPU ").append(settings.cpu(0));
        TreeSet<Integer> shared = new TreeSet<>();
        for (int p = 1; p < mostPlayers; p++) {
            out.append(", ").append(playerName(p)).append(" on CPU ").append(settings.cpu(p));
            for (int q = 0; q < p; q++) {
                if (settings.cpu(q) == settings.cpu(p)) {
                    shared.add(settings.cpu(p));
                }
            }
        }
        if (!shared.isEmpty()) {
            out.append("\n  note: players share CPU ")
                .append(shared.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .append(", so each gets part of it; give one CPU per player with --cpus to separate them");
        }
        return out.toString();
    }

    private String describeSeats(int roles) {
        int[] timesInRole = new int[roles];
        for (int[] seats : Tournament.schedule(roles, roles, settings.matches())) {
            for (int r = 0; r < roles; r++) {
                timesInRole[r] += seats[r] == 0 ? 1 : 0;
            }
        }
        String line = roles + " roles, the new build in each role " + Arrays.toString(timesInRole) + " times";
        return settings.matches() % roles == 0 ? line
            : line + " (" + settings.matches() + " matches is not a multiple of " + roles + ": roles are uneven)";
    }

    /**
     * Plays every game (the matches not recorded yet, when resuming), reporting each match on
     * {@code progress}, and writes the results after each game.
     *
     * @throws IllegalArgumentException if the output folder holds another run, or no run to resume, or one
     *                                  with other builds, options or clocks
     */
    public GauntletResult run(PrintStream progress) throws IOException {
        startOrResume();
        GauntletResult result = new GauntletResult(settings.sprt());
        Gamemaster gamemaster = new Gamemaster(new PlayerClient(), new Random());
        for (int g = 0; g < games.size(); g++) {
            PreparedGame game = games.get(g);
            int roles = roleCounts.get(g);
            Path folder = settings.out().resolve(game.name());
            Files.createDirectories(folder);
            List<PlayerLaunch> launches = new ArrayList<>();
            List<String> names = new ArrayList<>();
            int[] cpus = new int[roles];
            for (int p = 0; p < roles; p++) {
                launches.add(p == 0 ? settings.newBuild() : settings.reference());
                names.add(playerName(p));
                cpus[p] = settings.cpu(p);
            }
            Path records = folder.resolve("records");
            List<MatchRecord> recorded = settings.resume() ? recordedMatches(records) : List.of();
            TournamentResult recordedResults = Tournament.recorded(game, names, recorded);
            if (recorded.size() >= settings.matches() || decided(recordedResults)) {
                progress.println("== " + game.name() + ": " + recorded.size() + " matches recorded, none to play"
                    + (decided(recordedResults) ? " (the SPRT has its verdict)" : ""));
                result.add(new GauntletResult.GameRun(game.name(), recordedResults, names, scanLogs(folder, names)));
                writeResults(result);
                continue;
            }
            progress.println("== " + game.name() + ": starting " + roles + " players"
                + (recorded.isEmpty() ? "" : "; " + recorded.size() + " of " + settings.matches()
                    + " matches recorded already"));
            List<PlayerProcess> players = PlayerProcess.startAll(launches, names, cpus, folder);
            Tournament tournament = new Tournament(gamemaster).stoppingWhen(this::decided);
            // Interrupting the gauntlet (Ctrl-C) must not leave player processes running, nor record the match
            // under way: its players are stopped in the middle of it, and a resumed run plays it again.
            Thread stopPlayers = new Thread(() -> {
                tournament.stop();
                players.forEach(PlayerProcess::close);
            }, "gauntlet-stop-players");
            Runtime.getRuntime().addShutdownHook(stopPlayers);
            TournamentResult matches;
            try {
                List<PlayerAddress> addresses = players.stream().map(PlayerProcess::address).toList();
                matches = tournament.run(game, addresses, settings.matches(), settings.clocks(), records, progress,
                    recorded);
            } finally {
                players.forEach(PlayerProcess::close);
                try {
                    Runtime.getRuntime().removeShutdownHook(stopPlayers);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or has run; the players are stopped either way
                }
            }
            result.add(new GauntletResult.GameRun(game.name(), matches, names, scanLogs(folder, names)));
            writeResults(result);
            if (tournament.isStopped()) {
                // the JVM is shutting down: no players are started for the next game
                progress.println("== stopped; --resume --out " + settings.out() + " continues the run");
                break;
            }
        }
        return result;
    }

    /** Whether the run's SPRT (if it has one) has reached a verdict on these matches. */
    private boolean decided(TournamentResult matches) {
        return settings.sprt() != null
            && settings.sprt().verdict(GauntletResult.scores(matches)) != Sprt.Verdict.CONTINUE;
    }

    /**
     * Checks the output folder and keeps the run's identity there: a new run needs a new or empty folder (its
     * matches would be mixed with others'), a resumed one the identity it was started with.
     */
    private void startOrResume() throws IOException {
        Path out = settings.out();
        RunIdentity now = RunIdentity.of(settings);
        if (settings.resume()) {
            RunIdentity started = Files.isDirectory(out) ? RunIdentity.read(out) : null;
            if (started == null) {
                throw new IllegalArgumentException(out + " holds no gauntlet run to resume (no " + RunIdentity.FILE
                    + "); leave out --resume to start one there");
            }
            List<String> differences = now.differencesFrom(started);
            if (!differences.isEmpty()) {
                throw new IllegalArgumentException("the run in " + out + " measured other builds or settings, so "
                    + "its matches cannot count with these: " + String.join("; ", differences));
            }
            return;
        }
        if (Files.isDirectory(out)) {
            try (Stream<Path> entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException(out + " is not empty: --resume continues the run there, "
                        + "or give a new --out");
                }
            }
        }
        Files.createDirectories(out);
        now.write(out);
    }

    /** The matches recorded in {@code records} (none if it does not exist), in the order they were played. */
    private static List<MatchRecord> recordedMatches(Path records) throws IOException {
        if (!Files.isDirectory(records)) {
            return List.of();
        }
        List<MatchRecord> recorded = new ArrayList<>();
        try (Stream<Path> files = Files.list(records)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                try {
                    recorded.add(MatchRecord.read(file));
                } catch (IllegalArgumentException unreadable) {
                    throw new IllegalArgumentException(file + ": " + unreadable.getMessage(), unreadable);
                }
            }
        }
        recorded.sort(Comparator.comparingLong(MatchRecord::startTime));
        return recorded;
    }

    /** Each player's log scan (the log holds every session of a resumed run); none for a log not written. */
    private static List<PlayerLogScan> scanLogs(Path folder, List<String> names) throws IOException {
        List<PlayerLogScan> scans = new ArrayList<>();
        for (String name : names) {
            Path log = folder.resolve(name + ".log");
            scans.add(Files.isRegularFile(log) ? PlayerLogScan.scan(log) : PlayerLogScan.NONE);
        }
        return scans;
    }

    private void writeResults(GauntletResult result) throws IOException {
        Files.writeString(settings.out().resolve("results.csv"), result.toCsv(), StandardCharsets.UTF_8);
        Files.writeString(settings.out().resolve("results.json"), result.toJson(settingsJson()) + "\n",
            StandardCharsets.UTF_8);
        Files.writeString(settings.out().resolve("summary.txt"), result.render(), StandardCharsets.UTF_8);
    }

    /** The settings of a run, as {@code results.json} gives them. */
    record SettingsJson(String newJar, List<String> newServeOptions, String referenceJar,
                        List<String> referenceServeOptions, List<String> javaOptions, int matches, int startClock,
                        int playClock, List<Integer> cpus, boolean pinned, List<String> games) {
    }

    private SettingsJson settingsJson() {
        return new SettingsJson(settings.newBuild().jar().toString(), settings.newBuild().serveOptions(),
            settings.reference().jar().toString(), settings.reference().serveOptions(),
            settings.newBuild().javaOptions(), settings.matches(), settings.clocks().startClockSeconds(),
            settings.clocks().playClockSeconds(), Arrays.stream(settings.cpus()).boxed().toList(), settings.pinned(),
            games.stream().map(PreparedGame::name).toList());
    }
}
