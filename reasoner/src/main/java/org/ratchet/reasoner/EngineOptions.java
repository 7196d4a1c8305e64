package org.ratchet.reasoner;

/**
 * Limits and settings for preparing a game with an engine. Engines that ground the rules (hsfc) stop
 * cleanly when grounding would exceed {@code memoryBudgetBytes} or run past {@code timeBudgetMillis};
 * {@code order} selects hsfc's hypothesis ordering ({@code best}, {@code source} or {@code worst}).
 */
public record EngineOptions(long memoryBudgetBytes, long timeBudgetMillis, String order) {

    public EngineOptions {
        if (memoryBudgetBytes <= 0 || timeBudgetMillis <= 0) {
            throw new IllegalArgumentException("budgets must be positive");
        }
    }

    /** A quarter of the maximum heap, 20 seconds, best order. */
    public static EngineOptions defaults() {
        return new EngineOptions(Runtime.getRuntime().maxMemory() / 4, 20_000, "best");
    }

    public EngineOptions withOrder(String newOrder) {
        return new EngineOptions(memoryBudgetBytes, timeBudgetMillis, newOrder);
    }

    public EngineOptions withTimeBudgetMillis(long millis) {
        return new EngineOptions(memoryBudgetBytes, millis, order);
    }

    public EngineOptions withMemoryBudgetBytes(long bytes) {
        return new EngineOptions(bytes, timeBudgetMillis, order);
    }
}
