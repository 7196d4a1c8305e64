package org.ratchet.player.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.ratchet.player.gamemaster.PreparedGame;
import org.ratchet.player.gauntlet.Gauntlet;
import org.ratchet.player.gauntlet.GauntletResult;
import org.ratchet.player.gauntlet.PlayerLaunch;
import org.ratchet.player.gauntlet.Sprt;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.gdl.GdlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "gauntlet", mixinStandardHelpOptions = true,
    description = {"Play a new build against a reference build over a suite of games and",
        "measure the difference in strength: per game and overall, the new build's",
        "score, wins-draws-losses and Elo difference with a 95%% confidence interval.",
        "Each player is its own `java -jar JAR serve --threads 1` process pinned to",
        "its own CPU. Exit status 1 if the new build sent a late or fallback move or",
        "the gamemaster recorded an error of it (unless --allow-late), 2 on bad input.",
        "scripts/gauntlet builds a reference jar from a git revision (--reference REV)."},
    footer = {"", "Examples:",
        "  ratchet gauntlet --reference-jar old/ratchet.jar --games connectFour,pentago",
        "  ratchet gauntlet --opponent-strategy montecarlo --games ticTacToe --matches 4"})
public final class GauntletCommand implements Callable<Integer> {
    /** The JVM options of both builds' players: the same variable scripts/ratchet starts Ratchet with. */
    static final String JAVA_OPTIONS_VARIABLE = "RATCHET_JAVA_OPTS";

    @Option(names = "--new-jar", paramLabel = "JAR",
        description = "The new build (default: the jar this command runs from).")
    Path newJar;

    @Option(names = "--reference-jar", paramLabel = "JAR",
        description = "The reference build (default with --opponent-strategy, --new-options or --reference-options: "
            + "the new build's jar).")
    Path referenceJar;

    @Option(names = "--opponent-strategy", paramLabel = "NAME",
        description = "Strategy the reference plays (`serve --strategy`), e.g. montecarlo.")
    String opponentStrategy;

    @Option(names = "--new-options", paramLabel = "OPTIONS",
        description = "Further `serve` options of the new build, space-separated, e.g. \"--search-grave-reference 50\".")
    String newOptions;

    @Option(names = "--reference-options", paramLabel = "OPTIONS",
        description = "Further `serve` options of the reference build, space-separated.")
    String referenceOptions;

    @Option(names = "--games", split = ",", defaultValue = Gauntlet.DEFAULT_SUITE, paramLabel = "GAME",
        description = "Comma-separated games: names from --corpus or .kif paths (default: ${DEFAULT-VALUE}).")
    List<String> games;

    @Option(names = "--corpus", paramLabel = "DIR",
        description = "Where game names are looked up (default: $RATCHET_GAMES/repository, else "
            + "../shared/games/repository).")
    Path corpus;

    @Option(names = "--matches", defaultValue = "40", paramLabel = "N",
        description = "Matches per game (default ${DEFAULT-VALUE}); a multiple of the roles keeps the seats even.")
    int matches;

    @Mixin
    ClockOptions clockOptions;

    @Option(names = "--cpus", split = ",", defaultValue = "0,1", paramLabel = "CPU",
        description = "CPUs of the players: the new build on the first, the reference copies on the next; "
            + "players beyond the list share its last (default ${DEFAULT-VALUE}).")
    int[] cpus;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Folder for records, player logs and results (default target/gauntlet/run-TIMESTAMP).")
    Path out;

    @Option(names = "--sprt", paramLabel = "ELO0,ELO1",
        description = "Stop each game's matches at a sequential test's verdict: is the new build ELO1 stronger "
            + "(H1) or only ELO0 (H0)? 5%% errors each way; --matches caps the matches. E.g. 0,50.")
    String sprt;

    @Option(names = "--resume",
        description = "Continue the run in --out: its recorded matches count and only the missing ones are played. "
            + "The builds (jar and shipped settings), options and clocks must be the run's.")
    boolean resume;

    @Option(names = "--allow-late", description = "Exit 0 even if the new build sent late or fallback moves.")
    boolean allowLate;

    @Option(names = "--dry-run", description = "Print the plan and stop (the jars need not exist yet).")
    boolean dryRun;

