package org.ratchet.search;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Runs search iterations on a fixed number of worker slots until a deadline, an iteration limit or a
 * "nothing left to learn" condition. Each slot owns one {@link Worker} (with its own state machine); the
 * runner never lets two threads use one worker: a worker still busy when a new search starts (a playout step
 * of a slow game that overran the deadline) is abandoned and its slot gets a fresh worker.
 */
final class SearchRunner implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger(SearchRunner.class);
    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    /** One thread's share of a search. */
    interface Worker {
        /**
         * Runs one iteration. Returns false if it was cut short because {@link SearchRunner#stopped()} became
         * true; such an iteration must leave no trace in shared statistics.
         */
        boolean iterate(SearchRunner runner);
    }

    private final IntFunction<Worker> workerFactory;
    private final Worker[] workers;
    /**
     * The search (its {@link #generation}) whose thread is still working in each slot, 0 when none is. The
     * thread clears it itself as it leaves (not the executor afterwards, so a finished worker is never taken
     * for a busy one), and only if it is still its own search's mark: a thread of an earlier search that
     * leaves late must not mark a later search's thread idle.
     */
    private final AtomicIntegerArray activeSearch;
    private final ExecutorService pool;
    private final AtomicLong tickets = new AtomicLong();
    /**
     * Iterations completed in this search, one counter per worker slot, 16 longs apart: each worker writes only
     * its own cache line, so counting costs no contention however many threads search.
     */
    private final AtomicLongArray completed;
    private static final int COUNTER_STRIDE = 16;
    private volatile boolean stop;
    /** When the current search must end (System.currentTimeMillis). */
    private volatile long deadlineMillis;
    /** The longest the clock loop of the last search woke up later than it asked to. */
    private volatile long longestStallMillis;
    /** Counts searches, so that a worker abandoned by an earlier search does not join a later one. */
    private volatile int generation;
    /** Workers still running, including any abandoned by earlier searches. */
    private final AtomicInteger busyWorkers = new AtomicInteger();

    SearchRunner(int threads, IntFunction<Worker> workerFactory) {
        this.workerFactory = workerFactory;
        this.workers = new Worker[threads];
        this.activeSearch = new AtomicIntegerArray(threads);
        this.completed = new AtomicLongArray(threads * COUNTER_STRIDE);
        int poolNumber = POOL_NUMBER.incrementAndGet();
        AtomicInteger threadNumber = new AtomicInteger();
        ThreadFactory factory = task -> {
            Thread thread = new Thread(task, "search-" + poolNumber + "-" + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        // Cached rather than fixed: an abandoned worker keeps its thread until its step ends, and the next
        // search must not queue behind it.
        this.pool = Executors.newCachedThreadPool(factory);
    }

    int threads() {
        return workers.length;
    }

    /** Milliseconds until the current search must end. */
    long remainingMillis() {
        return deadlineMillis - System.currentTimeMillis();
    }

    /** True once the current search should end; workers poll it between playout steps. */
    boolean stopped() {
        return stop;
    }

    /**
     * Searches until {@code deadlineMillis}, until {@code iterationLimit} iterations (if positive) or until
     * {@code finished} says more search cannot change the answer, and returns the iterations completed.
     */
    long run(long deadlineMillis, long iterationLimit, BooleanSupplier finished) {
        long now = System.currentTimeMillis();
        if (deadlineMillis <= now) {
            return 0;
        }
        try {
            // Give workers finishing a step of the last search a moment before replacing them.
            if (busyWorkers.get() > 0) {
                awaitIdle(Math.min(20, (deadlineMillis - now) / 10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
        int thisRun = ++generation;
        this.deadlineMillis = deadlineMillis;
        stop = false;
        tickets.set(0);
        for (int slot = 0; slot < workers.length; slot++) {
            completed.set(slot * COUNTER_STRIDE, 0);
        }
        CountDownLatch done = new CountDownLatch(workers.length);
        for (int slot = 0; slot < workers.length; slot++) {
            if (workers[slot] == null || activeSearch.get(slot) != 0) {
                if (workers[slot] != null) {
                    LOG.warn("search worker {} still busy from the last search; replacing it", slot);
                }
                workers[slot] = workerFactory.apply(slot);
            }
            Worker worker = workers[slot];
            busyWorkers.incrementAndGet();
            activeSearch.set(slot, thisRun);
            int workerSlot = slot;
            pool.execute(() -> work(worker, thisRun, iterationLimit, workerSlot, done));
        }
        long stall = 0;
        try {
            while (true) {
                long remaining = deadlineMillis - System.currentTimeMillis();
                if (remaining <= 0 || finished.getAsBoolean()) {
                    break;
                }
                long wait = Math.min(remaining, 10);
                long before = System.nanoTime();
                if (done.await(wait, TimeUnit.MILLISECONDS)) {
                    break;
                }
                // A wake-up much later than asked means this JVM was stopped (a collection) or starved of CPU.
                stall = Math.max(stall, (System.nanoTime() - before) / 1_000_000 - wait);
            }
            stop = true;
            // Workers notice the stop within one playout step; do not wait longer than a few milliseconds
            // for a step of a slow game, the answer is read from the statistics gathered so far.
            done.await(5, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            stop = true;
            Thread.currentThread().interrupt();
        }
        longestStallMillis = stall;
        long iterations = 0;
        for (int slot = 0; slot < workers.length; slot++) {
            iterations += completed.get(slot * COUNTER_STRIDE);
        }
        return iterations;
    }

    /** The longest the last search's clock loop was held up past its wake-up time, in milliseconds. */
    long longestStallMillis() {
        return longestStallMillis;
    }

    /** Whether no worker of any earlier search is still running. */
    boolean isIdle() {
        return busyWorkers.get() == 0;
    }

    /** Waits until the workers of all earlier searches have stopped; false if they have not in time. */
    boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (busyWorkers.get() > 0) {
            if (System.currentTimeMillis() >= end) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    private void work(Worker worker, int run, long iterationLimit, int slot, CountDownLatch done) {
        int counter = slot * COUNTER_STRIDE;
        try {
            long iterations = 0;
            while (!stop && generation == run) {
                // The shared ticket counter exists for iteration limits (tests) only; a timed search never
                // touches it.
                if (iterationLimit > 0 && tickets.incrementAndGet() > iterationLimit) {
                    break;
                }
                if (worker.iterate(this) && generation == run) {
                    completed.setOpaque(counter, ++iterations);
                }
            }
        } catch (RuntimeException | StackOverflowError e) {
            // A rule engine failing on some state must not kill the player; the move is chosen from what
            // the other iterations learnt.
            LOG.error("search worker failed; it stops for this search", e);
        } finally {
            activeSearch.compareAndSet(slot, run, 0);
            busyWorkers.decrementAndGet();
            done.countDown();
        }
    }

    @Override
    public void close() {
        stop = true;
        pool.shutdownNow();
    }
}
