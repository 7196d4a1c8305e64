package org.ratchet.reasoner.topdown;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ByteOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import org.ratchet.reasoner.terms.TermStore;

/**
 * Backward chaining with tabling over interned terms: the prover's algorithm (see
 * {@code org.ratchet.reasoner.prover.Prover}) on ints. Every call (a relation, each argument a term id or
 * free) gets a {@link Table} of all its ground answers; recursive calls are iterated to a fixpoint, their
 * components found on the fly by low links as in Tarjan's algorithm. Variables are slots of a binding stack
 * with a trail, terms are ids of the machine's {@link TermStore}, and tables are reused from state to state
 * rather than allocated per call.
 *
 * <p>A clause's body is proved in the prover's order, positive literals as written, except that a literal
 * whose variables are all bound goes first: a negation or {@code distinct} as soon as its variables are
 * bound, as in the prover, and so does a positive literal, which then only tests; and where the next literal
 * would enumerate with nothing bound, a recursive literal called as the clause's caller is called goes first
 * (the order depends only on which head arguments the call binds, so it is computed once per clause and call
 * pattern). Answers do not depend on the order of a stratified body; the work does. A call with every argument
 * bound has at most one answer, so its search stops at the first proof, as Prolog's negation does (the prover,
 * which completes every table, searches on). One solver serves one thread.
 */
final class Solver {
    private static final int INTERRUPT_CHECK_INTERVAL = 1024;
    private static final int FREE = Table.FREE;
    /** Facts are indexed by their first arguments up to this many (a key holds the position in 8 bits). */
    private static final int MAX_INDEXED_ARGUMENTS = 255;
    /** No argument of a {@code true} pattern is bound: no list of the argument index applies. */
    private static final long NO_LIST = Long.MIN_VALUE;

    private final Rules rules;
    private final TermStore store;
    private final CallTables gameTables;
    private final CallTables stateTables;
    private final CallTables moveTables;

    /** The state's facts, grouped by functor: {@code facts[functorStart .. +functorCount)}. */
    private int[] facts = new int[16];
    private int factCount;
    /**
     * The state's facts as one bit per term id, so a ground {@code true} is a bit test. Term ids are dense and
     * a fact's id is below the store's size when the state is set; a term interned later is no fact.
     */
    private long[] factBits = new long[16];
    private final Int2IntOpenHashMap functorStart = new Int2IntOpenHashMap();
    private final Int2IntOpenHashMap functorCount = new Int2IntOpenHashMap();
    /**
     * The state's compound facts by functor, argument position and that argument's term ({@link #argumentKey}):
     * the first link of a list through {@link #factOfLink} and {@link #nextLink} (links count from 1, 0 ends a
     * list), and the list's length. A {@code true} literal with some argument bound reads the shortest list.
     */
    private final Long2IntOpenHashMap firstLink = new Long2IntOpenHashMap();
    private final Long2IntOpenHashMap linkCount = new Long2IntOpenHashMap();
    private int[] factOfLink = new int[64];
    private int[] nextLink = new int[64];
    private long[] sortBuffer = new long[16];

    private int[] doesRoles = new int[2];
    private int[] doesMoves = new int[2];
    private int doesCount;

    /** Variable bindings: each clause being resolved has a frame of slots; {@link Table#FREE} is unbound. */
    private int[] slots = new int[256];
    private int slotTop;
    /** Slots bound since a mark, to undo. */
    private int[] trail = new int[256];
    private int trailTop;
    /** Argument values of compounds being built. */
    private int[] building = new int[64];
    private int buildTop;
    private final int[] call;
    private final int[] answer;

    private Table[] stack = new Table[64];
    private int stackSize;
    /** Tables left incomplete by non-leaders, in the order they were finished (may repeat a table). */
    private Table[] incomplete = new Table[64];
    private int incompleteSize;
    private int iteration;
    private long answerCount;
    private int callsSinceInterruptCheck;
    /** A proof throws {@link WorkLimit} once {@link #answerCount} passes this (only a relaxation's is bounded). */
    private long answerLimit = Long.MAX_VALUE;

