package org.ratchet.reasoner.analysis;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.Substitution;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.GroundingBudget;

/**
 * The independent sub-games of a game (factoring, after Günther, Schiffel and Thielscher): groups of moves
 * and fluents such that a move only ever changes, and its legality only ever reads, the fluents of its own
 * group. Found on the ground rules: every instance of a {@code next} or {@code legal} rule, and of a derived
 * relation such rules read, links its head to the fluents, moves and derived atoms of its body; the groups
 * are the connected parts of those links. Two kinds of node link nothing: fluents no move can influence
 * (a step counter: they are the environment every sub-game sees) and derived atoms only {@code goal} and
 * {@code terminal} read (a goal that asks for any board to be lit combines sub-games; it does not join
 * them). Static relations and {@code distinct} are no links either.
 *
 * <p>The ground instances come from the grounder's instance sets (a superset of what is reachable), joined
 * rule by rule; a game whose rules have more instances than {@link #MAX_INSTANCES} is left unfactored.
 */
public final class SubGames {
    /** The most ground rule instances the analysis enumerates before it gives up (a big board game). */
    static final int MAX_INSTANCES = 200_000;

    /** One sub-game: its moves as {@code (does role move)} sentences, and its fluents. */
    public record SubGame(Set<Term> moves, Set<Term> fluents) {
    }

    /** The most ways one atom may be derived (as sets of sub-games) before {@link #focuses} gives up on it. */
    private static final int MAX_ALTERNATIVES = 64;

    private final List<SubGame> subGames;
    /** The ground instances by head node (empty for a game that was not factored). */
    private final Map<Term, List<Instance>> byHead;
    /** The index in {@link #subGames} of each linked fluent node {@code (true f)}. */
    private final Map<Term, Integer> subGameOfFluent;
    private final SymbolTable symbols;

    private SubGames(List<SubGame> subGames, Map<Term, List<Instance>> byHead, SymbolTable symbols) {
        this.subGames = subGames;
        this.byHead = byHead;
        this.symbols = symbols;
        this.subGameOfFluent = new HashMap<>();
        for (int i = 0; i < subGames.size(); i++) {
            for (Term fluent : subGames.get(i).fluents()) {
                subGameOfFluent.put(new Compound(SymbolTable.TRUE, new Term[] {fluent}), i);
            }
        }
    }

    private static SubGames none(GameDescription game) {
        return new SubGames(List.of(), Map.of(), game.symbols());
    }

    /** The sub-games, each with at least one move; empty if the game was too large to analyse. */
    public List<SubGame> subGames() {
        return subGames;
    }

    /**
     * Factors a normalised game; {@code budget} bounds the grounding and the joins. A game too large for it,
     * or for {@link #MAX_INSTANCES}, gets no sub-games.
     */
    public static SubGames of(GameDescription normalised, GroundingBudget budget) throws GdlException {
        StaticRelations statics = StaticRelations.of(DependencyGraph.of(normalised));
        List<Instance> instances = new ArrayList<>();
        try {
            Grounder grounder = Grounder.ground(normalised, Stratification.of(normalised), statics, budget, 16);
            for (Rule rule : normalised.rules()) {
                int head = rule.head().symbol();
                if (statics.isStatic(head) || head == SymbolTable.TERMINAL || head == SymbolTable.INIT) {
                    continue;
                }
                if (!ground(rule, grounder, statics, budget, instances)) {
                    return none(normalised);
                }
            }
        } catch (GroundingBudget.Exceeded tooLarge) {
            return none(normalised);
        }
        Map<Term, List<Instance>> byHead = new HashMap<>();
        for (Instance instance : instances) {
            byHead.computeIfAbsent(instance.head(), k -> new ArrayList<>()).add(instance);
        }
        return new SubGames(connect(instances, byHead), byHead, normalised.symbols());
    }

    /**
     * A ground rule instance: its head node, every node its body reads, and which of those it reads under
     * {@code not}.
     */
    private record Instance(Term head, List<Term> body, List<Term> negatives) {
    }

    /**
     * Adds the rule's ground instances to {@code out}, each as its head node and body nodes ({@link #node}:
     * a fluent by its {@code true} sentence, {@code next} heads too, a move by its {@code does} sentence,
     * {@code legal} heads too, a derived atom by itself). False once {@link #MAX_INSTANCES} is passed.
     */
    private static boolean ground(Rule rule, Grounder grounder, StaticRelations statics, GroundingBudget budget,
            List<Instance> out) {
        List<Term> positives = new ArrayList<>();
        for (Literal literal : rule.body()) {
            if (literal instanceof Literal.Positive positive) {
                positives.add(positive.sentence());
            }
        }
        return join(rule, positives, 0, new Substitution(rule.variableCount()), grounder, statics, budget, out);
    }

