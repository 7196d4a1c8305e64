package org.ratchet.reasoner.gdl;

import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Rewrites rule-sheet quirks that have exactly one sensible reading into plain GDL, so that engines only
 * ever see a negation wrapped around an atomic sentence. Each rewrite adds a warning naming the rule.
 *
 * <ul>
 *   <li>{@code (not (distinct s t))} says s equals t: the two terms are unified and the unifier is applied
 *       to the whole rule. If they cannot be unified the rule can never fire and is dropped.</li>
 *   <li>{@code (not (not l))} is {@code l}; {@code (not (or a b))} is {@code (not a) (not b)}.</li>
 *   <li>When such a literal is an option of an {@code or}, the rule is split in two (a disjunction in a body
 *       is the union of the rules for its options): one rule with that option alone, one with the rest.</li>
 *   <li>A variable as the role of a {@code legal}, {@code goal} or {@code input} head that the body does not
 *       bind, {@code (<= (goal ?r 100) win)}, ranges over the roles: {@code (role ?r)} is added to the body.
 *       (This is how state machines query these relations: for each role.)</li>
 *   <li>A rule that breaks the safety condition but whose relation the game never uses (nothing that
 *       role, init, legal, next, terminal or goal depend on) has no effect on play: it is dropped rather
 *       than rejecting the whole game.</li>
 * </ul>
 */
final class GdlNormaliser {
    private final SymbolTable symbols;
    private final List<String> warnings = new ArrayList<>();

    private GdlNormaliser(SymbolTable symbols) {
        this.symbols = symbols;
    }

    /** The game with every quirk rewritten, or the same game if it has none. */
    static GameDescription normalise(GameDescription game) {
        GdlNormaliser normaliser = new GdlNormaliser(game.symbols());
        List<Rule> rules = new ArrayList<>(game.rules().size());
        for (Rule rule : game.rules()) {
            for (Rule rewritten : normaliser.rewrite(rule)) {
                rules.add(normaliser.withRoleBound(rewritten));
            }
        }
        rules = normaliser.withoutUnusedUnsafeRules(game.withRules(rules, List.of()));
        return normaliser.warnings.isEmpty() ? game : game.withRules(rules, normaliser.warnings);
    }

    private Rule withRoleBound(Rule rule) {
        int relation = rule.head().symbol();
        if ((relation != SymbolTable.LEGAL && relation != SymbolTable.GOAL && relation != SymbolTable.INPUT)
                || rule.head().arity() == 0 || !(rule.head().arg(0) instanceof Variable role)
                || Safety.boundVariables(rule).contains(role)) {
            return rule;
        }
        warnings.add("line " + rule.line() + ": the unbound role variable " + role + " ranges over the roles in rule "
            + rule.render(symbols));
        List<Literal> body = new ArrayList<>(rule.body().size() + 1);
        body.add(new Literal.Positive(new Compound(SymbolTable.ROLE, role)));
        body.addAll(rule.body());
        return new Rule(rule.head(), body, rule.variableCount(), rule.line());
    }

    private List<Rule> withoutUnusedUnsafeRules(GameDescription game) {
        // The relations that decide how the game is played: these keywords and all they depend on.
        IntSet used = DependencyGraph.of(game).dependencies(SymbolTable.ROLE, SymbolTable.INIT, SymbolTable.LEGAL,
            SymbolTable.NEXT, SymbolTable.TERMINAL, SymbolTable.GOAL);
        List<Rule> kept = new ArrayList<>(game.rules().size());
        for (Rule rule : game.rules()) {
            String violation = used.contains(rule.head().symbol()) ? null : Safety.violation(rule);
            if (violation == null) {
                kept.add(rule);
            } else {
                warnings.add("line " + rule.line() + ": dropped rule " + rule.render(symbols) + " (" + violation
                    + "); the game never uses '" + symbols.name(rule.head().symbol()) + "'");
            }
        }
        return kept;
    }

    /** The rules equivalent to {@code original}, each with only plain literals (possibly none, or several). */
    private List<Rule> rewrite(Rule original) {
        List<Rule> done = new ArrayList<>(1);
        Deque<Rule> pending = new ArrayDeque<>();
        pending.push(original);
        while (!pending.isEmpty()) {
            Rule rule = pending.pop();
            int quirk = firstQuirk(rule.body());
            if (quirk < 0) {
                done.add(rule == original ? rule : renumbered(rule));
            } else {
                List<Rule> replacements = rewriteAt(rule, quirk, original);
                for (int i = replacements.size() - 1; i >= 0; i--) {
                    pending.push(replacements.get(i));
                }
            }
        }
        return done;
    }

