package org.ratchet.reasoner.hsfc;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.CorpusDifferential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;

/**
 * hsfc against the reference prover on every game of {@code differential/hsfc.txt} (the repository games it
 * compiles), state by state; see {@link CorpusDifferential} for what fails the test. The state budgets keep
 * the run to a few minutes on two cores; the prover's speed decides the time.
 */
class CorpusDifferentialTest {
    /** States compared per game unless its line says otherwise. */
    private static final int STATES = 100;

    @Test
    void everyListedGameCompilesAndAgreesWithTheProver() throws Exception {
        EngineOptions options = EngineOptions.defaults().withTimeBudgetMillis(60_000)
            .withMemoryBudgetBytes(Math.min(EngineOptions.defaults().memoryBudgetBytes(), 512L << 20));
        new CorpusDifferential(Engines.HSFC, options, STATES).run();
    }
}
