package org.ratchet.reasoner.bottomup;

import java.util.Arrays;
import org.ratchet.reasoner.terms.TermStore;

/**
 * Runs join plans over one set of relations: evaluates a component of the rule graph to its fixpoint,
 * semi-naively where it is recursive (each round joins at least one literal against the rows the previous
 * round added). Derived rows are collected per rule and added after the rule's join, so a join never sees
 * the relation it reads change under it. All buffers are allocated once; evaluating allocates nothing except
 * when a relation or the term store outgrows its arrays.
 */
final class Evaluator {

    /** Thrown when preparation runs out of its time or row budget. */
    static class BudgetExceeded extends RuntimeException {
        BudgetExceeded(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Thrown when one component derives more rows, or tries more than {@value #WORK_PER_ROW} times as many
     * rows in joins, than {@link #evaluate(Program.Component, long)} allows.
     */
    static final class ComponentTooLarge extends BudgetExceeded {
        ComponentTooLarge(String message) {
            super(message);
        }
    }

    private static final long WORK_PER_ROW = 20;

    private final Program program;
    private final TermStore store;
    private final Relation[] relations;
    private final long deadlineNanos;
    private final long maxRows;
    private final long maxWork;
    private long rows;
    /** Rows tried by joins (and single-row lookups) so far: the cost of evaluation, the same on every machine. */
    private long work;

    private final int[] binding;
    private final int[] trail;
    private int trailTop;
    /** Per step depth, the argument values of the step's lookup, by position. */
    private final int[][] keys;
    private int[] stack = new int[64];
    private int stackTop;
    private int[] pending = new int[256];
    private int pendingUsed;
    private int pendingRows;
    private final int[] roundStart;
    private final int[] roundEnd;

    /** Per step depth, the rows of a lookup into a relation evaluated on demand (see {@link #positive}). */
    private final int[][] rowBuffers;
    /** Derives the rows of relations evaluated on demand, in the middle of this evaluator's joins. */
    private Evaluator inner;
    /** The derivations on demand under way and made, shared with the inner evaluators. */
    private final Derivations derivations;
    private long componentRows;
    private long componentRowCap = Long.MAX_VALUE;
    private long componentWorkCap = Long.MAX_VALUE;

    private Plan plan;
    private int deltaStep;
    private int deltaFrom;
    private int deltaTo;

    /** An evaluator without budgets, for a machine's per-state work. */
    Evaluator(Program program, TermStore store, Relation[] relations) {
        this(program, store, relations, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /** An evaluator that throws {@link BudgetExceeded} past the deadline, the rows or the join work given. */
    Evaluator(Program program, TermStore store, Relation[] relations, long deadlineNanos, long maxRows,
            long maxWork) {
        this(program, store, relations, deadlineNanos, maxRows, maxWork, new Derivations(program.maxArity));
    }

    private Evaluator(Program program, TermStore store, Relation[] relations, long deadlineNanos, long maxRows,
            long maxWork, Derivations derivations) {
        this.derivations = derivations;
        this.program = program;
        this.store = store;
        this.relations = relations;
        this.deadlineNanos = deadlineNanos;
        this.maxRows = maxRows;
        this.maxWork = maxWork;
        this.binding = new int[program.maxVariables];
        this.trail = new int[program.maxVariables];
        this.keys = new int[program.maxSteps][program.maxArity];
        this.roundStart = new int[relations.length];
        this.roundEnd = new int[relations.length];
        this.rowBuffers = new int[program.maxSteps][];
    }

    long work() {
        return work;
    }

    /**
     * {@link #evaluate(Program.Component)}, throwing {@link ComponentTooLarge} when the component derives
     * more than {@code rowCap} rows.
     */
    void evaluate(Program.Component component, long rowCap) {
        componentRows = 0;
        componentRowCap = rowCap;
        componentWorkCap = rowCap == Long.MAX_VALUE ? Long.MAX_VALUE : work + rowCap * WORK_PER_ROW;
        try {
            evaluate(component);
        } finally {
            componentRowCap = Long.MAX_VALUE;
            componentWorkCap = Long.MAX_VALUE;
        }
    }

    /** Clears the component's relations and derives them again from the relations it reads. */
    void evaluate(Program.Component component) {
        for (int head : component.heads) {
            relations[head].clear();
        }
        for (Plan each : component.plans) {
            run(each, -1, 0, 0);
        }
        if (!component.recursive) {
            return;
        }
        // Round 0 joined recursive literals against partial relations: the first delta is everything.
        for (int head : component.heads) {
            roundStart[head] = 0;
        }
        while (true) {
            boolean grew = false;
            for (int head : component.heads) {
                roundEnd[head] = relations[head].count();
                grew |= roundEnd[head] > roundStart[head];
            }
            if (!grew) {
                return;
            }
            for (Plan each : component.plans) {
                for (Plan delta : each.deltas) {
                    int relation = delta.steps[delta.deltaStep].relation;
                    if (roundEnd[relation] > roundStart[relation]) {
                        run(delta, delta.deltaStep, roundStart[relation], roundEnd[relation]);
                    }
                }
            }
            for (int head : component.heads) {
                roundStart[head] = roundEnd[head];
            }
        }
    }

    /** Joins the plan's body, with step {@code delta} (if not -1) restricted to rows {@code [from, to)}. */
    private void run(Plan toRun, int delta, int from, int to) {
        run(toRun, delta, from, to, 0, null);
    }

    /**
     * {@link #run(Plan, int, int, int)} for the head rows whose arguments at the positions of {@code seedMask}
     * match {@code seed} (by position); the plan was compiled with those arguments bound.
     */
    private void run(Plan toRun, int delta, int from, int to, int seedMask, int[] seed) {
        plan = toRun;
        deltaStep = delta;
        deltaFrom = from;
        deltaTo = to;
        Arrays.fill(binding, 0, toRun.variables, -1);
        trailTop = 0;
        pendingUsed = 0;
        pendingRows = 0;
        boolean seeded = true;
        for (int bits = seedMask; bits != 0 && seeded; bits &= bits - 1) {
            int position = Integer.numberOfTrailingZeros(bits);
            seeded = match(toRun.head[position], seed[position]);
        }
        if (seeded) {
            join(0);
        }
        Relation head = relations[toRun.headRelation];
        int arity = head.arity;
        for (int row = 0; row < pendingRows; row++) {
            if (head.add(pending, row * arity)) {
                if (++rows > maxRows) {
                    throw new BudgetExceeded("more than " + maxRows + " rows");
                }
                if (++componentRows > componentRowCap) {
                    throw tooLarge();
                }
            }
        }
    }

    /**
     * Derives the rows of the step's relation (evaluated on demand) that match the step's key under the
     * current bindings, unless derived before; the inner evaluator runs the relation's rules with the key
     * bound while this evaluator's join waits.
     *
     * <p>A recursive relation's rules demand other keys of it, derived the same way (top-down, each key
     * once, as tabling does). Where the keys form a cycle (a path back to a key still under way, as in
     * reachability over a graph with loops), the derivation reading the unfinished key may miss rows; then
     * the outermost derivation runs every derivation made under it again, until a whole pass adds no row.
     * Without such a read each key is complete when its derivation ends, since all it read was.
     */
    private void demand(Plan.Step step, int[] key) {
        Plan.Demand demand = step.demand;
        for (int bits = demand.mask; bits != 0; bits &= bits - 1) {
            int position = Integer.numberOfTrailingZeros(bits);
            key[position] = build(step.args[position], true);
        }
        if (!relations[demand.relation].markDemanded(demand.mask, key)) {
            if (demand.recursive && derivations.underWay.contains(demand, key)) {
                derivations.cyclic = true;
            }
            return;
        }
        if (inner == null) {
            inner = new Evaluator(program, store, relations, deadlineNanos, maxRows, maxWork, derivations);
        }
        inner.work = work;
        inner.rows = rows;
        boolean outermost = derivations.depth() == 0;
        derivations.begin(demand, key);
        try {
            inner.derive(demand, key);
            if (outermost && derivations.cyclic) {
                long before;
                do {
                    before = inner.rows;
                    for (int made = 0; made < derivations.made.size; made++) {
                        inner.derive(derivations.made.demands[made], derivations.madeKey(made));
                    }
                } while (inner.rows != before);
            }
        } finally {
            derivations.end(outermost);
        }
        work = inner.work;
        rows = inner.rows;
    }

    /** Runs the demand's plans for the key (by position). */
    private void derive(Plan.Demand demand, int[] key) {
        for (Plan each : demand.plans) {
            run(each, -1, 0, 0, demand.mask, key);
        }
    }

    private void join(int i) {
        Plan.Step[] steps = plan.steps;
        if (i == steps.length) {
            emit();
            return;
        }
        Plan.Step step = steps[i];
        switch (step.kind) {
            case Plan.Step.POSITIVE -> positive(step, i);
            case Plan.Step.NEGATIVE -> {
                int[] key = keys[i];
                if (step.demand != null) {
                    demand(step, key);
                }
                work++;
                if (!buildAll(step.args, key) || relations[step.relation].find(key, 0) < 0) {
                    join(i + 1);
                }
            }
            default -> {
                if (build(step.args[0], true) != build(step.args[1], true)) {
                    join(i + 1);
                }
            }
        }
    }

    private void positive(Plan.Step step, int i) {
        if (step.demand != null) {
            demand(step, keys[i]);
        }
        Relation relation = relations[step.relation];
        int from = 0;
        int to = relation.count();
        if (i == deltaStep) {
            from = deltaFrom;
            to = deltaTo;
        }
        if (from >= to) {
            return;
        }
        int[] key = keys[i];
        if (step.allBound) {
            work++;
            if (buildAll(step.args, key)) {
                int row = relation.find(key, 0);
                if (row >= from && row < to) {
                    join(i + 1);
                }
            }
            return;
        }
        if (step.index >= 0) {
            for (int bits = step.keyMask; bits != 0; bits &= bits - 1) {
                int position = Integer.numberOfTrailingZeros(bits);
                key[position] = build(step.args[position], false);
                if (key[position] < 0) {
                    return;
                }
            }
            int hash = Relation.keyHash(step.keyMask, key);
            if (step.demand != null) {
                // the joins below may derive rows of this relation for other keys, relinking its buckets
                int[] found = matchingRows(relation, step, hash, key, from, to, i);
                for (int r = 0, n = found[0]; r < n; r++) {
                    tryRow(step, relation, found[r + 1], i);
                }
                return;
            }
            // a bucket lists its rows newest first: skip those after the range, stop at the first before it
            for (int next = relation.first(step.index, hash); next != 0; next = relation.following(step.index, next - 1)) {
                int row = next - 1;
                if (row < from) {
                    break;
                }
                if (row < to && keyMatches(relation, row, step.keyMask, key)) {
                    tryRow(step, relation, row, i);
                }
            }
        } else {
            for (int row = from; row < to; row++) {
                tryRow(step, relation, row, i);
            }
        }
    }

    /** The rows in {@code [from, to)} matching the key, in the depth's buffer: its count, then the rows. */
    private int[] matchingRows(Relation relation, Plan.Step step, int hash, int[] key, int from, int to, int i) {
        int[] found = rowBuffers[i] == null ? new int[17] : rowBuffers[i];
        int n = 0;
        for (int next = relation.first(step.index, hash); next != 0; next = relation.following(step.index, next - 1)) {
            int row = next - 1;
            if (row < from) {
                break;
            }
            if (row < to && keyMatches(relation, row, step.keyMask, key)) {
                if (n + 2 > found.length) {
                    found = Arrays.copyOf(found, found.length * 2);
                }
                found[++n] = row;
            }
        }
        found[0] = n;
        rowBuffers[i] = found;
        return found;
    }

    private ComponentTooLarge tooLarge() {
        return new ComponentTooLarge("more than " + componentRowCap + " rows in one relation");
    }

    private void tryRow(Plan.Step step, Relation relation, int row, int i) {
        if ((++work & 0xFFFF) == 0) {
            if (System.nanoTime() > deadlineNanos) {
                throw new BudgetExceeded("out of time");
            }
            if (work > maxWork) {
                throw new BudgetExceeded("more than " + maxWork + " rows tried by joins");
            }
            if (work > componentWorkCap) {
                throw tooLarge();
            }
        }
        int mark = trailTop;
        boolean matched = true;
        Pattern[] args = step.args;
        for (int p = 0; p < args.length && matched; p++) {
            if ((step.keyMask & (1 << p)) == 0) {
                matched = match(args[p], relation.value(row, p));
            }
        }
        if (matched) {
            join(i + 1);
        }
        while (trailTop > mark) {
            binding[trail[--trailTop]] = -1;
        }
    }

    private static boolean keyMatches(Relation relation, int row, int mask, int[] key) {
        for (int bits = mask; bits != 0; bits &= bits - 1) {
            int position = Integer.numberOfTrailingZeros(bits);
            if (relation.value(row, position) != key[position]) {
                return false;
            }
        }
        return true;
    }

    private boolean match(Pattern pattern, int term) {
        switch (pattern.kind) {
            case Pattern.GROUND:
                return term == pattern.value;
            case Pattern.VARIABLE: {
                int bound = binding[pattern.value];
                if (bound < 0) {
                    binding[pattern.value] = term;
                    trail[trailTop++] = pattern.value;
                    return true;
                }
                return bound == term;
            }
            default: {
                Pattern[] children = pattern.children;
                if (!store.isCompound(term) || store.functor(term) != pattern.value
                        || store.arity(term) != children.length) {
                    return false;
                }
                for (int c = 0; c < children.length; c++) {
                    if (!match(children[c], store.arg(term, c))) {
                        return false;
                    }
                }
                return true;
            }
        }
    }

    /** Builds every argument into {@code out}; false when one is a term that exists nowhere. */
    private boolean buildAll(Pattern[] args, int[] out) {
        for (int p = 0; p < args.length; p++) {
            out[p] = build(args[p], false);
            if (out[p] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The id of the pattern under the current bindings (all its variables are bound); when {@code create}
     * is false, -1 for a compound never interned, which therefore occurs in no row.
     */
    private int build(Pattern pattern, boolean create) {
        if (pattern.kind == Pattern.GROUND) {
            return pattern.value;
        }
        if (pattern.kind == Pattern.VARIABLE) {
            return binding[pattern.value];
        }
        Pattern[] children = pattern.children;
        if (stackTop + children.length > stack.length) {
            stack = Arrays.copyOf(stack, stack.length * 2 + children.length);
        }
        int base = stackTop;
        for (Pattern child : children) {
            int id = build(child, create);
            if (id < 0) {
                stackTop = base;
                return -1;
            }
            stack[stackTop++] = id;
        }
        int id = create ? store.compound(pattern.value, stack, base, children.length)
            : store.findCompound(pattern.value, stack, base, children.length);
        stackTop = base;
        return id;
    }

    private void emit() {
        Pattern[] head = plan.head;
        if (pendingUsed + head.length + 1 > pending.length) {
            pending = Arrays.copyOf(pending, pending.length * 2 + head.length);
        }
        for (Pattern arg : head) {
            pending[pendingUsed++] = build(arg, true);
        }
        if (++pendingRows > componentRowCap) {
            throw tooLarge();
        }
    }

    /**
     * The derivations on demand under way (a stack, innermost last) and those made since the outermost one
     * began: what {@link #demand} needs to find a cycle among keys and to derive again.
     */
    private static final class Derivations {
        final DemandList underWay;
        final DemandList made;
        /** Some derivation read the rows of a key still under way: those made may miss rows. */
        boolean cyclic;
        private final int[] key;

        Derivations(int keyLength) {
            this.underWay = new DemandList(keyLength);
            this.made = new DemandList(keyLength);
            this.key = new int[keyLength];
        }

        int depth() {
            return underWay.size;
        }

        void begin(Plan.Demand demand, int[] key) {
            underWay.add(demand, key);
            made.add(demand, key);
        }

        void end(boolean outermost) {
            underWay.size--;
            if (outermost) {
                cyclic = false;
                made.size = 0;
            }
        }

        /** The key of the derivation made {@code index}-th, by position (a buffer reused by the next call). */
        int[] madeKey(int index) {
            return made.key(index, key);
        }
    }

    /** Demands with their keys (by position), in the order added; the arrays grow and are kept. */
    private static final class DemandList {
        private final int keyLength;
        Plan.Demand[] demands = new Plan.Demand[8];
        private int[] keys;
        int size;

        DemandList(int keyLength) {
            this.keyLength = keyLength;
            this.keys = new int[8 * keyLength];
        }

        void add(Plan.Demand demand, int[] key) {
            if (size == demands.length) {
                demands = Arrays.copyOf(demands, size * 2);
                keys = Arrays.copyOf(keys, size * 2 * keyLength);
            }
            demands[size] = demand;
            System.arraycopy(key, 0, keys, size * keyLength, keyLength);
            size++;
        }

        /** Whether the list holds the demand's relation and mask with the same key on the mask's positions. */
        boolean contains(Plan.Demand demand, int[] key) {
            for (int d = 0; d < size; d++) {
                if (demands[d].relation == demand.relation && demands[d].mask == demand.mask
                        && sameKey(demand.mask, key, d * keyLength)) {
                    return true;
                }
            }
            return false;
        }

        int[] key(int index, int[] into) {
            System.arraycopy(keys, index * keyLength, into, 0, keyLength);
            return into;
        }

        private boolean sameKey(int mask, int[] key, int from) {
            for (int bits = mask; bits != 0; bits &= bits - 1) {
                int position = Integer.numberOfTrailingZeros(bits);
                if (keys[from + position] != key[position]) {
                    return false;
                }
            }
            return true;
        }
    }
}
