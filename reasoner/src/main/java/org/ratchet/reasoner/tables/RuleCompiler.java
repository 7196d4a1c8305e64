package org.ratchet.reasoner.tables;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.Bindings;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.GroundingBudget;
import org.ratchet.reasoner.ground.InstanceSet;
import org.ratchet.reasoner.ground.NeededInstances;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.tables.RulePlan.Stage;

/**
 * Builds the reference tables of one rule for a given order of its positive literals. A positive literal
 * that binds a new variable is an input; every other literal is a condition placed at the first stage where
 * its variables are bound. Conditions on static relations and {@code distinct} are decided here and folded
 * into the input tables as failures, as are positive conditions whose instance can never exist; only
 * conditions on dynamic relations remain for run time. A RefNo numbers the distinct bindings of the
 * variables still needed later (the head and later literals), so equivalent bindings share table rows.
 */
public final class RuleCompiler {
    /**
     * Tables with more entries than this (64 MB) keep only their passing entries: the input is then always
     * read by probing its candidates (such tables are mostly -1 and would not fit the memory budget).
     */
    public static final long DENSE_TABLE_LIMIT = 1L << 24;

    private final Grounder grounder;
    private final StaticRelations statics;
    private final RelationLayout layout;
    private final GroundingBudget budget;
    /** The head instances worth producing; null to produce every one. */
    private final NeededInstances needed;

    /** Tables with more entries than this are kept sparse; {@link #DENSE_TABLE_LIMIT} but in tests. */
    private final long denseTableLimit;

    public RuleCompiler(Grounder grounder, StaticRelations statics, RelationLayout layout, GroundingBudget budget,
            NeededInstances needed, long denseTableLimit) {
        this.grounder = grounder;
        this.needed = needed;
        this.statics = statics;
        this.layout = layout;
        this.budget = budget;
        this.denseTableLimit = denseTableLimit;
    }

