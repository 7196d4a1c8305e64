package org.ratchet.reasoner.bottomup;

import java.util.ArrayList;
import java.util.List;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * The order a rule body is joined in: tests (negations, distinct) as soon as their variables are bound; among
 * the positive literals, fully bound ones, then lookups known to return at most one row (see
 * {@link #score}), then the one with the most arguments bound, so every lookup uses the bindings made so far;
 * ties go to the fewest rows expected per lookup ({@link Fanout}) where both are known, else to source order.
 */
final class JoinOrder {
    /** The rows a positive literal is expected to return per lookup with the variables bound so far. */
    interface Fanout {
        /** Where nothing is known about the relation (state-dependent, not evaluated yet): ties go by source order. */
        double UNKNOWN = -1;
        /** A relation evaluated on demand with no argument bound: it cannot be read yet. */
        double UNKEYED = Double.POSITIVE_INFINITY;
        /**
         * A static relation evaluated on demand (too large to build) with some arguments free: reading it derives every row of the
         * partial key (sudoku's exactlyOne with four of ten arguments bound derives 8^6 rows), so it waits
         * for every other literal that can bind more of its arguments.
         */
        double PARTLY_KEYED = Double.MAX_VALUE;

        double of(Term sentence, boolean[] bound);
    }

    private JoinOrder() {
    }

    /**
     * The body in join order, starting with the positive literal {@code first} unless it is null (the
     * semi-naive delta of a recursive rule); {@code bound} holds the variables bound before the body and on return every
     * variable bound by the body. Returns null when a test's
     * variables are never bound (an unsafe rule).
     */
    static List<Literal> order(List<Literal> body, boolean[] bound, Literal first, Fanout fanout) {
        List<Literal> remaining = new ArrayList<>(body);
        List<Literal> ordered = new ArrayList<>(body.size());
        if (first != null) {
            remaining.remove(first);
            bind(((Literal.Positive) first).sentence(), bound);
            ordered.add(first);
        }
        while (!remaining.isEmpty()) {
            int chosen = -1;
            for (int i = 0; i < remaining.size() && chosen < 0; i++) {
                Literal literal = remaining.get(i);
                if (!(literal instanceof Literal.Positive) && testBound(literal, bound)) {
                    chosen = i;
                }
            }
            if (chosen < 0) {
                int bestScore = Integer.MIN_VALUE;
                double bestRows = Fanout.UNKNOWN;
                for (int i = 0; i < remaining.size(); i++) {
                    if (remaining.get(i) instanceof Literal.Positive positive) {
                        double rows = fanout.of(positive.sentence(), bound);
                        int score = score(positive.sentence(), bound, rows);
                        if (score > bestScore || score == bestScore && rows >= 0 && bestRows >= 0 && rows < bestRows) {
                            bestScore = score;
                            bestRows = rows;
                            chosen = i;
                        }
                    }
                }
                if (chosen < 0) {
                    return null;
                }
                bind(((Literal.Positive) remaining.get(chosen)).sentence(), bound);
            }
            ordered.add(remaining.remove(chosen));
        }
        return ordered;
    }

    /**
     * Fully bound literals first (a single lookup), then literals of at most one row per lookup (a static
     * relation whose bound arguments determine the others, like a successor relation: it binds variables
     * without multiplying rows), then the most bound and fewest free arguments.
     */
    private static int score(Term sentence, boolean[] bound, double rows) {
        int boundArgs = 0;
        int freeArgs = 0;
        Term row = sentence.symbol() == SymbolTable.TRUE && sentence.arity() == 1
            && !(sentence.arg(0) instanceof Variable) ? sentence.arg(0) : sentence;
        for (int i = 0; i < row.arity(); i++) {
            if (boundBy(row.arg(i), bound)) {
                boundArgs++;
            } else {
                freeArgs++;
            }
        }
        if (freeArgs == 0) {
            return 2_000;
        }
        if (rows == Fanout.UNKEYED) {
            return Integer.MIN_VALUE + 1;
        }
        if (rows == Fanout.PARTLY_KEYED) {
            return boundArgs * 10 - freeArgs - 1_000_000;
        }
        return rows >= 0 && rows <= 1 ? 1_000 : boundArgs * 10 - freeArgs;
    }

    static boolean boundBy(Term term, boolean[] bound) {
        if (term instanceof Variable variable) {
            return bound[variable.index()];
        }
        for (int i = 0; i < term.arity(); i++) {
            if (!boundBy(term.arg(i), bound)) {
                return false;
            }
        }
        return true;
    }

    static void bind(Term term, boolean[] bound) {
        if (term instanceof Variable variable) {
            bound[variable.index()] = true;
        }
        for (int i = 0; i < term.arity(); i++) {
            bind(term.arg(i), bound);
        }
    }

    private static boolean testBound(Literal literal, boolean[] bound) {
        if (literal instanceof Literal.Distinct distinct) {
            return boundBy(distinct.left(), bound) && boundBy(distinct.right(), bound);
        }
        return boundBy(((Literal.Positive) ((Literal.Negation) literal).inner()).sentence(), bound);
    }
}
