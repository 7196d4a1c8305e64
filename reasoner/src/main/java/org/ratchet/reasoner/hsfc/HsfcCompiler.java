package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.longs.Long2IntLinkedOpenHashMap;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.GroundingBudget;
import org.ratchet.reasoner.ground.InstanceSet;
import org.ratchet.reasoner.ground.NeededInstances;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.rewrite.FluentParts;
import org.ratchet.reasoner.rewrite.FluentSplitting;
import org.ratchet.reasoner.rewrite.Passes;
import org.ratchet.reasoner.run.GameTerms;
import org.ratchet.reasoner.run.HsfcMachine;
import org.ratchet.reasoner.run.Keeping;
import org.ratchet.reasoner.run.Program;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.tables.HypothesisOrder;
import org.ratchet.reasoner.tables.RuleCompiler;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * Compiles a game into reference tables: normal form, static/dynamic analysis, grounding, relation layout,
 * rule tables in hypothesis order, then (for the best/worst strategies) a short run of random playouts to
 * measure list sizes and a second table build with the measured statistics (HSFC section 5).
 */
public final class HsfcCompiler {
    private static final Logger LOG = LogManager.getLogger(HsfcCompiler.class);
    /** Deepest function-term nesting grounding accepts (games with unbounded nesting are left to the prover). */
    private static final int MAX_TERM_DEPTH = 16;
    /** States visited to measure list sizes (HSFC: "between 100 and 1000 states"). */
    private static final int STATISTICS_STATES = 500;
    /**
     * A table build that only makes a playable game faster (a measured order after the estimated one, the source
     * order beside the best) may take this many times as long as the build it would replace, and at least
     * {@link #OPTIONAL_BUILD_MIN_MILLIS}; past that it is given up and the tables built already play. An order
     * whose tables grow far larger otherwise ran on until the whole budget was spent (quad's source order, after a
     * best-order build of 0.1 s, took every second of a 60 s budget; chess_200's the last 11 s after 3 s), and a
     * player's compile budget runs into the match, whose first moves the fallback engine then searched.
     */
    static final int OPTIONAL_BUILD_FACTOR = 2;
    static final long OPTIONAL_BUILD_MIN_MILLIS = 500;
    /** How much faster than the best order the source order must run for {@code auto} to keep it. */
    private static final double SOURCE_MARGIN = 1.1;
    /**
     * Compile time, in the JIT's running total (milliseconds), that still counts as nothing compiled during a
     * round of timings: the total moved by up to 13 in rounds whose speeds had settled, by 50 to 300 in rounds
     * that ran at half speed. (At 2, checkers' order waited 8 to 12 rounds; at 20, 7 to 10.)
     */
    private static final long QUIET_COMPILE_MILLIS = 20;

    private HsfcCompiler() {
    }

    /**
     * Compiles the game, or fails with a {@link GdlException} naming why (including when the budget of
     * {@code options} is not enough).
     */
    public static HsfcGame compile(GameDescription game, EngineOptions options) throws GdlException {
        return compile(game, options, RuleCompiler.DENSE_TABLE_LIMIT);
    }

    /** {@link #compile(GameDescription, EngineOptions)}, keeping tables larger than the limit sparse. */
    static HsfcGame compile(GameDescription game, EngineOptions options, long denseTableLimit) throws GdlException {
        return compile(game, options, denseTableLimit, -1);
    }

