package org.ratchet.player.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.search.PlayoutPolicy;
import org.ratchet.search.ReportingStrategy;
import org.ratchet.search.SearchOptions;
import org.ratchet.search.SearchStatistics;
import org.ratchet.search.Strategies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Measures how fast a strategy searches from a game's initial state; prints one key=value line. */
@Command(name = "bench-search", mixinStandardHelpOptions = true,
        description = "Measure search iterations per second from a game's initial state (first role's view).")
public final class SearchBenchCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "GAME.kif", description = "The game's rules (KIF).")
    Path game;

    @Option(names = "--threads", description = "Search threads (default: all processors).")
    Integer threads;

    @Option(names = "--seconds", defaultValue = "10", description = "How long to search (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Mixin
    EngineChoice engineChoice;

    @Option(names = "--strategy", defaultValue = "mcts", description = "Search strategy: mcts, montecarlo, random "
            + "(default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(names = "--playout", defaultValue = "mast", description = "Playout policy: uniform, mast, nst or auto "
            + "(default: ${DEFAULT-VALUE}).")
    String playout;

    @Option(names = "--seed", description = "Random seed (default: time-based).")
    Long seed;

    @Option(names = "--grave", defaultValue = "0", description = "GRAVE reference visits of mcts; 0 is off "
            + "(default: ${DEFAULT-VALUE}).")
    int graveReference;

    @Option(names = "--puzzle-walk", defaultValue = "false", arity = "1", description = "Puzzles: share a search "
            + "thread with a depth-first walk over the states, true or false (default: ${DEFAULT-VALUE}).")
    boolean puzzleWalk;

    @Option(names = "--latches", defaultValue = "false", arity = "1", description = "Goal bounds from the game's "
            + "latches on the tree's nodes, true or false (default: ${DEFAULT-VALUE}).")
    boolean latches;

    @Override
    public Integer call() {
        SearchOptions options;
        try {
            options = SearchOptions.defaults().withSafetyMarginMillis(0)
                    .withPlayoutPolicy(PlayoutPolicy.parse(playout))
                    .withGrave(graveReference, SearchOptions.DEFAULT_GRAVE_BIAS)
                    .withPuzzleSolver(puzzleWalk)
                    .withLatches(latches);
            if (threads != null) {
                options = options.withThreads(threads);
            }
            if (seed != null) {
                options = options.withSeed(seed);
            }
            if (!(seconds > 0)) {
                throw new IllegalArgumentException("--seconds must be positive");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("ratchet bench-search: " + e.getMessage());
            return 2;
        }
        StateMachineFactory factory;
        String engineName;
        try {
            factory = engineChoice.prepare(game);
            engineName = factory.engineName();
        } catch (IOException e) {
            System.err.println("ratchet bench-search: cannot read " + game + ": " + e.getMessage());
            return 2;
        } catch (GdlException | IllegalArgumentException | IllegalStateException e) {
            System.err.println("ratchet bench-search: " + game + ": " + e.getMessage());
            return 2;
        }
        StateMachine machine = factory.newMachine();
        if (machine.isTerminal()) {
            System.err.println("ratchet bench-search: " + game + ": the initial state is terminal");
            return 2;
        }
        ReportingStrategy search;
        try {
            search = Strategies.create(strategy, options);
        } catch (IllegalArgumentException e) {
            System.err.println("ratchet bench-search: " + e.getMessage());
            return 2;
        }
        try (search) {
            search.prepare(factory, 0, System.currentTimeMillis());
            long cpuBefore = processCpuNanos();
            long allocatedBefore = allocatedBytes();
            long[] gcBefore = collections();
            search.selectMove(machine.initialState(), System.currentTimeMillis() + Math.round(seconds * 1000));
            double cpuSeconds = (processCpuNanos() - cpuBefore) / 1e9;
            long allocated = allocatedBytes() - allocatedBefore;
            long[] gcAfter = collections();
            SearchStatistics stats = search.statistics();
            // CPU seconds show how much of the machine the search really had: on a shared machine the
            // iterations per CPU second compare thread counts fairly.
            System.out.println(String.format(Locale.ROOT,
                    "game=%s engine=%s strategy=%s playout=%s threads=%d seconds=%.1f cpu_s=%.1f iterations=%d "
                            + "playouts=%d iterations_per_s=%.1f playouts_per_s=%.1f iterations_per_cpu_s=%.1f "
                            + "nodes=%d pool=%d alloc_bytes_per_iteration=%.1f gc_count=%d gc_ms=%d stall_ms=%d proven=%d "
                            + "best_line=%d move=%s",
                    gameName(), engineName, search.name(), playoutName(search.name(), options),
                    stats.threads(), stats.elapsedMillis() / 1000.0, cpuSeconds, stats.iterations(),
                    stats.playouts(), stats.iterationsPerSecond(), stats.playoutsPerSecond(),
                    cpuSeconds > 0 ? stats.iterations() / cpuSeconds : 0, stats.treeNodes(), stats.poolNodes(),
                    stats.iterations() > 0 ? (double) allocated / stats.iterations() : 0,
                    gcAfter[0] - gcBefore[0], gcAfter[1] - gcBefore[1], stats.longestStallMillis(),
                    stats.provenValue(), stats.bestLineValue(), stats.chosenMove().replace(' ', '_')));
        }
        return 0;
    }

    /** CPU time of the whole process so far, or 0 where the JVM does not report it. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }

    /**
     * Bytes allocated by all threads so far (the search's garbage: the figure a garbage-free search keeps
     * near zero per iteration), or 0 where the JVM does not report it.
     */
    private static long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemoryEnabled()) {
            return Math.max(0, threads.getTotalThreadAllocatedBytes());
        }
        return 0;
    }

    /** Garbage collections so far and the milliseconds they took, summed over the collectors. */
    private static long[] collections() {
        long count = 0;
        long millis = 0;
        for (var collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, collector.getCollectionCount());
            millis += Math.max(0, collector.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    /** Only the tree search uses the playout option: flat Monte Carlo plays uniformly, random not at all. */
    private static String playoutName(String strategyName, SearchOptions options) {
        switch (strategyName) {
            case "mcts":
                return options.playoutPolicy().name().toLowerCase(Locale.ROOT);
            case "montecarlo":
                return "uniform";
            default:
                return "none";
        }
    }

    private String gameName() {
        String file = game.getFileName().toString();
        return file.endsWith(".kif") ? file.substring(0, file.length() - 4) : file;
    }
}