    /**
     * The solver of the rules' {@link RelaxedFilters relaxation}, over this solver's term store, or null if the
     * rules have none. Its answers hold for the whole game, so each ground call it is asked is proved once.
     */
    private final Solver relaxation;
    /** Per relation, whether its ground calls are still filtered; off once the filter shows it does not pay. */
    private final boolean[] filtering;
    private final int[] filterChecks;
    private final int[] filterRejections;
    /** Per relation, its calls that missed their table during the filter's trial (see {@link #FILTER_TRIAL_CHECKS}). */
    private final int[] trialCalls;
    /**
     * Only in a relaxation's solver: per relation marked in {@link #remembered}, the verdict on each ground call
     * proved so far, by the call's arguments packed into a long ({@link #packedKey}): {@link #MAY_HOLD} or
     * {@link #NEVER_HOLDS}. Kept apart from the tables, which cost a table per call, and the tables are forgotten
     * now and then: chess asks a few hundred thousand distinct calls in a minute of playouts, each proved by a
     * walk of several more. Null in a machine's solver.
     */
    private final Long2ByteOpenHashMap[] verdicts;
    private final boolean[] remembered;
    private int verdictCount;
    /** A ground call's arguments, read back from its table to keep its verdict. */
    private final int[] verdictKey;
    private static final byte MAY_HOLD = 1;
    private static final byte NEVER_HOLDS = 2;
    /**
     * The verdicts kept; all are forgotten when there are more, so a long match cannot fill the heap: 4 million
     * (about 75 MB at the maps' fullest), or fewer on a heap under 4 GiB. Chess keeps about 1.9 million after
     * 40 s of playouts on one machine; forgetting them every million made it 5-13% slower than keeping
     * them all (2 rounds of 12 s).
     */
    static final int VERDICTS_KEPT = (int) Math.min(1 << 22, Runtime.getRuntime().maxMemory() >>> 10);
    /** Answers one ground call of the relaxation may add, its sub-calls' included, before its filter is dropped. */
    static final long RELAXED_CALL_ANSWERS = 10_000;
    /**
     * A filter's trial: every {@link #FILTER_TRIAL_STRIDE}th call is checked (the others are proved as they
     * are) until {@link #FILTER_TRIAL_CHECKS} checks; if fewer than one in {@link #FILTER_MIN_SHARE} was
     * rejected, the filter is dropped, else every call is checked from then on. Sampling keeps the relaxation's
     * work small where it does not pay. Its proofs run this class's code, and with every call checked over a
     * trial of 1,024 reversi ran at 0.91 of the build without filters (15 s runs; 0.95 over 20 s), with more
     * time spent compiling: the compiler's profile of the solver mixed in the relaxation's. Sampled, 0.98.
     */
    static final int FILTER_TRIAL_CHECKS = 128;
    static final int FILTER_TRIAL_STRIDE = 8;
    static final int FILTER_MIN_SHARE = 8;
    /** The relaxation's solver forgets its tables when it holds more (each proof's verdict is kept apart). */
    static final int RELAXED_TABLES_KEPT = 1 << 16;
    /**
     * Per clause: body orders by the bitmask of head arguments the call binds, in an array indexed by the mask
     * where the head is at most {@value #ORDER_ARRAY_ARITY} wide (a lookup per resolved clause, so no hashing),
     * else in a map.
     */
    private final int[][][] orderArrays;
    private final Int2ObjectOpenHashMap<int[]>[] orderMaps;
    private static final int ORDER_ARRAY_ARITY = 8;

    Solver(Rules rules, TermStore store) {
        this(rules, store, null);
    }

    /** A solver keeping the verdicts on ground calls of the relations marked in {@code remembered} (or none). */
    @SuppressWarnings("unchecked")
    private Solver(Rules rules, TermStore store, boolean[] remembered) {
        this.rules = rules;
        this.store = store;
        this.call = new int[rules.maxArity];
        this.answer = new int[rules.maxArity];
        this.orderArrays = new int[rules.clauseCount][][];
        this.orderMaps = new Int2ObjectOpenHashMap[rules.clauseCount];
        this.gameTables = new CallTables(rules.maxArity);
        this.stateTables = new CallTables(rules.maxArity);
        this.moveTables = new CallTables(rules.maxArity);
        Rules relaxed = rules.relaxation();
        int relations = rules.relationSymbol.length;
        this.filtering = new boolean[relations];
        for (int r = 0; relaxed != null && r < relations; r++) {
            filtering[r] = rules.isFiltered(r);
        }
        this.relaxation = relaxed == null ? null : new Solver(relaxed, store, filtering.clone());
        this.filterChecks = new int[relations];
        this.trialCalls = new int[relations];
        this.filterRejections = new int[relations];
        this.remembered = remembered;
        this.verdictKey = new int[rules.maxArity];
        this.verdicts = remembered == null ? null : new Long2ByteOpenHashMap[relations];
        functorStart.defaultReturnValue(0);
        functorCount.defaultReturnValue(0);
        firstLink.defaultReturnValue(0);
        linkCount.defaultReturnValue(0);
    }

    /** Makes the facts (term ids) the current state, with no joint move; forgets state-dependent answers. */
    void setState(int[] factTerms, int count) {
        for (int i = 0; i < factCount; i++) {
            factBits[facts[i] >>> 6] = 0;
        }
        if (sortBuffer.length < count) {
            sortBuffer = new long[count * 2];
            facts = new int[count * 2];
        }
        functorStart.clear();
        functorCount.clear();
        for (int i = 0; i < count; i++) {
            int fact = factTerms[i];
            if (fact >>> 6 >= factBits.length) {
                factBits = Arrays.copyOf(factBits, Math.max(factBits.length * 2, (fact >>> 6) + 1));
            }
            factBits[fact >>> 6] |= 1L << fact;
            sortBuffer[i] = ((long) store.functor(fact) << 32) | (fact & 0xFFFFFFFFL);
        }
        Arrays.sort(sortBuffer, 0, count);
        for (int i = 0; i < count; i++) {
            int functor = (int) (sortBuffer[i] >>> 32);
            facts[i] = (int) sortBuffer[i];
            if (functorCount.addTo(functor, 1) == 0) {
                functorStart.put(functor, i);
            }
        }
        factCount = count;
        indexArguments();
        doesCount = 0;
        stateTables.clear();
        moveTables.clear();
    }

