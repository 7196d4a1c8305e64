package org.ratchet.reasoner.rewrite;

import java.util.List;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Chooses the {@link FluentParts} for the rules it is given and copies each rule where a part needs it
 * ({@link FluentParts#specialise}). The choice depends on the rules as the earlier passes leave them, so it
 * is made here and kept for grounding to lay {@code true} out by ({@link #chosen()}). A game whose rules read
 * {@code (true ?x)} keeps every fluent in one part.
 */
public final class FluentSplitting implements Pass {
    private final List<Term> trueInstances;
    private final List<Term> initial;
    private FluentParts chosen;

    /** {@code trueInstances}: the grounded {@code true} sentences; {@code initial}: the {@code init} sentences. */
    public FluentSplitting(List<Term> trueInstances, List<Term> initial) {
        this.trueInstances = trueInstances;
        this.initial = initial;
    }

    @Override
    public List<Rule> apply(List<Rule> rules) {
        chosen = readsAnyFluent(rules) ? FluentParts.whole() : FluentParts.choose(rules, trueInstances, initial);
        return chosen.specialise(rules);
    }

    /** The parts chosen by the last {@link #apply}. */
    public FluentParts chosen() {
        if (chosen == null) {
            throw new IllegalStateException("no parts chosen yet: the pass has not run");
        }
        return chosen;
    }

    /** Whether a rule reads {@code (true ?x)}: a fluent of any kind, so true cannot be laid out in parts. */
    private static boolean readsAnyFluent(List<Rule> rules) {
        for (Rule rule : rules) {
            for (Literal literal : rule.body()) {
                Term sentence = literal instanceof Literal.Positive p ? p.sentence()
                    : literal instanceof Literal.Negation n && n.inner() instanceof Literal.Positive p ? p.sentence()
                    : null;
                if (sentence != null && sentence.symbol() == SymbolTable.TRUE && sentence.arg(0) instanceof Variable) {
                    return true;
                }
            }
        }
        return false;
    }
}
