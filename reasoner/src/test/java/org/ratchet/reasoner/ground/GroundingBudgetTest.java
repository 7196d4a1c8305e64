package org.ratchet.reasoner.ground;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GroundingBudgetTest {
    @Test
    void aStageLimitStopsWorkUntilTheStageEnds() {
        GroundingBudget budget = new GroundingBudget(1 << 20, 60_000);
        budget.limitStage(60_000);
        assertDoesNotThrow(budget::checkTime, "a stage within its limit goes on");
        budget.limitStage(0);
        GroundingBudget.Exceeded stopped = assertThrows(GroundingBudget.Exceeded.class, budget::checkTime);
        assertEquals("stage time limit exceeded", stopped.getMessage());
        budget.endStage();
        assertDoesNotThrow(budget::checkTime, "after the stage only the budget's own deadline counts");
    }

    @Test
    void theBudgetsOwnDeadlineStillHoldsWithinAStage() {
        GroundingBudget budget = new GroundingBudget(1 << 20, 0);
        budget.limitStage(60_000);
        long deadlinePassed = System.nanoTime() + 1_000_000;
        while (System.nanoTime() < deadlinePassed) {
            Thread.onSpinWait();
        }
        GroundingBudget.Exceeded stopped = assertThrows(GroundingBudget.Exceeded.class, budget::checkTime);
        assertEquals("time budget exceeded", stopped.getMessage());
    }
}
