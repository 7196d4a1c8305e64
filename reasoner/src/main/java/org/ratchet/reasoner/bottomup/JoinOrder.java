package org.ratchet.reasoner.bottomup;

import java.util.ArrayList;
import java.util.List;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * The order a rule body is joined in: tests (negations, distinct) as soon as their variables are bound, and
 * among the positive literals the one with the most arguments bound (ties in source order), so every lookup
 * uses the bindings made so far.
 */
final class JoinOrder {
    private JoinOrder() {
    }

    /**
     * The body in join order; {@code bound} holds the variables bound before the body and on return every
     * variable bound by the body. Returns null when a test's
     * variables are never bound (an unsafe rule).
     */
    static List<Literal> order(List<Literal> body, boolean[] bound) {
        List<Literal> remaining = new ArrayList<>(body);
        List<Literal> ordered = new ArrayList<>(body.size());
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
                for (int i = 0; i < remaining.size(); i++) {
                    if (remaining.get(i) instanceof Literal.Positive positive) {
                        int score = score(positive.sentence(), bound);
                        if (score > bestScore) {
                            bestScore = score;
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

    private static int score(Term sentence, boolean[] bound) {
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
        return freeArgs == 0 ? 1_000 : boundArgs * 10 - freeArgs;
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