    @Override
    public Integer call() {
        try {
            Path newBuild = newJar != null ? newJar : runningJar();
            // Without a reference jar, the new build plays itself with other options (e.g. a strategy or setting).
            boolean selfPlay = opponentStrategy != null || referenceOptions != null || newOptions != null;
            Path reference = referenceJar != null ? referenceJar : selfPlay ? newBuild : null;
            if (resume && out == null) {
                throw new IllegalArgumentException("--resume needs --out DIR, the folder of the run to continue");
            }
            if (reference == null) {
                throw new IllegalArgumentException("give --reference-jar JAR, or --opponent-strategy NAME or "
                    + "--new-options/--reference-options for the new build against itself "
                    + "(scripts/gauntlet --reference REV builds a reference jar from a git revision)");
            }
            if (!dryRun) {
                requireFile(newBuild, "--new-jar");
                requireFile(reference, "--reference-jar");
            }
            List<String> javaOptions = words(System.getenv(JAVA_OPTIONS_VARIABLE));
            if (javaOptions.isEmpty()) {
                // A player pinned to one CPU then gets the serial collector, whose pauses can make its moves
                // late: it would not play as the served player does.
                System.err.println("ratchet gauntlet: warning: " + JAVA_OPTIONS_VARIABLE + " is not set, so the "
                    + "players run with the JVM's defaults (the serial collector on one CPU); scripts/ratchet sets "
                    + "the player's options");
            }
            boolean pinned = Gauntlet.canPinAll(cpus);
            if (!pinned) {
                System.err.println("ratchet gauntlet: warning: taskset cannot pin players to CPUs "
                    + Arrays.toString(cpus) + "; running them unpinned");
            }
            List<String> referenceServeOptions = new ArrayList<>(words(referenceOptions));
            if (opponentStrategy != null) {
                referenceServeOptions.addAll(List.of("--strategy", opponentStrategy));
            }
            Gauntlet.Settings settings = new Gauntlet.Settings(new PlayerLaunch(newBuild, javaOptions, words(newOptions)),
                new PlayerLaunch(reference, javaOptions, referenceServeOptions), matches, clockOptions.clocks(), cpus,
                pinned, out != null ? out : defaultOut(), resume, sprt != null ? Sprt.parse(sprt) : null);
            Gauntlet gauntlet = new Gauntlet(settings, loadGames());
            System.out.print(gauntlet.describe());
            if (dryRun) {
                return 0;
            }
            GauntletResult result = gauntlet.run(System.out);
            System.out.println();
            System.out.print(result.render());
            System.out.println("results: " + settings.out());
            if (result.newBuildFaulted() && !allowLate) {
                System.err.println("ratchet gauntlet: the new build sent late or fallback moves or had errors; "
                    + "see its logs under " + settings.out() + " (--allow-late accepts them)");
                return 1;
            }
            return 0;
        } catch (GdlException | IOException | IllegalArgumentException | IllegalStateException e) {
            System.err.println("ratchet gauntlet: " + e.getMessage());
            return 2;
        }
    }

    /** The space-separated words of an option's value; none for a missing value. */
    static List<String> words(String value) {
        return value == null || value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
    }

    private List<PreparedGame> loadGames() throws IOException, GdlException {
        Path directory = corpus != null ? corpus : defaultCorpus();
        List<PreparedGame> loaded = new ArrayList<>();
        for (String name : games) {
            Path file = name.endsWith(".kif") || name.contains("/") ? Path.of(name) : directory.resolve(name + ".kif");
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("game '" + name + "': no file " + file
                    + (name.endsWith(".kif") ? "" : " (set --corpus, or give a .kif path)"));
            }
            try {
                loaded.add(PreparedGame.load(file, Engines.DEFAULT)); // the referee plays every game the player does
            } catch (GdlException e) {
                throw new GdlException(file + ": " + e.getMessage());
            }
        }
        return loaded;
    }

    private static Path defaultCorpus() {
        String games = System.getenv("RATCHET_GAMES");
        return Path.of(games != null && !games.isBlank() ? games : "../shared/games", "repository");
    }

    private static Path defaultOut() {
        String timestamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Path.of("target", "gauntlet", "run-" + timestamp);
    }

    /** The options as the shell would split the variable: at white space, no quoting. */
    private static void requireFile(Path jar, String option) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(option + ": no such file " + jar);
        }
    }

    /** The jar this command runs from: the current build when started by scripts/ratchet. */
    private static Path runningJar() {
        try {
            Path location = Path.of(GauntletCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(location) && location.toString().endsWith(".jar")) {
                return location;
            }
        } catch (URISyntaxException | RuntimeException unknownLocation) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("give --new-jar JAR: this command is not running from a jar");
    }
}
