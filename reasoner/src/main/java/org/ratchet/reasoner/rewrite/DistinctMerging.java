package org.ratchet.reasoner.rewrite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;

/**
 * {@link NormalForm} splits a rule with {@code (or (distinct ?m ?j) (distinct ?n ?k))} into one rule per option.
 * Those rules read the same inputs for the same heads, so at run time each would repeat the other's
 * work. Rules from one source line that differ only in one distinct each are joined again here into one
 * rule with the disjunction of those distincts, which the reference tables decide at compile time.
 * Anything else is left as it is.
 */
public final class DistinctMerging implements Pass {

    @Override
    public List<Rule> apply(List<Rule> rules) {
        Map<List<Object>, List<Rule>> groups = new LinkedHashMap<>();
        for (Rule rule : rules) {
            List<Literal> others = new ArrayList<>();
            for (Literal literal : rule.body()) {
                if (!(literal instanceof Literal.Distinct)) {
                    others.add(literal);
                }
            }
            groups.computeIfAbsent(List.of(rule.line(), rule.head(), others), key -> new ArrayList<>()).add(rule);
        }
        List<Rule> out = new ArrayList<>();
        for (var group : groups.entrySet()) {
            List<Rule> options = group.getValue();
            Rule joined = options.size() < 2 ? null : joinDistinctOptions(options);
            if (joined == null) {
                out.addAll(options);
            } else {
                out.add(joined);
            }
        }
        return out;
    }

    /** The rules as one, if each has exactly one distinct the others lack; null otherwise. */
    private static Rule joinDistinctOptions(List<Rule> options) {
        List<Literal> common = null;
        for (Rule rule : options) {
            List<Literal> distincts = rule.body().stream().filter(l -> l instanceof Literal.Distinct).toList();
            if (common == null) {
                common = new ArrayList<>(distincts);
            } else {
                common.retainAll(distincts);
            }
        }
        List<Literal> alternatives = new ArrayList<>();
        int variables = 0;
        for (Rule rule : options) {
            List<Literal> own = new ArrayList<>();
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Distinct && !common.contains(literal)) {
                    own.add(literal);
                }
            }
            if (own.size() != 1) {
                return null;
            }
            alternatives.add(own.get(0));
            variables = Math.max(variables, rule.variableCount());
        }
        Rule first = options.get(0);
        List<Literal> body = new ArrayList<>();
        for (Literal literal : first.body()) {
            if (!(literal instanceof Literal.Distinct) || common.contains(literal)) {
                body.add(literal);
            }
        }
        body.add(new Literal.Disjunction(alternatives));
        return new Rule(first.head(), body, variables, first.line());
    }
}
