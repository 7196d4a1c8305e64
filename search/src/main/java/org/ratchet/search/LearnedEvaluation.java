package org.ratchet.search;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.play.RandomPlayouts;

/**
 * A state evaluation learned from random playouts in the start clock: for each role, a linear function of
 * counts of the state's facts that predicts the role's goal at the end of a random playout.
 *
 * <p><b>Features.</b> A fact {@code f(a1, .., an)} counts towards the feature {@code f} (how many f-facts hold),
 * towards {@code (f, i, ai)} for each argument and towards {@code (f, i, ai, j, aj)} for each pair among its
 * first {@link #MAX_PAIR_POSITION} arguments: in {@code (cell 3 4 white)} these are "cell facts", "cells in
 * column 3", "cells in row 4", "white cells" (a piece count), "white cells in row 4" (progress), and so on.
 * Material, territory and progress along a board show up this way without knowing the game.
 *
 * <p><b>Numbers.</b> A numeral argument is a quantity, not a level: it adds its value to a linear feature and
 * one to each threshold it passes ("at least t" and "at most t", for the values seen at that position), alone
 * and with each symbol beside it: {@code (captureCount white 11)} adds 11 to "white's capture count" and counts
 * towards "white captured at least 9", and {@code (cell 3 4 white)} towards "white cells in row 4 or above"
 * and "white cells in row 5 or below" (progress for a side that moves down). As levels,
 * a count that random play seldom reaches would weigh nothing (too rare to be fitted) and rate below the ten
 * captures random play often makes, so a search led by the evaluation would stop capturing there. As a
 * quantity, eleven passes every threshold that ten passes, and the linear part goes on beyond them. Two
 * numerals side by side (a square's coordinates) still count as a level pair.
 *
 * <p><b>Learning.</b> Random playouts from the initial state leave samples: a few non-terminal states of each
 * playout with the goals it ended with. The features that correlate best with a role's goal are fitted by
 * ridge regression on the samples of even playouts, and the fit is judged by the correlation of its
 * predictions with the goals of odd playouts (its <em>quality</em>, -1..1). A role whose quality is below
 * the floor the search asks for ({@link SearchOptions#evaluationMinQuality()}) gets no evaluation: a game whose
 * outcome such counts do not predict (connect four's piece counts are equal for both sides) plays as before.
 * The search may ask for the floor to be cleared with a margin of standard errors
 * ({@link SearchOptions#evaluationAssurance()}, {@link #assuredQuality}): a correlation judged on n playouts has
 * a standard error of about 1/sqrt(n - 3) in Fisher's z, and skirmish, learning from the 160-470 playouts a
 * 10 s start clock leaves after its compile, measured qualities from 0.24 to 0.50 in eight matches of one
 * build.
 *
 * <p><b>Cost.</b> The fitted function is linear in the facts, so it is stored as one weight per fact and role,
 * and an evaluation sums the weights of the state's facts: no allocation, safe to share between threads.
 * Every fact the engine numbered before play is weighed, those no sample had too; an engine that numbers facts
 * as it meets them (the prover) gives facts first met after learning no weight.
 */
final class LearnedEvaluation {
    /**
     * The most features of one role's fit: more adds noise faster than knowledge on a few thousand samples.
     * With thresholds both ways, 24 lowered skirmish's quality (about 0.45 against 0.49 at 32, seeds 1-3).
     */
    private static final int MAX_FEATURES = 32;
    /** Features correlating less than this with the goal are left out of the fit. */
    private static final double MIN_CORRELATION = 0.05;
    /** Argument pairs are formed among the first this many arguments of a fact (boards have three). */
    private static final int MAX_PAIR_POSITION = 4;
    /**
     * Fewer playouts than this fit nothing: half of them judge the fit, and a quality measured on a few
     * playouts (a fallback engine's start clock gave 10, whose quality said 0.40) is noise.
     */
    static final int MIN_PLAYOUTS = 100;
    /** Non-terminal states sampled from each playout. */
    private static final int SAMPLES_PER_PLAYOUT = 4;
    /**
     * Fact ids kept for all samples at most (8 MiB; their features take about seven times that while the fit
     * runs, briefly, in the start clock).
     */
    private static final int MAX_SAMPLE_INTS = 2 << 20;
    /** Numerals up to this value are quantities (larger ones are rather names than quantities). */
    private static final int MAX_NUMERAL = 100_000;
    /** The most thresholds of one numeric argument position in each direction (spread over the values seen). */
    private static final int MAX_THRESHOLDS = 16;
    /** Argument positions per relation in a feature's key (relations have fewer arguments). */
    private static final int MAX_ARITY = 1 << 16;
    /** The most facts {@link #learn} weighs beyond those seen in the samples. */
    private static final int MAX_UNSEEN_FACTS = 1 << 18;
    /** Facts with larger ids get no weight (an engine numbering facts sparsely would otherwise cost memory). */
    private static final int MAX_FACT_ID = 1 << 22;
    /** Ridge penalty relative to the number of samples (features are standardised). */
    private static final double RIDGE = 1e-3;
    /** A playout longer than this is given up (some games loop under random play). */
    private static final int MAX_STEPS = Playout.MAX_STEPS;