    private static int firstQuirk(List<Literal> body) {
        for (int i = 0; i < body.size(); i++) {
            if (isQuirk(body.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isQuirk(Literal literal) {
        if (literal instanceof Literal.Negation negation) {
            return !(negation.inner() instanceof Literal.Positive);
        }
        if (literal instanceof Literal.Disjunction disjunction) {
            return disjunction.options().stream().anyMatch(GdlNormaliser::isQuirk);
        }
        return false;
    }

    /** Rewrites the quirk at body position {@code at}; the result may still hold quirks further on. */
    private List<Rule> rewriteAt(Rule rule, int at, Rule original) {
        Literal literal = rule.body().get(at);
        String where = "line " + original.line() + ": ";
        if (literal instanceof Literal.Disjunction disjunction) {
            List<Literal> options = disjunction.options();
            int quirky = 0;
            while (!isQuirk(options.get(quirky))) {
                quirky++;
            }
            List<Literal> rest = new ArrayList<>(options);
            rest.remove(quirky);
            warnings.add(where + "split the 'or' of rule " + original.render(symbols)
                + " to rewrite its option " + renderLiteral(options.get(quirky)));
            Literal others = rest.size() == 1 ? rest.get(0) : new Literal.Disjunction(rest);
            return List.of(replace(rule, at, List.of(options.get(quirky))), replace(rule, at, List.of(others)));
        }
        Literal inner = ((Literal.Negation) literal).inner();
        if (inner instanceof Literal.Negation doubleNegation) {
            warnings.add(where + "read " + renderLiteral(literal) + " as " + renderLiteral(doubleNegation.inner())
                + " in rule " + original.render(symbols));
            return List.of(replace(rule, at, List.of(doubleNegation.inner())));
        }
        if (inner instanceof Literal.Disjunction disjunction) {
            List<Literal> negated = new ArrayList<>();
            for (Literal option : disjunction.options()) {
                negated.add(new Literal.Negation(option));
            }
            warnings.add(where + "read " + renderLiteral(literal) + " as the negation of each option, in rule "
                + original.render(symbols));
            return List.of(replace(rule, at, negated));
        }
        Literal.Distinct distinct = (Literal.Distinct) inner;
        Substitution equal = new Substitution(rule.variableCount());
        if (!equal.unify(distinct.left(), distinct.right())) {
            warnings.add(where + "dropped rule " + original.render(symbols) + ": " + renderLiteral(literal)
                + " can never hold");
            return List.of();
        }
        warnings.add(where + "read " + renderLiteral(literal) + " as equality and substituted it into rule "
            + original.render(symbols));
        Rule withoutTest = replace(rule, at, List.of());
        return List.of(mapTerms(withoutTest, equal::apply));
    }

    private static Rule replace(Rule rule, int at, List<Literal> replacement) {
        List<Literal> body = new ArrayList<>(rule.body().subList(0, at));
        body.addAll(replacement);
        body.addAll(rule.body().subList(at + 1, rule.body().size()));
        return new Rule(rule.head(), body, rule.variableCount(), rule.line());
    }

    /** The rule with its variables numbered densely again in order of first occurrence, as the parser does. */
    static Rule renumbered(Rule rule) {
        Map<Integer, Variable> fresh = new HashMap<>();
        UnaryOperator<Term> renumber = new UnaryOperator<>() {
            @Override
            public Term apply(Term term) {
                if (term instanceof Variable variable) {
                    return fresh.computeIfAbsent(variable.index(), k -> new Variable(fresh.size(), variable.name()));
                }
                return term instanceof Compound compound && !compound.isGround() ? mapArgs(compound, this) : term;
            }
        };
        Rule mapped = mapTerms(rule, renumber);
        return new Rule(mapped.head(), mapped.body(), fresh.size(), rule.line());
    }

    private static Term mapArgs(Compound compound, UnaryOperator<Term> function) {
        Term[] args = compound.args();
        for (int i = 0; i < args.length; i++) {
            args[i] = function.apply(args[i]);
        }
        return new Compound(compound.symbol(), args);
    }

    /** Applies {@code function} to the head and to every top-level term of the body, in source order. */
    private static Rule mapTerms(Rule rule, UnaryOperator<Term> function) {
        Term head = function.apply(rule.head());
        List<Literal> body = new ArrayList<>(rule.body().size());
        for (Literal literal : rule.body()) {
            body.add(literal.mapTerms(function));
        }
        return new Rule(head, body, rule.variableCount(), rule.line());
    }

    private String renderLiteral(Literal literal) {
        StringBuilder out = new StringBuilder();
        Rule.appendLiteral(out, literal, symbols);
        return out.toString();
    }
}