    /** Compiles the rule with its positive literals in {@code order}; null if the rule can never fire. */
    public RulePlan compile(Rule rule, List<Term> order) {
        int variables = rule.variableCount();
        boolean[] bound = new boolean[variables];
        List<Term> inputs = new ArrayList<>();
        // stage index s+1 holds what is checked after input s; index 0 the preconditions
        List<List<Literal>> folded = new ArrayList<>();
        List<List<Literal>> runtime = new ArrayList<>();
        folded.add(new ArrayList<>());
        runtime.add(new ArrayList<>());
        List<Literal> pending = new ArrayList<>();
        for (Literal literal : rule.body()) {
            if (!(literal instanceof Literal.Positive)) {
                pending.add(literal);
            }
        }
        for (Term positive : order) {
            if (Grounder.countUnbound(positive, bound) > 0) {
                inputs.add(positive);
                folded.add(new ArrayList<>());
                runtime.add(new ArrayList<>());
                Grounder.markVariables(positive, bound);
            } else {
                place(new Literal.Positive(positive), folded, runtime);
            }
            for (var it = pending.iterator(); it.hasNext();) {
                Literal literal = it.next();
                if (Grounder.allBound(literal, bound)) {
                    place(literal, folded, runtime);
                    it.remove();
                }
            }
        }
        for (Literal literal : pending) {
            if (!Grounder.allBound(literal, bound)) {
                throw new IllegalArgumentException("unsafe rule at line " + rule.line() + ": " + literal);
            }
            place(literal, folded, runtime);
        }
        int stages = inputs.size();
        int[][] live = liveVariables(rule, inputs, folded, runtime);

        Bindings bindings = new Bindings(variables);
        // the first stage after which the head is ground: there a binding whose head instance no rule reads
        // fails like a failed static condition (-1 when the head is ground from the start)
        int headStage = -1;
        if (needed != null && needed.restricts(rule.head().symbol())) {
            boolean[] boundSoFar = new boolean[variables];
            while (Grounder.countUnbound(rule.head(), boundSoFar) > 0 && headStage + 1 < stages) {
                Grounder.markVariables(inputs.get(++headStage), boundSoFar);
            }
            if (Grounder.countUnbound(rule.head(), boundSoFar) > 0) {
                headStage = Integer.MAX_VALUE;
            }
        } else {
            headStage = Integer.MAX_VALUE;
        }
        // preconditions
        if (!foldedHold(folded.get(0), bindings) || !positivesCanExist(runtime.get(0), bindings)
                || headStage == -1 && !headNeeded(rule, bindings)) {
            return null;
        }
        int[] preconditions = new int[runtime.get(0).size()];
        for (int c = 0; c < preconditions.length; c++) {
            preconditions[c] = conditionCode(runtime.get(0).get(c), bindings);
        }
        List<Term[]> tuples = new ArrayList<>();
        tuples.add(new Term[0]);
        List<StageDraft> drafts = new ArrayList<>(stages);
        for (int s = 0; s < stages; s++) {
            Term pattern = inputs.get(s);
            InstanceSet candidates = grounder.set(pattern.symbol());
            // the input's list: its relation's, or for a fluent that of the part of true holding it, whose
            // local IDs start at first among true's
            boolean isStatic = statics.isStatic(pattern.symbol());
            int list = isStatic ? layout.index(pattern.symbol()) : layout.listOf(pattern);
            if (list < 0) {
                return null;
            }
            int first = layout.offset(list) - layout.offset(layout.index(pattern.symbol()));
            int size = layout.size(list);
            long length = (long) tuples.size() * size;
            if (length == 0) {
                return null;
            }
            // A large table is mostly -1: keep only its passing entries, row by row (see Stage#probes)
            boolean sparse = length > denseTableLimit;
            int[] table = null;
            IntArrayList passing = null;
            int[] rowStart = null;
            if (sparse) {
                if (tuples.size() > Integer.MAX_VALUE - 16) {
                    throw new GroundingBudget.Exceeded("reference table of rule at line " + rule.line()
                        + " too large", true);
                }
                passing = new IntArrayList();
                rowStart = new int[tuples.size() + 1];
                budget.allocate(4L * rowStart.length, "reference tables");
            } else {
                budget.allocate(length * 4, "reference tables");
                table = new int[(int) length];
                Arrays.fill(table, -1);
            }
            StageDraft stage = new StageDraft(list, size);
            drafts.add(stage);
            List<Literal> stageFolded = folded.get(s + 1);
            List<Literal> stageRuntime = runtime.get(s + 1);
            IntArrayList codes = new IntArrayList();
            Object2IntOpenHashMap<Tuple> numbering = new Object2IntOpenHashMap<>();
            numbering.defaultReturnValue(-1);
            List<Term[]> nextTuples = new ArrayList<>();
            int[] previousLive = s == 0 ? new int[0] : live[s - 1];
            int[] currentLive = live[s];
            boolean[] boundBefore = new boolean[variables];
            for (int t = 0; t < s; t++) {
                Grounder.markVariables(inputs.get(t), boundBefore);
            }
            // Only the instances agreeing with the pattern at its most selective fixed argument can match;
            // the rest of the row stays -1. This keeps the build proportional to the matches, not to
            // RefNos × instances.
            int keyPath = selectivePath(pattern, boundBefore);
            Term keyPattern = keyPath < 0 ? null : Grounder.subterm(pattern, keyPath);
            Map<Object, IntArrayList> buckets = keyPath < 0 ? null : grounder.buckets(pattern.symbol(), keyPath);
            IntArrayList everything = null;
            if (keyPath < 0) {
                everything = new IntArrayList(size);
                for (int chi = first; chi < first + size; chi++) {
                    everything.add(chi);
                }
            }
            for (int r = 0; r < tuples.size(); r++) {
                Term[] tuple = tuples.get(r);
                for (int j = 0; j < previousLive.length; j++) {
                    bindings.values[previousLive[j]] = tuple[j];
                }
                int base = r * size;
                if (sparse) {
                    rowStart[r] = passing.size() / 2;
                }
                IntArrayList matching = keyPath < 0 ? everything : buckets.get(bindings.instantiate(keyPattern));
                for (int b = 0, n = matching == null ? 0 : matching.size(); b < n; b++) {
                    int chi = matching.getInt(b);
                    budget.tick();
                    int mark = bindings.mark();
                    int entry = -1;
                    if (bindings.match(pattern, candidates.get(chi)) && foldedHold(stageFolded, bindings)
                            && positivesCanExist(stageRuntime, bindings)
                            && (s != headStage || headNeeded(rule, bindings))) {
                        Term[] projected = new Term[currentLive.length];
                        for (int j = 0; j < projected.length; j++) {
                            projected[j] = bindings.values[currentLive[j]];
                        }
                        Tuple key = new Tuple(projected);
                        entry = numbering.getInt(key);
                        if (entry < 0) {
                            entry = nextTuples.size();
                            numbering.put(key, entry);
                            nextTuples.add(projected);
                            budget.allocate(32L + 8L * projected.length, "binding tuples");
                            for (Literal condition : stageRuntime) {
                                codes.add(conditionCode(condition, bindings));
                            }
                        }
                    }
                    bindings.undo(mark);
                    if (entry >= 0) {
                        // a match has the pattern's fluent, so it lies in the list's part
                        if (sparse) {
                            budget.allocate(8, "reference tables");
                            passing.add(chi - first);
                            passing.add(entry);
                        } else {
                            table[base + chi - first] = entry;
                        }
                    }
                }
                Arrays.fill(bindings.values, null);
            }
            if (nextTuples.isEmpty()) {
                return null;
            }
            if (sparse) {
                rowStart[tuples.size()] = passing.size() / 2;
            }
            if (isStatic && sparse) {
                int[] pairs = passing.elements();
                int[] starts = rowStart;
                stage.fixed = passingRefNos(tuples.size(), (r, found) -> {
                    for (int j = 2 * starts[r], stop = 2 * starts[r + 1]; j < stop; j += 2) {
                        found.accept(pairs[j + 1]);
                    }
                });
                budget.release(4L * passing.size() + 4L * rowStart.length);
            } else if (isStatic) {
                int[] dense = table;
                stage.fixed = passingRefNos(tuples.size(), (r, found) -> {
                    for (int chi = 0, base = r * size; chi < size; chi++) {
                        found.accept(dense[base + chi]);
                    }
                });
                budget.release(length * 4);
            } else if (sparse) {
                stage.probeStart = rowStart;
                stage.probes = passing.toIntArray();
            } else {
                stage.table = table;
            }
            stage.conditions = codes.toIntArray();
            stage.width = stageRuntime.size();
            tuples = nextTuples;
        }
        // a stage whose RefNo carries no variable it bound only tests existence: one pass is enough
        for (int s = 0; s < stages; s++) {
            boolean[] before = new boolean[variables];
            for (int t = 0; t < s; t++) {
                Grounder.markVariables(inputs.get(t), before);
            }
            boolean once = true;
            for (int v : live[s]) {
                if (!before[v]) {
                    once = false;
                }
            }
            drafts.get(s).once = once;
        }
        int[] lastLive = stages == 0 ? new int[0] : live[stages - 1];
        InstanceSet heads = grounder.set(rule.head().symbol());
        int[] result = new int[tuples.size()];
        int headOffset = layout.offset(layout.index(rule.head().symbol()));
        for (int r = 0; r < result.length; r++) {
            Term[] tuple = tuples.get(r);
            for (int j = 0; j < lastLive.length; j++) {
                bindings.values[lastLive[j]] = tuple[j];
            }
            Term head = bindings.instantiate(rule.head());
            int local = heads.id(head);
            if (local < 0) {
                throw new IllegalStateException("grounding missed head instance " + head + " of rule at line "
                    + rule.line());
            }
            result[r] = headOffset + local;
            Arrays.fill(bindings.values, null);
        }
        budget.allocate(4L * result.length, "result tables");
        List<StageDraft> merged = foldFunctionalStaticStages(drafts);
        Stage[] planned = new Stage[merged.size()];
        for (int k = 0; k < planned.length; k++) {
            addProbes(merged.get(k));
            planned[k] = new Stage(merged.get(k), layout);
        }
        return new RulePlan(layout.index(rule.head().symbol()), preconditions, result, planned, rule.line());
    }

