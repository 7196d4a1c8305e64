package org.ratchet.reasoner.ground;

/**
 * The limits grounding must stay within: a wall-clock deadline, an estimate of the bytes held by instance
 * sets and reference tables, and a number of ground instances. Work checks in often and stops with
 * {@link Exceeded} instead of running out of memory or past the start clock. An interrupt of the compiling
 * thread (the player's match ended) stops it at the same checks.
 */
public final class GroundingBudget {
    /** Rough heap cost of one ground instance held at compile time (term objects, hash entries). */
    static final long BYTES_PER_INSTANCE = 96;
    /**
     * The ground instances a grounding may make where no other limit is given. A game whose grounding goes
     * past it is declined at once rather than at the end of its time budget, which is most of the start clock
     * (the player's other engine waits for the compile there). Of the 314 repository games, those hsfc
     * compiles ground to at most 1.67 million instances (amazonsTorus, 3.4 s), and those it cannot compile
     * pass 4.6 million within 30 s and go on growing (chess and slaughter 7.7 million in
     * threatened_with_capture alone, sudoku 14.3 million, merrills 10.2 million, mummymaze1p 9.3 million):
     * chess passes this limit within 5 s of {@code check --compile} alone on a CPU (16 s in a match beside
     * other work), where it used to take the whole budget.
     */
    private static final long MAX_INSTANCES = 4_000_000;

    private final long deadlineNanos;
    /** The end of the optional stage running now ({@link #limitStage}); {@link Long#MAX_VALUE} between stages. */
    private long stageDeadlineNanos = Long.MAX_VALUE;
    private final long maxBytes;
    private final long maxInstances;
    private long usedBytes;
    private long instances;
    private long ticks;

    public GroundingBudget(long maxBytes, long timeMillis) {
        this(maxBytes, timeMillis, MAX_INSTANCES);
    }

    public GroundingBudget(long maxBytes, long timeMillis, long maxInstances) {
        this.maxBytes = maxBytes;
        this.deadlineNanos = System.nanoTime() + timeMillis * 1_000_000L;
        this.maxInstances = maxInstances;
    }

    /**
     * Accounts for one more ground instance in the grounding's sets (and its memory), failing if that makes
     * more than the instance limit.
     */
    public void addInstance() {
        if (++instances > maxInstances) {
            throw new Exceeded("more than " + maxInstances + " ground instances", true);
        }
        allocate(BYTES_PER_INSTANCE, "instance sets");
    }

    /** Accounts for {@code bytes} more memory, failing if the total would exceed the budget. */
    public void allocate(long bytes, String what) {
        usedBytes += bytes;
        if (usedBytes > maxBytes) {
            throw new Exceeded("memory budget of " + (maxBytes >> 20) + " MB exceeded by " + what, true);
        }
    }

    /** Accounts for {@code bytes} more memory if that stays within the budget; false (nothing taken) if not. */
    public boolean tryAllocate(long bytes) {
        if (usedBytes + bytes > maxBytes) {
            return false;
        }
        usedBytes += bytes;
        return true;
    }

    /** Gives back memory accounted for earlier (tables that are about to be dropped). */
    public void release(long bytes) {
        usedBytes = Math.max(0, usedBytes - bytes);
    }

    /** Cheap enough for inner loops: reads the clock every 4096 calls. */
    public void tick() {
        if ((++ticks & 4095) == 0) {
            checkTime();
        }
    }

    /** Stops the work ({@link Exceeded}) if the thread was interrupted or the budget or a stage limit is over. */
    public void checkTime() {
        if (Thread.currentThread().isInterrupted()) {
            // The interrupt status is kept, so the caller can tell a cancelled compile from a failed one.
            throw new Exceeded("interrupted");
        }
        long now = System.nanoTime();
        if (now > deadlineNanos) {
            throw new Exceeded("time budget exceeded");
        }
        if (now >= stageDeadlineNanos) {
            throw new Exceeded("stage time limit exceeded");
        }
    }

    /**
     * Until {@link #endStage}, work also stops once {@code millis} have passed: for an optional stage, whose
     * result is not needed to play, so that one running far past its expected cost leaves the rest of the
     * budget to the game rather than spending it all. The budget's own deadline still applies.
     */
    public void limitStage(long millis) {
        stageDeadlineNanos = System.nanoTime() + Math.max(0, millis) * 1_000_000L;
    }

    /** Ends the stage limit of {@link #limitStage}. */
    public void endStage() {
        stageDeadlineNanos = Long.MAX_VALUE;
    }

    /** Units of work counted so far (candidate matches during grounding and table building). */
    public long ticks() {
        return ticks;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public long remainingMillis() {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000L);
    }

    /** Grounding stopped: the game is too large for reference tables within the budget. */
    public static final class Exceeded extends RuntimeException {
        /**
         * Whether memory or the instance limit ran out (the game is too large, rather than time running out or
         * the thread being interrupted).
         */
        public final boolean memory;

        public Exceeded(String reason) {
            this(reason, false);
        }

        public Exceeded(String reason, boolean memory) {
            super(reason, null, false, false);
            this.memory = memory;
        }
    }
}
