package org.ratchet.reasoner.tables;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2DoubleOpenHashMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.ground.Bindings;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.InstanceSet;
import org.ratchet.reasoner.ground.RelationLayout;

/**
 * Chooses the order of a rule's positive literals (HSFC section 5). The processing time of a rule is
 * dominated by the input permutations it reads (Corollary 2): Σ_i Q̄_i Π_{j<i} Q̄_j P̂_j, where Q̄ is the
 * average list size of the literal's relation (measured on random states, or estimated before that) and P̂
 * the chance that a read instance agrees with the variables already bound (Def. 5, estimated from the
 * grounded instances). Where few instances can agree, the machine tests those instances' bits instead of
 * scanning the list, so Q̄_i counts the cheaper of the two. Best minimises that sum, worst maximises it, source
 * keeps the rule as written.
 */
public final class HypothesisOrder {
    /**
     * The three strategies of HSFC Table 2, and AUTO: build both the best and the source order and keep
     * whichever runs faster on a short sample of random playouts (the estimate of Corollary 2 can be
     * wrong, and authors often order rules well).
     */
    public enum Strategy {
        SOURCE, BEST, WORST, AUTO;

        public static Strategy parse(String name) {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        }
    }

    /** Orders longer than this are built greedily instead of by trying every permutation. */
    private static final int EXHAUSTIVE_LIMIT = 7;

    private final Grounder grounder;
    private final StaticRelations statics;
    private final RelationLayout layout;
    /** Mean list sizes by run-time relation index (a fluent's is that of its part of true). */
    private final Int2DoubleOpenHashMap meanSize;
    private final PassChances passChances;

    public HypothesisOrder(Grounder grounder, StaticRelations statics, RelationLayout layout,
            Int2DoubleOpenHashMap meanSize, PassChances passChances) {
        this.grounder = grounder;
        this.statics = statics;
        this.layout = layout;
        this.meanSize = meanSize;
        this.passChances = passChances;
    }

    /**
     * HSFC Def. 5 pass chances per literal (compared by value: rules often repeat one) and set of bound
     * variables. They depend only on the grounded instances, so every table build of one compile shares
     * them; the instances a literal matches are found once and projected for each set of variables.
     */
    public static final class PassChances {
        private final Map<Term, LiteralChances> byLiteral = new HashMap<>();

        /** {@code listed}: how many of the instances the literal's list can hold (its part's, for a fluent). */
        private LiteralChances of(Term literal, InstanceSet instances, int listed) {
            return byLiteral.computeIfAbsent(literal, key -> new LiteralChances(key, instances, listed));
        }
    }

    private static final class LiteralChances {
        /** values[m][v]: variable v in the m-th matching instance. */
        private final Term[][] values;
        private final int instances;
        private final Long2DoubleOpenHashMap byBound = new Long2DoubleOpenHashMap();

        LiteralChances(Term literal, InstanceSet set, int listed) {
            int variables = maxVariable(literal) + 1;
            Bindings bindings = new Bindings(variables);
            List<Term[]> matches = new ArrayList<>();
            for (int i = 0; i < set.size(); i++) {
                if (bindings.match(literal, set.get(i))) {
                    matches.add(bindings.values.clone());
                }
                bindings.undo(0);
            }
            values = matches.toArray(new Term[0][]);
            instances = listed;
            byBound.defaultReturnValue(-1);
        }

        /**
         * The fraction of the instances the literal's list can hold that agree with the pattern's constants
         * and with one assignment of the bound variables {@code relevant} (assumed uniform over the values
         * seen).
         */
        double chance(long relevant) {
            double chance = byBound.get(relevant);
            if (chance >= 0) {
                return chance;
            }
            if (values.length == 0 || instances == 0) {
                chance = 0;
            } else {
                Set<List<Term>> projections = new HashSet<>();
                for (Term[] row : values) {
                    List<Term> projection = new ArrayList<>(Long.bitCount(relevant));
                    for (int v = 0; v < row.length; v++) {
                        if ((relevant & (1L << v)) != 0) {
                            projection.add(row[v]);
                        }
                    }
                    projections.add(projection);
                }
                chance = (double) values.length / instances / projections.size();
            }
            byBound.put(relevant, chance);
            return chance;
        }
    }