    private static boolean join(Rule rule, List<Term> positives, int next, Substitution binding,
            Grounder grounder, StaticRelations statics, GroundingBudget budget, List<Instance> out) {
        if (next == positives.size()) {
            List<Term> read = new ArrayList<>();
            List<Term> readNegated = new ArrayList<>();
            for (Literal literal : rule.body()) {
                if (literal instanceof Literal.Distinct distinct) {
                    if (binding.apply(distinct.left()).equals(binding.apply(distinct.right()))) {
                        return true; // no instance: the distinct fails
                    }
                    continue;
                }
                boolean negated = literal instanceof Literal.Negation;
                Literal inner = literal instanceof Literal.Negation negation ? negation.inner() : literal;
                if (!(inner instanceof Literal.Positive positive)) {
                    continue;
                }
                Term sentence = binding.apply(positive.sentence());
                if (!sentence.isGround()) {
                    return true; // an unsafe rule; the validator refuses these, so this is no instance
                }
                if (statics.isStatic(sentence.symbol())) {
                    if (negated && grounder.set(sentence.symbol()).contains(sentence)) {
                        return true; // no instance: the static fact it negates holds
                    }
                    continue;
                }
                (negated ? readNegated : read).add(node(sentence));
            }
            read.addAll(readNegated);
            out.add(new Instance(node(binding.apply(rule.head())), read, readNegated));
            return out.size() <= MAX_INSTANCES;
        }
        Term pattern = positives.get(next);
        for (Term instance : grounder.set(pattern.symbol()).terms()) {
            budget.tick();
            int mark = binding.mark();
            if (binding.unify(pattern, instance)
                    && !join(rule, positives, next + 1, binding, grounder, statics, budget, out)) {
                return false;
            }
            binding.undo(mark);
        }
        return true;
    }

    /** The node a ground sentence stands for: {@code (true f)} for a fluent, {@code (does r m)} for a move. */
    private static Term node(Term sentence) {
        int relation = sentence.symbol();
        if (relation == SymbolTable.NEXT && sentence.arity() == 1) {
            return new Compound(SymbolTable.TRUE, new Term[] {sentence.arg(0)});
        }
        if (relation == SymbolTable.LEGAL && sentence.arity() == 2) {
            return new Compound(SymbolTable.DOES, new Term[] {sentence.arg(0), sentence.arg(1)});
        }
        return sentence;
    }

    private static boolean isMove(Term node) {
        return node.symbol() == SymbolTable.DOES;
    }

    private static boolean isFluent(Term node) {
        return node.symbol() == SymbolTable.TRUE;
    }

