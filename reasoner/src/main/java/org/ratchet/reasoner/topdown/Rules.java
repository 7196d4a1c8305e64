package org.ratchet.reasoner.topdown;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.terms.TermStore;

/**
 * A game's rules compiled for the {@link Solver}, shared read-only by every machine of a factory: relations
 * numbered densely by symbol and arity, each with its ground facts as rows of term ids and its other clauses
 * with their terms compiled to {@link Pattern}s, every top-level {@code or} multiplied out into separate
 * clauses (as the prover reads it). Each relation is classified by what its truth can depend on, which decides
 * how long its answers may be kept (as in the prover).
 */
final class Rules {
    /** Answers valid for the whole game: the relation depends on neither the state nor the moves. */
    static final int GAME = 0;
    /** Answers valid while the state is unchanged: the relation reads {@code true} but not {@code does}. */
    static final int STATE = 1;
    /** Answers valid for one state and one joint move: the relation reads {@code does}. */
    static final int JOINT_MOVE = 2;

    /** A body literal compiled; {@link #kind} says which fields are used. */
    static final class Goal {
        static final int RELATION = 0;
        static final int TRUE = 1;
        static final int DOES = 2;
        static final int NOT = 3;
        static final int DISTINCT = 4;
        /** Only under {@code not}: top-level disjunctions are multiplied out into clauses. */
        static final int OR = 5;

        final int kind;
        /** RELATION: the relation's number. */
        final int relation;
        /** RELATION: the arguments; TRUE: the fact; DOES: role and move; DISTINCT: both sides. */
        final Pattern[] args;
        /** NOT: the negated literal; OR: the options. */
        final Goal[] inner;
        /** The variable slots the literal reads, to know when it is ground. */
        final int[] variables;
        /** TRUE: the functor symbol of the facts the literal matches, or -1 when any (a bare variable). */
        final int functor;

        Goal(int kind, int relation, Pattern[] args, Goal[] inner, int[] variables, int functor) {
            this.kind = kind;
            this.relation = relation;
            this.args = args;
            this.inner = inner;
            this.variables = variables;
            this.functor = functor;
        }
    }

    /** A rule with an or-free body; {@code id} numbers the clauses of the whole game. */
    record Clause(int id, Pattern[] head, Goal[] body, int variableCount, Rule source) {
    }

    final GameDescription game;
    /** The base term store: every constant and every ground compound of the rules. Machines copy it. */
    final TermStore base;
    final int[] relationSymbol;
    final int[] relationArity;
    final int[] lifetime;
    final Clause[][] clauses;
    /** Per relation, its ground facts: rows of {@code relationArity} term ids, one after another. */
    final int[][] facts;
    /** Per relation, how many ground facts it has (rows in {@link #facts}; 0 or 1 for arity 0). */
    final int[] factCount;
    /**
     * Per relation defined by ground facts alone (no rule), one bit per combination of argument term ids,
     * set where the combination is a fact, so a call with every argument bound is a bit test rather than a
     * table lookup (chess asks hundreds a state of its board geometry: next_file, coordinate). Null for a
     * relation with rules, of arity 0, or whose combinations would take more than {@value #MAX_FACT_BITS}
     * bits; the argument ids are mixed-radix digits below {@link #factLimit}.
     */
    private final long[][] factBits;
    private final int[][] factLimit;
    /** Per relation of facts alone, its rows indexed by each argument ({@link #indexFactRows}); else null. */
    private final int[][][] rowsByArgument;
    private final int[][][] argumentStart;
    private static final long MAX_FACT_BITS = 1L << 24;
    /**
     * The rules' {@link RelaxedFilters relaxation}, whose ground calls filter those of the relations marked in
     * {@link #filtered}; null where none was made. Set once, before any machine reads the rules.
     */
    private Rules relaxation;
    private boolean[] filtered;
    /** Relation numbers by {@link #key(int, int) symbol and arity}. */
    private final Long2IntOpenHashMap numbers;
    final int clauseCount;
    final int maxArity;

