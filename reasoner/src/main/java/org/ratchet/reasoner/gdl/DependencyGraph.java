package org.ratchet.reasoner.gdl;

import it.unimi.dsi.fastutil.ints.Int2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.IntArrayFIFOQueue;
import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Which relation depends on which: an edge from a rule's head relation to every relation in its body,
 * marked negative when the body literal is under {@code not}. Relations are identified by their symbol id.
 */
public final class DependencyGraph {

    /** An edge to {@code relation}; {@code rule} is one rule that creates it, for messages. */
    public record Edge(int relation, boolean negative, Rule rule) {
    }

    private final Int2ObjectMap<List<Edge>> edges = new Int2ObjectLinkedOpenHashMap<>();
    private final IntSet relations = new IntLinkedOpenHashSet();

    private DependencyGraph() {
    }

    public static DependencyGraph of(GameDescription game) {
        DependencyGraph graph = new DependencyGraph();
        for (Rule rule : game.rules()) {
            int head = rule.head().symbol();
            graph.relations.add(head);
            graph.edges.computeIfAbsent(head, k -> new ArrayList<>());
            for (Literal literal : rule.body()) {
                graph.addEdges(head, literal, false, rule);
            }
        }
        return graph;
    }

    private void addEdges(int head, Literal literal, boolean negative, Rule rule) {
        if (literal instanceof Literal.Positive positive) {
            int relation = positive.sentence().symbol();
            relations.add(relation);
            edges.get(head).add(new Edge(relation, negative, rule));
        } else if (literal instanceof Literal.Negation negation) {
            addEdges(head, negation.inner(), true, rule);
        } else if (literal instanceof Literal.Disjunction disjunction) {
            for (Literal option : disjunction.options()) {
                addEdges(head, option, negative, rule);
            }
        }
    }

    /** Every relation that occurs in a head or a body. */
    public IntSet relations() {
        return relations;
    }

    /**
     * The given relations and every relation they depend on, directly or through others, in breadth-first
     * order (callers that build something from the set get it in the same order every run).
     */
    public IntSet dependencies(int... from) {
        IntSet reached = new IntLinkedOpenHashSet();
        IntArrayFIFOQueue queue = new IntArrayFIFOQueue();
        for (int relation : from) {
            if (reached.add(relation)) {
                queue.enqueue(relation);
            }
        }
        while (!queue.isEmpty()) {
            for (Edge edge : edgesFrom(queue.dequeueInt())) {
                if (reached.add(edge.relation())) {
                    queue.enqueue(edge.relation());
                }
            }
        }
        return reached;
    }

    /** The given relations and every relation that depends on one of them, directly or through others. */
    public IntSet dependents(int... to) {
        IntSet reached = new IntOpenHashSet(to);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int relation : relations) {
                if (!reached.contains(relation) && dependsOnAny(relation, reached)) {
                    reached.add(relation);
                    changed = true;
                }
            }
        }
        return reached;
    }

    private boolean dependsOnAny(int relation, IntSet targets) {
        for (Edge edge : edgesFrom(relation)) {
            if (targets.contains(edge.relation())) {
                return true;
            }
        }
        return false;
    }

    /** The body relations of the rules for {@code relation} (empty for relations with no rules). */
    public List<Edge> edgesFrom(int relation) {
        List<Edge> out = edges.get(relation);
        return out == null ? List.of() : out;
    }
}
