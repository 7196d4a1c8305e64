package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * hsfc against the reference prover on every repository game: random playouts compared state by state
 * (state facts, every role's legal moves, terminal, goals). Each game gets a compile budget and a
 * comparison budget; games that do not fit are listed, not failed. Any disagreement fails the test.
 */
class CorpusDifferentialTest {
    private static final Logger LOG = LogManager.getLogger(CorpusDifferentialTest.class);
    private static final long COMPILE_MILLIS = Long.getLong("hsfc.corpus.compileMillis", 1_200);
    private static final long COMPARE_MILLIS = Long.getLong("hsfc.corpus.compareMillis", 300);
    /** The whole test stops starting new games after this, listing the rest as not run. */
    private static final long TOTAL_MILLIS = Long.getLong("hsfc.corpus.totalMillis", 270_000);

    @Test
    void everyCompiledGameAgreesWithTheProver() throws Exception {
        String only = System.getProperty("hsfc.corpus.games");
        List<Path> games = new ArrayList<>();
        if (only != null) {
            for (String name : only.split(",")) {
                games.add(GameCorpus.repositoryGame(name));
            }
        } else {
            games.addAll(GameCorpus.repositoryGames());
        }
        long stopAt = System.nanoTime() + TOTAL_MILLIS * 1_000_000L;
        EngineOptions options = EngineOptions.defaults().withTimeBudgetMillis(COMPILE_MILLIS)
            .withMemoryBudgetBytes(Math.min(EngineOptions.defaults().memoryBudgetBytes(), 512L << 20));
        List<String> mismatches = new ArrayList<>();
        List<String> notCompiled = new ArrayList<>();
        List<String> notRun = new ArrayList<>();
        int agreed = 0;
        long statesCompared = 0;
        for (Path path : games) {
            String name = path.getFileName().toString().replace(".kif", "");
            if (System.nanoTime() > stopAt) {
                notRun.add(name);
                continue;
            }
            GameDescription game;
            StateMachine reference;
            try {
                game = GameLoader.load(path);
                reference = Engines.create("prover", game).newMachine();
            } catch (GdlException | RuntimeException e) {
                notRun.add(name + " (prover: " + e.getMessage() + ")");
                continue;
            }
            HsfcGame compiled;
            try {
                compiled = HsfcCompiler.compile(game, options);
            } catch (GdlException e) {
                notCompiled.add(name + " (" + e.getMessage() + ")");
                continue;
            }
            try {
                statesCompared += Differential.compare(compiled.newMachine(), reference, name.hashCode(), 1000,
                    400, System.nanoTime() + COMPARE_MILLIS * 1_000_000L);
                agreed++;
            } catch (AssertionError e) {
                mismatches.add(name + ": " + e.getMessage());
            } catch (RuntimeException | StackOverflowError e) {
                notRun.add(name + " (" + e + ")");
            }
        }
        String summary = String.format("hsfc agrees with the prover on %d games (%d states compared)%n"
            + "not compiled within budget: %d%n  %s%nnot run: %d%n  %s%n", agreed, statesCompared,
            notCompiled.size(), String.join("\n  ", notCompiled), notRun.size(), String.join("\n  ", notRun));
        LOG.info(summary);
        // the lists are long: keep them beside the test reports for whoever reads the build
        Files.writeString(Path.of("target", "hsfc-corpus-differential.txt"), summary);
        assertTrue(mismatches.isEmpty(), mismatches.size() + " games disagree:\n" + String.join("\n", mismatches));
        assertTrue(agreed > 0, "no game was compared");
    }
}
