package org.ratchet.reasoner.terms;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Logs a game's ill-defined goals (no value derivable for a role, or several) once per game and kind, so that
 * playouts do not flood the log; one per factory, shared by its machines.
 */
public final class GoalWarnings {
    private static final Logger LOG = LogManager.getLogger(GoalWarnings.class);

    private final AtomicBoolean warnedMissingGoal = new AtomicBoolean();
    private final AtomicBoolean warnedSeveralGoals = new AtomicBoolean();

    /** {@code noValue}: no goal value was derivable (else several were); {@code detail} says where. */
    public void warn(boolean noValue, String detail) {
        AtomicBoolean warned = noValue ? warnedMissingGoal : warnedSeveralGoals;
        if (warned.compareAndSet(false, true)) {
            LOG.warn("{}; {} (reported once per game)", detail, noValue ? "using 0" : "using the maximum");
        }
    }
}