    private final int roles;
    /** {@code factWeights[fact * roles + role]}: the fact's share of the role's evaluation. */
    private final float[] factWeights;
    private final double[] bias;
    private final boolean[] used;
    private final String summary;
    /**
     * The playouts the fits rest on; 0 where they were not made and judged. A learning cut short (too few
     * playouts, or out of time fitting them: a slow or cold engine) made none, and more time may give an
     * evaluation.
     */
    private final int fittedPlayouts;

    private LearnedEvaluation(int roles, float[] factWeights, double[] bias, double[] assuredQuality,
            double minQuality, String summary, int fittedPlayouts) {
        this.roles = roles;
        this.factWeights = factWeights;
        this.bias = bias;
        this.used = new boolean[roles];
        for (int role = 0; role < roles; role++) {
            used[role] = assuredQuality[role] >= minQuality;
        }
        this.summary = summary;
        this.fittedPlayouts = fittedPlayouts;
    }

    /** Whether any role's evaluation is good enough to use. */
    boolean isUseful() {
        for (boolean u : used) {
            if (u) {
                return true;
            }
        }
        return false;
    }

    /** Whether the role's evaluation is good enough to use. */
    boolean isUsed(int role) {
        return used[role];
    }

    /** Whether every role's evaluation is good enough to use (so a state can be scored for all of them). */
    boolean isUsedForEveryRole() {
        for (boolean u : used) {
            if (!u) {
                return false;
            }
        }
        return true;
    }

    /** Whether the fits were made and judged: if not, learning again with more time may give an evaluation. */
    boolean fitted() {
        return fittedPlayouts > 0;
    }

    /** The playouts whose samples the fits rest on (half fitted them, half judged them); 0 if none were made. */
    int fittedPlayouts() {
        return fittedPlayouts;
    }

    /** One line on what was learned, for the log. */
    String summary() {
        return summary;
    }

    /** The role's predicted goal, 0..100, for the state of the ascending fact ids {@code facts[0 .. length)}. */
    int evaluate(int[] facts, int length, int role) {
        double value = bias[role];
        int limit = factWeights.length / roles;
        for (int i = 0; i < length; i++) {
            int fact = facts[i];
            if (fact >= 0 && fact < limit) {
                value += factWeights[fact * roles + role];
            }
        }
        return (int) Math.round(Math.max(0, Math.min(SearchTree.MAX_GOAL, value)));
    }

    /**
     * Learns from random playouts of {@code machine} from {@code initial}, played until {@code playoutsUntil} or
     * {@code maxPlayouts}, and fitted by {@code fitUntil}; a role's evaluation is used where its quality is at
     * least {@code minQuality} by {@code assurance} standard errors (see {@link #assuredQuality}). The fit's
     * cost grows with the samples and, with a cold JIT, can exceed the playouts' own time, so it is bounded
     * too: the samples whose features are not found in the first half of the fit's time are left out (the fit
     * then rests on the earlier playouts), and a fit that would still end late is given up (the evaluation
     * uses no role). The summary says which. The machine is left in an arbitrary state.
     */
    static LearnedEvaluation learn(StateMachine machine, State initial, SplittableRandom random, long playoutsUntil,
            long fitUntil, int maxPlayouts, double minQuality, double assurance) {
        return learn(machine, initial, random, playoutsUntil, fitUntil, maxPlayouts, minQuality, assurance,
                new Samples(machine.roleCount()));
    }

