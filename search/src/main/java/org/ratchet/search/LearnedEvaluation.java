package org.ratchet.search;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
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
 * <p><b>Learning.</b> Random playouts from the initial state leave samples: a few non-terminal states of each
 * playout with the goals it ended with. The features that correlate best with a role's goal are fitted by
 * ridge regression on the samples of even playouts, and the fit is judged by the correlation of its
 * predictions with the goals of odd playouts (its <em>quality</em>, -1..1). A role whose quality stays below
 * {@link #MIN_QUALITY} gets no evaluation: a game whose outcome such counts do not predict (connect four's
 * piece counts are equal for both sides) plays as before.
 *
 * <p><b>Cost.</b> The fitted function is linear in the facts, so it is stored as one weight per fact and role,
 * and an evaluation sums the weights of the state's facts: no allocation, safe to share between threads.
 * Facts first seen after learning weigh nothing.
 */
final class LearnedEvaluation {
    /** Below this quality (correlation of predictions with held-out goals), a role's evaluation is not used. */
    static final double MIN_QUALITY = 0.2;
    /** The most features of one role's fit: more adds noise faster than knowledge on a few thousand samples. */
    private static final int MAX_FEATURES = 24;
    /** Features correlating less than this with the goal are left out of the fit. */
    private static final double MIN_CORRELATION = 0.05;
    /** Argument pairs are formed among the first this many arguments of a fact (boards have three). */
    private static final int MAX_PAIR_POSITION = 4;
    /** Non-terminal states sampled from each playout. */
    private static final int SAMPLES_PER_PLAYOUT = 4;
    /**
     * Fact ids kept for all samples at most (8 MiB; their features take about seven times that while the fit
     * runs, briefly, in the start clock).
     */
    private static final int MAX_SAMPLE_INTS = 2 << 20;
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
    private final double[] quality;
    private final boolean[] used;
    private final String summary;

