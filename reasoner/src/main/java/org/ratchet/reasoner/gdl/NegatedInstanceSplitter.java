package org.ratchet.reasoner.gdl;

import it.unimi.dsi.fastutil.ints.Int2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes games that are stratified instance by instance, but not relation by relation, stratified.
 *
 * <p>Several repository games (queens, futoshiki, hidato, hexPie, majorities ...) negate a relation inside
 * its own definition, but only a different instance of it: {@code (<= (goal robot 100) (not (goal robot 0)))}.
 * GDL stratifies by relation, so read literally these games recurse through {@code not}; yet no instance
 * depends on itself, and the reading is clear. Here such a negated instance gets its own relation: the
 * rules whose heads can match the instance are copied under a fresh name ({@code goal~1}), and the negation
 * refers to the copy. The original rules stay, so the game's relations keep their meaning. If the game is
 * still not stratified after that, it truly recurses through {@code not} and the original error stands.
 */
final class NegatedInstanceSplitter {
    private final SymbolTable symbols;
    private final DependencyGraph graph;
    private final Int2ObjectOpenHashMap<IntSet> dependenciesOf = new Int2ObjectOpenHashMap<>();
    /** Fresh relation for each negated instance, keyed by the instance with its variables anonymised. */
    private final Map<String, Integer> copyOf = new HashMap<>();
    /** The instance each fresh relation stands for, in order of creation. */
    private final Int2ObjectLinkedOpenHashMap<Compound> instanceOf = new Int2ObjectLinkedOpenHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    private NegatedInstanceSplitter(GameDescription game) {
        this.symbols = game.symbols();
        this.graph = DependencyGraph.of(game);
    }

    /** The game itself if it is stratified, else the split game if that is; else the stratification error. */
    static GameDescription stratify(GameDescription game) throws GdlException {
        try {
            Stratification.of(game);
            return game;
        } catch (GdlException unstratified) {
            NegatedInstanceSplitter splitter = new NegatedInstanceSplitter(game);
            List<Rule> rules = new ArrayList<>(game.rules().size());
            for (Rule rule : game.rules()) {
                rules.add(splitter.split(rule));
            }
            if (splitter.instanceOf.isEmpty()) {
                throw unstratified;
            }
            // Copied after splitting, so that a copy reads further negated instances through their own copies
            // too (goal 0 <- not goal 50, goal 50 <- not goal 100 is a chain, not a cycle).
            rules.addAll(copies(rules, splitter.instanceOf));
            GameDescription split = game.withRules(rules, splitter.warnings);
            try {
                Stratification.of(split);
            } catch (GdlException stillUnstratified) {
                throw unstratified;
            }
            return split;
        }
    }

    private Rule split(Rule rule) {
        List<Literal> body = new ArrayList<>(rule.body().size());
        boolean changed = false;
        for (Literal literal : rule.body()) {
            Literal rewritten = split(literal, rule);
            changed |= rewritten != literal;
            body.add(rewritten);
        }
        return changed ? new Rule(rule.head(), body, rule.variableCount(), rule.line()) : rule;
    }

    private Literal split(Literal literal, Rule rule) {
        if (literal instanceof Literal.Disjunction disjunction) {
            List<Literal> options = new ArrayList<>();
            boolean changed = false;
            for (Literal option : disjunction.options()) {
                Literal rewritten = split(option, rule);
                changed |= rewritten != option;
                options.add(rewritten);
            }
            return changed ? new Literal.Disjunction(options) : literal;
        }
        if (!(literal instanceof Literal.Negation negation)
                || !(negation.inner() instanceof Literal.Positive positive)
                || !(positive.sentence() instanceof Compound instance)) {
            // A negated constant sentence has one instance only: it cannot be split.
            return literal;
        }
        int relation = instance.symbol();
        int head = rule.head().symbol();
        if (!dependenciesOf.computeIfAbsent(relation, r -> graph.dependencies(r)).contains(head)) {
            return literal;
        }
        int copy = copyOf.computeIfAbsent(anonymised(instance), key -> {
            int fresh = symbols.internFresh(symbols.name(relation));
            instanceOf.put(fresh, instance);
            return fresh;
        });
        Term renamed = new Compound(copy, instance.args());
        warnings.add("line " + rule.line() + ": '" + symbols.name(relation) + "' is negated within its own "
            + "definition, but only as the instance " + instance.render(symbols) + "; that instance is read from "
            + "a copy of its rules named '" + symbols.name(copy) + "', in rule " + rule.render(symbols));
        return new Literal.Negation(new Literal.Positive(renamed));
    }

    /** For each fresh relation, the rules whose heads could match its instance, under the fresh name. */
    private static List<Rule> copies(List<Rule> rules, Int2ObjectLinkedOpenHashMap<Compound> instanceOf) {
        List<Rule> copies = new ArrayList<>();
        for (Int2ObjectMap.Entry<Compound> entry : instanceOf.int2ObjectEntrySet()) {
            for (Rule rule : rules) {
                if (rule.head() instanceof Compound head && couldMatch(head, entry.getValue())) {
                    Term copiedHead = new Compound(entry.getIntKey(), head.args());
                    copies.add(new Rule(copiedHead, rule.body(), rule.variableCount(), rule.line()));
                }
            }
        }
        return copies;
    }

    /**
     * Whether some instance of {@code a} could equal some instance of {@code b}, the two having separate
     * variables. Repeated variables are not followed, so this may answer true too often; that only copies
     * a rule that can never be used.
     */
    private static boolean couldMatch(Term a, Term b) {
        if (a instanceof Variable || b instanceof Variable) {
            return true;
        }
        if (a.symbol() != b.symbol() || a.arity() != b.arity() || a.getClass() != b.getClass()) {
            return false;
        }
        for (int i = 0; i < a.arity(); i++) {
            if (!couldMatch(a.arg(i), b.arg(i))) {
                return false;
            }
        }
        return true;
    }

    private String anonymised(Term term) {
        StringBuilder out = new StringBuilder();
        appendAnonymised(term, out);
        return out.toString();
    }

    private void appendAnonymised(Term term, StringBuilder out) {
        if (term instanceof Variable) {
            out.append('?');
        } else if (term instanceof Compound compound) {
            out.append('(').append(symbols.name(compound.symbol()));
            for (int i = 0; i < compound.arity(); i++) {
                out.append(' ');
                appendAnonymised(compound.arg(i), out);
            }
            out.append(')');
        } else {
            out.append(symbols.name(term.symbol()));
        }
    }
}
