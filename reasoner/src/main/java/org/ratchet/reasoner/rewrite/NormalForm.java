package org.ratchet.reasoner.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Substitution;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Rewrites rules so that every body literal is an atomic sentence, the negation of one, or a
 * {@code distinct}: disjunctions are split into one rule per alternative (gadelac's MINI-GDL), a negated
 * disjunction becomes a conjunction of negations, and {@code (not (distinct a b))} is replaced by unifying
 * a with b in the whole rule (a rule whose equality cannot hold is dropped). Variables are renumbered
 * densely afterwards. Forward chainers need this form; the prover does not.
 */
public final class NormalForm implements Pass {

    @Override
    public List<Rule> apply(List<Rule> rules) {
        List<Rule> out = new ArrayList<>();
        for (Rule rule : rules) {
            for (List<Literal> body : alternatives(rule.body())) {
                Rule flat = withoutEqualities(rule, body);
                if (flat != null) {
                    out.add(renumber(flat));
                }
            }
        }
        return out;
    }

    /** Disjunctive normal form of a conjunction: each element is one conjunction of simple literals. */
    private static List<List<Literal>> alternatives(List<Literal> conjunction) {
        List<List<Literal>> result = new ArrayList<>();
        result.add(new ArrayList<>());
        for (Literal literal : conjunction) {
            List<List<Literal>> options = expand(literal);
            List<List<Literal>> next = new ArrayList<>(result.size() * options.size());
            for (List<Literal> prefix : result) {
                for (List<Literal> option : options) {
                    List<Literal> joined = new ArrayList<>(prefix);
                    joined.addAll(option);
                    next.add(joined);
                }
            }
            result = next;
        }
        return result;
    }

    private static List<List<Literal>> expand(Literal literal) {
        if (literal instanceof Literal.Disjunction disjunction) {
            List<List<Literal>> out = new ArrayList<>();
            for (Literal option : disjunction.options()) {
                out.addAll(expand(option));
            }
            return out;
        }
        if (literal instanceof Literal.Negation negation) {
            Literal inner = negation.inner();
            if (inner instanceof Literal.Negation doubled) {
                return expand(doubled.inner());
            }
            if (inner instanceof Literal.Disjunction disjunction) {
                // not (a or b) == (not a) and (not b)
                List<Literal> conjunction = new ArrayList<>();
                for (Literal option : disjunction.options()) {
                    conjunction.add(new Literal.Negation(option));
                }
                return alternatives(conjunction);
            }
        }
        List<List<Literal>> single = new ArrayList<>();
        single.add(List.of(literal));
        return single;
    }

    /** Applies every {@code (not (distinct a b))} as a substitution; null if one can never hold. */
    private static Rule withoutEqualities(Rule rule, List<Literal> body) {
        Substitution substitution = new Substitution(rule.variableCount());
        List<Literal> rest = new ArrayList<>();
        for (Literal literal : body) {
            if (literal instanceof Literal.Negation negation && negation.inner() instanceof Literal.Distinct equal) {
                if (!substitution.unify(equal.left(), equal.right())) {
                    return null;
                }
            } else {
                rest.add(literal);
            }
        }
        if (substitution.isEmpty()) {
            return new Rule(rule.head(), rest, rule.variableCount(), rule.line());
        }
        List<Literal> substituted = new ArrayList<>(rest.size());
        for (Literal literal : rest) {
            substituted.add(literal.mapTerms(substitution::apply));
        }
        return new Rule(substitution.apply(rule.head()), substituted, rule.variableCount(), rule.line());
    }

    /** Numbers the variables that remain 0..n-1 in order of first occurrence (head first). */
    private static Rule renumber(Rule rule) {
        Map<Integer, Variable> fresh = new HashMap<>();
        Term head = renumber(rule.head(), fresh);
        List<Literal> body = new ArrayList<>(rule.body().size());
        for (Literal literal : rule.body()) {
            body.add(renumber(literal, fresh));
        }
        return new Rule(head, body, fresh.size(), rule.line());
    }

    private static Term renumber(Term term, Map<Integer, Variable> fresh) {
        if (term instanceof Variable variable) {
            return fresh.computeIfAbsent(variable.index(), k -> new Variable(fresh.size(), variable.name()));
        }
        if (term instanceof Compound compound && !compound.isGround()) {
            Term[] args = new Term[compound.arity()];
            for (int i = 0; i < args.length; i++) {
                args[i] = renumber(compound.arg(i), fresh);
            }
            return new Compound(compound.symbol(), args);
        }
        return term;
    }

    private static Literal renumber(Literal literal, Map<Integer, Variable> fresh) {
        if (literal instanceof Literal.Positive positive) {
            return new Literal.Positive(renumber(positive.sentence(), fresh));
        }
        if (literal instanceof Literal.Negation negation) {
            return new Literal.Negation(renumber(negation.inner(), fresh));
        }
        Literal.Distinct distinct = (Literal.Distinct) literal;
        return new Literal.Distinct(renumber(distinct.left(), fresh), renumber(distinct.right(), fresh));
    }
}