    /** Whether some rule reads the head instance of {@code rule} under {@code bindings} (the head is ground). */
    private boolean headNeeded(Rule rule, Bindings bindings) {
        Term head = bindings.instantiate(rule.head());
        int local = grounder.set(head.symbol()).id(head);
        // an instance grounding missed is reported where the results are numbered
        return local < 0 || needed.isNeeded(head.symbol(), local);
    }

    /**
     * Adds the probes of {@link Stage#probes} to a dynamic input whose table passes at most half of its
     * entries (the probes are then no larger than the table), where they can beat the list scan; within the
     * memory budget only, since the scan still gives the same results without them. (A sparse input has its
     * probes already, a static one needs none.)
     */
    private void addProbes(StageDraft stage) {
        int[] table = stage.table;
        if (table == null) {
            return;
        }
        long passing = 0;
        for (int entry : table) {
            if (entry >= 0) {
                passing++;
            }
        }
        int size = stage.size;
        int refs = table.length / size;
        long ints = refs + 1 + 2 * passing;
        if (passing * 2 > table.length || ints > Integer.MAX_VALUE - 16 || !budget.tryAllocate(4 * ints)) {
            return;
        }
        int[] start = new int[refs + 1];
        int[] pairs = new int[(int) (2 * passing)];
        int j = 0;
        for (int ref = 0; ref < refs; ref++) {
            start[ref] = j / 2;
            for (int chi = 0, base = ref * size; chi < size; chi++) {
                int entry = table[base + chi];
                if (entry >= 0) {
                    pairs[j++] = chi;
                    pairs[j++] = entry;
                }
            }
        }
        start[refs] = j / 2;
        stage.probeStart = start;
        stage.probes = pairs;
    }

