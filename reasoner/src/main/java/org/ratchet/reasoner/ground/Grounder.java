package org.ratchet.reasoner.ground;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.longs.Long2IntLinkedOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.rewrite.FluentParts;

/**
 * Computes the instance sets the reference tables are built over. Static relations are evaluated exactly,
 * stratum by stratum. Dynamic relations get a superset of every instance derivable in any reachable state:
 * a semi-naive fixpoint in which {@code true} is fed by {@code init}, {@code next} (and {@code base} when the
 * game declares it), {@code does} by {@code legal} (and {@code input}), and negated dynamic literals are
 * dropped (the one-step method of the tabling paper, section 4.2).
 */
public final class Grounder {
    private final Int2ObjectOpenHashMap<InstanceSet> sets = new Int2ObjectOpenHashMap<>();
    private final GroundingBudget budget;
    private final int maxDepth;
    /** The rule being joined (null before the first), for {@link #whereItStopped}. */
    private Rule runningRule;

    private Grounder(GroundingBudget budget, int maxDepth) {
        this.budget = budget;
        this.maxDepth = maxDepth;
    }

    /** Grounds a normalised game; the result maps relation symbols to instance sets. */
    public static Grounder ground(GameDescription game, Stratification strata, StaticRelations statics,
            GroundingBudget budget, int maxDepth) {
        Grounder grounder = new Grounder(budget, maxDepth);
        try {
            grounder.groundAll(game, strata, statics);
        } catch (GroundingBudget.Exceeded stopped) {
            throw new GroundingBudget.Exceeded(stopped.getMessage() + " " + grounder.whereItStopped(game.symbols()),
                    stopped.memory);
        }
        return grounder;
    }

    /** The relations the summary of a grounding that ran out of budget names: the largest so far. */
    private static final int LARGEST_NAMED = 4;

    /**
     * Where a grounding that ran out of budget was, for the reason a game is declined: the rule it was
     * joining, and the largest relations so far with their instance counts, which say what blew up.
     */
    private String whereItStopped(SymbolTable symbols) {
        List<Int2ObjectMap.Entry<InstanceSet>> largest = new ArrayList<>(sets.int2ObjectEntrySet());
        largest.sort((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()));
        StringBuilder where = new StringBuilder("(");
        if (runningRule != null) {
            where.append("grounding a rule for ").append(symbols.name(runningRule.head().symbol()))
                    .append(runningRule.line() > 0 ? " at line " + runningRule.line() : "").append("; ");
        }
        where.append("largest relations so far:");
        for (int i = 0; i < Math.min(LARGEST_NAMED, largest.size()); i++) {
            where.append(i == 0 ? " " : ", ").append(symbols.name(largest.get(i).getIntKey())).append(' ')
                    .append(largest.get(i).getValue().size());
        }
        return where.append(')').toString();
    }

    private void groundAll(GameDescription game, Stratification strata, StaticRelations statics) {
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
            fixpoint(rules, members, statics, false);
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
        fixpoint(dynamicRules, dynamic, statics, true);
    }

    /** {@code (to ?0 .. ?n-1) <= (from ?0 .. ?n-1)}. */
    private static Rule copyRule(int to, int from, int arity) {
        Term[] args = new Term[arity];
        for (int i = 0; i < arity; i++) {
            args[i] = new Variable(i, "x" + i);
        }
        return new Rule(new Compound(to, args), List.of(new Literal.Positive(new Compound(from, args))), arity, 0);
    }

    /**
     * Instances of one relation bucketed by their subterms at some paths (see {@link #subterm}): with
     * {@code (true (cell 1 ?y ?p))} and ?y bound, by the cell's first and second coordinates together.
     * The key of one path is its subterm, of several the list of them. Buckets hold instance positions in
     * ascending order.
     */
    private static final class PathIndex {
        final int[] paths;
        final HashMap<Object, IntArrayList> buckets = new HashMap<>();

        PathIndex(int[] paths) {
            this.paths = paths;
        }

