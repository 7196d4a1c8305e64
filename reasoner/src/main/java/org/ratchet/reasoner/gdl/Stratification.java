package org.ratchet.reasoner.gdl;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntList;
import java.util.ArrayList;
import java.util.List;

/**
 * Strata for stratified negation: every relation gets a stratum at least that of the relations it depends
 * on, and strictly higher than those it depends on through {@code not}. Mutually recursive relations form
 * one component (Tarjan's strongly connected components); a negative edge inside a component means the
 * game is not stratified and is rejected.
 */
public final class Stratification {
    private final Int2IntOpenHashMap stratumOf = new Int2IntOpenHashMap();
    private final Int2IntOpenHashMap componentOf = new Int2IntOpenHashMap();
    /** Components in dependency order: a component only depends on earlier ones. */
    private final List<IntList> components = new ArrayList<>();
    private final List<Boolean> recursive = new ArrayList<>();
    private int strataCount;

    private Stratification() {
    }

    public static Stratification of(GameDescription game) throws GdlException {
        DependencyGraph graph = DependencyGraph.of(game);
        Stratification result = new Stratification();
        result.findComponents(graph);
        result.assignStrata(graph, game.symbols());
        return result;
    }

    /** The stratum of a relation (0 for relations with no rules). */
    public int stratum(int relation) {
        return stratumOf.getOrDefault(relation, 0);
    }

    public int strataCount() {
        return strataCount;
    }

    /** Strongly connected components of the dependency graph, each after everything it depends on. */
    public List<IntList> components() {
        return components;
    }

    /** Whether the relation depends on itself (directly or through others). */
    public boolean isRecursive(int relation) {
        return componentOf.containsKey(relation) && recursive.get(componentOf.get(relation));
    }

    /** The index in {@link #components()} of the relation's component. */
    public int component(int relation) {
        return componentOf.get(relation);
    }

    // Tarjan's algorithm; emits components in reverse topological order of the "depends on" edges, which
    // is exactly dependency order (a component comes after every component it depends on).
    private final Int2IntOpenHashMap index = new Int2IntOpenHashMap();
    private final Int2IntOpenHashMap lowLink = new Int2IntOpenHashMap();
    private final IntArrayList stack = new IntArrayList();
    private final it.unimi.dsi.fastutil.ints.IntOpenHashSet onStack = new it.unimi.dsi.fastutil.ints.IntOpenHashSet();
    private int nextIndex;

    private void findComponents(DependencyGraph graph) {
        for (int relation : graph.relations()) {
            if (!index.containsKey(relation)) {
                connect(relation, graph);
            }
        }
    }

    private void connect(int relation, DependencyGraph graph) {
        index.put(relation, nextIndex);
        lowLink.put(relation, nextIndex);
        nextIndex++;
        stack.push(relation);
        onStack.add(relation);
        boolean selfLoop = false;
        for (DependencyGraph.Edge edge : graph.edgesFrom(relation)) {
            int target = edge.relation();
            if (target == relation) {
                selfLoop = true;
            }
            if (!index.containsKey(target)) {
                connect(target, graph);
                lowLink.put(relation, Math.min(lowLink.get(relation), lowLink.get(target)));
            } else if (onStack.contains(target)) {
                lowLink.put(relation, Math.min(lowLink.get(relation), index.get(target)));
            }
        }
        if (lowLink.get(relation) == index.get(relation)) {
            IntList component = new IntArrayList();
            int member;
            do {
                member = stack.popInt();
                onStack.remove(member);
                component.add(member);
                componentOf.put(member, components.size());
            } while (member != relation);
            components.add(component);
            recursive.add(component.size() > 1 || selfLoop);
        }
    }

    private void assignStrata(DependencyGraph graph, SymbolTable symbols) throws GdlException {
        for (int c = 0; c < components.size(); c++) {
            IntList component = components.get(c);
            int stratum = 0;
            for (int relation : component) {
                for (DependencyGraph.Edge edge : graph.edgesFrom(relation)) {
                    int targetComponent = componentOf.get(edge.relation());
                    if (targetComponent == c) {
                        if (edge.negative()) {
                            throw new GdlException("recursion through 'not': " + symbols.name(relation)
                                + " depends negatively on " + symbols.name(edge.relation())
                                + " which depends on it in turn, in rule " + edge.rule().render(symbols),
                                edge.rule().line());
                        }
                        continue;
                    }
                    int below = stratumOf.get(edge.relation());
                    stratum = Math.max(stratum, edge.negative() ? below + 1 : below);
                }
            }
            for (int relation : component) {
                stratumOf.put(relation, stratum);
            }
            strataCount = Math.max(strataCount, stratum + 1);
        }
    }
}
