package org.ratchet.player.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.analysis.SubGames;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.ground.GroundingBudget;
import org.ratchet.reasoner.hsfc.CompileReport;
import org.ratchet.reasoner.rewrite.Passes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ratchet check GAME.kif...}: loads each game the way the player does and prints one line per file,
 * {@code ok FILE key=value...} or {@code error: FILE MESSAGE}, so scripts can sort a corpus into valid and
 * invalid games. Warnings (quirks that were normalised) go to standard error.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
        "Load and validate game files, as the player would before a match.",
        "Prints one line per file: 'ok FILE roles=N relations=N rules=N strata=N warnings=N' or "
            + "'error: FILE MESSAGE'. Warnings go to standard error.",
        "With --compile, the line goes on with what compiling the game for the hsfc engine costs (the columns "
            + "of the HSFC paper's Table 1) after engine=hsfc, or hsfc=gave_up with the reason and then the engine "
            + "that plays instead (engine=bottomup, or engine=topdown where bottomup cannot prepare the game "
            + "either) with its preparation time (engine_ms).",
        "With --subgames, it goes on with the game's independent sub-games (groups of moves that change and read "
            + "only their own fluents): subgames=N and the moves of the largest (subgame_moves), or subgames=unknown "
            + "where the game is too large to factor in the time budget.",
        "Exit status: 0 if every file is valid GDL, 1 if any is not, 2 on usage errors."
    })
public final class CheckCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(CheckCommand.class);

    @Parameters(arity = "1..*", paramLabel = "GAME.kif", description = "Game files in KIF (GDL).")
    List<Path> games;

    @Option(names = "--compile", description = "Also compile each valid game with hsfc and report its cost.")
    boolean compile;

    @Option(names = "--compile-seconds", defaultValue = "10", paramLabel = "S",
        description = "Time budget for compiling one game with --compile, and for factoring it with --subgames "
            + "(default: ${DEFAULT-VALUE}).")
    double compileSeconds;

    @Option(names = "--subgames", description = "Also factor each valid game into independent sub-games.")
    boolean subGames;

    @Override
    public Integer call() {
        boolean allValid = true;
        for (Path game : games) {
            allValid &= check(game, System.out, System.err);
        }
        return allValid ? 0 : 1;
    }

    /** Prints the line for one file (and its warnings); returns whether the game is valid. */
    private boolean check(Path file, PrintStream out, PrintStream err) {
        try {
            GameDescription game = GameLoader.load(file);
            for (String warning : game.warnings()) {
                err.println("warning: " + file + " " + oneLine(warning));
            }
            String line = "ok " + file + " " + keyValues(statistics(game));
            if (compile) {
                EngineOptions budget = EngineOptions.defaults().withTimeBudgetMillis(Math.max(1, (long) (compileSeconds * 1000)));
                String report = CompileReport.of(game, budget);
                line += " " + report + (report.startsWith("engine=" + Engines.HSFC) ? "" : " " + fallback(game));
            }
            if (subGames) {
                line += " " + subGames(game);
            }
            out.println(line);
            return true;
        } catch (GdlException e) {
            out.println("error: " + file + " " + oneLine(e.getMessage()));
        } catch (IOException e) {
            out.println("error: " + file + " cannot read the file: " + oneLine(readProblem(e)));
        } catch (RuntimeException | StackOverflowError e) {
            // A bug of ours, not of the game; still one line per file, the trace goes to the log.
            LOG.error("checking {} failed", file, e);
            out.println("error: " + file + " internal error: " + oneLine(String.valueOf(e)));
        }
        return false;
    }

    /** How many independent sub-games the game has, and the moves of the largest. */
    private String subGames(GameDescription game) throws GdlException {
        long budgetMillis = Math.max(1, (long) (compileSeconds * 1000));
        List<SubGames.SubGame> found = SubGames.of(Passes.normalForm(game),
            new GroundingBudget(EngineOptions.defaults().memoryBudgetBytes(), budgetMillis)).subGames();
        if (found.isEmpty()) {
            return "subgames=unknown";
        }
        int largest = found.stream().mapToInt(subGame -> subGame.moves().size()).max().orElse(0);
        return "subgames=" + found.size() + " subgame_moves=" + largest;
    }

    /** Which engine plays where hsfc gives up, and how long it takes to prepare the game for it. */
    private static String fallback(GameDescription game) throws GdlException {
        long start = System.nanoTime();
        String engine = Engines.prepareFallback(game).engineName();
        return "engine=" + engine + " engine_ms=" + (System.nanoTime() - start) / 1_000_000;
    }

    /**
     * What the {@code ok} line reports, in order. Other measures (e.g. of compiling the game for an
     * engine) are added here as further keys, after these.
     */
    private static Map<String, Object> statistics(GameDescription game) throws GdlException {
        Map<String, Object> statistics = new LinkedHashMap<>();
        statistics.put("roles", game.roles().size());
        statistics.put("relations", DependencyGraph.of(game).relations().size());
        statistics.put("rules", game.rules().size());
        statistics.put("strata", Stratification.of(game).strataCount());
        statistics.put("warnings", game.warnings().size());
        return statistics;
    }

    private static String keyValues(Map<String, Object> statistics) {
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String, Object> entry : statistics.entrySet()) {
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(entry.getKey()).append('=').append(entry.getValue());
        }
        return line.toString();
    }

    private static String readProblem(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