    /**
     * As above, adding this learning's playouts to {@code samples} (of the same machine) and fitting on them
     * all: an earlier learning's samples make this one a refinement of it, resting on more playouts. The
     * playouts of both count towards {@code maxPlayouts}.
     */
    static LearnedEvaluation learn(StateMachine machine, State initial, SplittableRandom random, long playoutsUntil,
            long fitUntil, int maxPlayouts, double minQuality, double assurance, Samples samples) {
        samples.addPlayouts(machine, initial, random, playoutsUntil, maxPlayouts);
        Features features = new Features(machine, samples);
        int roles = machine.roleCount();
        long now = System.currentTimeMillis();
        int[][] sampleFeatures = features.of(samples, now + Math.max(0, fitUntil - now) / 2);
        StringBuilder summary = new StringBuilder();
        summary.append(samples.count()).append(" samples of ").append(samples.playouts).append(" playouts");
        if (sampleFeatures.length < samples.count()) {
            summary.append(", the first ").append(sampleFeatures.length).append(" fitted (out of time for the rest)");
        }
        String outOfTime = summary + "; out of time fitting them";
        if (System.currentTimeMillis() >= fitUntil) {
            return none(roles, outOfTime);
        }
        int fitted = sampleFeatures.length == 0 ? 0 : samples.playoutOf.getInt(sampleFeatures.length - 1) + 1;
        if (fitted < MIN_PLAYOUTS) {
            return none(roles, summary + "; too few playouts to fit");
        }
        // the odd playouts among those fitted judge the fits
        int judged = fitted / 2;
        double[] bias = new double[roles];
        double[] assured = new double[roles];
        double[][] weights = new double[roles][];
        for (int role = 0; role < roles; role++) {
            Fit fit = Fit.of(samples, sampleFeatures, features.count(), role, fitUntil);
            if (System.currentTimeMillis() >= fitUntil) {
                return none(roles, outOfTime);
            }
            weights[role] = fit == null ? new double[features.count()] : fit.weights;
            bias[role] = fit == null ? 0 : fit.bias;
            double quality = fit == null ? 0 : fit.quality;
            assured[role] = fit == null ? 0 : assuredQuality(quality, judged, assurance);
            summary.append("; ").append(machine.role(role).render(machine.description().symbols()))
                    .append(String.format(" quality %.2f", quality));
            if (assurance > 0) {
                summary.append(String.format(" (at least %.2f)", assured[role]));
            }
            if (fit != null) {
                summary.append(fit.describeTop(features, machine.description().symbols(), 3));
            }
        }
        // Every fact the engine has numbered is weighed, not only those the samples had: a capture count that
        // random play never reached still has its value and the thresholds it passes.
        int numbered = Math.min(machine.factCount(), MAX_UNSEEN_FACTS);
        int factLimit = Math.min(MAX_FACT_ID, Math.max(features.factLimit(), numbered));
        features.freeze();
        float[] factWeights = new float[factLimit * roles];
        for (int fact = 0; fact < factLimit; fact++) {
            if ((fact & 4095) == 0 && System.currentTimeMillis() >= fitUntil) {
                return none(roles, outOfTime);
            }
            int[] ofFact = fact < numbered ? features.ofFact(fact) : features.seen(fact);
            if (ofFact == null) {
                continue;
            }
            for (int role = 0; role < roles; role++) {
                double sum = 0;
                for (int p = 0; p < ofFact.length; p += 2) {
                    sum += weights[role][ofFact[p]] * ofFact[p + 1];
                }
                factWeights[fact * roles + role] = (float) sum;
            }
        }
        return new LearnedEvaluation(roles, factWeights, bias, assured, minQuality, summary.toString(), fitted);
    }

    /**
     * The quality a fit has at least, {@code assurance} standard errors below the {@code quality} it measured on
     * the samples of {@code playouts} playouts (1.645: one-sided 95%), in Fisher's z transform, where the
     * standard error is 1/sqrt(playouts - 3). The playouts count, not the samples: the states of one playout
     * share its goals. With no assurance, the quality itself.
     */
    static double assuredQuality(double quality, int playouts, double assurance) {
        if (assurance == 0) {
            return quality;
        }
        if (playouts <= 3) {
            return -1;
        }
        double r = Math.max(-0.999_999, Math.min(0.999_999, quality));
        double z = 0.5 * Math.log((1 + r) / (1 - r));
        return Math.tanh(z - assurance / Math.sqrt(playouts - 3));
    }

    /** An evaluation that uses no role, of a learning cut short before its fits were judged. */
    private static LearnedEvaluation none(int roles, String summary) {
        return new LearnedEvaluation(roles, new float[0], new double[roles], new double[roles], 1, summary, 0);
    }

    /** States sampled from random playouts, with the goals each playout ended with. */
    static final class Samples {
        /** Sample k's facts are {@code facts[offsets[k] .. offsets[k + 1])}. */
        final IntArrayList facts = new IntArrayList();
        final IntArrayList offsets = new IntArrayList(new int[] {0});
        /** Sample k's goal of role r is {@code goals[k * roles + r]}. */
        final IntArrayList goals = new IntArrayList();
        /** The playout each sample comes from (samples of even playouts fit, of odd ones judge). */
        final IntArrayList playoutOf = new IntArrayList();
        int playouts;
        final int roles;
        /** How a playout's end is valued: the evaluation predicts what the search backs up. */
        private final GoalUtility utility;

