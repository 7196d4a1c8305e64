package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SearchRunnerTest {
    private static final long FAR_DEADLINE_MILLIS = 60_000;

    @Test
    void workersThatFinishedAreKeptFromOneSearchToTheNext() {
        AtomicInteger made = new AtomicInteger();
        try (SearchRunner runner = new SearchRunner(2, slot -> {
            made.incrementAndGet();
            return r -> true;
        })) {
            for (int search = 0; search < 300; search++) {
                long iterations = runner.run(System.currentTimeMillis() + FAR_DEADLINE_MILLIS, 10, () -> false);
                assertEquals(10, iterations);
            }
        }
        // A worker keeps what it learnt (its move averages) only if it is not replaced: two slots, two workers.
        assertEquals(2, made.get());
    }

    @Test
    void aWorkerStillBusyFromTheLastSearchIsReplacedAndLeavesItsSuccessorAlone() throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger made = new AtomicInteger();
        AtomicInteger successorIterations = new AtomicInteger();
        try (SearchRunner runner = new SearchRunner(1, slot -> {
            if (made.incrementAndGet() == 1) {
                return r -> { // the first worker's step overruns its search until released
                    entered.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return true;
                };
            }
            return r -> {
                successorIterations.incrementAndGet();
                return true;
            };
        })) {
            // The first search ends once its worker is inside the step that overruns.
            runner.run(System.currentTimeMillis() + FAR_DEADLINE_MILLIS, 0, () -> entered.getCount() == 0);
            assertEquals(100, runner.run(System.currentTimeMillis() + FAR_DEADLINE_MILLIS, 100, () -> false));
            assertEquals(2, made.get(), "the busy worker was replaced");
            release.countDown();
            assertTrue(runner.awaitIdle(30_000));
            // The abandoned worker's late end did not mark its successor's slot idle: the successor is kept.
            assertEquals(100, runner.run(System.currentTimeMillis() + FAR_DEADLINE_MILLIS, 100, () -> false));
            assertEquals(2, made.get(), "the successor is kept");
            assertEquals(200, successorIterations.get());
        }
    }
}
