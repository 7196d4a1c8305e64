package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2DoubleOpenHashMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Chooses the order of a rule's positive literals (HSFC section 5). The processing time of a rule is
 * dominated by the input permutations it reads (Corollary 2): Σ_i Q̄_i Π_{j<i} Q̄_j P̂_j, where Q̄ is the
 * average list size of the literal's relation (measured on random states, or estimated before that) and P̂
 * the chance that a read instance agrees with the variables already bound (Def. 5, estimated from the
 * grounded instances). Best minimises that sum, worst maximises it, source keeps the rule as written.
 */
final class HypothesisOrder {
    /** The three strategies of HSFC Table 2. */
    enum Strategy {
        SOURCE, BEST, WORST;

        static Strategy parse(String name) {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        }
    }

    /** Orders longer than this are built greedily instead of by trying every permutation. */
    private static final int EXHAUSTIVE_LIMIT = 7;

    private final Grounder grounder;
    private final StaticRelations statics;
    private final Int2DoubleOpenHashMap meanSize;
    private final Map<Term, Object2DoubleOpenHashMap<Set<Integer>>> passCache = new IdentityHashMap<>();

    HypothesisOrder(Grounder grounder, StaticRelations statics, Int2DoubleOpenHashMap meanSize) {
        this.grounder = grounder;
        this.statics = statics;
        this.meanSize = meanSize;
    }

    List<Term> order(Rule rule, Strategy strategy) {
        List<Term> positives = new ArrayList<>();
        for (Literal literal : rule.body()) {
            if (literal instanceof Literal.Positive p) {
                positives.add(p.sentence());
            }
        }
        if (strategy == Strategy.SOURCE || positives.size() < 2) {
            return positives;
        }
        boolean minimise = strategy == Strategy.BEST;
        if (positives.size() <= EXHAUSTIVE_LIMIT) {
            int n = positives.size();
            int[] permutation = new int[n];
            for (int i = 0; i < n; i++) {
                permutation[i] = i;
            }
            int[] best = permutation.clone();
            double bestCost = cost(positives, permutation);
            while (nextPermutation(permutation)) {
                double cost = cost(positives, permutation);
                if (minimise ? cost < bestCost : cost > bestCost) {
                    bestCost = cost;
                    best = permutation.clone();
                }
            }
            List<Term> ordered = new ArrayList<>(n);
            for (int i : best) {
                ordered.add(positives.get(i));
            }
            return ordered;
        }
        // greedy: repeatedly take the literal whose reading adds least (most) work at this point
        List<Term> remaining = new ArrayList<>(positives);
        List<Term> ordered = new ArrayList<>();
        Set<Integer> bound = new HashSet<>();
        double combinations = 1;
        while (!remaining.isEmpty()) {
            Term chosen = null;
            double chosenScore = 0;
            for (Term candidate : remaining) {
                double factor = meanSize(candidate) * passChance(candidate, bound);
                double score = isInput(candidate, bound) ? combinations * meanSize(candidate) + combinations * factor
                    : combinations * Math.min(1, factor) * 1e-3;
                if (chosen == null || (minimise ? score < chosenScore : score > chosenScore)) {
                    chosen = candidate;
                    chosenScore = score;
                }
            }
            double factor = meanSize(chosen) * passChance(chosen, bound);
            combinations *= isInput(chosen, bound) ? factor : Math.min(1, factor);
            remaining.remove(chosen);
            ordered.add(chosen);
            collectVariables(chosen, bound);
        }
        return ordered;
    }

    /** HSFC Corollary 2: the input reads of this order, plus a small charge per condition test. */
    private double cost(List<Term> positives, int[] permutation) {
        Set<Integer> bound = new HashSet<>();
        double combinations = 1;
        double cost = 0;
        for (int index : permutation) {
            Term literal = positives.get(index);
            double factor = meanSize(literal) * passChance(literal, bound);
            if (isInput(literal, bound)) {
                cost += combinations * meanSize(literal);
                combinations *= factor;
                collectVariables(literal, bound);
            } else {
                cost += combinations * 1e-3;
                combinations *= Math.min(1, factor);
            }
        }
        return cost;
    }

    private double meanSize(Term literal) {
        int relation = literal.symbol();
        if (statics.isStatic(relation)) {
            return grounder.set(relation).size();
        }
        return meanSize.getOrDefault(relation, Math.max(1, grounder.set(relation).size() / 4.0));
    }

    /**
     * HSFC Def. 5: the fraction of the relation's instances that agree with the pattern's constants and with
     * one assignment of the already-bound variables (assumed uniform over the values seen).
     */
    private double passChance(Term literal, Set<Integer> bound) {
        Set<Integer> relevant = new HashSet<>();
        collectVariables(literal, relevant);
        relevant.retainAll(bound);
        Object2DoubleOpenHashMap<Set<Integer>> cache = passCache.computeIfAbsent(literal,
            k -> new Object2DoubleOpenHashMap<>());
        if (cache.containsKey(relevant)) {
            return cache.getDouble(relevant);
        }
        InstanceSet instances = grounder.set(literal.symbol());
        int variables = maxVariable(literal) + 1;
        Bindings bindings = new Bindings(variables);
        Set<List<Term>> projections = new HashSet<>();
        int matching = 0;
        for (int i = 0; i < instances.size(); i++) {
            int mark = bindings.mark();
            if (bindings.match(literal, instances.get(i))) {
                matching++;
                List<Term> projection = new ArrayList<>(relevant.size());
                for (int v : relevant) {
                    projection.add(bindings.values[v]);
                }
                projections.add(projection);
            }
            bindings.undo(mark);
        }
        double chance = instances.size() == 0 || matching == 0 ? 0
            : (double) matching / instances.size() / Math.max(1, projections.size());
        cache.put(relevant, chance);
        return chance;
    }

    private static boolean isInput(Term literal, Set<Integer> bound) {
        Set<Integer> variables = new HashSet<>();
        collectVariables(literal, variables);
        return !bound.containsAll(variables);
    }

    private static void collectVariables(Term term, Set<Integer> into) {
        if (term instanceof Variable v) {
            into.add(v.index());
        }
        for (int i = 0; i < term.arity(); i++) {
            collectVariables(term.arg(i), into);
        }
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