    /** Whether the term (an id of the store) is a fact of the current state. */
    private boolean inState(int term) {
        int word = term >>> 6;
        return word < factBits.length && (factBits[word] & (1L << term)) != 0;
    }

    private void indexArguments() {
        firstLink.clear();
        linkCount.clear();
        int links = 0;
        for (int i = 0; i < factCount; i++) {
            int fact = facts[i];
            int arity = Math.min(store.arity(fact), MAX_INDEXED_ARGUMENTS);
            if (links + arity > factOfLink.length) {
                factOfLink = Arrays.copyOf(factOfLink, Math.max(factOfLink.length * 2, links + arity));
                nextLink = Arrays.copyOf(nextLink, factOfLink.length);
            }
            int functor = store.functor(fact);
            for (int a = 0; a < arity; a++) {
                long key = argumentKey(functor, a, store.arg(fact, a));
                factOfLink[links] = fact;
                nextLink[links] = firstLink.put(key, links + 1);
                linkCount.addTo(key, 1);
                links++;
            }
        }
    }

    /** One key per functor, argument position (below {@value #MAX_INDEXED_ARGUMENTS}) and argument term. */
    private static long argumentKey(int functor, int position, int term) {
        return ((long) functor << 40) ^ ((long) position << 32) ^ (term & 0xFFFFFFFFL);
    }

    /** Makes {@code (does roles[i] moves[i])} for i below {@code count} the current joint move. */
    void setJointMove(int[] roles, int[] moves, int count) {
        if (doesRoles.length < count) {
            doesRoles = new int[count];
            doesMoves = new int[count];
        }
        System.arraycopy(roles, 0, doesRoles, 0, count);
        System.arraycopy(moves, 0, doesMoves, 0, count);
        doesCount = count;
        moveTables.clear();
    }

    /**
     * Every answer to the call of {@code relation} with arguments {@code key} (term ids, or {@link Table#FREE}).
     * The table is valid until the state or joint move changes and must not be modified.
     */
    Table ask(int relation, int[] key) {
        try {
            return lookup(relation, rules.relationArity[relation], key);
        } catch (RuntimeException | StackOverflowError e) {
            abandonProof();
            throw e;
        }
    }

    /** A proof abandoned half way leaves open and incomplete tables that must not be trusted later. */
    private void abandonProof() {
        stackSize = 0;
        incompleteSize = 0;
        slotTop = 0;
        trailTop = 0;
        buildTop = 0;
        stateTables.clear();
        moveTables.clear();
        gameTables.removeIncomplete();
    }

    // ---- tabling ----

    private Table lookup(int relation, int arity, int[] key) {
        CallTables tables = tablesFor(relation);
        return answers(tableOf(tables, tables.find(relation, arity, key), relation, arity, key));
    }

    /**
     * The answer count, 0 or 1, of a call with every argument bound, as {@link #lookup} would give it: taken
     * from a complete table's entry in its {@link CallTables} without reaching the table itself (in a big game
     * tables are many and scattered, each a cache miss away, and most calls are of this kind), else from the
     * table's answers. Such a call's only answer is the call itself, so the count is all a caller needs. A
     * {@code negated} call must be complete once answered: negation as failure reads a final answer.
     */
    private int groundCount(int relation, int arity, int[] key, boolean negated) {
        if (rules.hasFactBits(relation)) {
            return rules.isFact(relation, key) ? 1 : 0;
        }
        CallTables tables = tablesFor(relation);
        int number = tables.find(relation, arity, key);
        if (number >= 0) {
            int known = tables.completeCount(number);
            if (known != CallTables.NOT_COMPLETE) {
                checkInterrupt();
                return known;
            }
        } else if (filtering[relation] || remembered != null) {
            // the miss found above stays valid: the relaxation keeps tables of its own, verdicts no tables
            int known = countWithoutProof(relation, arity, key);
            if (known >= 0) {
                return known;
            }
        }
        Table table = answers(tableOf(tables, number, relation, arity, key));
        if (negated && table.status != Table.COMPLETE) {
            throw new IllegalStateException("recursion through negation: a call of "
                + rules.game.symbols().name(rules.relationSymbol[relation])
                + " is negated while it is being proved itself (the rules are not stratified)");
        }
        if (remembered != null && table.status == Table.COMPLETE) {
            rememberVerdict(table);
        }
        return table.count;
    }

