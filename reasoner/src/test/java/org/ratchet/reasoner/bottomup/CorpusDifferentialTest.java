package org.ratchet.reasoner.bottomup;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.CorpusDifferential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;

/**
 * The bottom-up engine against the reference prover on every game of {@code differential/bottomup.txt},
 * state by state; see {@link CorpusDifferential} for what fails the test. The run is bounded by its state
 * budgets: the prover's speed decides the time, a few minutes on two cores.
 */
class CorpusDifferentialTest {
    /** States compared per game unless its line says otherwise. */
    private static final int STATES = 150;

    @Test
    void everyListedGamePreparesAndAgreesWithTheProver() throws Exception {
        EngineOptions options = EngineOptions.defaults().withTimeBudgetMillis(60_000)
            .withMemoryBudgetBytes(Math.min(EngineOptions.defaults().memoryBudgetBytes(), 512L << 20));
        new CorpusDifferential(Engines.BOTTOMUP, options, STATES).run();
    }
}
