package org.ratchet.reasoner.topdown;

import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.CorpusDifferential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;

/**
 * The top-down engine against the reference prover on every game of {@code differential/topdown.txt},
 * state by state; see {@link CorpusDifferential} for what fails the test. The prover's speed decides the time.
 */
class CorpusDifferentialTest {
    /** States compared per game unless its line says otherwise. */
    private static final int STATES = 150;

    @Test
    void everyListedGamePreparesAndAgreesWithTheProver() throws Exception {
        new CorpusDifferential(Engines.TOPDOWN, EngineOptions.defaults(), STATES).run();
    }
}