    /**
     * The count of a ground call without a table, or -1 if it needs one: 0 where this solver filters the
     * relation and its relaxation proves the call never holds (chess: a ray walked toward a square off its
     * line); in a relaxation's solver, the verdict kept on the call, if any.
     */
    private int countWithoutProof(int relation, int arity, int[] key) {
        if (filtering[relation]) {
            return mayHold(relation, arity, key) ? -1 : 0;
        }
        if (!remembered[relation] || verdicts[relation] == null || !isPackable(arity, key)) {
            return -1;
        }
        byte verdict = verdicts[relation].get(packedKey(arity, key));
        return verdict == 0 ? -1 : verdict == MAY_HOLD ? 1 : 0;
    }

    /** In a relaxation's solver: keeps the verdict of a complete ground call's table beyond the table. */
    private void rememberVerdict(Table table) {
        int relation = table.relation;
        int arity = table.arity;
        if (!remembered[relation] || !table.ground) {
            return;
        }
        for (int a = 0; a < arity; a++) {
            verdictKey[a] = table.key(a);
        }
        if (isPackable(arity, verdictKey)) {
            remember(relation, packedKey(arity, verdictKey), table.count > 0 ? MAY_HOLD : NEVER_HOLDS);
        }
    }

    /** The call's table, found by {@link CallTables#find} ({@code found}) or new. */
    private static Table tableOf(CallTables tables, int found, int relation, int arity, int[] key) {
        return found >= 0 ? tables.table(found) : tables.add(found, relation, arity, key);
    }

    private void checkInterrupt() {
        if (++callsSinceInterruptCheck >= INTERRUPT_CHECK_INTERVAL) {
            callsSinceInterruptCheck = 0;
            if (Thread.currentThread().isInterrupted()) {
                throw new CancellationException("proof interrupted");
            }
        }
    }

    /**
     * Whether a ground call of a filtered relation may hold: false if the relaxation proves it cannot, in any
     * state; during the filter's trial, true without asking for all but a sample of calls. Drops the relation's
     * filter when its relaxed call takes more than {@link #RELAXED_CALL_ANSWERS} answers (then it says "may"),
     * or when the trial's {@link #FILTER_TRIAL_CHECKS} checks rejected too few calls to pay for themselves.
     */
    private boolean mayHold(int relation, int arity, int[] key) {
        boolean trial = filterChecks[relation] < FILTER_TRIAL_CHECKS;
        if (trial && ++trialCalls[relation] % FILTER_TRIAL_STRIDE != 0) {
            return true;
        }
        boolean holds;
        try {
            holds = relaxation.holdsWithin(relation, arity, key, RELAXED_CALL_ANSWERS);
        } catch (WorkLimit | StackOverflowError tooMuchWork) {
            // the relaxation's proof of this relation's calls costs more than the filter could save
            filtering[relation] = false;
            return true;
        }
        int checks = ++filterChecks[relation];
        if (!holds) {
            filterRejections[relation]++;
        }
        if (trial && checks == FILTER_TRIAL_CHECKS && filterRejections[relation] * FILTER_MIN_SHARE < checks) {
            filtering[relation] = false;
        }
        return holds;
    }

    private void remember(int relation, long packed, byte verdict) {
        if (verdictCount >= VERDICTS_KEPT) {
            Arrays.fill(verdicts, null);
            verdictCount = 0;
        }
        Long2ByteOpenHashMap known = verdicts[relation];
        if (known == null) {
            known = new Long2ByteOpenHashMap();
            verdicts[relation] = known;
        }
        known.put(packed, verdict);
        verdictCount++;
    }

    /** Whether the call's term ids fit {@link #packedKey}'s share of 64 bits each. */
    private static boolean isPackable(int arity, int[] key) {
        int bits = 64 / arity;
        for (int a = 0; a < arity; a++) {
            if (bits < 32 && key[a] >>> bits != 0) {
                return false;
            }
        }
        return true;
    }

    /** The call's term ids side by side in one long, exactly (only where {@link #isPackable}). */
    private static long packedKey(int arity, int[] key) {
        int bits = 64 / arity;
        long packed = 0;
        for (int a = 0; a < arity; a++) {
            packed = bits >= 32 ? (packed << 32) | (key[a] & 0xFFFFFFFFL) : (packed << bits) | key[a];
        }
        return packed;
    }

    /** Ground calls answered "no" by their relaxation so far, without a proof. */
    long callsFiltered() {
        long total = 0;
        for (int rejections : filterRejections) {
            total += rejections;
        }
        return total;
    }

    /** On a relaxation's solver: whether the ground call holds, proved with at most {@code answers} new answers. */
    private boolean holdsWithin(int relation, int arity, int[] key, long answers) {
        if (gameTables.size() > RELAXED_TABLES_KEPT) {
            gameTables.clear();
        }
        answerLimit = answerCount + answers;
        try {
            return groundCount(relation, arity, key, false) > 0;
        } catch (RuntimeException | StackOverflowError e) {
            abandonProof();
            throw e;
        }
    }

    /** Thrown when a proof passes {@link #answerLimit}; carries no stack trace, as it is expected. */
    private static final class WorkLimit extends RuntimeException {
        WorkLimit() {
            super("the relaxed call's answer budget is spent", null, false, false);
        }
    }

