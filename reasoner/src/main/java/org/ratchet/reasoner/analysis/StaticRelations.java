package org.ratchet.reasoner.analysis;

import it.unimi.dsi.fastutil.ints.IntSet;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * Static (permanent) versus dynamic relations: a relation is dynamic when it depends, through any chain of
 * rules and under any polarity, on {@code true} or {@code does}; every other relation has the same extension
 * in every state and can be computed once at compile time (gadelac's permanent facts).
 */
public final class StaticRelations {
    private final IntSet dynamic;
    private final IntSet moveDependent;

    private StaticRelations(IntSet dynamic, IntSet moveDependent) {
        this.dynamic = dynamic;
        this.moveDependent = moveDependent;
    }

    public static StaticRelations of(DependencyGraph graph) {
        return new StaticRelations(graph.dependents(SymbolTable.TRUE, SymbolTable.DOES),
            graph.dependents(SymbolTable.DOES));
    }

    /** Whether the relation's extension is the same in every state. */
    public boolean isStatic(int relation) {
        return !dynamic.contains(relation);
    }

    /** Whether the relation depends on the moves played ({@code does}), i.e. belongs to the transition. */
    public boolean dependsOnMoves(int relation) {
        return moveDependent.contains(relation);
    }
}
