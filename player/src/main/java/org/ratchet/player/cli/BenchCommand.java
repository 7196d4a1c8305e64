package org.ratchet.player.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.player.gamemaster.JsonCodec;
import org.ratchet.reasoner.play.RandomPlayouts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "bench", mixinStandardHelpOptions = true,
    description = {"Measure uniformly random playouts from the initial state.",
        "For each game: load and prepare it (init_ms), run --warmup seconds of playouts that are not counted "
            + "(so JIT compilation is not measured), then --seconds of counted playouts on --threads threads, "
            + "each with its own machine. Prints one line of key=value fields per game: states/s counts every "
            + "state computed by a transition (as the HSFC paper does), states/cpu_s the same per CPU-second of the "
            + "playout threads (comparable on a shared machine; garbage collection threads not counted), playouts/s finished playouts, length "
            + "their mean number of joint moves, goals the mean goal of each role over terminal playouts, "
            + "unfinished the playouts stopped by a dead end or --max-steps. A game that fails prints "
            + "game=NAME error=\"...\"; the exit status is 1 if any game failed."})
public final class BenchCommand implements Callable<Integer> {
    private static final long THREAD_STACK_BYTES = 512L << 20;

    @Parameters(arity = "1..*", paramLabel = "GAME.kif", description = "The games to measure.")
    List<Path> games;

    @Option(names = "--seconds", defaultValue = "10", description = "Counted seconds per game (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--warmup", defaultValue = "2", description = "Uncounted warm-up seconds per game (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Mixin
    EngineChoice engineChoice;

    @Option(names = "--threads", defaultValue = "1", description = "Threads, each with its own machine (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--max-steps", defaultValue = "10000",
        description = "Joint moves after which a playout is abandoned (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--seed", defaultValue = "1", description = "Random seed; thread i uses seed+i (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (seconds <= 0 || warmupSeconds < 0 || threads < 1 || maxSteps < 0) {
            System.err.println("ratchet bench: --seconds must be positive, --warmup and --max-steps not negative,"
                + " --threads at least 1");
            return 2;
        }
        boolean anyFailed = false;
        for (Path game : games) {
            String name = game.getFileName().toString().replaceFirst("\\.kif$", "");
            String line;
            try {
                line = "game=" + name + " " + bench(game);
            } catch (Exception | StackOverflowError e) {
                line = "game=" + name + " error=" + JsonCodec.write(GameFailure.describe(e));
                anyFailed = true;
            }
            System.out.println(line);
            System.out.flush();
        }
        return anyFailed ? 1 : 0;
    }

    private String bench(Path game) throws Exception {
        long initStart = System.nanoTime();
        StateMachineFactory factory = engineChoice.prepare(game);
        StateMachine first = factory.newMachine();
        first.initialState();
        double initMillis = (System.nanoTime() - initStart) / 1e6;

        Worker[] workers = new Worker[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Worker(t == 0 ? first : factory.newMachine(), seed + t, maxSteps);
        }
        if (warmupSeconds > 0) {
            runAll(workers, warmupSeconds);
        }
        for (Worker worker : workers) {
            worker.tally = new Tally(first.roleCount());
        }
        long start = System.nanoTime();
        runAll(workers, seconds);
        double elapsed = (System.nanoTime() - start) / 1e9;

        Tally total = new Tally(first.roleCount());
        for (Worker worker : workers) {
            total.add(worker.tally);
        }
        StringBuilder out = new StringBuilder();
        out.append("engine=").append(factory.engineName())
            .append(" threads=").append(threads)
            .append(" init_ms=").append(format(initMillis))
            .append(" states/s=").append(format(total.states / elapsed))
            .append(" states/cpu_s=").append(total.cpuNanos == 0 ? "n/a" : format(total.states / (total.cpuNanos / 1e9)))
            .append(" playouts/s=").append(format(total.finished / elapsed))
            .append(" length=").append(total.finished == 0 ? "n/a"
                : String.format(Locale.ROOT, "%.1f", (double) total.finishedSteps / total.finished))
            .append(" goals=");
        for (int r = 0; r < first.roleCount(); r++) {
            out.append(r > 0 ? "/" : "").append(total.terminal == 0 ? "n/a"
                : String.format(Locale.ROOT, "%.1f", (double) total.goalSums[r] / total.terminal));
        }
        out.append(" playouts=").append(total.finished).append(" unfinished=").append(total.unfinished);
        return out.toString();
    }