    private void countAnswer() {
        if (++answerCount > answerLimit) {
            throw new WorkLimit();
        }
    }

    /** The table's answers, evaluating it first unless they are known (or it is open, as a recursive call). */
    private Table answers(Table table) {
        checkInterrupt();
        switch (table.status) {
            case Table.COMPLETE:
                return table;
            case Table.OPEN:
                table.consultedWhileOpen = true;
                lowerCallerLink(table.stackPosition);
                return table;
            case Table.INCOMPLETE:
                if (table.iteration == iteration) {
                    lowerCallerLink(table.lowLink);
                    return table;
                }
                break;
            default:
                break;
        }
        evaluate(table);
        if (table.status != Table.COMPLETE) {
            lowerCallerLink(table.lowLink);
        }
        return table;
    }

    private CallTables tablesFor(int relation) {
        switch (rules.lifetime[relation]) {
            case Rules.JOINT_MOVE:
                return moveTables;
            case Rules.STATE:
                return stateTables;
            default:
                return gameTables;
        }
    }

    private void lowerCallerLink(int position) {
        if (stackSize > 0) {
            Table caller = stack[stackSize - 1];
            caller.lowLink = Math.min(caller.lowLink, position);
        }
    }

    private void evaluate(Table table) {
        int position = stackSize;
        table.stackPosition = position;
        table.lowLink = position;
        table.status = Table.OPEN;
        table.consultedWhileOpen = false;
        if (stackSize == stack.length) {
            stack = Arrays.copyOf(stack, stackSize * 2);
        }
        stack[stackSize++] = table;
        int incompleteMark = incompleteSize;
        int firstIterationOfLastPass = iteration;
        Rules.Clause[] clauses = rules.clauses[table.relation];
        while (true) {
            table.iteration = iteration;
            long answersBefore = answerCount;
            addMatchingFacts(table);
            for (int c = 0; c < clauses.length && !table.settled(); c++) {
                resolve(table, clauses[c]);
            }
            if (table.lowLink < position) {
                break; // part of a component led further down the stack; the leader iterates
            }
            boolean recursive = table.consultedWhileOpen || incompleteSize > incompleteMark;
            if (!recursive || answerCount == answersBefore) {
                break;
            }
            iteration++;
            firstIterationOfLastPass = iteration;
        }
        stackSize--;
        stack[stackSize] = null;
        if (table.lowLink < position) {
            table.status = Table.INCOMPLETE;
            if (incompleteSize == incomplete.length) {
                incomplete = Arrays.copyOf(incomplete, incompleteSize * 2);
            }
            incomplete[incompleteSize++] = table;
            for (int i = incompleteMark; i < incompleteSize; i++) {
                incomplete[i].lowLink = Math.min(incomplete[i].lowLink, table.lowLink);
            }
            return;
        }
        // A leader at its fixpoint: the members evaluated in the last pass are complete. Members not
        // evaluated in it may lack answers; they start afresh when called again.
        for (int i = incompleteMark; i < incompleteSize; i++) {
            Table member = incomplete[i];
            if (member.status != Table.INCOMPLETE) {
                continue;
            }
            if (member.iteration >= firstIterationOfLastPass) {
                complete(member);
            } else {
                member.status = Table.NEW;
                member.forgetAnswers();
            }
        }
        Arrays.fill(incomplete, incompleteMark, incompleteSize, null);
        incompleteSize = incompleteMark;
        complete(table);
    }

    /** Marks the table complete, in itself and in its call tables' counts, which bound calls read. */
    private void complete(Table table) {
        table.status = Table.COMPLETE;
        tablesFor(table.relation).completed(table);
    }

    /** Adds the relation's ground facts that answer the table's call. */
    private void addMatchingFacts(Table table) {
        int[] rows = rules.facts[table.relation];
        int count = rules.factCount[table.relation];
        int arity = table.arity;
        for (int r = 0, start = 0; r < count; r++, start += arity) {
            boolean matches = true;
            for (int a = 0; a < arity && matches; a++) {
                int bound = table.key(a);
                matches = bound == FREE || bound == rows[start + a];
            }
            if (matches) {
                System.arraycopy(rows, start, answer, 0, arity);
                if (table.add(answer)) {
                    countAnswer();
                }
            }
        }
    }

    /** Adds to the table every answer derivable with one clause, given the answers known now. */
    private void resolve(Table table, Rules.Clause clause) {
        int frame = slotTop;
        int variables = clause.variableCount();
        if (frame + variables > slots.length) {
            slots = Arrays.copyOf(slots, Math.max(slots.length * 2, frame + variables));
        }
        Arrays.fill(slots, frame, frame + variables, FREE);
        slotTop = frame + variables;
        int mark = trailTop;
        Pattern[] head = clause.head();
        boolean unifies = true;
        int bound = 0;
        for (int a = 0; a < table.arity && unifies; a++) {
            int argument = table.key(a);
            if (argument != FREE) {
                unifies = match(head[a], argument, frame);
                if (a < 31) {
                    bound |= 1 << a; // a wider head just gets an order that waits longer for ground negations
                }
            }
        }
        if (unifies) {
            solve(table, clause, orderFor(table.relation, clause, bound), 0, frame);
        }
        undo(mark);
        slotTop = frame;
    }