    /**
     * The path (see {@link Grounder#fixedPaths}) of the pattern that is fixed before it is read and splits
     * the candidates into the most groups, or -1 if none splits them.
     */
    private int selectivePath(Term pattern, boolean[] boundBefore) {
        int best = -1;
        int bestGroups = 1;
        for (int path : Grounder.fixedPaths(pattern, boundBefore)) {
            int groups = grounder.distinctValues(pattern.symbol(), path);
            if (groups > bestGroups) {
                best = path;
                bestGroups = groups;
            }
        }
        return best;
    }

    /** The entries of a table's rows, whether it is kept dense or sparse. */
    private interface TableRows {
        void forEachEntry(int row, IntConsumer entry);
    }

    /**
     * For an input on a static relation the knowledge-base list never changes, so the RefNos each previous
     * RefNo leads to are known now: they replace the table and the list scan (duplicates removed, since
     * equal RefNos lead to identical work).
     */
    private int[][] passingRefNos(int previousCount, TableRows rows) {
        int[][] next = new int[previousCount][];
        IntArrayList found = new IntArrayList();
        IntOpenHashSet seen = new IntOpenHashSet();
        long total = 0;
        for (int r = 0; r < previousCount; r++) {
            found.clear();
            seen.clear();
            rows.forEachEntry(r, entry -> {
                if (entry >= 0 && seen.add(entry)) {
                    found.add(entry);
                }
            });
            next[r] = found.toIntArray();
            total += next[r].length + 4;
        }
        budget.allocate(total * 4, "reference tables");
        return next;
    }