    private Rules(Builder b) {
        this.game = b.game;
        this.base = b.store;
        int n = b.symbols.size();
        this.relationSymbol = b.symbols.toIntArray();
        this.relationArity = b.arities.toIntArray();
        this.lifetime = new int[n];
        this.clauses = new Clause[n][];
        this.facts = new int[n][];
        this.factCount = b.factCounts.toIntArray();
        this.numbers = b.numbers;
        for (int r = 0; r < n; r++) {
            clauses[r] = b.clauses.get(r).toArray(new Clause[0]);
            facts[r] = b.facts.get(r).toIntArray();
            lifetime[r] = b.moveDependent.contains(relationSymbol[r]) ? JOINT_MOVE
                : b.stateDependent.contains(relationSymbol[r]) ? STATE : GAME;
        }
        this.clauseCount = b.clauseCount;
        this.maxArity = b.maxArity;
        this.factBits = new long[n][];
        this.factLimit = new int[n][];
        this.rowsByArgument = new int[n][][];
        this.argumentStart = new int[n][][];
        for (int r = 0; r < n; r++) {
            if (clauses[r].length == 0 && relationArity[r] > 0) {
                int[] limit = argumentLimits(r);
                indexFactBits(r, limit);
                indexFactRows(r, limit);
            }
        }
    }

    /**
     * The rules of {@code real} with each relation's clauses replaced by {@code relaxedClauses}, every relation
     * valid for the whole game: the relaxation {@link RelaxedFilters} evaluates. Shares the real rules' facts
     * and term store, so its answers are in the real rules' term ids.
     */
    Rules(Rules real, Clause[][] relaxedClauses) {
        this.game = real.game;
        this.base = real.base;
        this.relationSymbol = real.relationSymbol;
        this.relationArity = real.relationArity;
        this.lifetime = new int[real.lifetime.length];
        this.clauses = relaxedClauses;
        this.facts = real.facts;
        this.factCount = real.factCount;
        this.factBits = real.factBits;
        this.factLimit = real.factLimit;
        this.rowsByArgument = real.rowsByArgument;
        this.argumentStart = real.argumentStart;
        this.numbers = real.numbers;
        this.clauseCount = real.clauseCount;
        this.maxArity = real.maxArity;
    }

    /** Per argument of the relation's facts, one more than the largest term id it holds. */
    private int[] argumentLimits(int relation) {
        int arity = relationArity[relation];
        int[] rows = facts[relation];
        int[] limit = new int[arity];
        for (int i = 0; i < factCount[relation] * arity; i++) {
            limit[i % arity] = Math.max(limit[i % arity], rows[i] + 1);
        }
        return limit;
    }

    private void indexFactBits(int relation, int[] limit) {
        int arity = relationArity[relation];
        long size = 1;
        for (int a = 0; a < arity; a++) {
            size *= Math.max(1, limit[a]);
            if (size > MAX_FACT_BITS) {
                return;
            }
        }
        long[] bits = new long[(int) ((size + 63) >>> 6)];
        int[] rows = facts[relation];
        for (int start = 0; start < factCount[relation] * arity; start += arity) {
            long index = bitIndex(limit, rows, start);
            bits[(int) (index >>> 6)] |= 1L << index;
        }
        factBits[relation] = bits;
        factLimit[relation] = limit;
    }

    /**
     * The mixed-radix index of {@code values[from .. from + limit.length)} in a relation's {@link #factBits},
     * or -1 when a value is outside its argument's limit (then it is no fact).
     */
    private static long bitIndex(int[] limit, int[] values, int from) {
        long index = 0;
        for (int a = 0; a < limit.length; a++) {
            int term = values[from + a];
            if (term < 0 || term >= limit[a]) {
                return -1;
            }
            index = index * limit[a] + term;
        }
        return index;
    }

    /**
     * Builds the index of a relation of facts alone by each argument: {@code rowsByArgument[a]} lists its row
     * numbers grouped by the term of argument {@code a}, those of term t from {@code argumentStart[a][t]} to
     * {@code argumentStart[a][t + 1]}.
     */
    private void indexFactRows(int relation, int[] limits) {
        int arity = relationArity[relation];
        int count = factCount[relation];
        int[] rows = facts[relation];
        int[][] starts = new int[arity][];
        int[][] byArgument = new int[arity][];
        for (int a = 0; a < arity; a++) {
            int limit = limits[a];
            int[] start = new int[limit + 1];
            for (int f = 0; f < count; f++) {
                start[rows[f * arity + a] + 1]++;
            }
            for (int t = 0; t < limit; t++) {
                start[t + 1] += start[t];
            }
            int[] filled = Arrays.copyOf(start, limit);
            int[] list = new int[count];
            for (int f = 0; f < count; f++) {
                list[filled[rows[f * arity + a]]++] = f;
            }
            starts[a] = start;
            byArgument[a] = list;
        }
        argumentStart[relation] = starts;
        rowsByArgument[relation] = byArgument;
    }

