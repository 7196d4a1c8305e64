package org.ratchet.reasoner.rewrite;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Unfolds small helper relations into the rules that read them. breakthrough defines
 * {@code (cellEmpty ?x ?y)} by one rule testing that neither player holds the cell, and reads it only for the
 * one cell ahead of each piece; computed as a relation it costs two tests and a write for each of the 64
 * cells in every state, unfolded it costs two tests where it is read.
 *
 * <p>A relation is unfolded when one rule defines it, not recursively, with at most
 * {@link #MAX_BODY_LITERALS} literals, every variable of the body in the head and the head's arguments
 * distinct variables, and rules read it only as plain positive literals, in at most {@link #MAX_READS}
 * places. Each such literal is replaced by the defining rule's body with the head's variables replaced by
 * the literal's arguments, which derives the same; the defining rule is then dropped.
 */
public final class HelperUnfolding implements Pass {
    /** Helpers with longer bodies are kept as relations: their tests would be repeated at every reader. */
    static final int MAX_BODY_LITERALS = 4;
    /**
     * Helpers read in more places are kept as relations: computed once a state, they cost less than their
     * tests repeated at each reader, and the readers' tables take longer to build (amazons reads its
     * emptyCell twelve times and no longer compiled within 10 s).
     */
    static final int MAX_READS = 4;

    /** Relations derived by permanent rules: they stay relations. */
    private final Set<Integer> kept = new HashSet<>();
    private final Stratification strata;

    /**
     * Unfolds helpers of the run-time rules; {@code permanentRules} derive facts of dynamic relations from
     * static ones once, so their relations are never unfolded.
     */
    public HelperUnfolding(List<Rule> permanentRules, Stratification strata) {
        for (Rule rule : permanentRules) {
            kept.add(rule.head().symbol());
        }
        this.strata = strata;
    }

    /** The rules with every helper (see the class comment) unfolded into its readers. */
    @Override
    public List<Rule> apply(List<Rule> rules) {
        List<Rule> current = new ArrayList<>(rules);
        Set<Integer> tried = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Rule candidate : current) {
                int symbol = candidate.head().symbol();
                if (tried.contains(symbol) || kept.contains(symbol) || !unfoldable(candidate, current)) {
                    continue;
                }
                tried.add(symbol);
                List<Rule> next = new ArrayList<>(current.size());
                for (Rule rule : current) {
                    if (rule != candidate) {
                        next.add(unfoldInto(rule, candidate));
                    }
                }
                current = next;
                changed = true;
                break;
            }
        }
        return current;
    }

    private boolean unfoldable(Rule helper, List<Rule> rules) {
        Term head = helper.head();
        int symbol = head.symbol();
        if (SymbolTable.isKeyword(symbol) || strata.isRecursive(symbol) || helper.body().size() > MAX_BODY_LITERALS
                || !(head instanceof Compound)) {
            return false;
        }
        Set<Integer> headVariables = new HashSet<>();
        for (int i = 0; i < head.arity(); i++) {
            if (!(head.arg(i) instanceof Variable variable) || !headVariables.add(variable.index())) {
                return false;
            }
        }
        List<Term> sentences = new ArrayList<>();
        for (Literal literal : helper.body()) {
            literal.addSentences(sentences);
            if (literal instanceof Literal.Distinct distinct) {
                sentences.add(distinct.left());
                sentences.add(distinct.right());
            }
        }
        for (Term sentence : sentences) {
            if (!variablesWithin(sentence, headVariables)) {
                return false;
            }
        }
        int reads = 0;
        for (Rule rule : rules) {
            if (rule == helper) {
                continue;
            }
            if (rule.head().symbol() == symbol) {
                return false;
            }
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Positive positive) {
                    reads += positive.sentence().symbol() == symbol ? 1 : 0;
                } else {
                    List<Term> nested = new ArrayList<>();
                    literal.addSentences(nested);
                    for (Term sentence : nested) {
                        if (sentence.symbol() == symbol) {
                            return false;
                        }
                    }
                }
            }
        }
        return reads > 0 && reads <= MAX_READS;
    }

    private static boolean variablesWithin(Term term, Set<Integer> allowed) {
        if (term instanceof Variable variable) {
            return allowed.contains(variable.index());
        }
        for (int i = 0; i < term.arity(); i++) {
            if (!variablesWithin(term.arg(i), allowed)) {
                return false;
            }
        }
        return true;
    }

    /** {@code rule} with each positive literal of the helper's relation replaced by the helper's body. */
    private static Rule unfoldInto(Rule rule, Rule helper) {
        int symbol = helper.head().symbol();
        List<Literal> body = new ArrayList<>();
        boolean unfolded = false;
        for (Literal literal : rule.body()) {
            if (literal instanceof Literal.Positive positive && positive.sentence().symbol() == symbol) {
                Term[] byVariable = new Term[helper.variableCount()];
                for (int i = 0; i < helper.head().arity(); i++) {
                    byVariable[((Variable) helper.head().arg(i)).index()] = positive.sentence().arg(i);
                }
                for (Literal inner : helper.body()) {
                    body.add(inner.mapTerms(term -> substitute(term, byVariable)));
                }
                unfolded = true;
            } else {
                body.add(literal);
            }
        }
        return unfolded ? new Rule(rule.head(), body, rule.variableCount(), rule.line()) : rule;
    }

    /**
     * The helper's variables replaced by the reader's terms. Not a {@link org.ratchet.reasoner.gdl.Substitution}:
     * both rules number their variables from 0, so a reader's ?x may carry the index of a helper variable.
     */
    private static Term substitute(Term term, Term[] byVariable) {
        if (term instanceof Variable variable) {
            return byVariable[variable.index()];
        }
        if (term.isGround()) {
            return term;
        }
        Term[] args = new Term[term.arity()];
        for (int i = 0; i < args.length; i++) {
            args[i] = substitute(term.arg(i), byVariable);
        }
        return new Compound(term.symbol(), args);
    }
}
