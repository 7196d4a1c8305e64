package org.ratchet.reasoner.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * Goal values that a persistent fact rules out for the rest of the game (a latch, after gadelac's persistent
 * facts). A fact is persistent when a frame rule of the game keeps it ({@link PersistenceLabels}):
 * once {@code whiteKingCaptured} is true it stays true, so a goal whose every rule needs
 * {@code (not (true whiteKingCaptured))}, directly or through the relations it reads, can never hold again.
 * The search uses this to know a role's remaining goal values in a state before the game ends.
 *
 * <p>The analysis works on the rules, not on states. A ground persistent fact <em>guards</em> a relation
 * when no instance of the relation can hold while the fluent is true: every rule for it has a body literal
 * that fails then, either {@code (not (true f))} itself or a positive literal of a relation f guards. The
 * guards are the greatest fixpoint of that definition (every relation starts guarded by everything), which
 * is sound by induction on the height of a derivation, recursion included. A goal value of a role is guarded
 * by the fluents that guard every goal rule whose head matches that role and value. Only ground fluents
 * count ({@code (not (true (captured ?p)))} with a variable guards nothing), and a role whose goal rules
 * compute the value from a variable gets no latches at all. Expects the normal form.
 */
public final class GoalLatches {
    /** A relation's guards before the fixpoint has lowered them: every fluent (no rule can derive it yet). */
    private static final Set<Term> EVERYTHING = Collections.unmodifiableSet(new HashSet<>());

    /** Per role: the goal values its rules name, ascending; empty where one is not a number. */
    private final List<int[]> values;
    /** Per role: goal value to the fluents any one of which rules it out (values without guards absent). */
    private final List<Map<Integer, Set<Term>>> guards;

    private GoalLatches(List<int[]> values, List<Map<Integer, Set<Term>>> guards) {
        this.values = values;
        this.guards = guards;
    }