    /** Runs every worker for {@code durationSeconds} on its own thread; rethrows the first failure. */
    private static void runAll(Worker[] workers, double durationSeconds) throws Exception {
        long deadline = System.nanoTime() + (long) (durationSeconds * 1e9);
        Thread[] running = new Thread[workers.length];
        for (int t = 0; t < workers.length; t++) {
            Worker worker = workers[t];
            running[t] = new Thread(null, () -> worker.run(deadline), "bench-" + t, THREAD_STACK_BYTES);
            running[t].start();
        }
        // A playout only notices the deadline between states; give one slow state some grace, then interrupt.
        long grace = TimeUnit.SECONDS.toNanos(Math.max(10, (long) durationSeconds));
        boolean timedOut = false;
        for (Thread thread : running) {
            long waitMillis = Math.max(1, (deadline + grace - System.nanoTime()) / 1_000_000);
            thread.join(waitMillis);
            if (thread.isAlive()) {
                timedOut = true;
                thread.interrupt();
                thread.join();
            }
        }
        if (timedOut) {
            throw new IllegalStateException("a single state took more than " + TimeUnit.NANOSECONDS.toSeconds(grace)
                + " s to compute");
        }
        for (Worker worker : workers) {
            if (worker.failure != null) {
                throw worker.failure instanceof Exception e ? e : new RuntimeException(worker.failure);
            }
        }
    }

    private static String format(double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, value >= 10 ? "%.1f" : "%.2f", value);
    }

    /** Counts of playouts, summed over threads at the end. */
    private static final class Tally {
        long states;
        long finished;
        long finishedSteps;
        long terminal;
        long unfinished;
        /** CPU time of the playout threads, so that rates can be read on a shared machine too. */
        long cpuNanos;
        final long[] goalSums;

        Tally(int roles) {
            goalSums = new long[roles];
        }

        void add(Tally other) {
            states += other.states;
            finished += other.finished;
            finishedSteps += other.finishedSteps;
            terminal += other.terminal;
            unfinished += other.unfinished;
            cpuNanos += other.cpuNanos;
            for (int r = 0; r < goalSums.length; r++) {
                goalSums[r] += other.goalSums[r];
            }
        }
    }

    /** One thread's machine and playouts. */
    private static final class Worker {
        private final StateMachine machine;
        private final RandomPlayouts playouts;
        Tally tally;
        volatile Throwable failure;

        Worker(StateMachine machine, long seed, int maxSteps) {
            this.machine = machine;
            this.playouts = new RandomPlayouts(machine, seed, maxSteps);
            this.tally = new Tally(machine.roleCount());
        }

        void run(long deadlineNanos) {
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            long cpuStart = cpu.isCurrentThreadCpuTimeSupported() ? cpu.getCurrentThreadCpuTime() : -1;
            try {
                while (System.nanoTime() - deadlineNanos < 0) {
                    RandomPlayouts.End end = playouts.play(machine.initialState(), deadlineNanos);
                    tally.states += playouts.steps();
                    if (end == RandomPlayouts.End.DEADLINE) {
                        break;
                    }
                    tally.finished++;
                    tally.finishedSteps += playouts.steps();
                    if (end == RandomPlayouts.End.TERMINAL) {
                        tally.terminal++;
                        for (int r = 0; r < tally.goalSums.length; r++) {
                            tally.goalSums[r] += machine.goal(r);
                        }
                    } else {
                        tally.unfinished++;
                    }
                }
            } catch (RuntimeException | StackOverflowError e) {
                failure = e;
            } finally {
                if (cpuStart >= 0) {
                    tally.cpuNanos += cpu.getCurrentThreadCpuTime() - cpuStart;
                }
            }
        }
    }
}
