package org.ratchet.reasoner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * The engines a game can be prepared with, by name, and the one policy for choosing between them, shared by
 * the command line and the player: the {@link #defaultEngine() default engine} (hsfc: fastest, once compiled)
 * where it prepares the game within its budgets, otherwise the {@link #fallbackEngine() fallback} (bottomup:
 * prepared in moments, grounds nothing, so it plays the games too big to ground), and where even that cannot
 * prepare the game (unstratified rules, static relations beyond the budget) the {@link #lastResortEngine() last
 * resort}, topdown, which reads every valid game. The prover is never chosen: it is the yardstick the other
 * engines are tested against. The command line applies the policy in turn
 * ({@link #select}); the player prepares the fallback ({@link #prepareFallback}) and the default engine at
 * once and plays on the fallback until, or unless, the default engine is ready.
 */
public final class Engines {
    private static final Logger LOG = LogManager.getLogger(Engines.class);

    /** The reference-table forward chainer, fast once its tables are built. */
    public static final String HSFC = "hsfc";
    /** Semi-naive bottom-up evaluation with indexed joins: grounds nothing, so it prepares games hsfc cannot. */
    public static final String BOTTOMUP = "bottomup";
    /** The prover's tabled backward chaining on interned terms: ready at once, reads every valid game. */
    public static final String TOPDOWN = "topdown";
    /** The reference backward-chaining prover: ready at once, reads every valid game, slow; the yardstick. */
    public static final String PROVER = "prover";
    /** Not an engine: asks for the selection policy ({@link #select}). */
    public static final String DEFAULT = "default";

    /** The fallback's time budget: it prepares most games in well under a second, and the last resort waits. */
    private static final long FALLBACK_MILLIS = 3_000;
    /** How long each of the fallback and the last resort is timed per round before choosing between them. */
    private static final long SPEED_TRIAL_MILLIS = 50;
    /**
     * Rounds of the speed trial, the two engines timed in turn: each is rated by its best round, so the first
     * round's compilation by the JIT and a moment of load on the machine count less.
     */
    private static final int SPEED_TRIAL_ROUNDS = 2;
    /** The last resort replaces a fallback that prepared the game only when it is this many times faster. */
    static final double LAST_RESORT_FACTOR = 3;

    /** Every engine on the class path, by name, in the order of {@link #names()}. */
    private static final Map<String, Engine> ENGINES = load();

    private Engines() {
    }

    private static Map<String, Engine> load() {
        Map<String, Engine> found = new LinkedHashMap<>();
        for (Engine engine : ServiceLoader.load(Engine.class, Engines.class.getClassLoader())) {
            found.put(engine.name(), engine);
        }
        Map<String, Engine> ordered = new LinkedHashMap<>();
        for (String name : List.of(HSFC, BOTTOMUP, TOPDOWN, PROVER)) {
            if (!found.containsKey(name)) {
                throw new IllegalStateException("engine '" + name + "' is missing from the class path");
            }
            ordered.put(name, found.get(name));
        }
        return ordered;
    }

    /** Engine names accepted by {@link #create}. */
    public static List<String> names() {
        return List.copyOf(ENGINES.keySet());
    }

    /** Engine names accepted by {@link #prepare}: {@value #DEFAULT} and every engine. */
    public static List<String> choices() {
        return Stream.concat(Stream.of(DEFAULT), ENGINES.keySet().stream()).toList();
    }

    /** The engine preferred when none is named: the fastest, where it can prepare the game. */
    public static String defaultEngine() {
        return HSFC;
    }

    /** The engine used where the default one cannot prepare a game (or is not ready yet). */
    public static String fallbackEngine() {
        return BOTTOMUP;
    }

    /** The engine used where the fallback cannot prepare a game either: it reads every valid game. */
    public static String lastResortEngine() {
        return TOPDOWN;
    }

    /**
     * The fallback engine, within a short time budget and the default memory budget, or the last resort where
     * it cannot prepare the game or plays it much slower (measured on a short random walk of each). Logs why
     * when it falls back.
     */
    public static StateMachineFactory prepareFallback(GameDescription game) throws GdlException {
        StateMachineFactory fallback;
        try {
            fallback = create(fallbackEngine(), game, EngineOptions.defaults().withTimeBudgetMillis(FALLBACK_MILLIS));
        } catch (GdlException | OutOfMemoryError e) {
            LOG.info("engine {} plays: {} cannot prepare the game: {}", lastResortEngine(), fallbackEngine(),
                e.getMessage());
            return create(lastResortEngine(), game);
        }
        // Bottom-up evaluation derives whole relations in every state, top-down only what a query asks:
        // where that makes the fallback much slower (mummymaze1p, chess), the last resort plays.
        StateMachineFactory lastResort = create(lastResortEngine(), game);
        double fallbackRate = 0;
        double lastResortRate = 0;
        for (int round = 0; round < SPEED_TRIAL_ROUNDS; round++) {
            fallbackRate = Math.max(fallbackRate, stepsPerSecond(fallback, SPEED_TRIAL_MILLIS));
            lastResortRate = Math.max(lastResortRate, stepsPerSecond(lastResort, SPEED_TRIAL_MILLIS));
        }
        boolean lastResortPlays = prefersLastResort(fallbackRate, lastResortRate);
        LOG.info("engine {} plays: on short random walks {} ran {} states/s, {} {}",
            lastResortPlays ? lastResortEngine() : fallbackEngine(), fallbackEngine(), Math.round(fallbackRate),
            lastResortEngine(), Math.round(lastResortRate));
        return lastResortPlays ? lastResort : fallback;
    }

    /**
     * Whether the last resort should play instead of a prepared fallback, from their measured states per
     * second: only by a wide margin, since short timings are noisy and the fallback is usually faster.
     */
    static boolean prefersLastResort(double fallbackRate, double lastResortRate) {
        return lastResortRate > LAST_RESORT_FACTOR * fallbackRate;
    }

    /**
     * States per second of uniformly random play from the initial state for about {@code millis} (at least
     * one step; a terminal state starts over). An engine failing on the walk counts as 0.
     */
    private static double stepsPerSecond(StateMachineFactory factory, long millis) {
        StateMachine machine = factory.newMachine();
        SplittableRandom random = new SplittableRandom(1);
        int[] joint = new int[machine.roleCount()];
        long start = System.nanoTime();
        long end = start + millis * 1_000_000L;
        long steps = 0;
        try {
            do {
                if (machine.isTerminal()) {
                    machine.setState(machine.initialState());
                }
                for (int role = 0; role < joint.length; role++) {
                    int count = machine.legalCount(role);
                    if (count == 0) {
                        return 0; // a role without a legal move: an invalid game, no basis for a comparison
                    }
                    joint[role] = machine.legalMove(role, random.nextInt(count));
                }
                machine.advance(joint);
                steps++;
            } while (System.nanoTime() < end);
        } catch (RuntimeException e) {
            return 0;
        }
        return steps * 1e9 / Math.max(1, System.nanoTime() - start);
    }

    /** The engine a choice stands for when it must be one engine: {@value #DEFAULT} is the default engine. */
    public static String resolve(String choice) {
        return DEFAULT.equals(choice) ? defaultEngine() : choice;
    }

    public static StateMachineFactory create(String engine, GameDescription game) throws GdlException {
        return create(engine, game, EngineOptions.defaults());
    }

    /** Prepares the game with the named engine within the budgets of {@code options}. */
    public static StateMachineFactory create(String engine, GameDescription game, EngineOptions options)
            throws GdlException {
        Engine found = ENGINES.get(engine);
        if (found == null) {
            throw new IllegalArgumentException("unknown engine '" + engine + "'; known: " + names());
        }
        return found.prepare(game, options);
    }

    /** Prepares the game with the chosen engine, or by the selection policy for {@value #DEFAULT}. */
    public static StateMachineFactory prepare(String choice, GameDescription game, EngineOptions options)
            throws GdlException {
        return DEFAULT.equals(choice) ? select(game, options) : create(choice, game, options);
    }

    /**
     * The default engine when it can prepare the game within the budgets, otherwise the fallback engine, otherwise
     * the last resort. Logs which engine plays and why.
     */
    public static StateMachineFactory select(GameDescription game, EngineOptions options) throws GdlException {
        long start = System.nanoTime();
        try {
            StateMachineFactory factory = create(defaultEngine(), game, options);
            LOG.info("engine {} plays (compiled in {} ms)", defaultEngine(), (System.nanoTime() - start) / 1_000_000);
            return factory;
        } catch (GdlException | OutOfMemoryError e) {
            LOG.info("engine {} cannot prepare the game: {}", defaultEngine(), e.getMessage());
            return prepareFallback(game);
        }
    }
}