        Samples(int roles) {
            this(roles, GoalUtility.GOAL);
        }

        Samples(int roles, GoalUtility utility) {
            this.roles = roles;
            this.utility = utility;
        }

        int count() {
            return offsets.size() - 1;
        }

        /**
         * Plays random playouts from {@code initial} until {@code deadlineMillis}, or until these samples come
         * from {@code maxPlayouts} playouts or fill their space, and samples them.
         */
        void addPlayouts(StateMachine machine, State initial, SplittableRandom random, long deadlineMillis,
                int maxPlayouts) {
            RandomPlayouts moves = new RandomPlayouts(machine, random.nextLong(), MAX_STEPS);
            int[] jointMove = new int[roles];
            int[] endGoals = new int[roles];
            int[] endValues = new int[roles];
            int[][] reservoir = new int[SAMPLES_PER_PLAYOUT][];
            int[] reservoirLength = new int[SAMPLES_PER_PLAYOUT];
            while (playouts < maxPlayouts && facts.size() < MAX_SAMPLE_INTS
                    && System.currentTimeMillis() < deadlineMillis) {
                machine.setState(initial);
                int seen = 0;
                int steps = 0;
                boolean stuck = false;
                while (!machine.isTerminal()) {
                    if (steps > 0) { // the initial state is the same in every playout: it teaches nothing
                        // reservoir sampling: each state of the playout is kept with the same chance
                        int slot = seen < SAMPLES_PER_PLAYOUT ? seen : random.nextInt(seen + 1);
                        if (slot < SAMPLES_PER_PLAYOUT) {
                            int length = machine.stateSize();
                            if (reservoir[slot] == null || reservoir[slot].length < length) {
                                reservoir[slot] = new int[Math.max(length, 16)];
                            }
                            machine.writeState(reservoir[slot], 0);
                            reservoirLength[slot] = length;
                        }
                        seen++;
                    }
                    // The clock is read at every step, at tens of nanoseconds: a slow engine's steps take
                    // milliseconds (read every 64 steps, amazons' learning on topdown overran by 900 ms).
                    if (++steps > MAX_STEPS || System.currentTimeMillis() >= deadlineMillis) {
                        stuck = true;
                        break;
                    }
                    if (!moves.chooseJointMove(jointMove)) {
                        stuck = true;
                        break;
                    }
                    machine.advance(jointMove);
                }
                if (stuck) {
                    continue; // no honest outcome to learn from
                }
                int playout = playouts++;
                utility.read(machine, endGoals, endValues, 0);
                for (int k = 0; k < Math.min(seen, SAMPLES_PER_PLAYOUT); k++) {
                    facts.addElements(facts.size(), reservoir[k], 0, reservoirLength[k]);
                    offsets.add(facts.size());
                    goals.addElements(goals.size(), endValues, 0, roles);
                    playoutOf.add(playout);
                }
            }
        }
    }

    /**
     * The features of facts, numbered in order of first sight. A fact's or a sample's features are kept as
     * pairs {@code feature, amount}: 1 for a count, the numeral's value for a linear feature.
     */
    static final class Features {
        /** The argument of a linear feature's position: "the numeral's value here", not one symbol. */
        private static final int LINEAR = -1;
        /** The argument {@code AT_LEAST - t}: "the numeral here is at least t". */
        private static final int AT_LEAST = -2;
        /** The argument {@code AT_MOST - t}: "the numeral here is at most t" (below every "at least"). */
        private static final int AT_MOST = AT_LEAST - MAX_NUMERAL - 1;
        private final StateMachine machine;
        private final SymbolTable symbols;
        private final Object2IntOpenHashMap<FeatureKey> numbers = new Object2IntOpenHashMap<>();
        /** Feature number to its key. */
        private final List<FeatureKey> keys = new ArrayList<>();
        private final Int2ObjectOpenHashMap<int[]> ofFact = new Int2ObjectOpenHashMap<>();
        /** A symbol's value as a numeral, or -1 if it is none; filled as symbols are first seen. */
        private final Int2IntOpenHashMap numerals = new Int2IntOpenHashMap();
        /**
         * The thresholds of each numeric argument position, keyed {@code relation * MAX_ARITY + position}: the
         * ascending values seen there in the samples. "At least" features take all but the smallest, "at most"
         * features all but the largest (a threshold every fact passes is a constant). Both directions are
         * needed: a count of pieces that advance towards lower rows (breakthrough's black) is "at most" a row,
         * which a sum of "at least" features only gives as a difference of two, each too weakly correlated
         * with the goal alone to be chosen.
         */
        private final Long2ObjectOpenHashMap<int[]> thresholds = new Long2ObjectOpenHashMap<>();
        private int factLimit;
        /** Set once the fit is made: from then on, features no sample had are left out, and nothing is kept. */
        private boolean frozen;

