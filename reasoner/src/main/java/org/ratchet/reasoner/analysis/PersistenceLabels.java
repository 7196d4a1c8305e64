package org.ratchet.reasoner.analysis;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Substitution;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;

/**
 * Temporal labels of gadelac (Algorithm 1): a relation is <em>permanent</em> when its facts hold in every
 * state, <em>persistent</em> when its facts, once derived, stay true for the rest of the game, and
 * <em>ephemeral</em> otherwise. A fluent (the functor inside {@code true}) is persistent when the game keeps
 * it by the plain frame rule {@code (<= (next (f ?x..)) (true (f ?x..)))}. Labels then flow from rule
 * bodies to heads (a head takes the worst label of its body, permanent &lt; persistent &lt; ephemeral);
 * negation makes a head ephemeral, since a fact it blocks may appear later. Expects the normal form.
 */
public final class PersistenceLabels {
    public static final int PERMANENT = 0;
    public static final int PERSISTENT = 1;
    public static final int EPHEMERAL = 2;

    private final Int2IntOpenHashMap relationLabels = new Int2IntOpenHashMap();
    private final IntSet persistentFluents = new IntOpenHashSet();
    /** The frame rules {@code (<= (next p) (true p))}, general or not: each keeps the facts matching p. */
    private final List<Rule> frameRules = new ArrayList<>();

    private PersistenceLabels() {
    }

    public static PersistenceLabels of(GameDescription normalised) {
        PersistenceLabels labels = new PersistenceLabels();
        for (Rule rule : normalised.rules()) {
            if (isFrameRule(rule)) {
                labels.frameRules.add(rule);
                if (keepsEveryFact(rule)) {
                    labels.persistentFluents.add(rule.head().arg(0).symbol());
                }
            }
        }
        Int2IntOpenHashMap bound = labels.relationLabels;
        bound.put(SymbolTable.NEXT, EPHEMERAL);
        bound.put(SymbolTable.DOES, EPHEMERAL);
        bound.put(SymbolTable.LEGAL, EPHEMERAL);
        for (Rule rule : normalised.rules()) {
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Negation) {
                    bound.put(rule.head().symbol(), EPHEMERAL);
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Rule rule : normalised.rules()) {
                int label = bound.getOrDefault(rule.head().symbol(), PERMANENT);
                boolean allBound = true;
                for (Literal literal : rule.body()) {
                    int bodyLabel = labels.literalLabel(literal, bound);
                    if (bodyLabel < 0) {
                        allBound = false;
                        break;
                    }
                    label = Math.max(label, bodyLabel);
                }
                int head = rule.head().symbol();
                if (allBound && (!bound.containsKey(head) || bound.get(head) < label)) {
                    bound.put(head, label);
                    changed = true;
                }
            }
        }
        for (Rule rule : normalised.rules()) {
            if (!bound.containsKey(rule.head().symbol())) {
                bound.put(rule.head().symbol(), EPHEMERAL);
            }
        }
        return labels;
    }

    /** {@code (<= (next p) (true p))} with nothing else in the body: every fact matching p stays true. */
    private static boolean isFrameRule(Rule rule) {
        if (rule.head().symbol() != SymbolTable.NEXT || rule.head().arity() != 1 || rule.body().size() != 1) {
            return false;
        }
        return rule.body().get(0) instanceof Literal.Positive p && p.sentence().symbol() == SymbolTable.TRUE
            && p.sentence().arity() == 1 && p.sentence().arg(0).equals(rule.head().arg(0));
    }

    /**
     * Whether a frame rule keeps every fact of its fluent: its arguments are distinct variables. One for some
     * of them, such as {@code (<= (next (cell ?x ?y wall)) (true (cell ?x ?y wall)))}, keeps only those.
     */
    private static boolean keepsEveryFact(Rule frameRule) {
        Term fluent = frameRule.head().arg(0);
        Set<Term> variables = new HashSet<>();
        for (int i = 0; i < fluent.arity(); i++) {
            if (!(fluent.arg(i) instanceof Variable) || !variables.add(fluent.arg(i))) {
                return false;
            }
        }
        return true;
    }

    /** The label a body literal contributes, or -1 if its relation has none yet. */
    private int literalLabel(Literal literal, Int2IntOpenHashMap bound) {
        if (literal instanceof Literal.Distinct) {
            return PERMANENT;
        }
        Term sentence = literal instanceof Literal.Positive p ? p.sentence()
            : ((Literal.Positive) ((Literal.Negation) literal).inner()).sentence();
        if (sentence.symbol() == SymbolTable.TRUE) {
            Term fluent = sentence.arity() == 1 ? sentence.arg(0) : null;
            return fluent != null && persistentFluents.contains(fluent.symbol()) ? PERSISTENT : EPHEMERAL;
        }
        if (bound.containsKey(sentence.symbol())) {
            return bound.get(sentence.symbol());
        }
        return -1;
    }

    /** The label of a relation (relations with neither rules nor facts are permanent: always empty). */
    public int label(int relation) {
        return relationLabels.getOrDefault(relation, PERMANENT);
    }

    /** Whether every fact of this fluent, once true, stays true by the game's frame rule. */
    public boolean isPersistentFluent(int functor) {
        return persistentFluents.contains(functor);
    }

    /**
     * Whether this ground fact, once true, stays true: a frame rule keeps the facts its pattern matches
     * ({@code (cell 3 4 wall)} under {@code (<= (next (cell ?x ?y wall)) (true (cell ?x ?y wall)))}).
     */
    public boolean isPersistentFact(Term fact) {
        for (Rule frameRule : frameRules) {
            if (new Substitution(frameRule.variableCount()).unify(frameRule.head().arg(0), fact)) {
                return true;
            }
        }
        return false;
    }
}
