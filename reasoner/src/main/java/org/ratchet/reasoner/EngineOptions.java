package org.ratchet.reasoner;

/**
 * Limits and settings for preparing a game with an engine. Engines that ground the rules (hsfc) stop
 * cleanly when grounding would exceed {@code memoryBudgetBytes} or run past {@code timeBudgetMillis};
 * {@code order} selects hsfc's hypothesis ordering: {@code best}, {@code source} or {@code worst} (HSFC Table 2), or
 * {@code auto}, the faster of best and source on a short measurement. {@code progress} hears of each stage an
 * engine completes while it prepares a game (for a status display; the log has the same at debug level).
 */
public record EngineOptions(long memoryBudgetBytes, long timeBudgetMillis, String order, Progress progress) {

    /** Told of each stage of preparing a game, on the preparing thread: must return quickly and not throw. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = stage -> { };

        /** A one-line description of a stage just completed, e.g. "hsfc: grounded ... in 120 ms". */
        void completed(String stage);
    }

    public EngineOptions {
        if (memoryBudgetBytes <= 0 || timeBudgetMillis <= 0) {
            throw new IllegalArgumentException("budgets must be positive");
        }
        if (progress == null) {
            throw new IllegalArgumentException("progress listener missing (Progress.NONE for none)");
        }
    }

    /** A quarter of the maximum heap, 20 seconds, automatic order, no progress listener. */
    public static EngineOptions defaults() {
        return new EngineOptions(Runtime.getRuntime().maxMemory() / 4, 20_000, "auto", Progress.NONE);
    }

    public EngineOptions withOrder(String newOrder) {
        return new EngineOptions(memoryBudgetBytes, timeBudgetMillis, newOrder, progress);
    }

    public EngineOptions withTimeBudgetMillis(long millis) {
        return new EngineOptions(memoryBudgetBytes, millis, order, progress);
    }

    public EngineOptions withMemoryBudgetBytes(long bytes) {
        return new EngineOptions(bytes, timeBudgetMillis, order, progress);
    }

    public EngineOptions withProgress(Progress newProgress) {
        return new EngineOptions(memoryBudgetBytes, timeBudgetMillis, order, newProgress);
    }
}