    private void solve(Table table, Rules.Clause clause, int[] order, int k, int frame) {
        if (k == order.length) {
            addAnswer(table, clause, frame);
            return;
        }
        Rules.Goal goal = clause.body()[order[k]];
        switch (goal.kind) {
            case Rules.Goal.RELATION: {
                Pattern[] args = goal.args;
                int arity = args.length;
                boolean ground = true;
                for (int a = 0; a < arity; a++) {
                    call[a] = build(args[a], frame);
                    ground &= call[a] != FREE;
                }
                if (ground) {
                    // its one possible answer is the call itself: nothing to bind
                    if (groundCount(goal.relation, arity, call, false) > 0) {
                        solve(table, clause, order, k + 1, frame);
                    }
                    return;
                }
                if (rules.isFactsOnly(goal.relation)) {
                    solveOverFacts(table, clause, order, k, frame, goal);
                    return;
                }
                Table called = lookup(goal.relation, arity, call);
                // Indexing, not iteration: the answers of an open recursive call may grow meanwhile.
                for (int r = 0; r < called.count && !table.settled(); r++) {
                    int mark = trailTop;
                    if (matchRow(args, called, r, frame)) {
                        solve(table, clause, order, k + 1, frame);
                    }
                    undo(mark);
                }
                return;
            }
            case Rules.Goal.TRUE: {
                Pattern fact = goal.args[0];
                int ground = build(fact, frame);
                if (ground != FREE) {
                    if (inState(ground)) {
                        solve(table, clause, order, k + 1, frame);
                    }
                    return;
                }
                long key = shortestList(goal.functor, fact, frame);
                if (key != NO_LIST) {
                    for (int link = firstLink.get(key); link != 0 && !table.settled(); link = nextLink[link - 1]) {
                        int mark = trailTop;
                        if (match(fact, factOfLink[link - 1], frame)) {
                            solve(table, clause, order, k + 1, frame);
                        }
                        undo(mark);
                    }
                    return;
                }
                int from = goal.functor < 0 ? 0 : functorStart.get(goal.functor);
                int to = goal.functor < 0 ? factCount : from + functorCount.get(goal.functor);
                for (int i = from; i < to && !table.settled(); i++) {
                    int mark = trailTop;
                    if (match(fact, facts[i], frame)) {
                        solve(table, clause, order, k + 1, frame);
                    }
                    undo(mark);
                }
                return;
            }
            case Rules.Goal.DOES: {
                for (int i = 0; i < doesCount && !table.settled(); i++) {
                    int mark = trailTop;
                    if (match(goal.args[0], doesRoles[i], frame) && match(goal.args[1], doesMoves[i], frame)) {
                        solve(table, clause, order, k + 1, frame);
                    }
                    undo(mark);
                }
                return;
            }
            default:
                if (holds(goal, frame, clause)) {
                    solve(table, clause, order, k + 1, frame);
                }
        }
    }

    /**
     * Goes on with each fact of the literal's relation (defined by facts alone) that matches the call in
     * {@link #call}, not all bound: read from the relation's rows by the bound argument with the fewest, without
     * a table, which would only copy them.
     */
    private void solveOverFacts(Table table, Rules.Clause clause, int[] order, int k, int frame, Rules.Goal goal) {
        int relation = goal.relation;
        Pattern[] args = goal.args;
        int arity = args.length;
        int by = -1;
        int from = 0;
        int to = rules.factCount[relation];
        for (int a = 0; a < arity; a++) {
            if (call[a] != FREE) {
                int first = rules.rowsFrom(relation, a, call[a]);
                int end = rules.rowsTo(relation, a, call[a]);
                if (by < 0 || end - first < to - from) {
                    by = a;
                    from = first;
                    to = end;
                }
            }
        }
        int[] rows = rules.facts[relation];
        for (int i = from; i < to && !table.settled(); i++) {
            int start = (by < 0 ? i : rules.rowAt(relation, by, i)) * arity;
            int mark = trailTop;
            boolean matches = true;
            for (int a = 0; a < arity && matches; a++) {
                matches = match(args[a], rows[start + a], frame);
            }
            if (matches) {
                solve(table, clause, order, k + 1, frame);
            }
            undo(mark);
        }
    }

    /**
     * The argument key ({@link #argumentKey}) of the shortest list of facts that may match the compound pattern
     * (one of its arguments is bound), or {@link #NO_LIST} when none is bound (then every fact of the functor
     * is tried).
     */
    private long shortestList(int functor, Pattern fact, int frame) {
        if (fact.kind != Pattern.COMPOUND) {
            return NO_LIST;
        }
        long best = NO_LIST;
        int bestCount = Integer.MAX_VALUE;
        Pattern[] args = fact.args;
        for (int a = 0; a < args.length && a < MAX_INDEXED_ARGUMENTS; a++) {
            int term = build(args[a], frame);
            if (term == FREE) {
                continue;
            }
            long key = argumentKey(functor, a, term);
            int count = linkCount.get(key);
            if (count < bestCount) {
                best = key;
                bestCount = count;
                if (count == 0) {
                    break;
                }
            }
        }
        return best;
    }