        /** The features of the facts of {@code samples} (and of any other fact, later, by the same thresholds). */
        Features(StateMachine machine, Samples samples) {
            this.machine = machine;
            this.symbols = machine.description().symbols();
            numbers.defaultReturnValue(-1);
            numerals.defaultReturnValue(Integer.MIN_VALUE);
            findThresholds(samples);
        }

        int count() {
            return keys.size();
        }

        /** One more than the largest fact id seen. */
        int factLimit() {
            return factLimit;
        }

        private void findThresholds(Samples samples) {
            Long2ObjectOpenHashMap<IntOpenHashSet> values = new Long2ObjectOpenHashMap<>();
            IntOpenHashSet facts = new IntOpenHashSet();
            for (int i = 0; i < samples.facts.size(); i++) {
                int fact = samples.facts.getInt(i);
                if (!facts.add(fact)) {
                    continue;
                }
                Term term = machine.fact(fact);
                for (int position = 0; position < term.arity(); position++) {
                    int value = numeral(term.arg(position).symbol());
                    if (value >= 0) {
                        values.computeIfAbsent(positionKey(term.symbol(), position), k -> new IntOpenHashSet())
                                .add(value);
                    }
                }
            }
            for (Long2ObjectMap.Entry<IntOpenHashSet> entry : values.long2ObjectEntrySet()) {
                int[] seen = entry.getValue().toIntArray();
                Arrays.sort(seen);
                int[] kept = seen;
                if (kept.length > MAX_THRESHOLDS + 1) { // evenly spread over the values seen, both ends kept
                    kept = new int[MAX_THRESHOLDS + 1];
                    for (int t = 0; t < kept.length; t++) {
                        kept[t] = seen[(int) ((long) t * (seen.length - 1) / MAX_THRESHOLDS)];
                    }
                }
                thresholds.put(entry.getLongKey(), kept);
            }
        }

        private static long positionKey(int relation, int position) {
            return (long) relation * MAX_ARITY + position;
        }

        /** Ends the numbering of features: {@link #learn} then weighs facts no sample had without keeping them. */
        void freeze() {
            frozen = true;
        }

        /** The feature pairs of a fact the samples had, or null. */
        int[] seen(int fact) {
            return ofFact.get(fact);
        }

        /**
         * For each sample, its features' amounts summed over its facts, as pairs, each feature once; only for
         * the samples before the first that {@code until} passes.
         */
        int[][] of(Samples samples, long until) {
            int[][] result = new int[samples.count()][];
            IntArrayList touched = new IntArrayList();
            IntArrayList pairs = new IntArrayList();
            int[] amounts = new int[0];
            for (int k = 0; k < result.length; k++) {
                if ((k & 255) == 0 && System.currentTimeMillis() >= until) {
                    return Arrays.copyOf(result, k);
                }
                touched.clear();
                for (int i = samples.offsets.getInt(k); i < samples.offsets.getInt(k + 1); i++) {
                    int[] factPairs = ofFact(samples.facts.getInt(i));
                    if (amounts.length < keys.size()) {
                        amounts = Arrays.copyOf(amounts, Math.max(keys.size(), 2 * amounts.length));
                    }
                    for (int p = 0; p < factPairs.length; p += 2) {
                        int feature = factPairs[p];
                        if (amounts[feature] == 0) { // amounts are positive: touched once
                            touched.add(feature);
                        }
                        amounts[feature] += factPairs[p + 1];
                    }
                }
                pairs.clear();
                for (int t = 0; t < touched.size(); t++) {
                    int feature = touched.getInt(t);
                    pairs.add(feature);
                    pairs.add(amounts[feature]);
                    amounts[feature] = 0;
                }
                result[k] = pairs.toIntArray();
            }
            return result;
        }