    /** Whether the relation is defined by ground facts alone, so {@link #rowsByArgument} indexes it. */
    boolean isFactsOnly(int relation) {
        return rowsByArgument[relation] != null;
    }

    /** The first of the rows whose argument {@code a} is {@code term}; see {@link #indexFactRows}. */
    int rowsFrom(int relation, int a, int term) {
        int[] start = argumentStart[relation][a];
        return term >= 0 && term < start.length - 1 ? start[term] : 0;
    }

    /** The end of the rows whose argument {@code a} is {@code term}; see {@link #indexFactRows}. */
    int rowsTo(int relation, int a, int term) {
        int[] start = argumentStart[relation][a];
        return term >= 0 && term < start.length - 1 ? start[term + 1] : 0;
    }

    /** The row number at position {@code i} of argument {@code a}'s index. */
    int rowAt(int relation, int a, int i) {
        return rowsByArgument[relation][a][i];
    }

    /** Whether {@link #factBits} answers the relation's ground calls. */
    boolean hasFactBits(int relation) {
        return factBits[relation] != null;
    }

    /** Whether the ground call {@code key[0..arity)} is a fact; only where {@link #hasFactBits}. */
    boolean isFact(int relation, int[] key) {
        long index = bitIndex(factLimit[relation], key, 0);
        return index >= 0 && (factBits[relation][(int) (index >>> 6)] & (1L << index)) != 0;
    }

    /** Makes {@code relaxation} filter the ground calls of the relations marked in {@code filtered}. */
    void filterWith(Rules relaxation, boolean[] filtered) {
        this.relaxation = relaxation;
        this.filtered = filtered;
    }

    /** The relaxation that filters ground calls, or null if there is none. */
    Rules relaxation() {
        return relaxation;
    }

    /** Whether the relaxation filters the relation's ground calls (only where {@link #relaxation} is set). */
    boolean isFiltered(int relation) {
        return filtered[relation];
    }

    /** Compiles the game's rules; throws on a literal the solver cannot read. */
    static Rules compile(GameDescription game) throws GdlException {
        Builder b = new Builder(game);
        for (Rule rule : game.rules()) {
            b.add(rule);
        }
        return new Rules(b);
    }

    /** The number of the relation with this symbol and arity, or -1 when no rule or fact defines it. */
    int relation(int symbol, int arity) {
        return numbers.getOrDefault(key(symbol, arity), -1);
    }

    private static long key(int symbol, int arity) {
        return ((long) symbol << 16) | arity;
    }

    /** Gathers relations, facts and clauses while the rules are read. */
    private static final class Builder {
        final GameDescription game;
        final TermStore store;
        final Long2IntOpenHashMap numbers = new Long2IntOpenHashMap();
        final IntArrayList symbols = new IntArrayList();
        final IntArrayList arities = new IntArrayList();
        final List<List<Clause>> clauses = new ArrayList<>();
        final List<IntArrayList> facts = new ArrayList<>();
        final IntArrayList factCounts = new IntArrayList();
        /** The ground facts read so far, as interned sentences. */
        final IntOpenHashSet factSentences = new IntOpenHashSet();
        final IntSet stateDependent;
        final IntSet moveDependent;
        int clauseCount;
        int maxArity = 2;

        Builder(GameDescription game) {
            this.game = game;
            this.store = new TermStore(game.symbols().size());
            numbers.defaultReturnValue(-1);
            DependencyGraph graph = DependencyGraph.of(game);
            stateDependent = graph.dependents(SymbolTable.TRUE);
            moveDependent = graph.dependents(SymbolTable.DOES);
        }

        int relation(int symbol, int arity) {
            long key = key(symbol, arity);
            int number = numbers.get(key);
            if (number < 0) {
                number = symbols.size();
                numbers.put(key, number);
                symbols.add(symbol);
                arities.add(arity);
                clauses.add(new ArrayList<>());
                facts.add(new IntArrayList());
                factCounts.add(0);
                maxArity = Math.max(maxArity, arity);
            }
            return number;
        }