    /** Whether a ground literal holds (negation as failure for {@code not}). */
    private boolean holds(Rules.Goal goal, int frame, Rules.Clause clause) {
        switch (goal.kind) {
            case Rules.Goal.RELATION: {
                Pattern[] args = goal.args;
                int arity = args.length;
                for (int a = 0; a < arity; a++) {
                    call[a] = ground(args[a], frame, clause);
                }
                return groundCount(goal.relation, arity, call, true) > 0;
            }
            case Rules.Goal.TRUE:
                return inState(ground(goal.args[0], frame, clause));
            case Rules.Goal.DOES: {
                int role = ground(goal.args[0], frame, clause);
                int move = ground(goal.args[1], frame, clause);
                for (int i = 0; i < doesCount; i++) {
                    if (doesRoles[i] == role && doesMoves[i] == move) {
                        return true;
                    }
                }
                return false;
            }
            case Rules.Goal.NOT:
                return !holds(goal.inner[0], frame, clause);
            case Rules.Goal.DISTINCT:
                return ground(goal.args[0], frame, clause) != ground(goal.args[1], frame, clause);
            default:
                for (Rules.Goal option : goal.inner) {
                    if (holds(option, frame, clause)) {
                        return true;
                    }
                }
                return false;
        }
    }

    private void addAnswer(Table table, Rules.Clause clause, int frame) {
        Pattern[] head = clause.head();
        for (int a = 0; a < head.length; a++) {
            int value = build(head[a], frame);
            if (value == FREE) {
                throw new IllegalStateException("line " + clause.source().line() + ": the rule derives an answer"
                    + " with unbound variables (unsafe rule): " + clause.source().render(rules.game.symbols()));
            }
            answer[a] = value;
        }
        if (table.add(answer)) {
            countAnswer();
        }
    }

    /**
     * The body order for a call binding the head arguments of {@code bound} (a bitmask): positive literals as
     * written, each literal whose variables are all bound as soon as they are. A bound positive literal is a
     * test: proved before the literals that would bind more, it prunes their search instead of being proved
     * once per binding they make (alexChess made 18% fewer call-table lookups and 28% fewer matches a state,
     * chess 4% fewer). Before a generator with nothing bound, a recursive literal with the caller's call
     * pattern ({@link #isVariantCall}) goes first (chess: 19% fewer tables derived a state).
     */
    private int[] orderFor(int relation, Rules.Clause clause, int bound) {
        int id = clause.id();
        if (clause.head().length <= ORDER_ARRAY_ARITY) {
            int[][] byMask = orderArrays[id];
            if (byMask == null) {
                byMask = new int[1 << clause.head().length][];
                orderArrays[id] = byMask;
            }
            int[] order = byMask[bound];
            if (order == null) {
                order = computeOrder(relation, clause, bound);
                byMask[bound] = order;
            }
            return order;
        }
        Int2ObjectOpenHashMap<int[]> byPattern = orderMaps[id];
        if (byPattern == null) {
            byPattern = new Int2ObjectOpenHashMap<>();
            orderMaps[id] = byPattern;
        }
        int[] order = byPattern.get(bound);
        if (order == null) {
            order = computeOrder(relation, clause, bound);
            byPattern.put(bound, order);
        }
        return order;
    }

    private int[] computeOrder(int relation, Rules.Clause clause, int bound) {
        boolean[] known = new boolean[clause.variableCount()];
        Pattern[] head = clause.head();
        for (int a = 0; a < head.length; a++) {
            if (a < 31 && (bound & (1 << a)) != 0) {
                markVariables(head[a], known);
            }
        }
        Rules.Goal[] body = clause.body();
        int[] order = new int[body.length];
        boolean[] placed = new boolean[body.length];
        for (int k = 0; k < body.length; k++) {
            int pick = -1;
            for (int i = 0; i < body.length && pick < 0; i++) {
                if (!placed[i] && allKnown(body[i].variables, known)) {
                    pick = i;
                }
            }
            for (int i = 0; i < body.length && pick < 0; i++) {
                if (!placed[i] && isPositive(body[i])) {
                    pick = i;
                }
            }
            if (pick >= 0 && !anyKnown(body[pick].variables, known)) {
                // The next literal would enumerate with nothing bound. A recursive literal that would be called
                // as the call itself is (the same arguments bound) goes first instead: its answers are this
                // table's own, found by the fixpoint, and they bind what the generator would have enumerated.
                for (int i = 0; i < body.length; i++) {
                    if (!placed[i] && isVariantCall(body[i], relation, head, bound, known)) {
                        pick = i;
                        break;
                    }
                }
            }
            if (pick < 0) {
                throw new IllegalStateException("line " + clause.source().line() + ": a negation or distinct still"
                    + " has unbound variables after every positive literal has been proved (unsafe rule): "
                    + clause.source().render(rules.game.symbols()));
            }
            placed[pick] = true;
            order[k] = pick;
            if (isPositive(body[pick])) {
                for (int v : body[pick].variables) {
                    known[v] = true;
                }
            }
        }
        return order;
    }