        void add(Term instance, int position) {
            Term[] parts = new Term[paths.length];
            for (int p = 0; p < parts.length; p++) {
                parts[p] = subterm(instance, paths[p]);
                if (parts[p] == null) {
                    return;
                }
            }
            buckets.computeIfAbsent(key(parts), k -> new IntArrayList()).add(position);
        }

        /** The bucket key of these subterms, one per path: the subterm itself for a single path. */
        static Object key(Term[] parts) {
            return parts.length == 1 ? parts[0] : List.of(parts);
        }
    }

    private final Int2ObjectOpenHashMap<List<PathIndex>> indexes = new Int2ObjectOpenHashMap<>();
    /** Rough heap cost of one remembered partial binding of a join (see {@code JoinPlan.kept}). */
    private static final long SEEN_BYTES = 64;
    /**
     * A stage stops remembering bindings once it has been asked this often and fewer than one in
     * {@link #SEEN_MIN_SHARE} came again: racer's legal_speed meets almost every binding once, and remembering
     * them all made its grounding six times slower (a hash insert and a cache miss per step of the join).
     */
    private static final int SEEN_TRIAL = 4096;
    private static final int SEEN_MIN_SHARE = 4;
    /** Per (relation, path): the relation's size when its distinct subterms were counted, and their number. */
    private final HashMap<Long, int[]> distinctCounts = new HashMap<>();

    /**
     * How many distinct subterms the relation's instances have at {@code path} (at least 1), counted again
     * once the relation has more than doubled since the last count.
     */
    public int distinctValues(int relation, int path) {
        InstanceSet instances = set(relation);
        int[] counted = distinctCounts.get(((long) relation << 32) | path);
        if (counted != null && instances.size() <= 2 * counted[0] + 16) {
            return counted[1];
        }
        HashSet<Term> seen = new HashSet<>();
        for (int i = 0; i < instances.size(); i++) {
            budget.tick();
            Term value = subterm(instances.get(i), path);
            if (value != null) {
                seen.add(value);
            }
        }
        int distinct = Math.max(1, seen.size());
        distinctCounts.put(((long) relation << 32) | path, new int[] {instances.size(), distinct});
        return distinct;
    }

    /** The low byte of a path that stands for the function symbol of an argument (see {@link #subterm}). */
    static final int FUNCTOR = 255;

    /**
     * path = (i + 1) * 256 + (j + 1): argument i, or argument j of argument i when j >= 0; with a low byte
     * of {@link #FUNCTOR}, the function symbol of argument i as an atom (so {@code (true (control ?r))} can
     * skip every {@code cell}).
     */
    public static Term subterm(Term term, int path) {
        int i = path / 256 - 1;
        int low = path % 256;
        if (i >= term.arity()) {
            return null;
        }
        Term arg = term.arg(i);
        if (low == 0) {
            return arg;
        }
        if (low == FUNCTOR) {
            return arg instanceof Compound ? new Atom(arg.symbol()) : arg;
        }
        return low - 1 < arg.arity() ? arg.arg(low - 1) : null;
    }

    /**
     * The paths of the pattern whose subterm is known before it is matched: each argument with no unbound
     * variable; otherwise its arguments with none; otherwise, for a compound argument, its function symbol.
     */
    public static IntArrayList fixedPaths(Term pattern, boolean[] bound) {
        IntArrayList paths = new IntArrayList();
        for (int i = 0; i < pattern.arity(); i++) {
            Term arg = pattern.arg(i);
            if (countUnbound(arg, bound) == 0) {
                paths.add((i + 1) * 256);
                continue;
            }
            int before = paths.size();
            for (int j = 0; j < arg.arity() && j + 1 < FUNCTOR; j++) {
                if (countUnbound(arg.arg(j), bound) == 0) {
                    paths.add((i + 1) * 256 + j + 1);
                }
            }
            if (paths.size() == before && arg instanceof Compound) {
                paths.add((i + 1) * 256 + FUNCTOR);
            }
        }
        return paths;
    }

