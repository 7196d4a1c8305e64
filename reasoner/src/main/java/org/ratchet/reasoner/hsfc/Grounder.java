package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.List;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.analysis.Stratification;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Computes the instance sets the reference tables are built over. Static relations are evaluated exactly,
 * stratum by stratum. Dynamic relations get a superset of every instance derivable in any reachable state:
 * a semi-naive fixpoint in which {@code true} is fed by {@code init}, {@code next} (and {@code base} when the
 * game declares it), {@code does} by {@code legal} (and {@code input}), and negated dynamic literals are
 * dropped (the one-step method of the tabling paper, section 4.2).
 */
final class Grounder {
    private final Int2ObjectOpenHashMap<InstanceSet> sets = new Int2ObjectOpenHashMap<>();
    private final GroundingBudget budget;
    private final int maxDepth;

    private Grounder(GroundingBudget budget, int maxDepth) {
        this.budget = budget;
        this.maxDepth = maxDepth;
    }

    /** Grounds a normalised game; the result maps relation symbols to instance sets. */
    static Grounder ground(GameDescription game, Stratification strata, StaticRelations statics,
            GroundingBudget budget, int maxDepth) {
        Grounder grounder = new Grounder(budget, maxDepth);
        for (var component : strata.components()) {
            boolean allStatic = true;
            for (int relation : component) {
                allStatic &= statics.isStatic(relation);
            }
            if (!allStatic) {
                continue;
            }
            IntSet members = new IntOpenHashSet(component);
            List<Rule> rules = new ArrayList<>();
            for (Rule rule : game.rules()) {
                if (members.contains(rule.head().symbol())) {
                    rules.add(rule);
                }
            }
            grounder.fixpoint(rules, members, statics, false);
        }
        IntSet dynamic = new IntOpenHashSet();
        List<Rule> dynamicRules = new ArrayList<>();
        for (Rule rule : game.rules()) {
            if (!statics.isStatic(rule.head().symbol())) {
                dynamicRules.add(rule);
            }
        }
        boolean declaresBase = false;
        boolean declaresInput = false;
        for (Rule rule : game.rules()) {
            declaresBase |= rule.head().symbol() == SymbolTable.BASE;
            declaresInput |= rule.head().symbol() == SymbolTable.INPUT;
        }
        dynamicRules.add(copyRule(SymbolTable.TRUE, SymbolTable.INIT, 1));
        dynamicRules.add(copyRule(SymbolTable.TRUE, SymbolTable.NEXT, 1));
        dynamicRules.add(copyRule(SymbolTable.DOES, SymbolTable.LEGAL, 2));
        if (declaresBase) {
            dynamicRules.add(copyRule(SymbolTable.TRUE, SymbolTable.BASE, 1));
        }
        if (declaresInput) {
            dynamicRules.add(copyRule(SymbolTable.DOES, SymbolTable.INPUT, 2));
        }
        for (Rule rule : dynamicRules) {
            dynamic.add(rule.head().symbol());
        }
        dynamic.add(SymbolTable.TRUE);
        dynamic.add(SymbolTable.DOES);
        grounder.fixpoint(dynamicRules, dynamic, statics, true);
        return grounder;
    }

    /** {@code (to ?0 .. ?n-1) <= (from ?0 .. ?n-1)}. */
    private static Rule copyRule(int to, int from, int arity) {
        Term[] args = new Term[arity];
        for (int i = 0; i < arity; i++) {
            args[i] = new Variable(i, "x" + i);
        }
        return new Rule(new Compound(to, args), List.of(new Literal.Positive(new Compound(from, args))), arity, 0);
    }

    /** The instances of a relation (empty if it has none). */
    InstanceSet set(int relation) {
        InstanceSet set = sets.get(relation);
        if (set == null) {
            set = new InstanceSet();
            sets.put(relation, set);
        }
        return set;
    }

    // ---- semi-naive fixpoint ----

