package org.ratchet.reasoner.rewrite;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Substitution;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Which part of {@code true} each fluent is listed in (the run-time machine keeps one list per part). A
 * fluent's part is its kind (function symbol and arity), split further by the constant at one argument where
 * that pays: a rule reading {@code (true (cell ?x ?y sheep))} then scans the cells holding a sheep, not every
 * cell of the board.
 *
 * <p>The argument a kind is split at holds a constant in every fluent of the kind; of those arguments the
 * one with the fewest values (what is on a cell rather than where), and some rule must read the kind with
 * a constant there. Only kinds with several initial facts per value there are split
 * ({@link #FACTS_PER_PART}). A rule reading the kind with a variable there is copied once per value, the
 * variable replaced by it (see {@link #specialise}), so every list a rule reads is one part; a kind whose
 * copies would exceed {@link #MAX_COPIES} for some rule is not split.
 */
public final class FluentParts {
    /** The part key of a game whose rules read {@code (true ?x)}: one part holds every fluent. */
    public static final long WHOLE = Long.MIN_VALUE;
    /** The part key shared by fluents that are constants: they are only ever tested, never read as a list. */
    public static final long CONSTANTS = -1;
    /** The most copies one rule may be turned into by splitting. */
    static final int MAX_COPIES = 8;
    /** A kind is split only if its initial facts are at least this many per part. */
    static final int FACTS_PER_PART = 2;
    /** Kinds of higher arity are not split: a part key holds the arity in 8 bits (see {@link #kind}). */
    private static final int MAX_KEYED_ARITY = 255;

    /** splitAt.get(kind): the argument index the kind's fluents are split at; absent: not split. */
    private final Long2IntOpenHashMap splitAt = new Long2IntOpenHashMap();
    /** values.get(kind): the constants at the split argument. */
    private final Long2ObjectLinkedOpenHashMap<Set<Term>> values = new Long2ObjectLinkedOpenHashMap<>();
    private final boolean whole;

    private FluentParts(boolean whole) {
        this.whole = whole;
        splitAt.defaultReturnValue(-1);
    }

    /** One part for every fluent: for rules that read {@code (true ?x)}. */
    public static FluentParts whole() {
        return new FluentParts(true);
    }

    /** One part per kind of fluent, none split. */
    public static FluentParts byKind() {
        return new FluentParts(false);
    }

    /**
     * Parts by kind, split where it pays for {@code rules} (see the class comment); {@code trueInstances}
     * holds the grounded {@code true} sentences, {@code initial} the {@code init} sentences.
     */
    public static FluentParts choose(List<Rule> rules, List<Term> trueInstances, List<Term> initial) {
        FluentParts parts = new FluentParts(false);
        Long2IntOpenHashMap initialCount = new Long2IntOpenHashMap();
        for (int i = 0; i < initial.size(); i++) {
            Term fluent = initial.get(i).arg(0);
            if (fluent instanceof Compound) {
                initialCount.addTo(kind(fluent), 1);
            }
        }
        Long2ObjectLinkedOpenHashMap<List<Term>> byKind = new Long2ObjectLinkedOpenHashMap<>();
        for (int i = 0; i < trueInstances.size(); i++) {
            Term fluent = trueInstances.get(i).arg(0);
            if (fluent instanceof Compound) {
                byKind.computeIfAbsent(kind(fluent), k -> new ArrayList<>()).add(fluent);
            }
        }
        int[] copies = new int[rules.size()];
        Arrays.fill(copies, 1);
        for (var entry : byKind.long2ObjectEntrySet()) {
            long kind = entry.getLongKey();
            List<Term> fluents = entry.getValue();
            int arity = fluents.get(0).arity();
            if (arity > MAX_KEYED_ARITY) {
                continue;
            }
            int best = -1;
            Set<Term> bestValues = null;
            for (int p = 0; p < arity; p++) {
                Set<Term> seen = constantsAt(fluents, p);
                if (seen != null && seen.size() >= 2 && (bestValues == null || seen.size() <= bestValues.size())
                        && readWithConstantAt(rules, kind, p)) {
                    best = p;
                    bestValues = seen;
                }
            }
            // a kind with about one fact per value in a state (a heading, a step counter, nim's heaps) is read
            // as fast whole, and copies of rules would only add work
            if (best < 0 || initialCount.get(kind) < FACTS_PER_PART * bestValues.size()) {
                continue;
            }
            int[] after = copies.clone();
            boolean fits = true;
            for (int r = 0; r < rules.size() && fits; r++) {
                for (int v = 0, n = variablesAt(rules.get(r), kind, best).size(); v < n && fits; v++) {
                    after[r] *= bestValues.size();
                    fits = after[r] <= MAX_COPIES;
                }
            }
            if (fits) {
                copies = after;
                parts.splitAt.put(kind, best);
                parts.values.put(kind, bestValues);
            }
        }
        return parts;
    }

    /**
     * The part key of a fluent: a ground one, or a pattern with a constant where its kind is split (see
     * {@link #specialise}).
     */
    public long partKey(Term fluent) {
        if (whole) {
            return WHOLE;
        }
        if (!(fluent instanceof Compound)) {
            return CONSTANTS;
        }
        long kind = kind(fluent);
        int at = splitAt.get(kind);
        if (at < 0) {
            return kind;
        }
        Term value = fluent.arg(at);
        if (value instanceof Variable) {
            throw new IllegalStateException("fluent " + fluent + " has no constant where its kind is split");
        }
        // a function term there matches no fluent of the kind: the bare kind, which no part of it has
        return value instanceof Compound ? kind : kind | (value.symbol() + 1L);
    }

    public boolean isWhole() {
        return whole;
    }

    /** The split kinds, for the log: e.g. {@code cell/3 at argument 3 (3 values)}. */
    public String describe(SymbolTable symbols) {
        if (whole) {
            return "one part (a rule reads (true ?x))";
        }
        if (splitAt.isEmpty()) {
            return "one part per kind, none split";
        }
        StringBuilder out = new StringBuilder("split ");
        for (var entry : splitAt.long2IntEntrySet()) {
            long kind = entry.getLongKey();
            out.append(out.length() > 6 ? ", " : "").append(symbols.name((int) (kind >>> 32))).append('/')
                .append((kind >>> 24) & 0xFF).append(" at argument ").append(entry.getIntValue() + 1).append(" (")
                .append(values.get(kind).size()).append(" values)");
        }
        return out.toString();
    }

    /**
     * The rules with every positive {@code true} literal reading a split kind with a constant at the split
     * argument: a rule reading it with a variable there is replaced by one copy per value of that argument.
     * Together the copies derive what the rule derives. A new list.
     */
    public List<Rule> specialise(List<Rule> rules) {
        List<Rule> out = new ArrayList<>();
        for (Rule rule : rules) {
            List<Rule> copies = List.of(rule);
            for (var entry : splitAt.long2IntEntrySet()) {
                long kind = entry.getLongKey();
                int at = entry.getIntValue();
                List<Rule> next = new ArrayList<>();
                for (Rule copy : copies) {
                    List<Variable> variables = new ArrayList<>(variablesAt(copy, kind, at));
                    expand(copy, variables, 0, values.get(kind), next);
                }
                copies = next;
            }
            out.addAll(copies);
        }
        return out;
    }

    private static void expand(Rule rule, List<Variable> variables, int i, Set<Term> values, List<Rule> out) {
        if (i == variables.size()) {
            out.add(rule);
            return;
        }
        for (Term value : values) {
            Substitution substitution = new Substitution(rule.variableCount());
            substitution.unify(variables.get(i), value);
            List<Literal> body = new ArrayList<>(rule.body().size());
            for (Literal literal : rule.body()) {
                body.add(literal.mapTerms(substitution::apply));
            }
            Rule copy = new Rule(substitution.apply(rule.head()), body, rule.variableCount(), rule.line());
            expand(copy, variables, i + 1, values, out);
        }
    }

    /** The constants at argument {@code p} of the fluents, or null if some fluent has no constant there. */
    private static Set<Term> constantsAt(List<Term> fluents, int p) {
        Set<Term> seen = new LinkedHashSet<>();
        for (Term fluent : fluents) {
            Term value = fluent.arg(p);
            if (value instanceof Compound || value.symbol() + 1 >= 1 << 24) {
                return null;
            }
            seen.add(value);
        }
        return seen;
    }

    private static boolean readWithConstantAt(List<Rule> rules, long kind, int p) {
        for (Rule rule : rules) {
            for (Term fluent : positiveFluents(rule)) {
                if (kind(fluent) == kind && !(fluent.arg(p) instanceof Variable)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The distinct variables at argument {@code p} of the rule's positive true literals of the kind. */
    private static Set<Variable> variablesAt(Rule rule, long kind, int p) {
        Set<Variable> out = new LinkedHashSet<>();
        for (Term fluent : positiveFluents(rule)) {
            if (kind(fluent) == kind && fluent.arg(p) instanceof Variable variable) {
                out.add(variable);
            }
        }
        return out;
    }

    private static List<Term> positiveFluents(Rule rule) {
        List<Term> out = new ArrayList<>();
        for (Literal literal : rule.body()) {
            if (literal instanceof Literal.Positive positive && positive.sentence().symbol() == SymbolTable.TRUE
                    && positive.sentence().arg(0) instanceof Compound) {
                out.add(positive.sentence().arg(0));
            }
        }
        return out;
    }

    /** Function symbol and arity; the low 24 bits are left for the split value (its symbol + 1). */
    private static long kind(Term fluent) {
        return ((long) fluent.symbol() << 32) | ((long) fluent.arity() << 24);
    }
}
