package org.ratchet.reasoner.gdl;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * GDL's safety condition: every variable of the head, of a {@code not} and of a {@code distinct} must be
 * bound by a positive body literal, so that a rule only ever derives (and tests) ground sentences.
 *
 * <p>A disjunction binds exactly the variables that every one of its options binds: the rule stands for
 * one rule per option, and each of those must be safe. (A variable bound by only some options is still
 * fine where it stays inside them.)
 */
final class Safety {
    private Safety() {
    }

    /** The variables that the positive literals of the body bind. */
    static Set<Variable> boundVariables(Rule rule) {
        Set<Variable> bound = new LinkedHashSet<>();
        for (Literal literal : rule.body()) {
            bound.addAll(boundBy(literal));
        }
        return bound;
    }

    /** Why the rule is unsafe (naming the first unbound variable), or null if it is safe. */
    static String violation(Rule rule) {
        Set<Variable> bound = boundVariables(rule);
        Set<Variable> headVariables = new LinkedHashSet<>();
        collectVariables(rule.head(), headVariables);
        for (Variable variable : headVariables) {
            if (!bound.contains(variable)) {
                return "unsafe variable " + variable + ": it occurs in the head but no positive body literal binds it";
            }
        }
        for (Literal literal : rule.body()) {
            String problem = unboundInTest(literal, bound);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    static void collectVariables(Term term, Set<Variable> out) {
        if (term instanceof Variable variable) {
            out.add(variable);
        } else if (term instanceof Compound compound && !compound.isGround()) {
            for (int i = 0; i < compound.arity(); i++) {
                collectVariables(compound.arg(i), out);
            }
        }
    }

    private static Set<Variable> boundBy(Literal literal) {
        Set<Variable> variables = new LinkedHashSet<>();
        if (literal instanceof Literal.Positive positive) {
            collectVariables(positive.sentence(), variables);
        } else if (literal instanceof Literal.Disjunction disjunction) {
            boolean firstOption = true;
            for (Literal option : disjunction.options()) {
                Set<Variable> optionBinds = boundBy(option);
                if (firstOption) {
                    variables.addAll(optionBinds);
                    firstOption = false;
                } else {
                    variables.retainAll(optionBinds);
                }
            }
        }
        return variables;
    }

    private static String unboundInTest(Literal literal, Set<Variable> bound) {
        if (literal instanceof Literal.Disjunction disjunction) {
            for (Literal option : disjunction.options()) {
                String problem = unboundInTest(option, bound);
                if (problem != null) {
                    return problem;
                }
            }
            return null;
        }
        Set<Variable> used = new LinkedHashSet<>();
        String test;
        if (literal instanceof Literal.Negation negation) {
            collectLiteralVariables(negation.inner(), used);
            test = "'not'";
        } else if (literal instanceof Literal.Distinct distinct) {
            collectVariables(distinct.left(), used);
            collectVariables(distinct.right(), used);
            test = "'distinct'";
        } else {
            return null;
        }
        for (Variable variable : used) {
            if (!bound.contains(variable)) {
                return "unsafe variable " + variable + ": it occurs in a " + test
                    + " but no positive body literal binds it";
            }
        }
        return null;
    }

    private static void collectLiteralVariables(Literal literal, Set<Variable> out) {
        if (literal instanceof Literal.Positive positive) {
            collectVariables(positive.sentence(), out);
        } else if (literal instanceof Literal.Negation negation) {
            collectLiteralVariables(negation.inner(), out);
        } else if (literal instanceof Literal.Distinct distinct) {
            collectVariables(distinct.left(), out);
            collectVariables(distinct.right(), out);
        } else if (literal instanceof Literal.Disjunction disjunction) {
            for (Literal option : disjunction.options()) {
                collectLiteralVariables(option, out);
            }
        }
    }
}