    /**
     * {@link #compile(GameDescription, EngineOptions, long)}, giving each optional table build
     * {@code optionalBuildMillis} instead of its usual limit (see {@link #OPTIONAL_BUILD_FACTOR}) where that is
     * not negative.
     */
    static HsfcGame compile(GameDescription game, EngineOptions options, long denseTableLimit, long optionalBuildMillis)
            throws GdlException {
        HypothesisOrder.Strategy strategy;
        try {
            strategy = HypothesisOrder.Strategy.parse(options.order());
        } catch (IllegalArgumentException e) {
            throw new GdlException("unknown hypothesis order '" + options.order() + "' (auto, best, source or worst)");
        }
        GroundingBudget budget = new GroundingBudget(options.memoryBudgetBytes(), options.timeBudgetMillis());
        HsfcCompiler.Run run = new HsfcCompiler.Run(game, budget, strategy, denseTableLimit, optionalBuildMillis,
            options.progress());
        try {
            return run.compile();
        } catch (GroundingBudget.Exceeded e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new GdlException("hsfc compile cancelled (its thread was interrupted)");
            }
            // past grounding, the last stage completed says how far it got (grounding says where it stopped)
            throw new GdlException("hsfc cannot ground this game within its budget: " + e.getMessage()
                + (run.lastStage == null ? "" : " (after " + run.lastStage
                    + (run.tablesOfLine > 0 ? "; building the tables of the rule at line " + run.tablesOfLine : "")
                    + ")"));
        } catch (IllegalArgumentException | IllegalStateException | StackOverflowError e) {
            throw new GdlException("hsfc cannot compile this game: " + e);
        }
    }

    /** The state of one compilation. */
    private static final class Run {
        private final GameDescription original;
        private final GroundingBudget budget;
        private HypothesisOrder.Strategy strategy;
        private final long denseTableLimit;
        /** The time an optional table build may take, or -1 for the usual limit ({@link #optionalBuild}). */
        private final long optionalBuildMillis;
        private GameDescription game;
        private DependencyGraph graph;
        private Stratification strata;
        private StaticRelations statics;
        private Grounder grounder;
        private NeededInstances needed;
        private final RelationLayout layout = new RelationLayout();
        private final List<Rule> runtimeRules = new ArrayList<>();
        private final List<Rule> permanentRules = new ArrayList<>();
        private final IntSet[] phaseRelations = new IntSet[3];
        private final EngineOptions.Progress progress;
        /** The stage completed last ({@link EngineOptions.Progress}), or null before the first. */
        private String lastStage;
        /** The source line of the rule whose tables are being built, 0 between rules. */
        private int tablesOfLine;
        /** Shared by the orderings of every table build of this compile (see {@link HypothesisOrder}). */
        private final HypothesisOrder.PassChances passChances = new HypothesisOrder.PassChances();

        Run(GameDescription original, GroundingBudget budget, HypothesisOrder.Strategy strategy,
                long denseTableLimit, long optionalBuildMillis, EngineOptions.Progress progress) {
            this.progress = stage -> {
                lastStage = stage;
                progress.completed(stage);
            };
            this.denseTableLimit = denseTableLimit;
            this.optionalBuildMillis = optionalBuildMillis;
            this.original = original;
            this.budget = budget;
            this.strategy = strategy;
        }

        HsfcGame compile() throws GdlException {
            return chooseKeeping(compileTables());
        }

        /**
         * The game with machines that keep as much of the state phase up to date between states as measures
         * fastest. Keeping pays where a kept rule is costly to derive (connectFourLarger's 400 open cells, of
         * which a move changes one), and costs a little where it is cheap (bringing the kept relations up to
         * date reads the whole state); guarded relations pay where the side to move has many moves of which
         * a move changes few (breakthrough), and cost where it has few (minichess' three pieces), since both
         * sides' are kept. So guarded and counted keeping are timed against counted keeping alone, and the
         * faster against deriving all. Everything is kept when there is no time to measure.
         */
        private HsfcGame chooseKeeping(HsfcGame game) {
            int kept = game.program.keptRelations().length;
            int guarded = game.program.guardedRelations().length;
            if (kept + guarded == 0 || budget.remainingMillis() < 2_000) {
                return game;
            }
            HsfcGame chosen = game;
            if (guarded > 0 && kept > 0) {
                chosen = faster(game, game.keeping(Keeping.COUNTED));
            }
            if (budget.remainingMillis() < 2_000) {
                return chosen;
            }
            chosen = faster(chosen, game.keeping(Keeping.NOTHING));
            progress.completed("hsfc: " + describe(chosen) + ", chosen by speed");
            return chosen;
        }

        /** The names of these relations (runtime indices), for the debug log. */
        private List<String> names(int[] relations) {
            List<String> names = new ArrayList<>();
            for (int r : relations) {
                names.add(original.symbols().name(layout.symbol(r)));
            }
            return names;
        }

        /** Of two keepings of one game, the one whose random playouts run faster on settled timings. */
        private HsfcGame faster(HsfcGame more, HsfcGame less) {
            double[] speeds = compareSpeeds(more, less);
            // No margin: on settled timings keeping ran as fast as it measured (checkers 1.07x, breakthrough
            // 1.04x in bench against a margin of 1.2 that declined it); before, a fifth was asked because the
            // unsettled timings had put breakthrough 3% ahead keeping and longer runs 15% behind.
            boolean keepMore = speeds[0] > speeds[1];
            LOG.debug("hsfc: {} rather than {} ({} states/ms against {})", describe(keepMore ? more : less),
                describe(keepMore ? less : more), Math.round(speeds[keepMore ? 0 : 1] * 1e6),
                Math.round(speeds[keepMore ? 1 : 0] * 1e6));
            return keepMore ? more : less;
        }

        private static String describe(HsfcGame game) {
            switch (game.keeping) {
                case COUNTED_AND_GUARDED:
                    return "keeping " + game.program.keptRelations().length + " relations between states and "
                        + game.program.guardedRelations().length + " under a guard";
                case COUNTED:
                    return "keeping " + game.program.keptRelations().length + " relations between states";
                default:
                    return "deriving every relation in every state";
            }
        }

        private HsfcGame compileTables() throws GdlException {
            long start = System.nanoTime();
            game = Passes.normalForm(original);
            graph = DependencyGraph.of(game);
            strata = Stratification.of(game);
            statics = StaticRelations.of(graph);
            if (original.roles().isEmpty()) {
                throw new GdlException("the game declares no role");
            }
            grounder = Grounder.ground(game, strata, statics, budget, MAX_TERM_DEPTH);
            for (Rule rule : game.rules()) {
                if (statics.isStatic(rule.head().symbol())) {
                    continue;
                }
                (hasDynamicLiteral(rule) ? runtimeRules : permanentRules).add(rule);
            }
            FluentSplitting fluents = new FluentSplitting(grounder.set(SymbolTable.TRUE).terms(),
                grounder.set(SymbolTable.INIT).terms());
            List<Rule> rewritten = Passes.apply(Passes.forRuntimeRules(permanentRules, strata, fluents), runtimeRules);
            runtimeRules.clear();
            runtimeRules.addAll(rewritten);
            // before any ID is handed out: true's IDs are grouped by part, one list per part
            FluentParts fluentParts = fluents.chosen();
            Long2IntLinkedOpenHashMap fluentGroups = grounder.groupFluents(fluentParts);
            grounder.orderLegalByMoves();
            for (int symbol : new int[] {SymbolTable.TRUE, SymbolTable.DOES, SymbolTable.NEXT, SymbolTable.LEGAL,
                    SymbolTable.GOAL, SymbolTable.TERMINAL}) {
                layout.add(symbol, grounder.set(symbol).size());
            }
            for (Rule rule : runtimeRules) {
                layout.add(rule.head().symbol(), grounder.set(rule.head().symbol()).size());
                for (Literal literal : rule.body()) {
                    Term sentence = sentence(literal);
                    if (sentence != null) {
                        layout.add(sentence.symbol(), grounder.set(sentence.symbol()).size());
                    }
                }
            }
            for (Rule rule : permanentRules) {
                layout.add(rule.head().symbol(), grounder.set(rule.head().symbol()).size());
            }
            layout.addTrueParts(fluentGroups, fluentParts);
            assignPhases();
            needed = NeededInstances.of(runtimeRules, grounder, strata, budget);
            long grounded = System.nanoTime();
            LOG.debug("hsfc grounding: {} ms; true's parts: {}", (grounded - start) / 1_000_000,
                fluentParts.describe(game.symbols()));
            progress.completed("hsfc: grounded " + layout.totalSize() + " instances of " + layout.relationCount()
                + " relations in " + (grounded - start) / 1_000_000 + " ms");

            Int2DoubleOpenHashMap estimates = new Int2DoubleOpenHashMap();
            // Before any state is measured, a state is guessed to hold a quarter of the possible facts of each
            // fluent (as other relations are guessed at a quarter of their instances), at least the initial
            // ones: games that start almost empty (hex) fill up, and ordering for the initial size alone built
            // tables many times larger than needed.
            InstanceSet initial = grounder.set(SymbolTable.INIT);
            int[] initialFacts = new int[layout.count()];
            for (int i = 0; i < initial.size(); i++) {
                initialFacts[layout.partOfTrue(initial.get(i).arg(0))]++;
            }
            for (int part : layout.partsOfTrue()) {
                estimates.put(part, Math.max(Math.max(1, initialFacts[part]), layout.size(part) / 4.0));
            }
            estimates.put(layout.index(SymbolTable.DOES), original.roles().size());
            HsfcGame first = build(estimates, grounded - start, 0, System.nanoTime());
            progress.completed("hsfc: reference tables for estimated sizes in " + first.statistics.tableMillis()
                + " ms");
            if (strategy == HypothesisOrder.Strategy.SOURCE) {
                return first;
            }
            // Ordering by measured statistics only makes a playable game faster: when the budget runs out
            // during it, play with the tables already built rather than fall back to the prover.
            HsfcGame ordered;
            Int2DoubleOpenHashMap measured;
            long measureStart = System.nanoTime();
            long tablesStart;
            long measureNanos;
            try {
                measured = measure(first);
                tablesStart = System.nanoTime();
                measureNanos = tablesStart - measureStart;
                if (measured == null) {
                    return first;
                }
                // the first tables are dropped once the measured ones are built
                budget.release(first.statistics.referenceTableBytes());
                ordered = optionalBuild(first, () -> build(measured, grounded - start, measureNanos, tablesStart));
                progress.completed("hsfc: reference tables for measured sizes in " + ordered.statistics.tableMillis()
                    + " ms");
            } catch (GroundingBudget.Exceeded e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                LOG.debug("hsfc: no time or memory left to order hypotheses by measurement ({}); keeping the"
                    + " order from estimated sizes", e.getMessage());
                progress.completed("hsfc: measured order given up (" + e.getMessage() + "); the tables for estimated"
                    + " sizes play");
                return first;
            }
            if (strategy != HypothesisOrder.Strategy.AUTO || budget.remainingMillis() < 2_000) {
                return ordered;
            }
            try {
                HsfcGame source = optionalBuild(ordered, () -> buildWith(HypothesisOrder.Strategy.SOURCE, measured,
                    grounded - start, measureNanos));
                double[] speeds = compareSpeeds(ordered, source);
                double orderedSpeed = speeds[0];
                double sourceSpeed = speeds[1];
                // Timings this short move by a tenth or more on a shared machine. Where the two orders are
                // about as fast, either will do; where best is far faster (nineBoardTicTacToe, bunk_t: a
                // third fewer instructions), a noisy timing must not hand the game to source. So source
                // has to win clearly (connectFour and sheepAndWolf: a fifth fewer instructions).
                boolean sourceFaster = sourceSpeed > SOURCE_MARGIN * orderedSpeed;
                LOG.debug("hsfc order: {} ({} states/ms for best, {} for source)", sourceFaster ? "source" : "best",
                    Math.round(orderedSpeed * 1e6), Math.round(sourceSpeed * 1e6));
                progress.completed("hsfc: hypothesis order " + (sourceFaster ? "source" : "best") + " chosen by speed");
                return sourceFaster ? source : ordered;
            } catch (GroundingBudget.Exceeded e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                LOG.debug("hsfc order: best, the source order given up ({})", e.getMessage());
                progress.completed("hsfc: source order given up (" + e.getMessage() + "); the best order plays");
                return ordered;
            }
        }

        /**
         * A table build that would replace {@code current}, within {@link #OPTIONAL_BUILD_FACTOR} times the time
         * {@code current}'s took (at least {@link #OPTIONAL_BUILD_MIN_MILLIS}); {@link GroundingBudget.Exceeded}
         * when it takes longer, as when the budget runs out.
         */
        private HsfcGame optionalBuild(HsfcGame current, Supplier<HsfcGame> build) {
            budget.limitStage(optionalBuildMillis >= 0 ? optionalBuildMillis
                : Math.max(OPTIONAL_BUILD_MIN_MILLIS, OPTIONAL_BUILD_FACTOR * current.statistics.tableMillis()));
            try {
                budget.checkTime(); // no time at all: not even started
                return build.get();
            } finally {
                budget.endStage();
            }
        }

        private HsfcGame buildWith(HypothesisOrder.Strategy order, Int2DoubleOpenHashMap measured,
                long groundingNanos, long optimiseNanos) {
            HypothesisOrder.Strategy saved = strategy;
            strategy = order;
            try {
                return build(measured, groundingNanos, optimiseNanos, System.nanoTime());
            } finally {
                strategy = saved;
            }
        }

        /**
         * The playout speeds of two games, timed in turn in rounds of {@link #playoutSpeed} each until
         * {@link SpeedRounds} can judge them (once the JIT has settled, as far as that can be seen).
         */
        private double[] compareSpeeds(HsfcGame first, HsfcGame second) {
            CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
            boolean jitWatched = jit != null && jit.isCompilationTimeMonitoringSupported();
            SpeedRounds rounds = new SpeedRounds();
            boolean judged = false;
            while (!judged) {
                long compiledBefore = jitWatched ? jit.getTotalCompilationTime() : 0;
                double firstSpeed = playoutSpeed(first);
                double secondSpeed = playoutSpeed(second);
                boolean jitQuiet = jitWatched
                    && jit.getTotalCompilationTime() - compiledBefore <= QUIET_COMPILE_MILLIS;
                boolean mustEnd = !jitWatched || budget.remainingMillis() < 1_000;
                judged = rounds.add(firstSpeed, secondSpeed, jitQuiet, mustEnd);
            }
            LOG.debug("hsfc timing: {} rounds, judged by {}", rounds.rounds(), rounds.judgedBy());
            return rounds.judged();
        }

        /** States per second of this thread's CPU over a short run of random playouts. */
        private double playoutSpeed(HsfcGame game) {
            var threads = ManagementFactory.getThreadMXBean();
            long cpuStart = threads.getCurrentThreadCpuTime();
            int states = playout(game, null, null, 150, 1_000_000);
            long cpu = Math.max(1, threads.getCurrentThreadCpuTime() - cpuStart);
            return states / (double) cpu;
        }

        private boolean hasDynamicLiteral(Rule rule) {
            for (Literal literal : rule.body()) {
                if (hasDynamicLiteralIn(literal, statics)) {
                    return true;
                }
            }
            return false;
        }

        private HsfcGame build(Int2DoubleOpenHashMap meanSizes, long groundingNanos, long optimiseNanos,
                long tablesStart) {
            HypothesisOrder order = new HypothesisOrder(grounder, statics, layout, meanSizes, passChances);
            RuleCompiler compiler = new RuleCompiler(grounder, statics, layout, budget, needed, denseTableLimit);
            long before = budget.usedBytes();
            Block[][] phases = new Block[3][];
            // per next rule in evaluation order: its tables with the fact it carries over read last, or null
            List<RulePlan> framePlans = new ArrayList<>();
            int ruleCount = 0;
            long tableInts = 0;
            for (int phase = 0; phase < 3; phase++) {
                List<Block> blocks = new ArrayList<>();
                for (IntList component : strata.components()) {
                    List<RulePlan> compiled = new ArrayList<>();
                    List<RulePlan[]> deltaPlans = new ArrayList<>();
                    boolean recursive = strata.isRecursive(component.getInt(0));
                    for (Rule rule : runtimeRules) {
                        int head = rule.head().symbol();
                        if (phaseRelations[phase].contains(head) && component.contains(head)) {
                            RulePlan tables = compileRule(rule, order, compiler);
                            if (tables != null) {
                                compiled.add(tables);
                                tableInts += tables.tableInts();
                                if (phase == 2) {
                                    RulePlan frame = framePlan(rule, tables, order, compiler);
                                    framePlans.add(frame);
                                    tableInts += frame == null || frame == tables ? 0 : frame.tableInts();
                                }
                                if (recursive) {
                                    RulePlan[] delta = deltaPlans(rule, order, compiler, component);
                                    deltaPlans.add(delta);
                                    for (RulePlan plan : delta == null ? new RulePlan[0] : delta) {
                                        tableInts += plan.tableInts();
                                    }
                                }
                            }
                        }
                    }
                    if (!compiled.isEmpty()) {
                        blocks.add(new Block(compiled.toArray(new RulePlan[0]),
                            recursive ? deltaPlans.toArray(new RulePlan[0][]) : null));
                        ruleCount += compiled.size();
                    }
                }
                phases[phase] = blocks.toArray(new Block[0]);
            }
            int[][] permanent = permanentFacts();
            IntArrayList cleared = new IntArrayList();
            for (int r = 0; r < layout.count(); r++) {
                // true's lists are those of its parts
                if (!statics.isStatic(layout.symbol(r)) && r != layout.index(SymbolTable.TRUE)) {
                    cleared.add(r);
                }
            }
            int[][] sampled = new int[3][];
            for (int phase = 0; phase < 3; phase++) {
                IntArrayList relations = new IntArrayList();
                for (int symbol : phaseRelations[phase]) {
                    if (layout.contains(symbol)) {
                        relations.add(layout.index(symbol));
                    }
                }
                if (phase == 0) {
                    relations.addElements(relations.size(), layout.partsOfTrue());
                } else if (phase == 2) {
                    relations.add(layout.index(SymbolTable.DOES));
                }
                sampled[phase] = relations.toIntArray();
            }
            long kbBytes = layout.totalSize() / 8 + 4L * layout.totalSize();
            long tablesMillis = (System.nanoTime() - tablesStart) / 1_000_000;
            CompileStatistics statistics = new CompileStatistics(groundingNanos / 1_000_000,
                optimiseNanos / 1_000_000, tablesMillis, tableInts * 4, kbBytes, layout.relationCount(), ruleCount,
                strategy.name().toLowerCase(java.util.Locale.ROOT));
            LOG.debug("hsfc tables ({} order): {} rules, {} KB reference tables (budget use {} MB) in {} ms",
                strategy.name().toLowerCase(java.util.Locale.ROOT), ruleCount, tableInts * 4 / 1024,
                (budget.usedBytes() - before) >> 20, tablesMillis);
            GameTerms terms = new GameTerms(original.roles(), grounder.set(SymbolTable.TRUE),
                grounder.set(SymbolTable.DOES));
            Program program = new Program(terms, original.symbols(), grounder, layout, permanent,
                cleared.toIntArray(), phases, sampled, framePlans.toArray(new RulePlan[0]));
            if (LOG.isDebugEnabled()) {
                LOG.debug("hsfc: relations kept between states: {} ({} IDs merged into others derived alike), "
                    + "under a guard: {}; next rules read by their exceptions: {} of {}; a state set by its facts "
                    + "is advanced {}", names(program.keptRelations()), program.mergedKeptIds(),
                    names(program.guardedRelations()), program.frameRuleCount(), program.nextRuleCount(),
                    program.advancesUnasked() ? "without deriving its legal moves" : "after deriving its legal moves "
                        + "(next rules read them or their helpers)");
            }
            return new HsfcGame(original, terms, program, statistics);
        }

        /**
         * The delta plans of a rule of a recursive block (see {@link Block#deltaPlans}): for each positive
         * literal on a relation of the block, the rule's tables with that literal read first and the others
         * in the order chosen by {@link #strategy}. Null if some such literal cannot be read first from a
         * dense table (it is ground, or its table is sparse) or the tables exceed the memory budget: the
         * machine then runs the rule whole on every pass.
         */
        private RulePlan[] deltaPlans(Rule rule, HypothesisOrder order, RuleCompiler compiler, IntList block) {
            List<Term> hypotheses = order.order(rule, strategy);
            List<RulePlan> plans = new ArrayList<>();
            for (int i = 0; i < hypotheses.size(); i++) {
                Term literal = hypotheses.get(i);
                if (!block.contains(literal.symbol())) {
                    continue;
                }
                List<Term> first = new ArrayList<>(hypotheses.size());
                first.add(literal);
                for (int j = 0; j < hypotheses.size(); j++) {
                    if (j != i) {
                        first.add(hypotheses.get(j));
                    }
                }
                Attempt attempt = tryCompile(rule, first, compiler);
                if (attempt.overran()) {
                    return null;
                }
                RulePlan plan = attempt.plan();
                if (plan == null) {
                    continue; // no instance of the rule reads this literal: nothing to restrict
                }
                if (plan.stages.length == 0 || plan.stages[0].relation != layout.index(literal.symbol())
                        || plan.stages[0].table == null) {
                    return null;
                }
                plans.add(plan);
            }
            return plans.toArray(new RulePlan[0]);
        }

        /**
         * For a frame axiom, a next rule that reads the very fact it derives ({@code (<= (next (cell ?x ?y ?p))
         * (true (cell ?x ?y ?p)) ...)}): its tables with that {@code true} literal read last, so that for each
         * binding of the other inputs (the move played) the table lists which facts are carried over
         * (run.Frames): the rule's own {@code tables} where they read a part of true last already. Null for any
         * other rule, or if those tables would exceed the memory budget.
         */
        private RulePlan framePlan(Rule rule, RulePlan tables, HypothesisOrder order, RuleCompiler compiler) {
            if (rule.head().symbol() != SymbolTable.NEXT) {
                return null;
            }
            if (tables.stages.length > 0 && tables.stages[tables.stages.length - 1].table != null
                    && layout.isPartOfTrue(tables.stages[tables.stages.length - 1].relation)) {
                return tables;
            }
            Term carried = rule.head().arg(0);
            List<Term> hypotheses = new ArrayList<>(order.order(rule, strategy));
            Term read = null;
            for (Term literal : hypotheses) {
                if (literal.symbol() == SymbolTable.TRUE && literal.arg(0).equals(carried)) {
                    read = literal;
                    break;
                }
            }
            if (read == null) {
                return null;
            }
            // the other dynamic inputs first, then the carried fact, then the static literals, which its
            // variables bound make conditions folded into its table (a static literal read before it would
            // bind the fact's variables and leave the fact a mere condition)
            hypotheses.remove(read);
            List<Term> readLast = new ArrayList<>();
            for (Term literal : hypotheses) {
                if (!statics.isStatic(literal.symbol())) {
                    readLast.add(literal);
                }
            }
            readLast.add(read);
            for (Term literal : hypotheses) {
                if (statics.isStatic(literal.symbol())) {
                    readLast.add(literal);
                }
            }
            hypotheses = readLast;
            Attempt attempt = tryCompile(rule, hypotheses, compiler);
            return attempt.overran() ? null : attempt.plan();
        }

        /**
         * The rule's tables in the order chosen by {@link #strategy}, or, if those exceed the memory
         * budget, in the order with the smallest tables (the order chosen for speed can multiply RefNos);
         * null if the rule can never fire.
         */
        private RulePlan compileRule(Rule rule, HypothesisOrder order, RuleCompiler compiler) {
            tablesOfLine = rule.line();
            long ruleStart = System.nanoTime();
            List<Term> hypotheses = order.order(rule, strategy);
            Attempt attempt = tryCompile(rule, hypotheses, compiler);
            RulePlan tables = attempt.plan();
            if (attempt.overran()) {
                List<Term> small = order.orderForSmallTables(rule);
                LOG.debug("hsfc: tables of the rule at line {} in order {} exceed the memory budget; trying order"
                    + " {}", rule.line(), hypotheses, small);
                hypotheses = small;
                tables = compiler.compile(rule, hypotheses); // past the budget, the reason names this rule
            }
            long ruleMillis = (System.nanoTime() - ruleStart) / 1_000_000;
            if (ruleMillis >= 100) {
                LOG.debug("hsfc tables of the rule at line {} took {} ms, order {}", rule.line(), ruleMillis,
                    hypotheses);
            }
            tablesOfLine = 0;
            return tables;
        }

        /**
         * Compiles the rule with its positive literals in {@code order}; if its tables exceed the memory
         * budget, gives back what the attempt took and reports the overrun (any other budget overrun is
         * thrown on).
         */
        private Attempt tryCompile(Rule rule, List<Term> order, RuleCompiler compiler) {
            long usedBefore = budget.usedBytes();
            try {
                return new Attempt(compiler.compile(rule, order), false);
            } catch (GroundingBudget.Exceeded e) {
                if (!e.memory) {
                    throw e;
                }
                budget.release(budget.usedBytes() - usedBefore);
                return new Attempt(null, true);
            }
        }

        /** Relations of each phase: state (legal, terminal), goal (only at terminal states), next. */
        private void assignPhases() throws GdlException {
            IntSet legal = closure(SymbolTable.LEGAL, SymbolTable.TERMINAL);
            IntSet goal = closure(SymbolTable.GOAL);
            IntSet next = closure(SymbolTable.NEXT);
            for (int relation : goal) {
                if (next.contains(relation)) {
                    legal.add(relation);
                }
            }
            goal.removeAll(legal);
            next.removeAll(legal);
            for (int relation : legal) {
                if (statics.dependsOnMoves(relation)) {
                    throw new GdlException("legal or terminal depends on does (through "
                        + original.symbols().name(relation) + ")");
                }
            }
            phaseRelations[0] = legal;
            phaseRelations[1] = goal;
            phaseRelations[2] = next;
        }

        /**
         * Random playouts from the initial state; returns the number of states visited. Deliberately not
         * {@link org.ratchet.reasoner.play.RandomPlayouts}: run through that class during the compile (with
         * statistics switched on), {@code bench} measured connectFour's playouts about a tenth slower afterwards,
         * in repeated alternated runs; the class is then already compiled by the JIT from this profile.
         */
        private int playout(HsfcGame game, long[] sums, long[] samples, long millis, int maxStates) {
            HsfcMachine machine = (HsfcMachine) game.newMachine();
            if (sums != null) {
                machine.collectStatistics(sums, samples);
            }
            SplittableRandom random = new SplittableRandom(20131);
            int[] joint = new int[machine.roleCount()];
            long deadline = System.nanoTime() + millis * 1_000_000L;
            int states = 0;
            machine.setState(machine.initialState());
            while (states < maxStates && System.nanoTime() < deadline) {
                states++;
                if (machine.isTerminal()) {
                    machine.goal(0);
                    machine.setState(machine.initialState());
                    continue;
                }
                boolean stuck = false;
                for (int role = 0; role < joint.length; role++) {
                    int count = machine.legalCount(role);
                    if (count == 0) {
                        stuck = true;
                        break;
                    }
                    joint[role] = machine.legalMove(role, random.nextInt(count));
                }
                if (stuck) {
                    machine.setState(machine.initialState());
                    continue;
                }
                machine.advance(joint);
            }
            return states;
        }

        /** Dynamic relations the roots depend on, roots included. */
        private IntSet closure(int... roots) {
            IntSet seen = graph.dependencies(roots);
            IntSet dynamic = new IntOpenHashSet();
            for (int relation : seen) {
                if (!statics.isStatic(relation)) {
                    dynamic.add(relation);
                }
            }
            return dynamic;
        }

        private int[][] permanentFacts() {
            List<IntSet> facts = new ArrayList<>();
            for (int r = 0; r < layout.count(); r++) {
                facts.add(new IntLinkedOpenHashSet());
                if (statics.isStatic(layout.symbol(r))) {
                    for (int i = 0; i < layout.size(r); i++) {
                        facts.get(r).add(i);
                    }
                }
            }
            for (Rule rule : permanentRules) {
                int r = layout.index(rule.head().symbol());
                InstanceSet instances = grounder.set(rule.head().symbol());
                for (Term head : grounder.evaluate(rule, statics)) {
                    facts.get(r).add(instances.id(head));
                }
            }
            int[][] permanent = new int[layout.count()][];
            for (int r = 0; r < permanent.length; r++) {
                permanent[r] = facts.get(r).toIntArray();
            }
            return permanent;
        }

        /**
         * Average list sizes by run-time relation index (HSFC Def. 6's Q̄) over random playouts, or null if
         * the time budget does not allow it.
         */
        private Int2DoubleOpenHashMap measure(HsfcGame game) {
            if (budget.remainingMillis() < 500) {
                return null;
            }
            long[] sums = new long[layout.count()];
            long[] samples = new long[layout.count()];
            playout(game, sums, samples, Math.min(2000, budget.remainingMillis() / 4), STATISTICS_STATES);
            Int2DoubleOpenHashMap means = new Int2DoubleOpenHashMap();
            for (int r = 0; r < sums.length; r++) {
                if (samples[r] > 0) {
                    means.put(r, Math.max((double) sums[r] / samples[r], 0.01));
                }
            }
            return means;
        }
    }

    /**
     * One attempt at a rule's tables in one order: {@code plan} is null if the rule can never fire in it;
     * {@code overran} says the tables exceeded the memory budget instead (no plan, the memory given back).
     */
    private record Attempt(RulePlan plan, boolean overran) {
    }

    private static boolean hasDynamicLiteralIn(Literal literal, StaticRelations statics) {
        Term sentence = sentence(literal);
        return sentence != null && !statics.isStatic(sentence.symbol());
    }

    private static Term sentence(Literal literal) {
        if (literal instanceof Literal.Positive p) {
            return p.sentence();
        }
        if (literal instanceof Literal.Negation n && n.inner() instanceof Literal.Positive p) {
            return p.sentence();
        }
        return null;
    }
}