    /**
     * A static input that leads every RefNo to at most one RefNo (e.g. {@code (succ ?x1 ?x2)} once ?x1 is
     * bound) is merged into the stage before it, when no run-time condition sits between them: that stage's
     * entries then point straight at the later RefNo, saving one loop step per combination. Two static inputs
     * in a row with no run-time condition between them are merged whatever their fan-out: the RefNos each
     * earlier RefNo reaches through both are listed once (duplicates removed), which never adds run-time
     * work; only within the memory budget.
     */
    private List<StageDraft> foldFunctionalStaticStages(List<StageDraft> stages) {
        List<StageDraft> kept = new ArrayList<>(stages.size());
        for (StageDraft stage : stages) {
            StageDraft last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
            // a static input right after another stage, with no run-time condition between them
            boolean mergeable = last != null && stage.fixed != null && last.width == 0;
            int[][] composed = mergeable && last.fixed != null ? compose(last.fixed, stage.fixed) : null;
            // (a sparse dynamic stage, which has no table, is not merged into)
            if (composed != null || mergeable && last.table != null && atMostOne(stage.fixed)) {
                if (composed != null) {
                    last.fixed = composed;
                } else {
                    int[] table = last.table;
                    for (int i = 0; i < table.length; i++) {
                        if (table[i] >= 0) {
                            table[i] = stage.fixed[table[i]].length == 1 ? stage.fixed[table[i]][0] : -1;
                        }
                    }
                }
                last.conditions = stage.conditions;
                last.width = stage.width;
                last.once = last.once && stage.once;
                continue;
            }
            kept.add(stage);
        }
        return kept;
    }

    /** The RefNos each of {@code previous}'s RefNos reaches through {@code next}, or null beyond the budget. */
    private int[][] compose(int[][] previous, int[][] next) {
        long total = 0;
        for (int[] options : previous) {
            for (int option : options) {
                total += next[option].length;
            }
            total += 4;
        }
        if (total > Integer.MAX_VALUE / 2 || !budget.tryAllocate(4 * total)) {
            return null;
        }
        int[][] merged = new int[previous.length][];
        IntArrayList found = new IntArrayList();
        IntOpenHashSet seen = new IntOpenHashSet();
        for (int r = 0; r < previous.length; r++) {
            found.clear();
            seen.clear();
            for (int option : previous[r]) {
                for (int target : next[option]) {
                    if (seen.add(target)) {
                        found.add(target);
                    }
                }
            }
            merged[r] = found.toIntArray();
        }
        return merged;
    }

    private static boolean atMostOne(int[][] next) {
        for (int[] options : next) {
            if (options.length > 1) {
                return false;
            }
        }
        return true;
    }

    /** Static conditions and distinct are decided at compile time; dynamic ones stay for run time. */
    private void place(Literal literal, List<List<Literal>> folded, List<List<Literal>> runtime) {
        int stage = folded.size() - 1;
        Term sentence = null;
        if (literal instanceof Literal.Positive p) {
            sentence = p.sentence();
        } else if (literal instanceof Literal.Negation n && n.inner() instanceof Literal.Positive p) {
            sentence = p.sentence();
        }
        if (sentence == null || statics.isStatic(sentence.symbol())) {
            folded.get(stage).add(literal);
        } else {
            runtime.get(stage).add(literal);
        }
    }

    private boolean foldedHold(List<Literal> literals, Bindings bindings) {
        for (Literal literal : literals) {
            if (!foldedHolds(literal, bindings)) {
                return false;
            }
        }
        return true;
    }