        /**
         * A fact's features. Symbols count as levels: the relation, each argument, each pair of arguments.
         * A numeral is a quantity instead: its value (linear) and each threshold it reaches, alone and with
         * each symbol beside it; two numerals side by side (a square) count as a level pair. Any fact the
         * machine has numbered may be asked for; after {@link #freeze}, a fact no sample had gets only its
         * features that samples had (the others have no weight), made anew each time.
         */
        int[] ofFact(int fact) {
            int[] known = ofFact.get(fact);
            if (known != null) {
                return known;
            }
            Term term = machine.fact(fact);
            int arity = term.arity();
            IntArrayList made = new IntArrayList();
            int relation = term.symbol();
            add(made, new FeatureKey(relation, 0, 0, 0, 0), 1);
            for (int i = 0; i < arity; i++) {
                int argument = term.arg(i).symbol();
                int value = numeral(argument);
                if (value < 0) {
                    add(made, new FeatureKey(relation, i + 1, argument, 0, 0), 1);
                } else {
                    addQuantity(made, relation, i, value, 0, 0);
                }
                for (int j = i + 1; j < arity && j < MAX_PAIR_POSITION; j++) {
                    int other = term.arg(j).symbol();
                    int otherValue = numeral(other);
                    if ((value < 0) == (otherValue < 0)) {
                        add(made, new FeatureKey(relation, i + 1, argument, j + 1, other), 1);
                    } else if (value >= 0) {
                        addQuantity(made, relation, i, value, j + 1, other);
                    } else {
                        addQuantity(made, relation, j, otherValue, i + 1, argument);
                    }
                }
            }
            int[] features = made.toIntArray();
            if (!frozen) {
                ofFact.put(fact, features);
                factLimit = Math.max(factLimit, Math.min(MAX_FACT_ID, fact + 1));
            }
            return features;
        }

        /** The numeral {@code value} at {@code position}, with the symbol at {@code position2} (0: alone). */
        private void addQuantity(IntArrayList made, int relation, int position, int value, int position2,
                int argument2) {
            if (value > 0) { // a zero adds nothing (amounts are positive, see of(Samples))
                add(made, new FeatureKey(relation, position + 1, LINEAR, position2, argument2), value);
            }
            int[] steps = thresholds.get(positionKey(relation, position));
            for (int t = 0; steps != null && t < steps.length; t++) {
                if (t > 0 && value >= steps[t]) {
                    add(made, new FeatureKey(relation, position + 1, AT_LEAST - steps[t], position2, argument2), 1);
                }
                if (t < steps.length - 1 && value <= steps[t]) {
                    add(made, new FeatureKey(relation, position + 1, AT_MOST - steps[t], position2, argument2), 1);
                }
            }
        }

        private void add(IntArrayList pairs, FeatureKey key, int amount) {
            int feature = frozen ? numbers.getInt(key) : number(key);
            if (feature >= 0) {
                pairs.add(feature);
                pairs.add(amount);
            }
        }

        /** The symbol's value if it is a numeral of at most {@link #MAX_NUMERAL}, else -1. */
        private int numeral(int symbol) {
            int known = numerals.get(symbol);
            if (known != Integer.MIN_VALUE) {
                return known;
            }
            int value = symbols.numeral(symbol);
            value = value <= MAX_NUMERAL ? value : -1;
            numerals.put(symbol, value);
            return value;
        }

        private int number(FeatureKey key) {
            int known = numbers.getInt(key);
            if (known >= 0) {
                return known;
            }
            numbers.put(key, keys.size());
            keys.add(key);
            return keys.size() - 1;
        }

        /**
         * The feature as text: {@code cell} for the relation, {@code cell[3]=white} for an argument,
         * {@code cell[2]=#} for a numeral's value, {@code cell[2]>=5} and {@code cell[2]<=5} for thresholds.
         */
        String describe(int feature, SymbolTable symbols) {
            FeatureKey key = keys.get(feature);
            StringBuilder out = new StringBuilder(symbols.name(key.relation()));
            if (key.position() > 0) {
                out.append('[').append(key.position()).append(']');
                if (key.argument() == LINEAR) {
                    out.append("=#");
                } else if (key.argument() <= AT_MOST) {
                    out.append("<=").append(AT_MOST - key.argument());
                } else if (key.argument() <= AT_LEAST) {
                    out.append(">=").append(AT_LEAST - key.argument());
                } else {
                    out.append('=').append(symbols.name(key.argument()));
                }
            }
            if (key.position2() > 0) {
                out.append('[').append(key.position2()).append("]=").append(symbols.name(key.argument2()));
            }
            return out.toString();
        }
    }

    /**
     * A feature: a relation and up to two (argument position, argument) pairs of it; position 0 is none. The
     * first argument may be a quantity instead of a symbol: {@link Features#LINEAR} for the numeral's value,
     * {@code AT_LEAST - t} for "the numeral is at least t", {@code AT_MOST - t} for "at most t".
     */
    private record FeatureKey(int relation, int position, int argument, int position2, int argument2) {
    }

