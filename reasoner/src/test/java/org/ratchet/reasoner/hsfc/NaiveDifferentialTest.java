package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

/** hsfc against the naive per-state evaluator on small games (the prover covers the whole corpus). */
class NaiveDifferentialTest {
    @Test
    void smallGamesAgreeWithNaiveEvaluation() throws Exception {
        String list = System.getProperty("hsfc.naive.games",
            "ticTacToe,nim1,roshambo2,lightsOut");
        List<String> failures = new ArrayList<>();
        for (String name : list.split(",")) {
            Path path = GameCorpus.repositoryGame(name);
            GameDescription game = GameLoader.load(path);
            HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
            try {
                int states = Differential.compare(compiled.newMachine(), new NaiveMachine(game), 7, 5, 300,
                    System.nanoTime() + 5_000_000_000L);
                assertTrue(states > 0);
            } catch (AssertionError e) {
                failures.add(name + ": " + e.getMessage());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }
}
