package org.ratchet.reasoner.gdl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Gives a variable that occurs only inside a {@code not} its one sensible reading, the one every Prolog-based
 * player gives it: {@code (not (does ?r (m ?x ?y)))} with {@code ?y} bound nowhere says "there is no
 * {@code ?y} such that ...". GDL calls such a rule unsafe; rule sheets written against Prolog players contain it.
 *
 * <p>The existential is made explicit with a helper relation that projects the unbound variables away:
 * <pre>
 *   (&lt;= (does~some~1 ?r ?x) (does ?r (m ?x ?y)))     ; a new rule, safe by construction
 *   ... (not (does~some~1 ?r ?x)) ...                  ; in place of the negation
 * </pre>
 * The helper's head holds the negated sentence's variables that the rule binds, in order of first
 * occurrence. It depends positively on the negated relation only, so stratification is unchanged, and
 * every engine plays the rewritten game as plain GDL. One helper serves every negation of the same
 * sentence with the same variables bound. A variable that occurs only in a rule's head is not touched
 * here: it stays a safety error (see {@link GdlNormaliser} for the one head variable that has a reading).
 */
final class ExistentialNegation {
    private final SymbolTable symbols;
    private final List<Rule> helpers = new ArrayList<>();
    /** Helper relation per negated sentence, keyed by the sentence and its kept variables as written. */
    private final Map<String, Integer> helperRelations = new HashMap<>();
    private final List<String> warnings = new ArrayList<>();

    private ExistentialNegation(SymbolTable symbols) {
        this.symbols = symbols;
    }

    /** The game with each negated unbound variable projected away, or the same game if it has none. */
    static GameDescription rewrite(GameDescription game) {
        ExistentialNegation rewriter = new ExistentialNegation(game.symbols());
        List<Rule> rules = new ArrayList<>(game.rules().size());
        for (Rule rule : game.rules()) {
            rules.add(rewriter.rewrite(rule));
        }
        if (rewriter.helpers.isEmpty()) {
            return game;
        }
        rules.addAll(rewriter.helpers);
        return game.withRules(rules, rewriter.warnings);
    }

    private Rule rewrite(Rule rule) {
        Set<Variable> bound = Safety.boundVariables(rule);
        List<Literal> body = new ArrayList<>(rule.body().size());
        boolean changed = false;
        for (Literal literal : rule.body()) {
            Literal rewritten = rewrite(literal, bound, rule);
            changed |= rewritten != literal;
            body.add(rewritten);
        }
        return changed ? new Rule(rule.head(), body, rule.variableCount(), rule.line()) : rule;
    }

    private Literal rewrite(Literal literal, Set<Variable> bound, Rule rule) {
        if (literal instanceof Literal.Disjunction disjunction) {
            List<Literal> options = new ArrayList<>(disjunction.options().size());
            boolean changed = false;
            for (Literal option : disjunction.options()) {
                Literal rewritten = rewrite(option, bound, rule);
                changed |= rewritten != option;
                options.add(rewritten);
            }
            return changed ? new Literal.Disjunction(options) : literal;
        }
        // After normalisation every negation wraps an atomic sentence.
        if (!(literal instanceof Literal.Negation negation)
                || !(negation.inner() instanceof Literal.Positive positive)) {
            return literal;
        }
        Set<Variable> variables = new LinkedHashSet<>();
        Safety.collectVariables(positive.sentence(), variables);
        List<Variable> kept = new ArrayList<>(variables.size());
        List<Variable> projected = new ArrayList<>();
        for (Variable variable : variables) {
            (bound.contains(variable) ? kept : projected).add(variable);
        }
        if (projected.isEmpty()) {
            return literal;
        }
        Term helper = helperHead(positive.sentence(), kept, rule);
        String names = projected.stream().map(Variable::toString).collect(Collectors.joining(" and "));
        warnings.add("line " + rule.line() + ": " + names + (projected.size() == 1 ? " occurs" : " occur")
            + " only inside (not "
            + positive.sentence().render(symbols) + "), read as 'there is none': the negation reads '"
            + symbols.name(helper.symbol()) + "' instead, in rule " + rule.render(symbols));
        return new Literal.Negation(new Literal.Positive(helper));
    }

    /** {@code (helper kept...)} over the variables of {@code rule}; the helper's rule is created once. */
    private Term helperHead(Term sentence, List<Variable> kept, Rule rule) {
        String key = sentence.render(symbols) + " keeping " + kept;
        int relation = helperRelations.computeIfAbsent(key, k -> {
            int fresh = symbols.internFresh(symbols.name(sentence.symbol()) + "~some");
            Rule definition = new Rule(headOf(fresh, kept), List.of(new Literal.Positive(sentence)),
                rule.variableCount(), rule.line());
            helpers.add(GdlNormaliser.renumbered(definition));
            return fresh;
        });
        return headOf(relation, kept);
    }

    private static Term headOf(int relation, List<Variable> kept) {
        return kept.isEmpty() ? new Atom(relation) : new Compound(relation, kept.toArray(new Term[0]));
    }
}