    /**
     * The relation's instance positions (ascending) by their subterm at {@code path}; the index stays for
     * later lookups.
     */
    public HashMap<Object, IntArrayList> buckets(int relation, int path) {
        return index(relation, new int[] {path}).buckets;
    }

    private PathIndex index(int relation, int[] paths) {
        List<PathIndex> list = indexes.computeIfAbsent(relation, k -> new ArrayList<>());
        for (PathIndex index : list) {
            if (Arrays.equals(index.paths, paths)) {
                return index;
            }
        }
        PathIndex index = new PathIndex(paths);
        InstanceSet instances = set(relation);
        for (int i = 0; i < instances.size(); i++) {
            index.add(instances.get(i), i);
        }
        list.add(index);
        budget.allocate(instances.size() * 16L, "grounding indexes");
        return index;
    }

    private boolean addInstance(int relation, Term instance) {
        InstanceSet instances = set(relation);
        if (!instances.add(instance)) {
            return false;
        }
        List<PathIndex> list = indexes.get(relation);
        if (list != null) {
            for (PathIndex index : list) {
                index.add(instance, instances.size() - 1);
            }
        }
        return true;
    }

    /**
     * Numbers the instances of {@code true} anew so that the fluents of each part key (see
     * {@link FluentParts#partKey}) have consecutive IDs, in the order the keys first occur, and returns
     * the number of IDs each key got, in that order. Done once grounding is over and before anything keeps
     * an ID; the indexes over {@code true} are built again when asked for.
     */
    public Long2IntLinkedOpenHashMap groupFluents(FluentParts parts) {
        InstanceSet instances = set(SymbolTable.TRUE);
        LinkedHashMap<Long, List<Term>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < instances.size(); i++) {
            Term sentence = instances.get(i);
            byKey.computeIfAbsent(parts.partKey(sentence.arg(0)), k -> new ArrayList<>()).add(sentence);
        }
        List<Term> order = new ArrayList<>(instances.size());
        Long2IntLinkedOpenHashMap sizes = new Long2IntLinkedOpenHashMap();
        for (var group : byKey.entrySet()) {
            order.addAll(group.getValue());
            sizes.put(group.getKey().longValue(), group.getValue().size());
        }
        renumber(SymbolTable.TRUE, order);
        return sizes;
    }

    /**
     * Numbers legal's instances in the order of the moves they allow (does's IDs): a role's legal IDs then
     * run in move order, so a machine lists a role's moves in order by reading the legal IDs present in ID
     * order, with no sort. Instances whose move is not an instance of does keep their order, last. Call
     * before any ID is handed out, as {@link #groupFluents}.
     */
    public void orderLegalByMoves() {
        InstanceSet legal = set(SymbolTable.LEGAL);
        InstanceSet does = set(SymbolTable.DOES);
        int count = legal.size();
        long[] keyed = new long[count]; // the move's ID in the high half (past every move if none), the legal ID low
        for (int id = 0; id < count; id++) {
            Term sentence = legal.get(id);
            int move = does.id(new Compound(SymbolTable.DOES, sentence.arg(0), sentence.arg(1)));
            keyed[id] = ((long) (move >= 0 ? move : Integer.MAX_VALUE) << 32) | id;
        }
        Arrays.sort(keyed);
        List<Term> order = new ArrayList<>(count);
        for (long key : keyed) {
            order.add(legal.get((int) key));
        }
        renumber(SymbolTable.LEGAL, order);
    }

    /** Numbers a relation's instances anew in {@code order}; its indexes are built again when asked for. */
    private void renumber(int relation, List<Term> order) {
        set(relation).renumber(order);
        indexes.remove(relation);
        distinctCounts.keySet().removeIf(key -> (int) (key >>> 32) == relation);
    }

    /** The instances of a relation (empty if it has none). */
    public InstanceSet set(int relation) {
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
    public List<Term> evaluate(Rule rule, StaticRelations statics) {
        growing = new IntOpenHashSet();
        JoinPlan plan = new JoinPlan(rule, null, statics, false);
        plan.sink = new ArrayList<>();
        plan.run();
        return plan.sink;
    }

    /**
     * One rule as a join: the delta literal (if any) first, then greedily the literal expected to match
     * fewest instances. The order is made again when the relations it reads have grown well beyond their
     * size at planning time: plans are made when a fixpoint starts, while {@code true} and the relations
     * built on it are still nearly empty.
     */
    private final class JoinPlan {
        private final Rule rule;
        private final Term head;
        private final Term delta;
        private final int variables;
        /** The positive literals other than the delta, in body order. */
        private final List<Term> body;
        private final List<Literal> bodyFilters;
        private Term[] positives;
        /** Sizes of the positives' relations when the order was chosen. */
        private int[] plannedSizes;
        /** paths[k]: the paths of positive k whose subterm is known when it is matched (its index key). */
        private int[][] paths;
        private Term[][] pathPatterns;
        /**
         * existential[k]: no variable that positive k binds is read later (head, later literals, filters), so
         * one match is as good as all and the rest of its candidates can be skipped.
         */
        private boolean[] existential;
        /** ground[k]: positive k has no free variable when matched. */
        private boolean[] ground;
        /** The first stage at which every head variable is bound (positives.length if only at the end). */
        private int headBoundAt;
        /** filters[k]: literals (negations, distincts) checkable once positives 0..k-1 are matched. */
        private List<List<Literal>> filters;
        /**
         * kept[k]: where positives 0..k-1 bind a variable that nothing from stage k on reads (positives k.., the
         * filters checked from k on, the head), the variables they bind that something does read; else null.
         * The rest of the join depends on those values only, so a stage-k binding of them met before in this
         * run derives nothing new and is skipped: (sum ?n1 ?n2 ?s1) then (sum ?s1 ?n3 ?s2) walks each partial
         * sum once, not each pair of numbers that adds up to it.
         */
        private int[][] kept;
        /** seen[k]: the bindings of kept[k] met at stage k in this run (emptied when the run ends). */
        private HashSet<Object>[] seen;
        /** Per stage: how often {@link #seen} was asked, and how often it knew the binding. */
        private int[] seenAsked;
        private int[] seenKnown;
        /** Whether the memory budget had no more room for {@link #seen}: the join then just walks on. */
        private boolean seenFull;
        private final Bindings bindings;
        /** Where derived heads go instead of the instance sets, when set. */
        private List<Term> sink;

        JoinPlan(Rule rule, Term delta, StaticRelations statics, boolean relaxed) {
            this.rule = rule;
            head = rule.head();
            this.delta = delta;
            variables = rule.variableCount();
            bindings = new Bindings(variables);
            body = new ArrayList<>();
            bodyFilters = new ArrayList<>();
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Positive p) {
                    if (p.sentence() != delta) {
                        body.add(p.sentence());
                    }
                } else if (relaxed) {
                    // a superset is all grounding needs; filters would tie otherwise unrelated literals
                    // together and turn one existence check into a cross product
                    continue;
                } else if (literal instanceof Literal.Negation n && n.inner() instanceof Literal.Positive) {
                    bodyFilters.add(literal);
                } else if (literal instanceof Literal.Distinct) {
                    bodyFilters.add(literal);
                } else {
                    throw new IllegalArgumentException("rule not in normal form: " + literal);
                }
            }
            if (relaxed) {
                dropStaticFilters(body, delta, statics, variables);
            }
            plan();
        }

        /** Whether a relation read by the plan has more than doubled (by more than a few) since planning. */
        private boolean stale() {
            for (int k = 0; k < positives.length; k++) {
                if (set(positives[k].symbol()).size() > 2 * plannedSizes[k] + 16) {
                    return true;
                }
            }
            return false;
        }

        private void plan() {
            List<Term> remaining = new ArrayList<>(body);
            List<Term> order = new ArrayList<>();
            boolean[] bound = new boolean[variables];
            if (delta != null) {
                order.add(delta);
                markVariables(delta, bound);
            }
            while (!remaining.isEmpty()) {
                Term best = null;
                double bestScore = Double.POSITIVE_INFINITY;
                for (Term candidate : remaining) {
                    // a literal with everything bound is one lookup; otherwise take the one expected to
                    // match fewest instances, so a chain like (pawnjump ?p ?u ?v ?x ?y) (true (cell ?x ?y b))
                    // walks the two jumps from a square, not every empty square; fewer new variables breaks ties
                    int unbound = countUnbound(candidate, bound);
                    double score = unbound == 0 ? -1 : expectedMatches(candidate, bound) + unbound * 1e-6;
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
            plannedSizes = new int[positives.length];
            for (int k = 0; k < positives.length; k++) {
                plannedSizes[k] = set(positives[k].symbol()).size();
            }
            paths = new int[positives.length][];
            pathPatterns = new Term[positives.length][];
            ground = new boolean[positives.length];
            boolean[] boundBefore = new boolean[variables];
            for (int k = 0; k < positives.length; k++) {
                List<Integer> found = new ArrayList<>();
                List<Term> patterns = new ArrayList<>();
                Term pattern = positives[k];
                ground[k] = countUnbound(pattern, boundBefore) == 0;
                for (int path : fixedPaths(pattern, boundBefore)) {
                    if (found.size() < 4) {
                        found.add(path);
                        patterns.add(subterm(pattern, path));
                    }
                }
                paths[k] = found.stream().mapToInt(Integer::intValue).toArray();
                pathPatterns[k] = patterns.toArray(new Term[0]);
                markVariables(pattern, boundBefore);
            }
            List<Literal> pendingFilters = new ArrayList<>(bodyFilters);
            filters = new ArrayList<>();
            boolean[] boundSoFar = new boolean[variables];
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
            int headStage = 0;
            boolean[] boundByStage = new boolean[variables];
            while (headStage < positives.length && countUnbound(head, boundByStage) > 0) {
                markVariables(positives[headStage++], boundByStage);
            }
            headBoundAt = headStage;
            planKept();
            existential = new boolean[positives.length];
            boolean[] before = new boolean[variables];
            for (int k = 0; k < positives.length; k++) {
                boolean[] later = readFrom(k + 1);
                boolean[] mine = new boolean[variables];
                markVariables(positives[k], mine);
                boolean dead = true;
                for (int v = 0; v < mine.length; v++) {
                    if (mine[v] && !before[v] && later[v]) {
                        dead = false;
                    }
                }
                existential[k] = dead;
                markVariables(positives[k], before);
            }
        }

        /** The variables read from stage k of the plan on: by the head, positives k.. and the filters checked from k. */
        private boolean[] readFrom(int k) {
            boolean[] read = new boolean[variables];
            markVariables(head, read);
            for (int j = k; j < positives.length; j++) {
                markVariables(positives[j], read);
            }
            for (int j = k; j < filters.size(); j++) {
                for (Literal filter : filters.get(j)) {
                    markLiteral(filter, read);
                }
            }
            return read;
        }

        /** Works out {@link #kept} from the plan's order, filters and head. */
        @SuppressWarnings("unchecked")
        private void planKept() {
            kept = new int[positives.length][];
            seen = new HashSet[positives.length];
            seenAsked = new int[positives.length];
            seenKnown = new int[positives.length];
            boolean[] bound = new boolean[variables];
            for (int k = 1; k < positives.length; k++) {
                markVariables(positives[k - 1], bound);
                boolean[] read = readFrom(k);
                IntArrayList keep = new IntArrayList();
                boolean dropsOne = false;
                for (int v = 0; v < variables; v++) {
                    if (bound[v] && read[v]) {
                        keep.add(v);
                    } else if (bound[v]) {
                        dropsOne = true;
                    }
                }
                if (dropsOne) {
                    kept[k] = keep.toIntArray();
                    seen[k] = new HashSet<>();
                }
            }
        }

        /** Whether stage k met these values of {@link #kept}[k] before in this run; remembers them if not. */
        private boolean seenBefore(int k) {
            int[] keep = kept[k];
            Object key;
            if (keep.length == 1) {
                key = bindings.values[keep[0]];
            } else {
                Term[] values = new Term[keep.length];
                for (int i = 0; i < keep.length; i++) {
                    values[i] = bindings.values[keep[i]];
                }
                key = Arrays.asList(values);
            }
            seenAsked[k]++;
            if (seen[k].contains(key)) {
                seenKnown[k]++;
                return true;
            }
            if (seenAsked[k] >= SEEN_TRIAL && seenKnown[k] < seenAsked[k] / SEEN_MIN_SHARE) {
                // bindings that seldom come again: remembering them costs more than it saves
                budget.release(seen[k].size() * SEEN_BYTES);
                seen[k] = null;
                kept[k] = null;
                return false;
            }
            if (!seenFull && !budget.tryAllocate(SEEN_BYTES)) {
                seenFull = true;
            }
            if (!seenFull) {
                seen[k].add(key);
            }
            return false;
        }

        /**
         * Instances of the literal's relation expected to agree with its constants and bound variables:
         * the relation's size divided by the distinct values seen at each of its {@link #fixedPaths}, as if
         * they were independent.
         */
        private double expectedMatches(Term literal, boolean[] bound) {
            InstanceSet instances = set(literal.symbol());
            double expected = Math.max(1, instances.size());
            for (int path : fixedPaths(literal, bound)) {
                expected /= distinctValues(literal.symbol(), path);
            }
            return expected;
        }

        /**
         * For a superset, a static literal whose variables the other positives bind anyway only filters. If
         * it lets most combinations through, dropping it costs the superset little and keeps the join from
         * walking relations like "distinct cell" tables (and often leaves a literal whose other matches need
         * not be tried). A selective one stays: it connects the other literals, as the jump relation in
         * (true (cell ?u ?v ?p)) (jump ?u ?v ?x ?y) (true (cell ?x ?y b)) does, and keeps the superset small.
         */
        private void dropStaticFilters(List<Term> positives, Term delta, StaticRelations statics, int variables) {
            for (int i = positives.size() - 1; i >= 0; i--) {
                Term candidate = positives.get(i);
                if (!statics.isStatic(candidate.symbol())) {
                    continue;
                }
                boolean[] covered = new boolean[variables];
                if (delta != null) {
                    markVariables(delta, covered);
                }
                for (Term other : positives) {
                    if (other != candidate) {
                        markVariables(other, covered);
                    }
                }
                if (countUnbound(candidate, covered) == 0 && passFraction(candidate) >= 0.5) {
                    positives.remove(i);
                }
            }
        }

        /**
         * The share of argument combinations the literal's relation holds, counting each argument's distinct
         * values: near 1 for (distinct-cell ?x ?y ?u ?v), near 0 for (jump ?u ?v ?x ?y).
         */
        private double passFraction(Term literal) {
            double combinations = 1;
            for (int i = 0; i < literal.arity(); i++) {
                combinations *= distinctValues(literal.symbol(), (i + 1) * 256);
            }
            return set(literal.symbol()).size() / combinations;
        }

        void run() {
            runningRule = rule;
            if (stale()) {
                plan();
            }
            seenFull = false;
            try {
                join(0);
            } finally {
                // what a run has seen is of no use to the next, whose ranges differ
                for (HashSet<Object> stage : seen) {
                    if (stage != null && !stage.isEmpty()) {
                        budget.release(stage.size() * SEEN_BYTES);
                        stage.clear();
                    }
                }
            }
        }

        private void join(int k) {
            if (k < positives.length && kept[k] != null && seenBefore(k)) {
                return;
            }
            for (Literal filter : filters.get(k)) {
                if (!passes(filter)) {
                    return;
                }
            }
            if (k == headBoundAt && k < positives.length && sink == null
                    && set(head.symbol()).contains(bindings.instantiate(head))) {
                // the rest of the join could only derive this head again
                return;
            }
            if (k == positives.length) {
                Term instance = bindings.instantiate(head);
                if (Bindings.depth(instance) > maxDepth) {
                    // the rule is named where the grounding stops (whereItStopped); the term, unreadable
                    // without the symbol table, is not
                    throw new GroundingBudget.Exceeded("terms nest deeper than " + maxDepth);
                }
                if (sink != null) {
                    sink.add(instance);
                } else if (addInstance(head.symbol(), instance)) {
                    budget.addInstance();
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
                if (k == 0 && delta != null) {
                    from = deltaStart.get(relation);
                }
            }
            if (ground[k]) {
                // every variable is bound: one hash lookup instead of a scan
                int position = candidates.id(bindings.instantiate(pattern));
                if (position >= from && position < to) {
                    join(k + 1);
                }
                return;
            }
            IntArrayList bucket = null;
            int[] keyPaths = paths[k];
            if (keyPaths.length > 0) {
                Term[] parts = new Term[keyPaths.length];
                for (int p = 0; p < parts.length; p++) {
                    parts[p] = bindings.instantiate(pathPatterns[k][p]);
                }
                bucket = index(relation, keyPaths).buckets.get(PathIndex.key(parts));
                if (bucket == null) {
                    return;
                }
            }
            if (bucket != null && bucket.size() < to - from) {
                // a bucket grows while this join adds instances: read its size once, like the range
                for (int b = 0, n = bucket.size(); b < n; b++) {
                    int i = bucket.getInt(b);
                    if (i < from) {
                        continue;
                    }
                    if (i >= to) {
                        break;
                    }
                    if (matchAndContinue(pattern, candidates.get(i), k) && existential[k]) {
                        return;
                    }
                }
                return;
            }
            for (int i = from; i < to; i++) {
                if (matchAndContinue(pattern, candidates.get(i), k) && existential[k]) {
                    return;
                }
            }
        }

        /** True if the candidate matched (whatever the rest of the join found). */
        private boolean matchAndContinue(Term pattern, Term candidate, int k) {
            budget.tick();
            int mark = bindings.mark();
            boolean matched = bindings.match(pattern, candidate);
            if (matched) {
                join(k + 1);
            }
            bindings.undo(mark);
            return matched;
        }

        private boolean passes(Literal filter) {
            if (filter instanceof Literal.Distinct d) {
                return !bindings.instantiate(d.left()).equals(bindings.instantiate(d.right()));
            }
            Term sentence = ((Literal.Positive) ((Literal.Negation) filter).inner()).sentence();
            return !set(sentence.symbol()).contains(bindings.instantiate(sentence));
        }
    }

    public static void markVariables(Term term, boolean[] bound) {
        if (term instanceof Variable v) {
            bound[v.index()] = true;
        }
        for (int i = 0; i < term.arity(); i++) {
            markVariables(term.arg(i), bound);
        }
    }

    public static void markLiteral(Literal literal, boolean[] marks) {
        if (literal instanceof Literal.Positive p) {
            markVariables(p.sentence(), marks);
        } else if (literal instanceof Literal.Negation n) {
            markLiteral(n.inner(), marks);
        } else if (literal instanceof Literal.Distinct d) {
            markVariables(d.left(), marks);
            markVariables(d.right(), marks);
        } else if (literal instanceof Literal.Disjunction or) {
            for (Literal option : or.options()) {
                markLiteral(option, marks);
            }
        }
    }

    public static int countUnbound(Term term, boolean[] bound) {
        if (term instanceof Variable v) {
            return bound[v.index()] ? 0 : 1;
        }
        int count = 0;
        for (int i = 0; i < term.arity(); i++) {
            count += countUnbound(term.arg(i), bound);
        }
        return count;
    }

    public static boolean allBound(Literal literal, boolean[] bound) {
        if (literal instanceof Literal.Positive p) {
            return countUnbound(p.sentence(), bound) == 0;
        }
        if (literal instanceof Literal.Negation n) {
            return allBound(n.inner(), bound);
        }
        if (literal instanceof Literal.Disjunction or) {
            for (Literal option : or.options()) {
                if (!allBound(option, bound)) {
                    return false;
                }
            }
            return true;
        }
        Literal.Distinct d = (Literal.Distinct) literal;
        return countUnbound(d.left(), bound) == 0 && countUnbound(d.right(), bound) == 0;
    }
}