    private LearnedEvaluation(int roles, float[] factWeights, double[] bias, double[] quality, String summary) {
        this.roles = roles;
        this.factWeights = factWeights;
        this.bias = bias;
        this.quality = quality;
        this.used = new boolean[roles];
        for (int role = 0; role < roles; role++) {
            used[role] = quality[role] >= MIN_QUALITY;
        }
        this.summary = summary;
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
     * Learns from random playouts of {@code machine} from {@code initial} until {@code deadlineMillis} or
     * {@code maxPlayouts}. The machine is left in an arbitrary state.
     */
    static LearnedEvaluation learn(StateMachine machine, State initial, SplittableRandom random, long deadlineMillis,
            int maxPlayouts) {
        Samples samples = Samples.collect(machine, initial, random, deadlineMillis, maxPlayouts);
        Features features = new Features(machine);
        int roles = machine.roleCount();
        int[][] sampleFeatures = features.of(samples);
        double[] bias = new double[roles];
        double[] quality = new double[roles];
        double[][] weights = new double[roles][];
        StringBuilder summary = new StringBuilder();
        summary.append(samples.count()).append(" samples of ").append(samples.playouts).append(" playouts");
        for (int role = 0; role < roles; role++) {
            Fit fit = Fit.of(samples, sampleFeatures, features.count(), role);
            weights[role] = fit == null ? new double[features.count()] : fit.weights;
            bias[role] = fit == null ? 0 : fit.bias;
            quality[role] = fit == null ? 0 : fit.quality;
            summary.append("; ").append(machine.role(role).render(machine.description().symbols()))
                    .append(String.format(" quality %.2f", quality[role]));
            if (fit != null) {
                summary.append(fit.describeTop(features, machine.description().symbols(), 3));
            }
        }
        int factLimit = features.factLimit();
        float[] factWeights = new float[factLimit * roles];
        for (int fact = 0; fact < factLimit; fact++) {
            int[] ofFact = features.ofFact(fact);
            if (ofFact == null) {
                continue;
            }
            for (int role = 0; role < roles; role++) {
                double sum = 0;
                for (int feature : ofFact) {
                    sum += weights[role][feature];
                }
                factWeights[fact * roles + role] = (float) sum;
            }
        }
        return new LearnedEvaluation(roles, factWeights, bias, quality, summary.toString());
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

        private Samples(int roles) {
            this.roles = roles;
        }

        int count() {
            return offsets.size() - 1;
        }

        static Samples collect(StateMachine machine, State initial, SplittableRandom random, long deadlineMillis,
                int maxPlayouts) {
            int roles = machine.roleCount();
            Samples samples = new Samples(roles);
            RandomPlayouts moves = new RandomPlayouts(machine, random.nextLong(), MAX_STEPS);
            int[] jointMove = new int[roles];
            int[][] reservoir = new int[SAMPLES_PER_PLAYOUT][];
            int[] reservoirLength = new int[SAMPLES_PER_PLAYOUT];
            while (samples.playouts < maxPlayouts && samples.facts.size() < MAX_SAMPLE_INTS
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
                    if (++steps > MAX_STEPS || (steps & 63) == 0 && System.currentTimeMillis() >= deadlineMillis) {
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
                int playout = samples.playouts++;
                for (int k = 0; k < Math.min(seen, SAMPLES_PER_PLAYOUT); k++) {
                    samples.facts.addElements(samples.facts.size(), reservoir[k], 0, reservoirLength[k]);
                    samples.offsets.add(samples.facts.size());
                    for (int role = 0; role < roles; role++) {
                        samples.goals.add(machine.goal(role));
                    }
                    samples.playoutOf.add(playout);
                }
            }
            return samples;
        }
    }

    /** The features of facts, numbered in order of first sight. */
    static final class Features {
        private final StateMachine machine;
        private final Object2IntOpenHashMap<FeatureKey> numbers = new Object2IntOpenHashMap<>();
        /** Feature number to its key. */
        private final List<FeatureKey> keys = new ArrayList<>();
        private final Int2ObjectOpenHashMap<int[]> ofFact = new Int2ObjectOpenHashMap<>();
        private int factLimit;

        Features(StateMachine machine) {
            this.machine = machine;
            numbers.defaultReturnValue(-1);
        }

        int count() {
            return keys.size();
        }

        /** One more than the largest fact id seen. */
        int factLimit() {
            return factLimit;
        }

        /** The feature numbers of a fact seen in the samples, or null. */
        int[] ofFact(int fact) {
            return ofFact.get(fact);
        }

        /** For each sample, the feature number of each of its facts' features (with repeats: counts). */
        int[][] of(Samples samples) {
            int[][] result = new int[samples.count()][];
            IntArrayList buffer = new IntArrayList();
            for (int k = 0; k < result.length; k++) {
                buffer.clear();
                for (int i = samples.offsets.getInt(k); i < samples.offsets.getInt(k + 1); i++) {
                    for (int feature : featuresOf(samples.facts.getInt(i))) {
                        buffer.add(feature);
                    }
                }
                result[k] = buffer.toIntArray();
            }
            return result;
        }

        private int[] featuresOf(int fact) {
            int[] known = ofFact.get(fact);
            if (known != null) {
                return known;
            }
            Term term = machine.fact(fact);
            int arity = term.arity();
            IntArrayList made = new IntArrayList();
            int relation = term.symbol();
            made.add(number(new FeatureKey(relation, 0, 0, 0, 0)));
            for (int i = 0; i < arity; i++) {
                int argument = term.arg(i).symbol();
                made.add(number(new FeatureKey(relation, i + 1, argument, 0, 0)));
                for (int j = i + 1; j < arity && j < MAX_PAIR_POSITION; j++) {
                    made.add(number(new FeatureKey(relation, i + 1, argument, j + 1, term.arg(j).symbol())));
                }
            }
            int[] features = made.toIntArray();
            ofFact.put(fact, features);
            factLimit = Math.max(factLimit, Math.min(MAX_FACT_ID, fact + 1));
            return features;
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

        /** The feature as text: {@code cell} for the relation, {@code cell[3]=white} for an argument. */
        String describe(int feature, SymbolTable symbols) {
            FeatureKey key = keys.get(feature);
            StringBuilder out = new StringBuilder(symbols.name(key.relation()));
            if (key.position() > 0) {
                out.append('[').append(key.position()).append("]=").append(symbols.name(key.argument()));
            }
            if (key.position2() > 0) {
                out.append('[').append(key.position2()).append("]=").append(symbols.name(key.argument2()));
            }
            return out.toString();
        }
    }

    /** A feature: a relation and up to two (argument position, argument) pairs of it; position 0 is none. */
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

        /** The fit, or null where there is nothing to fit (too few samples, a goal that never varies). */
        static Fit of(Samples samples, int[][] sampleFeatures, int featureCount, int role) {
            int n = 0;
            double sumY = 0;
            double sumYY = 0;
            double[] sumX = new double[featureCount];
            double[] sumXX = new double[featureCount];
            double[] sumXY = new double[featureCount];
            int[] counts = new int[featureCount];
            IntArrayList touched = new IntArrayList();
            for (int k = 0; k < sampleFeatures.length; k++) {
                if ((samples.playoutOf.getInt(k) & 1) != 0) {
                    continue;
                }
                double y = samples.goals.getInt(k * samples.roles + role);
                n++;
                sumY += y;
                sumYY += y * y;
                count(sampleFeatures[k], counts, touched);
                for (int t = 0; t < touched.size(); t++) {
                    int feature = touched.getInt(t);
                    double x = counts[feature];
                    sumX[feature] += x;
                    sumXX[feature] += x * x;
                    sumXY[feature] += x * y;
                    counts[feature] = 0;
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
            // Normal equations on standardised features: (Z'Z + ridge * n * I) w = Z'(y - mean y).
            double[][] a = new double[m][m + 1];
            double[] z = new double[m];
            for (int k = 0; k < sampleFeatures.length; k++) {
                if ((samples.playoutOf.getInt(k) & 1) != 0) {
                    continue;
                }
                standardised(sampleFeatures[k], chosen, mean, sd, counts, touched, z);
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
            double quality = heldOutQuality(samples, sampleFeatures, role, weights, bias, counts, touched);
            return new Fit(weights, bias, quality, chosen);
        }

        /** The features with the largest absolute correlations, at most {@code limit}, each above the floor. */
        private static int[] strongest(double[] correlation, int limit) {
            Integer[] order = new Integer[correlation.length];
            for (int f = 0; f < order.length; f++) {
                order[f] = f;
            }
            Arrays.sort(order, (x, y) -> Double.compare(Math.abs(correlation[y]), Math.abs(correlation[x])));
            IntArrayList chosen = new IntArrayList();
            for (int i = 0; i < order.length && chosen.size() < limit; i++) {
                if (Math.abs(correlation[order[i]]) >= MIN_CORRELATION) {
                    chosen.add((int) order[i]);
                }
            }
            return chosen.toIntArray();
        }

        /** Correlation of the fit's predictions with the goals of the odd playouts' samples. */
        private static double heldOutQuality(Samples samples, int[][] sampleFeatures, int role, double[] weights,
                double bias, int[] counts, IntArrayList touched) {
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
                for (int feature : sampleFeatures[k]) {
                    p += weights[feature];
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

        private static void count(int[] features, int[] counts, IntArrayList touched) {
            touched.clear();
            for (int feature : features) {
                if (counts[feature]++ == 0) {
                    touched.add(feature);
                }
            }
        }

        private static void standardised(int[] features, int[] chosen, double[] mean, double[] sd, int[] counts,
                IntArrayList touched, double[] z) {
            count(features, counts, touched);
            for (int j = 0; j < chosen.length; j++) {
                int feature = chosen[j];
                z[j] = (counts[feature] - mean[feature]) / sd[feature];
            }
            for (int t = 0; t < touched.size(); t++) {
                counts[touched.getInt(t)] = 0;
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