    public static GoalLatches of(GameDescription normalised) {
        PersistenceLabels labels = PersistenceLabels.of(normalised);
        Map<Integer, List<Rule>> rulesByHead = new HashMap<>();
        for (Rule rule : normalised.rules()) {
            rulesByHead.computeIfAbsent(rule.head().symbol(), k -> new ArrayList<>()).add(rule);
        }
        Map<Integer, Set<Term>> relationGuards = new HashMap<>();
        for (int relation : rulesByHead.keySet()) {
            relationGuards.put(relation, EVERYTHING);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<Integer, List<Rule>> entry : rulesByHead.entrySet()) {
                Set<Term> lowered = guardsOfAll(entry.getValue(), relationGuards, labels);
                if (!sameGuards(lowered, relationGuards.get(entry.getKey()))) {
                    relationGuards.put(entry.getKey(), lowered);
                    changed = true;
                }
            }
        }
        List<int[]> values = new ArrayList<>();
        List<Map<Integer, Set<Term>>> perRole = new ArrayList<>();
        List<Rule> goalRules = rulesByHead.getOrDefault(SymbolTable.GOAL, List.of());
        SymbolTable symbols = normalised.symbols();
        for (Term role : normalised.roles()) {
            int[] named = goalValues(role, goalRules, symbols);
            values.add(named);
            perRole.add(named.length == 0 ? Map.of()
                : roleGuards(role, named, goalRules, relationGuards, labels, symbols));
        }
        return new GoalLatches(values, perRole);
    }

    /** The numbers the role's goal rules name, ascending; empty if a rule's value is not a plain number. */
    private static int[] goalValues(Term role, List<Rule> goalRules, SymbolTable symbols) {
        Set<Integer> values = new TreeSet<>();
        for (Rule rule : goalRules) {
            if (rule.head().arity() != 2 || !matches(rule.head().arg(0), role)) {
                continue;
            }
            int number = numberOf(rule.head().arg(1), symbols);
            if (number < 0) {
                return new int[0];
            }
            values.add(number);
        }
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Value to guards for one role, for the values that have any. */
    private static Map<Integer, Set<Term>> roleGuards(Term role, int[] values, List<Rule> goalRules,
            Map<Integer, Set<Term>> relationGuards, PersistenceLabels labels, SymbolTable symbols) {
        Map<Integer, Set<Term>> byValue = new HashMap<>();
        for (int value : values) {
            List<Rule> matching = new ArrayList<>();
            for (Rule rule : goalRules) {
                if (rule.head().arity() == 2 && matches(rule.head().arg(0), role)
                        && value == numberOf(rule.head().arg(1), symbols)) {
                    matching.add(rule);
                }
            }
            Set<Term> found = guardsOfAll(matching, relationGuards, labels);
            if (!found.isEmpty() && found != EVERYTHING) {
                byValue.put(value, Set.copyOf(found));
            }
        }
        return byValue;
    }

    private static boolean matches(Term head, Term constant) {
        return !head.isGround() || head.equals(constant);
    }

    /** The number a goal value term spells, or -1 for a variable or anything else. */
    private static int numberOf(Term value, SymbolTable symbols) {
        return value.isGround() && value.arity() == 0 ? symbols.numeral(value.symbol()) : -1;
    }

    /** The fluents that guard every one of the rules (EVERYTHING for no rules). */
    private static Set<Term> guardsOfAll(List<Rule> rules, Map<Integer, Set<Term>> relationGuards,
            PersistenceLabels labels) {
        Set<Term> common = EVERYTHING;
        for (Rule rule : rules) {
            Set<Term> ofRule = new LinkedHashSet<>();
            boolean everything = false;
            for (Literal literal : rule.body()) {
                Set<Term> ofLiteral = literalGuards(literal, relationGuards, labels);
                if (ofLiteral == EVERYTHING) {
                    everything = true; // the rule can never fire
                    break;
                }
                ofRule.addAll(ofLiteral);
            }
            if (everything) {
                continue;
            }
            if (common == EVERYTHING) {
                common = ofRule;
            } else {
                common.retainAll(ofRule);
            }
        }
        return common;
    }

    /** The fluents whose truth makes the literal fail; EVERYTHING if it can never hold. */
    private static Set<Term> literalGuards(Literal literal, Map<Integer, Set<Term>> relationGuards,
            PersistenceLabels labels) {
        if (literal instanceof Literal.Positive positive) {
            int relation = positive.sentence().symbol();
            if (relation == SymbolTable.TRUE || relation == SymbolTable.DOES) {
                return new HashSet<>();
            }
            Set<Term> ofRelation = relationGuards.get(relation);
            // a relation with no rules and no facts never holds
            return ofRelation == null ? EVERYTHING : ofRelation;
        }
        if (literal instanceof Literal.Negation negation && negation.inner() instanceof Literal.Positive inner
                && inner.sentence().symbol() == SymbolTable.TRUE && inner.sentence().arity() == 1) {
            Term fluent = inner.sentence().arg(0);
            Set<Term> one = new HashSet<>();
            if (fluent.isGround() && labels.isPersistentFact(fluent)) {
                one.add(fluent);
            }
            return one;
        }
        if (literal instanceof Literal.Disjunction disjunction) {
            Set<Term> common = null;
            for (Literal option : disjunction.options()) {
                Set<Term> ofOption = literalGuards(option, relationGuards, labels);
                if (ofOption == EVERYTHING) {
                    continue;
                }
                if (common == null) {
                    common = new HashSet<>(ofOption);
                } else {
                    common.retainAll(ofOption);
                }
            }
            return common == null ? EVERYTHING : common;
        }
        return new HashSet<>(); // distinct, other negations: no persistent fluent makes them fail for good
    }

    private static boolean sameGuards(Set<Term> a, Set<Term> b) {
        return a == EVERYTHING ? b == EVERYTHING : b != EVERYTHING && a.equals(b);
    }

    /** Whether any goal value of any role (in the order of the game's role facts) can be ruled out. */
    public boolean any() {
        for (Map<Integer, Set<Term>> byValue : guards) {
            if (!byValue.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The goal values the role's rules name, ascending; empty if one of them is not a number (nothing can be
     * told of the role then).
     */
    public int[] values(int role) {
        return values.get(role).clone();
    }

    /** The persistent fluents any one of which rules the role's goal value out; empty for none. */
    public Set<Term> guards(int role, int value) {
        return guards.get(role).getOrDefault(value, Set.of());
    }
}
