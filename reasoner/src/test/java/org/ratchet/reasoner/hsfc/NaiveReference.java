package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.IntList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.rewrite.Passes;

/**
 * A deliberately simple, slow evaluator for small games: for each state it recomputes every relation
 * bottom-up, stratum by stratum, by naive iteration over term sets. It shares nothing with the engine but
 * the normal form, so the two disagree when the engine's grounding or tables are wrong.
 */
final class NaiveReference {
    private final GameDescription game;
    private final List<IntList> components;
    private final Map<Integer, List<Rule>> rulesByHead = new HashMap<>();

    NaiveReference(GameDescription original) throws GdlException {
        game = Passes.normalForm(original);
        components = Stratification.of(game).components();
        for (Rule rule : game.rules()) {
            rulesByHead.computeIfAbsent(rule.head().symbol(), k -> new ArrayList<>()).add(rule);
        }
    }

    /** Every derivable sentence, by relation, given the state's facts and (optionally) the moves. */
    Map<Integer, Set<Term>> derive(Set<Term> state, Map<Term, Term> moves) {
        Map<Integer, Set<Term>> facts = new HashMap<>();
        for (Term fact : state) {
            facts.computeIfAbsent(SymbolTable.TRUE, k -> new LinkedHashSet<>()).add(new Compound(SymbolTable.TRUE, fact));
        }
        if (moves != null) {
            for (Map.Entry<Term, Term> move : moves.entrySet()) {
                facts.computeIfAbsent(SymbolTable.DOES, k -> new LinkedHashSet<>())
                    .add(new Compound(SymbolTable.DOES, move.getKey(), move.getValue()));
            }
        }
        for (IntList component : components) {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int relation : component) {
                    for (Rule rule : rulesByHead.getOrDefault(relation, List.of())) {
                        List<Term> derived = new ArrayList<>();
                        solve(rule, 0, new Term[rule.variableCount()], facts, derived);
                        for (Term head : derived) {
                            changed |= facts.computeIfAbsent(head.symbol(), k -> new LinkedHashSet<>()).add(head);
                        }
                    }
                }
            }
        }
        return facts;
    }

    Set<Term> initialState() {
        Set<Term> state = new LinkedHashSet<>();
        for (Term init : derive(Set.of(), null).getOrDefault(SymbolTable.INIT, Set.of())) {
            state.add(init.arg(0));
        }
        return state;
    }

    private void solve(Rule rule, int index, Term[] binding, Map<Integer, Set<Term>> facts, List<Term> out) {
        if (index == rule.body().size()) {
            out.add(substitute(rule.head(), binding));
            return;
        }
        Literal literal = rule.body().get(index);
        if (literal instanceof Literal.Positive p) {
            for (Term candidate : new ArrayList<>(facts.getOrDefault(p.sentence().symbol(), Set.of()))) {
                Term[] extended = binding.clone();
                if (unify(p.sentence(), candidate, extended)) {
                    solve(rule, index + 1, extended, facts, out);
                }
            }
            return;
        }
        // negations and distinct need their variables bound: evaluate them after the positives
        boolean allBound = isBound(literal, binding);
        if (!allBound) {
            List<Literal> reordered = new ArrayList<>(rule.body());
            reordered.remove(index);
            reordered.add(literal);
            solve(new Rule(rule.head(), reordered, rule.variableCount(), rule.line()), index, binding, facts, out);
            return;
        }
        if (literal instanceof Literal.Distinct d) {
            if (!substitute(d.left(), binding).equals(substitute(d.right(), binding))) {
                solve(rule, index + 1, binding, facts, out);
            }
        } else {
            Term sentence = ((Literal.Positive) ((Literal.Negation) literal).inner()).sentence();
            if (!facts.getOrDefault(sentence.symbol(), Set.of()).contains(substitute(sentence, binding))) {
                solve(rule, index + 1, binding, facts, out);
            }
        }
    }

    private static boolean isBound(Literal literal, Term[] binding) {
        if (literal instanceof Literal.Distinct d) {
            return ground(d.left(), binding) && ground(d.right(), binding);
        }
        return ground(((Literal.Positive) ((Literal.Negation) literal).inner()).sentence(), binding);
    }

    private static boolean ground(Term term, Term[] binding) {
        if (term instanceof Variable v) {
            return binding[v.index()] != null;
        }
        for (int i = 0; i < term.arity(); i++) {
            if (!ground(term.arg(i), binding)) {
                return false;
            }
        }
        return true;
    }

    private static boolean unify(Term pattern, Term ground, Term[] binding) {
        if (pattern instanceof Variable v) {
            if (binding[v.index()] == null) {
                binding[v.index()] = ground;
                return true;
            }
            return binding[v.index()].equals(ground);
        }
        if (pattern.arity() == 0 || !(pattern instanceof Compound)) {
            return pattern.equals(ground);
        }
        if (!(ground instanceof Compound) || ground.symbol() != pattern.symbol() || ground.arity() != pattern.arity()) {
            return false;
        }
        for (int i = 0; i < pattern.arity(); i++) {
            if (!unify(pattern.arg(i), ground.arg(i), binding)) {
                return false;
            }
        }
        return true;
    }

    private static Term substitute(Term term, Term[] binding) {
        if (term instanceof Variable v) {
            return binding[v.index()];
        }
        if (term instanceof Compound c && !c.isGround()) {
            Term[] args = new Term[c.arity()];
            for (int i = 0; i < args.length; i++) {
                args[i] = substitute(c.arg(i), binding);
            }
            return new Compound(c.symbol(), args);
        }
        return term;
    }
}
