package org.ratchet.reasoner.gdl;

import java.util.List;

/**
 * A literal of a rule body: an atomic sentence, its negation, a {@code distinct} test or a disjunction.
 */
public sealed interface Literal permits Literal.Positive, Literal.Negation, Literal.Distinct, Literal.Disjunction {

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
