package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.rewrite.HelperUnfoldingTest;

/** A game whose helper is unfolded plays as the prover plays it. */
class HelperUnfoldingGameTest {
    @Test
    void unfoldedGamesPlayAsTheProverPlays() throws Exception {
        GameDescription game = GameLoader.load(HelperUnfoldingTest.GAME);
        HsfcGame compiled = HsfcCompiler.compile(game, EngineOptions.defaults());
        int states = Differential.compare(compiled.newMachine(), Engines.create("prover", game).newMachine(), 11,
            100, 20, System.nanoTime() + 10_000_000_000L);
        assertTrue(states > 100, "states compared: " + states);
    }
}