    private static List<Term> positives(Rule rule) {
        List<Term> positives = new ArrayList<>();
        for (Literal literal : rule.body()) {
            if (literal instanceof Literal.Positive p) {
                positives.add(p.sentence());
            }
        }
        return positives;
    }

    /**
     * The order with the smallest estimated tables ({@link #tableEntries}), whatever it costs to run: for a
     * rule whose tables did not fit the memory budget in the order chosen for speed. Long rules keep their
     * source order.
     */
    public List<Term> orderForSmallTables(Rule rule) {
        List<Term> positives = positives(rule);
        int n = positives.size();
        if (n < 2 || n > EXHAUSTIVE_LIMIT || rule.variableCount() > Long.SIZE) {
            return positives;
        }
        Literals literals = new Literals(positives);
        return bestPermutation(positives, permutation -> tableEntries(literals, permutation), true);
    }

    /** Tries every permutation of the literals; the one whose score is least (or most). */
    private static List<Term> bestPermutation(List<Term> positives, ToDoubleFunction<int[]> score,
            boolean minimise) {
        int n = positives.size();
        int[] permutation = new int[n];
        for (int i = 0; i < n; i++) {
            permutation[i] = i;
        }
        int[] best = permutation.clone();
        double bestScore = score.applyAsDouble(permutation);
        while (nextPermutation(permutation)) {
            double value = score.applyAsDouble(permutation);
            if (minimise ? value < bestScore : value > bestScore) {
                bestScore = value;
                best = permutation.clone();
            }
        }
        List<Term> ordered = new ArrayList<>(n);
        for (int i : best) {
            ordered.add(positives.get(i));
        }
        return ordered;
    }

    public List<Term> order(Rule rule, Strategy strategy) {
        List<Term> positives = positives(rule);
        // variable sets are bit masks; a rule with more variables than a mask holds keeps its own order
        if (strategy == Strategy.SOURCE || positives.size() < 2 || rule.variableCount() > Long.SIZE) {
            return positives;
        }
        Literals literals = new Literals(positives);
        boolean minimise = strategy != Strategy.WORST;
        int n = positives.size();
        if (n <= EXHAUSTIVE_LIMIT) {
            return bestPermutation(positives, permutation -> cost(literals, permutation), minimise);
        }
        // greedy: repeatedly take the literal whose reading adds least (most) work at this point
        boolean[] taken = new boolean[n];
        List<Term> ordered = new ArrayList<>();
        long bound = 0;
        double combinations = 1;
        for (int step = 0; step < n; step++) {
            int chosen = -1;
            double chosenScore = 0;
            for (int i = 0; i < n; i++) {
                if (taken[i]) {
                    continue;
                }
                double factor = literals.size[i] * literals.passChance(i, bound);
                double reads = literals.isStatic[i] ? factor : literals.dynamicReads(i, bound);
                double score = literals.isInput(i, bound) ? combinations * reads + combinations * factor
                    : combinations * Math.min(1, factor) * 1e-3;
                if (chosen < 0 || (minimise ? score < chosenScore : score > chosenScore)) {
                    chosen = i;
                    chosenScore = score;
                }
            }
            double factor = literals.size[chosen] * literals.passChance(chosen, bound);
            combinations *= literals.isInput(chosen, bound) ? factor : Math.min(1, factor);
            taken[chosen] = true;
            ordered.add(positives.get(chosen));
            bound |= literals.variables[chosen];
        }
        return ordered;
    }

    /**
     * A rough upper bound on the reference-table entries of this order: each input's table has a row of
     * |S(Q)| entries per RefNo before it, and the RefNos multiply by the instances each input matches for
     * one binding of the variables bound before it (the projection onto the variables still needed, which
     * makes them fewer, is left out).
     */
    private static double tableEntries(Literals literals, int[] permutation) {
        long bound = 0;
        double refNos = 1;
        double entries = 0;
        for (int index : permutation) {
            if (literals.isInput(index, bound)) {
                entries += refNos * literals.instances(index);
                refNos *= Math.max(1, literals.instances(index) * literals.passChance(index, bound));
                bound |= literals.variables[index];
            }
        }
        return entries;
    }