    private boolean foldedHolds(Literal literal, Bindings bindings) {
        if (literal instanceof Literal.Distinct d) {
            return !bindings.instantiate(d.left()).equals(bindings.instantiate(d.right()));
        }
        if (literal instanceof Literal.Positive p) {
            return grounder.set(p.sentence().symbol()).contains(bindings.instantiate(p.sentence()));
        }
        if (literal instanceof Literal.Disjunction or) {
            for (Literal option : or.options()) {
                if (foldedHolds(option, bindings)) {
                    return true;
                }
            }
            return false;
        }
        Term sentence = ((Literal.Positive) ((Literal.Negation) literal).inner()).sentence();
        return !grounder.set(sentence.symbol()).contains(bindings.instantiate(sentence));
    }

    /** A positive dynamic condition whose instance is not in the grounded set can never hold. */
    private boolean positivesCanExist(List<Literal> literals, Bindings bindings) {
        for (Literal literal : literals) {
            if (literal instanceof Literal.Positive p
                    && !grounder.set(p.sentence().symbol()).contains(bindings.instantiate(p.sentence()))) {
                return false;
            }
        }
        return true;
    }

    /** The run-time test of a dynamic condition under the current bindings (see {@link Stage#conditions}). */
    private int conditionCode(Literal literal, Bindings bindings) {
        boolean negated = literal instanceof Literal.Negation;
        Term sentence = negated ? ((Literal.Positive) ((Literal.Negation) literal).inner()).sentence()
            : ((Literal.Positive) literal).sentence();
        int local = grounder.set(sentence.symbol()).id(bindings.instantiate(sentence));
        if (local < 0) {
            // positive conditions on impossible instances were filtered out by positivesCanExist; a negated
            // one always holds, as does the absence of the ID past every relation
            return RulePlan.absent(layout.totalSize());
        }
        int global = layout.offset(layout.index(sentence.symbol())) + local;
        return negated ? RulePlan.absent(global) : global;
    }

    /** live[s]: variables bound after input s that the head or a later stage still reads, ascending. */
    private static int[][] liveVariables(Rule rule, List<Term> inputs, List<List<Literal>> folded,
            List<List<Literal>> runtime) {
        int stages = inputs.size();
        int variables = rule.variableCount();
        int[][] live = new int[stages][];
        boolean[] bound = new boolean[variables];
        for (int s = 0; s < stages; s++) {
            Grounder.markVariables(inputs.get(s), bound);
            boolean[] needed = new boolean[variables];
            Grounder.markVariables(rule.head(), needed);
            for (int t = s + 1; t < stages; t++) {
                Grounder.markVariables(inputs.get(t), needed);
            }
            for (int t = s + 1; t <= stages; t++) {
                for (Literal literal : runtime.get(t)) {
                    Grounder.markLiteral(literal, needed);
                }
                if (t > s + 1) {
                    for (Literal literal : folded.get(t)) {
                        Grounder.markLiteral(literal, needed);
                    }
                }
            }
            IntArrayList vars = new IntArrayList();
            for (int v = 0; v < variables; v++) {
                if (bound[v] && needed[v]) {
                    vars.add(v);
                }
            }
            live[s] = vars.toIntArray();
        }
        return live;
    }

    /**
     * One input stage while {@link #compile} builds and folds it: the fields of a {@link Stage} (documented
     * there), still open to the folds, which merge stages and add probes in place. It becomes a Stage once
     * the rule is done, and is dropped then.
     */
    static final class StageDraft {
        final int relation;
        final int size;
        int[] table;
        int[][] fixed;
        int[] probeStart;
        int[] probes;
        int[] conditions;
        int width;
        boolean once;

        StageDraft(int relation, int size) {
            this.relation = relation;
            this.size = size;
        }
    }

    /** A binding tuple as a hash key. */
    private static final class Tuple {
        private final Term[] values;
        private final int hash;

        Tuple(Term[] values) {
            this.values = values;
            this.hash = Arrays.hashCode(values);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Tuple tuple && tuple.hash == hash && Arrays.equals(tuple.values, values);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