        void add(Rule rule) throws GdlException {
            Term head = rule.head();
            int relation = relation(head.symbol(), head.arity());
            if (rule.isFact() && head.isGround()) {
                // a repeated fact is one sentence, interned to one id
                if (factSentences.add(store.intern(head))) {
                    IntArrayList rows = facts.get(relation);
                    for (int a = 0; a < head.arity(); a++) {
                        rows.add(store.intern(head.arg(a)));
                    }
                    factCounts.set(relation, factCounts.getInt(relation) + 1);
                }
                return;
            }
            Pattern[] headArgs = patterns(head);
            for (List<Literal> body : rule.disjunctionFreeBodies()) {
                Goal[] goals = new Goal[body.size()];
                for (int i = 0; i < goals.length; i++) {
                    goals[i] = goal(body.get(i), rule);
                }
                clauses.get(relation).add(new Clause(clauseCount++, headArgs, goals, rule.variableCount(), rule));
            }
        }

        private Goal goal(Literal literal, Rule rule) throws GdlException {
            if (literal instanceof Literal.Positive positive) {
                Term sentence = positive.sentence();
                int[] variables = variables(sentence);
                if (sentence.symbol() == SymbolTable.TRUE && sentence.arity() == 1) {
                    Term fact = sentence.arg(0);
                    return new Goal(Goal.TRUE, -1, new Pattern[] {pattern(fact)}, null, variables,
                        fact instanceof Variable ? -1 : fact.symbol());
                }
                if (sentence.symbol() == SymbolTable.DOES && sentence.arity() == 2) {
                    return new Goal(Goal.DOES, -1, patterns(sentence), null, variables, -1);
                }
                return new Goal(Goal.RELATION, relation(sentence.symbol(), sentence.arity()), patterns(sentence),
                    null, variables, -1);
            }
            if (literal instanceof Literal.Negation negation) {
                Goal inner = goal(negation.inner(), rule);
                return new Goal(Goal.NOT, -1, null, new Goal[] {inner}, inner.variables, -1);
            }
            if (literal instanceof Literal.Distinct distinct) {
                Pattern[] sides = {pattern(distinct.left()), pattern(distinct.right())};
                return new Goal(Goal.DISTINCT, -1, sides, null,
                    union(variables(distinct.left()), variables(distinct.right())), -1);
            }
            if (literal instanceof Literal.Disjunction disjunction) {
                Goal[] options = new Goal[disjunction.options().size()];
                int[] variables = new int[0];
                for (int i = 0; i < options.length; i++) {
                    options[i] = goal(disjunction.options().get(i), rule);
                    variables = union(variables, options[i].variables);
                }
                return new Goal(Goal.OR, -1, null, options, variables, -1);
            }
            throw new GdlException("line " + rule.line() + ": a literal the top-down engine cannot read: "
                + rule.render(game.symbols()));
        }

        private Pattern[] patterns(Term sentence) {
            Pattern[] args = new Pattern[sentence.arity()];
            for (int i = 0; i < args.length; i++) {
                args[i] = pattern(sentence.arg(i));
            }
            return args;
        }

        /** A ground term is interned once here, so matching it is a comparison of ids. */
        private Pattern pattern(Term term) {
            if (term instanceof Variable variable) {
                return Pattern.variable(variable.index());
            }
            if (term.isGround() || term instanceof Atom) {
                return Pattern.constant(store.intern(term));
            }
            return Pattern.compound(term.symbol(), patterns(term));
        }

        private static int[] variables(Term term) {
            IntArrayList found = new IntArrayList();
            collect(term, found);
            return found.toIntArray();
        }

        private static void collect(Term term, IntArrayList found) {
            if (term instanceof Variable variable) {
                if (!found.contains(variable.index())) {
                    found.add(variable.index());
                }
                return;
            }
            for (int i = 0; i < term.arity(); i++) {
                collect(term.arg(i), found);
            }
        }

        private static int[] union(int[] a, int[] b) {
            IntArrayList out = new IntArrayList(a);
            for (int v : b) {
                if (!out.contains(v)) {
                    out.add(v);
                }
            }
            return out.toIntArray();
        }
    }
}