    /**
     * Whether the literal calls {@code relation} with exactly the head arguments of {@code bound} bound, given
     * the variables {@code known}: the same call pattern as the clause's caller.
     */
    private static boolean isVariantCall(Rules.Goal goal, int relation, Pattern[] head, int bound, boolean[] known) {
        if (goal.kind != Rules.Goal.RELATION || goal.relation != relation || head.length > 31) {
            return false;
        }
        for (int a = 0; a < head.length; a++) {
            boolean callerBinds = (bound & (1 << a)) != 0;
            if (callerBinds != isKnown(goal.args[a], known)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isKnown(Pattern pattern, boolean[] known) {
        if (pattern.kind == Pattern.VARIABLE) {
            return known[pattern.value];
        }
        for (Pattern arg : pattern.args) {
            if (!isKnown(arg, known)) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyKnown(int[] variables, boolean[] known) {
        for (int v : variables) {
            if (known[v]) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPositive(Rules.Goal goal) {
        return goal.kind == Rules.Goal.RELATION || goal.kind == Rules.Goal.TRUE || goal.kind == Rules.Goal.DOES;
    }

    private static boolean allKnown(int[] variables, boolean[] known) {
        for (int v : variables) {
            if (!known[v]) {
                return false;
            }
        }
        return true;
    }

    private static void markVariables(Pattern pattern, boolean[] known) {
        if (pattern.kind == Pattern.VARIABLE) {
            known[pattern.value] = true;
        }
        for (Pattern arg : pattern.args) {
            markVariables(arg, known);
        }
    }

    // ---- terms ----

    /** Matches the pattern against a ground term, binding its unbound variables (recorded on the trail). */
    private boolean match(Pattern pattern, int term, int frame) {
        switch (pattern.kind) {
            case Pattern.CONSTANT:
                return pattern.value == term;
            case Pattern.VARIABLE: {
                int slot = frame + pattern.value;
                int bound = slots[slot];
                if (bound == FREE) {
                    slots[slot] = term;
                    if (trailTop == trail.length) {
                        trail = Arrays.copyOf(trail, trailTop * 2);
                    }
                    trail[trailTop++] = slot;
                    return true;
                }
                return bound == term;
            }
            default: {
                Pattern[] args = pattern.args;
                if (!store.isCompound(term) || store.functor(term) != pattern.value
                        || store.arity(term) != args.length) {
                    return false;
                }
                for (int i = 0; i < args.length; i++) {
                    if (!match(args[i], store.arg(term, i), frame)) {
                        return false;
                    }
                }
                return true;
            }
        }
    }

    private boolean matchRow(Pattern[] args, Table table, int row, int frame) {
        for (int a = 0; a < args.length; a++) {
            if (!match(args[a], table.value(row, a), frame)) {
                return false;
            }
        }
        return true;
    }

    private void undo(int mark) {
        while (trailTop > mark) {
            slots[trail[--trailTop]] = FREE;
        }
    }

    /** The term id of the pattern under the bindings (interned if new), or {@link Table#FREE} if not ground. */
    private int build(Pattern pattern, int frame) {
        // Most arguments are variables or constants: answered here, so only compounds take the recursion.
        if (pattern.kind == Pattern.VARIABLE) {
            return slots[frame + pattern.value];
        }
        return pattern.kind == Pattern.CONSTANT ? pattern.value : buildCompound(pattern, frame);
    }

    private int buildCompound(Pattern pattern, int frame) {
        switch (pattern.kind) {
            case Pattern.CONSTANT:
                return pattern.value;
            case Pattern.VARIABLE:
                return slots[frame + pattern.value];
            default: {
                int n = pattern.args.length;
                int base = buildTop;
                if (base + n > building.length) {
                    building = Arrays.copyOf(building, Math.max(building.length * 2, base + n));
                }
                buildTop = base + n;
                for (int i = 0; i < n; i++) {
                    int value = build(pattern.args[i], frame);
                    if (value == FREE) {
                        buildTop = base;
                        return FREE;
                    }
                    building[base + i] = value;
                }
                int id = store.compound(pattern.value, building, base, n);
                buildTop = base;
                return id;
            }
        }
    }

    /** {@link #build} of a pattern the body order guarantees ground. */
    private int ground(Pattern pattern, int frame, Rules.Clause clause) {
        int value = build(pattern, frame);
        if (value == FREE) {
            throw new IllegalStateException("line " + clause.source().line() + ": a literal is not ground when"
                + " proved: " + clause.source().render(rules.game.symbols()));
        }
        return value;
    }
}
