package org.ratchet.reasoner.gdl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A literal of a rule body: an atomic sentence, its negation, a {@code distinct} test or a disjunction.
 */
public sealed interface Literal permits Literal.Positive, Literal.Negation, Literal.Distinct, Literal.Disjunction {

    /** The literal with {@code function} applied to each of its terms (sentences and distinct arguments). */
    default Literal mapTerms(UnaryOperator<Term> function) {
        if (this instanceof Positive positive) {
            return new Positive(function.apply(positive.sentence()));
        }
        if (this instanceof Negation negation) {
            return new Negation(negation.inner().mapTerms(function));
        }
        if (this instanceof Distinct distinct) {
            Term left = function.apply(distinct.left());
            return new Distinct(left, function.apply(distinct.right()));
        }
        List<Literal> options = new ArrayList<>();
        for (Literal option : ((Disjunction) this).options()) {
            options.add(option.mapTerms(function));
        }
        return new Disjunction(options);
    }

    /** Adds the atomic sentences the literal reads, also under {@code not} and {@code or}, to {@code out}. */
    default void addSentences(List<Term> out) {
        if (this instanceof Positive positive) {
            out.add(positive.sentence());
        } else if (this instanceof Negation negation) {
            negation.inner().addSentences(out);
        } else if (this instanceof Disjunction disjunction) {
            for (Literal option : disjunction.options()) {
                option.addSentences(out);
            }
        }
    }

    /** An atomic sentence that must be derivable, e.g. {@code (true (cell ?x ?y b))}. */
    record Positive(Term sentence) implements Literal {
    }

    /** Negation as failure of the inner literal (normally a {@link Positive}). */
    record Negation(Literal inner) implements Literal {
    }

    /** Holds when the two terms, once bound, are syntactically different. */
    record Distinct(Term left, Term right) implements Literal {
    }

    /** Holds when at least one of the options holds. */
    record Disjunction(List<Literal> options) implements Literal {
        public Disjunction {
            options = List.copyOf(options);
        }
    }
}