    /** The sub-games the instances' links make. */
    private static List<SubGame> connect(List<Instance> instances, Map<Term, List<Instance>> byHead) {
        // fluents and derived atoms some move can influence: a fixpoint upwards from the moves
        Set<Term> influenced = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Instance instance : instances) {
                if (isMove(instance.head()) || influenced.contains(instance.head())) {
                    continue;
                }
                for (Term read : instance.body()) {
                    if (isMove(read) || influenced.contains(read)) {
                        influenced.add(instance.head());
                        changed = true;
                        break;
                    }
                }
            }
        }
        // derived atoms the dynamics read: next and legal rules, directly or through other derived atoms
        Set<Term> dynamic = new HashSet<>();
        List<Term> frontier = new ArrayList<>();
        for (Instance instance : instances) {
            if (isMove(instance.head()) || isFluent(instance.head())) {
                frontier.addAll(instance.body());
            }
        }
        while (!frontier.isEmpty()) {
            Term node = frontier.remove(frontier.size() - 1);
            if (!isMove(node) && !isFluent(node) && dynamic.add(node) && byHead.containsKey(node)) {
                for (Instance instance : byHead.get(node)) {
                    frontier.addAll(instance.body());
                }
            }
        }
        UnionFind groups = new UnionFind();
        for (Instance instance : instances) {
            Term head = instance.head();
            boolean links = isMove(head) || influenced.contains(head) && (isFluent(head) || dynamic.contains(head));
            if (!links) {
                continue;
            }
            groups.add(head);
            for (Term read : instance.body()) {
                if (isMove(read) || influenced.contains(read)) {
                    groups.union(head, read);
                }
            }
        }
        Map<Term, SubGame> byRoot = new LinkedHashMap<>();
        for (Term node : groups.nodes()) {
            SubGame group = byRoot.computeIfAbsent(groups.find(node),
                    k -> new SubGame(new HashSet<>(), new HashSet<>()));
            if (isMove(node)) {
                group.moves().add(node);
            } else if (isFluent(node)) {
                group.fluents().add(node.arg(0));
            }
        }
        List<SubGame> result = new ArrayList<>();
        for (SubGame group : byRoot.values()) {
            if (!group.moves().isEmpty()) {
                result.add(new SubGame(Set.copyOf(group.moves()), Set.copyOf(group.fluents())));
            }
        }
        return result;
    }

    /**
     * The moves that can reach the role's highest goal on their own, one set per way of reaching it: where
     * the goal rules (through the relations they read) ask for one of several groups of sub-games (any one
     * board lit), each group's moves. Only the ways that need fewer than all the sub-games count; empty
     * where there are none, or where the goal's derivation is recursive or has too many ways to tell.
     * The moves are {@code (does role move)} sentences.
     */
    public List<Set<Term>> focuses(Term role) {
        Term best = null;
        int bestValue = -1;
        for (Term head : byHead.keySet()) {
            if (head.symbol() == SymbolTable.GOAL && head.arity() == 2 && head.arg(0).equals(role)) {
                int value = head.arg(1).arity() == 0 ? symbols.numeral(head.arg(1).symbol()) : -1;
                if (value > bestValue) {
                    bestValue = value;
                    best = head;
                }
            }
        }
        List<BitSet> ways = best == null ? null : ways(best, new HashSet<>(), new HashMap<>());
        if (ways == null) {
            return List.of();
        }
        long withMoves = subGames.size();
        Set<Set<Term>> focuses = new LinkedHashSet<>();
        for (BitSet way : ways) {
            if (way.cardinality() > 0 && way.cardinality() < withMoves) {
                Set<Term> moves = new HashSet<>();
                way.stream().forEach(i -> moves.addAll(subGames.get(i).moves()));
                focuses.add(Set.copyOf(moves));
            }
        }
        return List.copyOf(focuses);
    }

    /**
     * The ways a node can hold, each as the set of sub-games whose fluents it reads; null where that cannot
     * be told (recursion, too many ways). A fluent of no sub-game (the environment) adds none.
     */
    private List<BitSet> ways(Term node, Set<Term> onPath, Map<Term, List<BitSet>> known) {
        if (isFluent(node) || isMove(node)) {
            BitSet one = new BitSet();
            Integer subGame = subGameOfFluent.get(node);
            if (subGame != null) {
                one.set(subGame);
            }
            return List.of(one);
        }
        if (known.containsKey(node)) {
            return known.get(node);
        }
        if (!onPath.add(node)) {
            return null;
        }
        Set<BitSet> ways = new LinkedHashSet<>();
        for (Instance instance : byHead.getOrDefault(node, List.of())) {
            Set<BitSet> combined = new LinkedHashSet<>(List.of(new BitSet()));
            for (Term read : instance.body()) {
                List<BitSet> readWays = ways(read, onPath, known);
                if (readWays == null) {
                    return null;
                }
                if (instance.negatives().contains(read)) {
                    // what must stay false reads every sub-game any of its ways reads (none if it never holds)
                    BitSet all = new BitSet();
                    readWays.forEach(all::or);
                    readWays = List.of(all);
                }
                Set<BitSet> next = new LinkedHashSet<>();
                for (BitSet so : combined) {
                    for (BitSet way : readWays) {
                        BitSet union = (BitSet) so.clone();
                        union.or(way);
                        next.add(union);
                    }
                }
                if (next.size() > MAX_ALTERNATIVES) {
                    return null;
                }
                combined = next;
            }
            ways.addAll(combined);
            if (ways.size() > MAX_ALTERNATIVES) {
                return null;
            }
        }
        onPath.remove(node);
        List<BitSet> result = List.copyOf(ways);
        known.put(node, result);
        return result;
    }

    /** Union-find over terms, with path halving. */
    private static final class UnionFind {
        private final Map<Term, Term> parents = new LinkedHashMap<>();

        void add(Term node) {
            parents.putIfAbsent(node, node);
        }

        Term find(Term node) {
            add(node);
            Term current = node;
            while (!parents.get(current).equals(current)) {
                Term grand = parents.get(parents.get(current));
                parents.put(current, grand);
                current = grand;
            }
            return current;
        }

        void union(Term a, Term b) {
            Term rootA = find(a);
            Term rootB = find(b);
            if (!rootA.equals(rootB)) {
                parents.put(rootA, rootB);
            }
        }

        Set<Term> nodes() {
            return parents.keySet();
        }
    }
}