    private final Int2IntOpenHashMap deltaStart = new Int2IntOpenHashMap();
    private final Int2IntOpenHashMap deltaEnd = new Int2IntOpenHashMap();
    private IntSet growing;

    /**
     * Evaluates {@code rules} until nothing new is derived. Relations in {@code growingRelations} are being
     * computed (they take deltas); all others are complete. With {@code relaxed}, negated dynamic literals
     * are ignored.
     */
    private void fixpoint(List<Rule> rules, IntSet growingRelations, StaticRelations statics, boolean relaxed) {
        growing = growingRelations;
        deltaStart.clear();
        deltaEnd.clear();
        List<JoinPlan> seeds = new ArrayList<>();
        List<JoinPlan> recursive = new ArrayList<>();
        for (Rule rule : rules) {
            List<Term> growingPositives = new ArrayList<>();
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Positive p && growing.contains(p.sentence().symbol())) {
                    growingPositives.add(p.sentence());
                }
            }
            if (growingPositives.isEmpty()) {
                seeds.add(new JoinPlan(rule, null, statics, relaxed));
            } else {
                for (Term delta : growingPositives) {
                    recursive.add(new JoinPlan(rule, delta, statics, relaxed));
                }
            }
        }
        for (int relation : growing) {
            deltaEnd.put(relation, set(relation).size());
        }
        for (JoinPlan plan : seeds) {
            plan.run();
        }
        while (true) {
            boolean anyDelta = false;
            for (int relation : growing) {
                deltaStart.put(relation, deltaEnd.get(relation));
                deltaEnd.put(relation, set(relation).size());
                anyDelta |= deltaEnd.get(relation) > deltaStart.get(relation);
            }
            if (!anyDelta) {
                return;
            }
            budget.checkTime();
            for (JoinPlan plan : recursive) {
                int relation = plan.positives[0].symbol();
                if (deltaEnd.get(relation) > deltaStart.get(relation)) {
                    plan.run();
                }
            }
        }
    }

    /**
     * The instances of the rule's head, evaluated exactly against the relations grounded so far (used for
     * rules whose body is entirely static: their heads hold in every state).
     */
    List<Term> evaluate(Rule rule, StaticRelations statics) {
        growing = new IntOpenHashSet();
        JoinPlan plan = new JoinPlan(rule, null, statics, false);
        plan.sink = new ArrayList<>();
        plan.run();
        return plan.sink;
    }

    /** One rule with a fixed join order: the delta literal (if any) first, then greedily the most bound. */
    private final class JoinPlan {
        private final Term head;
        private final Term[] positives;
        private final boolean deltaFirst;
        /** filters[k]: literals (negations, distincts) checkable once positives 0..k-1 are matched. */
        private final List<List<Literal>> filters = new ArrayList<>();
        private final Bindings bindings;
        /** Where derived heads go instead of the instance sets, when set. */
        private List<Term> sink;

        JoinPlan(Rule rule, Term delta, StaticRelations statics, boolean relaxed) {
            head = rule.head();
            bindings = new Bindings(rule.variableCount());
            List<Term> remaining = new ArrayList<>();
            List<Literal> pendingFilters = new ArrayList<>();
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Positive p) {
                    if (p.sentence() != delta) {
                        remaining.add(p.sentence());
                    }
                } else if (literal instanceof Literal.Negation n && n.inner() instanceof Literal.Positive inner) {
                    if (!(relaxed && !statics.isStatic(inner.sentence().symbol()))) {
                        pendingFilters.add(literal);
                    }
                } else if (literal instanceof Literal.Distinct) {
                    pendingFilters.add(literal);
                } else {
                    throw new IllegalArgumentException("rule not in normal form: " + literal);
                }
            }
            List<Term> order = new ArrayList<>();
            boolean[] bound = new boolean[rule.variableCount()];
            if (delta != null) {
                order.add(delta);
                markVariables(delta, bound);
            }
            while (!remaining.isEmpty()) {
                Term best = null;
                long bestScore = Long.MAX_VALUE;
                for (Term candidate : remaining) {
                    long score = (long) countUnbound(candidate, bound) * 1_000_000_000L
                        + Math.min(set(candidate.symbol()).size(), 999_999_999);
                    if (score < bestScore) {
                        bestScore = score;
                        best = candidate;
                    }
                }
                remaining.remove(best);
                order.add(best);
                markVariables(best, bound);
            }
            positives = order.toArray(new Term[0]);
            deltaFirst = delta != null;
            boolean[] boundSoFar = new boolean[rule.variableCount()];
            for (int k = 0; k <= positives.length; k++) {
                if (k > 0) {
                    markVariables(positives[k - 1], boundSoFar);
                }
                List<Literal> now = new ArrayList<>();
                for (var it = pendingFilters.iterator(); it.hasNext();) {
                    Literal filter = it.next();
                    if (allBound(filter, boundSoFar)) {
                        now.add(filter);
                        it.remove();
                    }
                }
                filters.add(now);
            }
            if (!pendingFilters.isEmpty()) {
                throw new IllegalArgumentException("unsafe rule: variables of " + pendingFilters
                    + " are not bound by a positive literal");
            }
        }

        void run() {
            join(0);
        }

        private void join(int k) {
            for (Literal filter : filters.get(k)) {
                if (!passes(filter)) {
                    return;
                }
            }
            if (k == positives.length) {
                Term instance = bindings.instantiate(head);
                if (Bindings.depth(instance) > maxDepth) {
                    throw new GroundingBudget.Exceeded("terms nest deeper than " + maxDepth + ": "
                        + instance);
                }
                if (sink != null) {
                    sink.add(instance);
                } else if (set(head.symbol()).add(instance)) {
                    budget.allocate(GroundingBudget.BYTES_PER_INSTANCE, "instance sets");
                }
                return;
            }
            Term pattern = positives[k];
            int relation = pattern.symbol();
            InstanceSet candidates = set(relation);
            int from = 0;
            int to = candidates.size();
            if (growing.contains(relation)) {
                to = deltaEnd.get(relation);
                if (k == 0 && deltaFirst) {
                    from = deltaStart.get(relation);
                }
            }
            for (int i = from; i < to; i++) {
                budget.tick();
                int mark = bindings.mark();
                if (bindings.match(pattern, candidates.get(i))) {
                    join(k + 1);
                }
                bindings.undo(mark);
            }
        }

        private boolean passes(Literal filter) {
            if (filter instanceof Literal.Distinct d) {
                return !bindings.instantiate(d.left()).equals(bindings.instantiate(d.right()));
            }
            Term sentence = ((Literal.Positive) ((Literal.Negation) filter).inner()).sentence();
            return !set(sentence.symbol()).contains(bindings.instantiate(sentence));
        }
    }

    static void markVariables(Term term, boolean[] bound) {
        if (term instanceof Variable v) {
            bound[v.index()] = true;
        }
        for (int i = 0; i < term.arity(); i++) {
            markVariables(term.arg(i), bound);
        }
    }

    static int countUnbound(Term term, boolean[] bound) {
        if (term instanceof Variable v) {
            return bound[v.index()] ? 0 : 1;
        }
        int count = 0;
        for (int i = 0; i < term.arity(); i++) {
            count += countUnbound(term.arg(i), bound);
        }
        return count;
    }

    static boolean allBound(Literal literal, boolean[] bound) {
        if (literal instanceof Literal.Positive p) {
            return countUnbound(p.sentence(), bound) == 0;
        }
        if (literal instanceof Literal.Negation n) {
            return allBound(n.inner(), bound);
        }
        Literal.Distinct d = (Literal.Distinct) literal;
        return countUnbound(d.left(), bound) == 0 && countUnbound(d.right(), bound) == 0;
    }
}
