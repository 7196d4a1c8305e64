package org.ratchet.reasoner.ground;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * The instances of each relation computed at run time that some rule can read; the reference tables then
 * produce no other (tic-tac-toe's rules compute {@code (row ?m b)} for blank rows, but only {@code (line x)}
 * and {@code (line o)} are ever read, so no row of blanks is).
 *
 * <p>What the players read (legal, goal, terminal, next) is needed whole. An instance of any other relation
 * computed at run time is needed when a literal, positive or negated, of a rule with a needed head instance
 * can match it, with the head's variables limited to the values they take in the needed head instances. Each
 * head variable is limited on its own, so a rule with several head variables may keep an instance no needed
 * head asks for: the sets are never too small, only at times larger than they could be. Needs grow from the
 * readers to what they read until nothing changes, so recursive relations are covered too.
 */
public final class NeededInstances {
    private static final int[] READ_WHOLE = {SymbolTable.LEGAL, SymbolTable.GOAL, SymbolTable.TERMINAL,
        SymbolTable.NEXT};

    /** needed.get(symbol): local IDs needed of a relation computed at run time; absent: all of it. */
    private final Int2ObjectOpenHashMap<BitSet> needed = new Int2ObjectOpenHashMap<>();

    private NeededInstances() {
    }

    /** Whether some rule can read instance {@code local} of relation {@code symbol}. */
    public boolean isNeeded(int symbol, int local) {
        BitSet set = needed.get(symbol);
        return set == null || set.get(local);
    }

    /** Whether some instance of the relation is not needed. */
    public boolean restricts(int symbol) {
        return needed.containsKey(symbol);
    }

    /** The needed instances of the heads of {@code runtimeRules}, the rules evaluated in every state. */
    public static NeededInstances of(List<Rule> runtimeRules, Grounder grounder, Stratification strata,
            GroundingBudget budget) {
        NeededInstances result = new NeededInstances();
        for (Rule rule : runtimeRules) {
            result.needed.put(rule.head().symbol(), new BitSet());
        }
        for (int symbol : READ_WHOLE) {
            result.needed.remove(symbol);
        }
        // readers before what they read, so that a chain without recursion settles in one pass
        List<Rule> rules = new ArrayList<>(runtimeRules);
        rules.sort((a, b) -> Integer.compare(component(strata, b), component(strata, a)));
        int[] headsSeen = new int[rules.size()];
        Arrays.fill(headsSeen, -1);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < rules.size(); i++) {
                Rule rule = rules.get(i);
                BitSet heads = result.needed.get(rule.head().symbol());
                int headCount = heads == null ? Integer.MAX_VALUE : heads.cardinality();
                // a rule passes its needs on again only when its head needs more than last time
                if (headCount == headsSeen[i] || headCount == 0) {
                    continue;
                }
                headsSeen[i] = headCount;
                changed |= result.passOn(rule, heads, grounder, budget);
            }
        }
        return result;
    }

    private static int component(Stratification strata, Rule rule) {
        return strata.component(rule.head().symbol());
    }

    /**
     * Marks what {@code rule} reads for the needed instances {@code heads} of its head (null: all of them);
     * whether anything new was marked.
     */
    private boolean passOn(Rule rule, BitSet heads, Grounder grounder, GroundingBudget budget) {
        Bindings bindings = new Bindings(rule.variableCount());
        List<Set<Term>> allowed = heads == null ? null : headValues(rule, heads, grounder, bindings);
        if (heads != null && allowed == null) {
            return false;
        }
        List<Term> read = new ArrayList<>();
        for (Literal literal : rule.body()) {
            literal.addSentences(read);
        }
        boolean changed = false;
        for (Term sentence : read) {
            BitSet target = needed.get(sentence.symbol());
            if (target == null) {
                continue;
            }
            InstanceSet instances = grounder.set(sentence.symbol());
            for (int id = target.nextClearBit(0); id < instances.size(); id = target.nextClearBit(id + 1)) {
                budget.tick();
                int mark = bindings.mark();
                if (bindings.match(sentence, instances.get(id)) && allowedBindings(bindings, allowed)) {
                    target.set(id);
                    changed = true;
                }
                bindings.undo(mark);
            }
        }
        return changed;
    }

    /**
     * For each variable of the rule, the values it takes in the needed head instances the head matches
     * (null for a variable not in the head); null if the head matches none.
     */
    private static List<Set<Term>> headValues(Rule rule, BitSet heads, Grounder grounder, Bindings bindings) {
        List<Set<Term>> values = new ArrayList<>();
        for (int v = 0; v < rule.variableCount(); v++) {
            values.add(null);
        }
        InstanceSet instances = grounder.set(rule.head().symbol());
        boolean any = false;
        for (int id = heads.nextSetBit(0); id >= 0; id = heads.nextSetBit(id + 1)) {
            int mark = bindings.mark();
            if (bindings.match(rule.head(), instances.get(id))) {
                any = true;
                for (int v = 0; v < rule.variableCount(); v++) {
                    if (bindings.isBound(v)) {
                        if (values.get(v) == null) {
                            values.set(v, new HashSet<>());
                        }
                        values.get(v).add(bindings.values[v]);
                    }
                }
            }
            bindings.undo(mark);
        }
        return any ? values : null;
    }

    private static boolean allowedBindings(Bindings bindings, List<Set<Term>> allowed) {
        if (allowed == null) {
            return true;
        }
        for (int v = 0; v < allowed.size(); v++) {
            Set<Term> values = allowed.get(v);
            if (values != null && bindings.isBound(v) && !values.contains(bindings.values[v])) {
                return false;
            }
        }
        return true;
    }
}
