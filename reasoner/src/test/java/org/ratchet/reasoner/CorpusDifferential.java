package org.ratchet.reasoner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

/**
 * One engine against the reference prover over the repository games, state by state (state facts, every
 * role's legal moves, terminal, goals; see {@link Differential}).
 *
 * <p>The games to compare are checked in, one per line, in {@code src/test/resources/differential/ENGINE.txt}
 * ({@code game} or {@code game states}; {@code #} starts a comment). Every listed game must prepare and must be
 * compared over its full budget of states: a game that no longer prepares, an exception in either engine, a
 * disagreement, or fewer compared states than the budget all fail the test. Budgets count states, not
 * milliseconds, so a slow machine runs longer instead of comparing less. The preparation time limit is only a
 * guard against a hang, far above what the listed games need.
 *
 * <p>Properties: {@code differential.games=a,b} compares only those listed games;
 * {@code differential.discover=true} tries every repository game instead and writes the games that prepare and
 * agree to {@code target/ENGINE-differential-discovered.txt}, the starting point for a new list (each game
 * then gets a preparation budget of 2 s).
 */
public final class CorpusDifferential {
    private static final Logger LOG = LogManager.getLogger(CorpusDifferential.class);
    private static final int MAX_STEPS = 400;
    private static final long DISCOVER_PREPARE_MILLIS = 2_000;

    private final String engine;
    private final EngineOptions options;
    private final int defaultStates;

    /**
     * @param engine        the engine under test, by its {@link Engines} name
     * @param options       preparation budgets; the time budget is a guard, not part of the test's budget
     * @param defaultStates the states compared per game where its line gives no number
     */
    public CorpusDifferential(String engine, EngineOptions options, int defaultStates) {
        this.engine = engine;
        this.options = options;
        this.defaultStates = defaultStates;
    }

    /** Compares every listed game (or every game, when discovering) and fails on any failure. */
    public void run() throws IOException {
        boolean discover = Boolean.getBoolean("differential.discover");
        Map<String, Integer> listed = listedGames(discover);
        Map<String, Integer> games = new LinkedHashMap<>();
        if (discover) {
            for (Path path : GameCorpus.repositoryGames()) {
                String name = path.getFileName().toString().replace(".kif", "");
                games.put(name, listed.getOrDefault(name, defaultStates));
            }
        } else {
            String only = System.getProperty("differential.games");
            if (only == null) {
                games.putAll(listed);
            } else {
                for (String name : only.split(",")) {
                    assertTrue(listed.containsKey(name), name + " is not listed for " + engine);
                    games.put(name, listed.get(name));
                }
            }
        }
        List<String> failures = new ArrayList<>();
        List<String> agreed = new ArrayList<>();
        StringBuilder timings = new StringBuilder();
        long statesCompared = 0;
        for (Map.Entry<String, Integer> entry : games.entrySet()) {
            String name = entry.getKey();
            int states = entry.getValue();
            long start = System.nanoTime();
            String failure;
            try {
                int compared = compare(name, states);
                statesCompared += compared;
                failure = compared >= states ? null
                    : "only " + compared + " of " + states + " states compared";
            } catch (AssertionError e) {
                failure = e.getMessage();
            } catch (Exception | StackOverflowError e) {
                failure = "exception: " + e;
            } catch (OutOfMemoryError e) {
                failure = "out of memory";
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            timings.append(String.format("  %-28s %6d states %7d ms%s%n", name, states, millis,
                failure == null ? "" : "  FAILED"));
            if (failure == null) {
                agreed.add(name + (states == defaultStates ? "" : " " + states));
            } else {
                failures.add(name + ": " + failure);
            }
        }
        List<String> unlisted = new ArrayList<>();
        for (Path path : GameCorpus.repositoryGames()) {
            String name = path.getFileName().toString().replace(".kif", "");
            if (!listed.containsKey(name)) {
                unlisted.add(name);
            }
        }
        String summary = String.format("%s agrees with the prover on %d of %d games (%d states compared)%n"
            + "failed: %d%n  %s%nnot listed (not compared): %d%n  %s%nper game:%n%s", engine, agreed.size(),
            games.size(), statesCompared, failures.size(), String.join("\n  ", failures), unlisted.size(),
            String.join(" ", unlisted), timings);
        LOG.info(summary);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", engine + "-corpus-differential.txt"), summary);
        if (discover) {
            Files.writeString(Path.of("target", engine + "-differential-discovered.txt"),
                String.join("\n", agreed) + "\n");
            return;
        }
        assertTrue(failures.isEmpty(), failures.size() + " listed games failed for " + engine + ":\n"
            + String.join("\n", failures));
    }

    private int compare(String name, int states) throws Exception {
        Path path = GameCorpus.repositoryGame(name);
        assertTrue(Files.isRegularFile(path), "listed game " + name + " is not in the corpus");
        GameDescription game = GameLoader.load(path);
        StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
        // discovery tries games that may never prepare: give each the short budget of a quick check
        EngineOptions budgets = Boolean.getBoolean("differential.discover")
            ? options.withTimeBudgetMillis(Math.min(options.timeBudgetMillis(), DISCOVER_PREPARE_MILLIS)) : options;
        StateMachine tested = Engines.create(engine, game, budgets).newMachine();
        return Differential.compareStates(tested, reference, name.hashCode(), states, states, MAX_STEPS);
    }

    /** The checked-in list: game name to its budget of compared states, in file order. */
    private Map<String, Integer> listedGames(boolean discover) {
        String resource = "/differential/" + engine + ".txt";
        InputStream in = CorpusDifferential.class.getResourceAsStream(resource);
        Map<String, Integer> games = new LinkedHashMap<>();
        if (in == null && discover) {
            return games;
        }
        assertTrue(in != null, "no list of games at " + resource);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                int comment = line.indexOf('#');
                String[] fields = (comment < 0 ? line : line.substring(0, comment)).trim().split("\\s+");
                if (!fields[0].isEmpty()) {
                    games.put(fields[0], fields.length > 1 ? Integer.parseInt(fields[1]) : defaultStates);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return games;
    }
}