    /** HSFC Corollary 2: the input reads of this order, plus a small charge per condition test. */
    private static double cost(Literals literals, int[] permutation) {
        long bound = 0;
        double combinations = 1;
        double cost = 0;
        for (int index : permutation) {
            double factor = literals.size[index] * literals.passChance(index, bound);
            if (literals.isInput(index, bound)) {
                // a dynamic input scans its knowledge-base list; a static one only walks the RefNos listed
                // for it at compile time (and none at all when it is merged into the stage before)
                cost += combinations * (literals.isStatic[index] ? Math.min(factor, 1) * 1e-1 + factor
                    : literals.dynamicReads(index, bound));
                combinations *= factor;
                bound |= literals.variables[index];
            } else {
                cost += combinations * 1e-3;
                combinations *= Math.min(1, factor);
            }
        }
        return cost;
    }

    /**
     * A rule's positive literals with what ordering asks of them again and again, computed once: their
     * variables as a bit mask, list size, whether static, and pass chances per set of bound variables.
     */
    private final class Literals {
        final Term[] terms;
        final long[] variables;
        final double[] size;
        final boolean[] isStatic;
        final LiteralChances[] chances;

        Literals(List<Term> positives) {
            int n = positives.size();
            terms = positives.toArray(new Term[0]);
            variables = new long[n];
            size = new double[n];
            isStatic = new boolean[n];
            chances = new LiteralChances[n];
            for (int i = 0; i < n; i++) {
                variables[i] = variableMask(terms[i]);
                size[i] = meanSize(terms[i]);
                isStatic[i] = statics.isStatic(terms[i].symbol());
                chances[i] = passChances.of(terms[i], grounder.set(terms[i].symbol()), listed(terms[i]));
            }
        }

        boolean isInput(int i, long bound) {
            return (variables[i] & ~bound) != 0;
        }

        double passChance(int i, long bound) {
            return chances[i].chance(variables[i] & bound);
        }

        /**
         * The list steps to read dynamic literal i: its whole list, unless few instances agree with the
         * bound variables. Then the machine tests just those candidates' bits (the probes that
         * RuleCompiler#addProbes builds for tables passing at most half their entries), at a little more
         * than a list step each.
         */
        double dynamicReads(int i, long bound) {
            double chance = passChance(i, bound);
            return chance <= 0.5 ? Math.min(size[i], 1.25 * instances(i) * chance) : size[i];
        }

        /** The grounded instances of literal i's list. */
        int instances(int i) {
            return chances[i].instances;
        }
    }

    private double meanSize(Term literal) {
        int relation = literal.symbol();
        if (statics.isStatic(relation)) {
            return grounder.set(relation).size();
        }
        int list = layout.listOf(literal);
        return list < 0 ? 0 : meanSize.getOrDefault(list, Math.max(1, layout.size(list) / 4.0));
    }

    /** The instances literal's list can hold: all of a static relation's, a fluent's part's. */
    private int listed(Term literal) {
        if (statics.isStatic(literal.symbol())) {
            return grounder.set(literal.symbol()).size();
        }
        int list = layout.listOf(literal);
        return list < 0 ? 0 : layout.size(list);
    }

    private static long variableMask(Term term) {
        long mask = term instanceof Variable v ? 1L << v.index() : 0;
        for (int i = 0; i < term.arity(); i++) {
            mask |= variableMask(term.arg(i));
        }
        return mask;
    }

    private static int maxVariable(Term term) {
        int max = term instanceof Variable v ? v.index() : -1;
        for (int i = 0; i < term.arity(); i++) {
            max = Math.max(max, maxVariable(term.arg(i)));
        }
        return max;
    }

    /** Lexicographic successor; false after the last permutation. */
    private static boolean nextPermutation(int[] a) {
        int i = a.length - 2;
        while (i >= 0 && a[i] >= a[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = a.length - 1;
        while (a[j] <= a[i]) {
            j--;
        }
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
        for (int l = i + 1, r = a.length - 1; l < r; l++, r--) {
            t = a[l];
            a[l] = a[r];
            a[r] = t;
        }
        return true;
    }
}