    /** A role's ridge regression on the features that correlate best with its goal. */
    static final class Fit {
        /** Weight of each feature's count (0 for those left out). */
        final double[] weights;
        final double bias;
        final double quality;
        private final int[] chosen;

        private Fit(double[] weights, double bias, double quality, int[] chosen) {
            this.weights = weights;
            this.bias = bias;
            this.quality = quality;
            this.chosen = chosen;
        }

        /**
         * The fit on the first {@code sampleFeatures.length} samples, or null where there is nothing to fit (a
         * goal that never varies) or {@code until} passes first.
         */
        static Fit of(Samples samples, int[][] sampleFeatures, int featureCount, int role, long until) {
            int n = 0;
            double sumY = 0;
            double sumYY = 0;
            double[] sumX = new double[featureCount];
            double[] sumXX = new double[featureCount];
            double[] sumXY = new double[featureCount];
            for (int k = 0; k < sampleFeatures.length; k++) {
                if ((k & 1023) == 0 && System.currentTimeMillis() >= until) {
                    return null;
                }
                if ((samples.playoutOf.getInt(k) & 1) != 0) {
                    continue;
                }
                double y = samples.goals.getInt(k * samples.roles + role);
                n++;
                sumY += y;
                sumYY += y * y;
                int[] pairs = sampleFeatures[k];
                for (int p = 0; p < pairs.length; p += 2) {
                    int feature = pairs[p];
                    double x = pairs[p + 1];
                    sumX[feature] += x;
                    sumXX[feature] += x * x;
                    sumXY[feature] += x * y;
                }
            }
            if (n < 20) {
                return null;
            }
            double meanY = sumY / n;
            double varY = sumYY / n - meanY * meanY;
            if (varY <= 1e-9) {
                return null;
            }
            double[] mean = new double[featureCount];
            double[] sd = new double[featureCount];
            double[] correlation = new double[featureCount];
            for (int f = 0; f < featureCount; f++) {
                mean[f] = sumX[f] / n;
                double varX = sumXX[f] / n - mean[f] * mean[f];
                sd[f] = varX > 1e-9 ? Math.sqrt(varX) : 0;
                correlation[f] = sd[f] == 0 ? 0 : (sumXY[f] / n - mean[f] * meanY) / (sd[f] * Math.sqrt(varY));
            }
            int[] chosen = strongest(correlation, MAX_FEATURES);
            if (chosen.length == 0) {
                return null;
            }
            int m = chosen.length;
            int[] chosenIndex = new int[featureCount];
            Arrays.fill(chosenIndex, -1);
            for (int j = 0; j < m; j++) {
                chosenIndex[chosen[j]] = j;
            }
            // Normal equations on standardised features: (Z'Z + ridge * n * I) w = Z'(y - mean y).
            double[][] a = new double[m][m + 1];
            double[] z = new double[m];
            for (int k = 0; k < sampleFeatures.length; k++) {
                if ((k & 1023) == 0 && System.currentTimeMillis() >= until) {
                    return null;
                }
                if ((samples.playoutOf.getInt(k) & 1) != 0) {
                    continue;
                }
                standardised(sampleFeatures[k], chosen, chosenIndex, mean, sd, z);
                double y = samples.goals.getInt(k * samples.roles + role) - meanY;
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        a[i][j] += z[i] * z[j];
                    }
                    a[i][m] += z[i] * y;
                }
            }
            for (int i = 0; i < m; i++) {
                a[i][i] += RIDGE * n;
            }
            double[] solution = solve(a);
            double[] weights = new double[featureCount];
            double bias = meanY;
            for (int j = 0; j < m; j++) {
                int feature = chosen[j];
                weights[feature] = solution[j] / sd[feature];
                bias -= weights[feature] * mean[feature];
            }
            double quality = heldOutQuality(samples, sampleFeatures, role, weights, bias);
            return new Fit(weights, bias, quality, chosen);
        }

        /**
         * The features with the largest absolute correlations, at most {@code limit}, each above the floor, and
         * none whose correlation is exactly opposite to one chosen before: such a pair is, but for a vanishing
         * coincidence, a feature and its complement (x and 1 - x: "at least 8 captures" and "at most 7" of a
         * count kept in one fact), of which a linear fit needs only one. Keeping both lowered white's quality
         * in skirmish from 0.45 to 0.41 (the mean of seeds 1-3 at 24 features).
         */
        private static int[] strongest(double[] correlation, int limit) {
            Integer[] order = new Integer[correlation.length];
            for (int f = 0; f < order.length; f++) {
                order[f] = f;
            }
            Arrays.sort(order, (x, y) -> Double.compare(Math.abs(correlation[y]), Math.abs(correlation[x])));
            IntArrayList chosen = new IntArrayList();
            for (int i = 0; i < order.length && chosen.size() < limit; i++) {
                double r = correlation[order[i]];
                if (Math.abs(r) >= MIN_CORRELATION && !complementsOneOf(chosen, correlation, r)) {
                    chosen.add((int) order[i]);
                }
            }
            return chosen.toIntArray();
        }

        private static boolean complementsOneOf(IntArrayList chosen, double[] correlation, double r) {
            for (int j = 0; j < chosen.size(); j++) {
                if (Math.abs(correlation[chosen.getInt(j)] + r) <= 1e-9 * Math.abs(r)) {
                    return true;
                }
            }
            return false;
        }

        /** Correlation of the fit's predictions with the goals of the odd playouts' samples. */
        private static double heldOutQuality(Samples samples, int[][] sampleFeatures, int role, double[] weights,
                double bias) {
            int n = 0;
            double sp = 0;
            double spp = 0;
            double sy = 0;
            double syy = 0;
            double spy = 0;
            for (int k = 0; k < sampleFeatures.length; k++) {
                if ((samples.playoutOf.getInt(k) & 1) == 0) {
                    continue;
                }
                double p = bias;
                int[] pairs = sampleFeatures[k];
                for (int q = 0; q < pairs.length; q += 2) {
                    p += weights[pairs[q]] * pairs[q + 1];
                }
                double y = samples.goals.getInt(k * samples.roles + role);
                n++;
                sp += p;
                spp += p * p;
                sy += y;
                syy += y * y;
                spy += p * y;
            }
            if (n < 20) {
                return 0;
            }
            double varP = spp / n - (sp / n) * (sp / n);
            double varY = syy / n - (sy / n) * (sy / n);
            if (varP <= 1e-9 || varY <= 1e-9) {
                return 0;
            }
            return (spy / n - (sp / n) * (sy / n)) / Math.sqrt(varP * varY);
        }

        /** The sample's chosen features, standardised, into {@code z} (a feature the sample lacks is 0). */
        private static void standardised(int[] pairs, int[] chosen, int[] chosenIndex, double[] mean, double[] sd,
                double[] z) {
            for (int j = 0; j < chosen.length; j++) {
                z[j] = -mean[chosen[j]] / sd[chosen[j]];
            }
            for (int p = 0; p < pairs.length; p += 2) {
                int j = chosenIndex[pairs[p]];
                if (j >= 0) {
                    z[j] = (pairs[p + 1] - mean[pairs[p]]) / sd[pairs[p]];
                }
            }
        }

        /** Gaussian elimination with partial pivoting on an augmented m x (m + 1) matrix. */
        private static double[] solve(double[][] a) {
            int m = a.length;
            for (int col = 0; col < m; col++) {
                int pivot = col;
                for (int row = col + 1; row < m; row++) {
                    if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
                        pivot = row;
                    }
                }
                double[] swap = a[col];
                a[col] = a[pivot];
                a[pivot] = swap;
                double p = a[col][col];
                if (Math.abs(p) < 1e-12) {
                    continue; // the ridge keeps this from happening
                }
                for (int row = 0; row < m; row++) {
                    if (row != col) {
                        double factor = a[row][col] / p;
                        for (int c = col; c <= m; c++) {
                            a[row][c] -= factor * a[col][c];
                        }
                    }
                }
            }
            double[] x = new double[m];
            for (int i = 0; i < m; i++) {
                x[i] = Math.abs(a[i][i]) < 1e-12 ? 0 : a[i][m] / a[i][i];
            }
            return x;
        }

        /** The {@code top} chosen features with the largest weights per count, as text. */
        String describeTop(Features features, SymbolTable symbols, int top) {
            StringBuilder out = new StringBuilder();
            Integer[] order = new Integer[chosen.length];
            for (int j = 0; j < chosen.length; j++) {
                order[j] = chosen[j];
            }
            Arrays.sort(order, (x, y) -> Double.compare(Math.abs(weights[y]), Math.abs(weights[x])));
            for (int j = 0; j < Math.min(top, order.length); j++) {
                out.append(j == 0 ? ": " : ", ").append(features.describe(order[j], symbols))
                        .append(String.format(" %+.2f", weights[order[j]]));
            }
            return out.toString();
        }
    }
}
