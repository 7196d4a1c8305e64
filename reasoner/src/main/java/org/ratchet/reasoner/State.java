package org.ratchet.reasoner;

import java.util.Arrays;

/**
 * A game state as an immutable, sorted set of fact ids. Fact ids are defined by the engine that made the
 * state ({@link StateMachine#fact(int)} turns one back into a term), so states compare only within one
 * engine. Equal states have equal hashes, so states can key transposition tables.
 */
public final class State {
    private final int[] facts;
    private final int hash;

    /** Takes ownership of {@code sortedFacts}: it must be sorted ascending, without duplicates. */
    public State(int[] sortedFacts) {
        this.facts = sortedFacts;
        this.hash = Arrays.hashCode(sortedFacts);
    }

    /** Builds a state from fact ids in any order, possibly repeated. */
    public static State of(int... factIds) {
        int[] sorted = Arrays.stream(factIds).sorted().distinct().toArray();
        return new State(sorted);
    }

    public int size() {
        return facts.length;
    }

    /** The i-th fact id in ascending order. */
    public int fact(int i) {
        return facts[i];
    }

    public boolean contains(int factId) {
        return Arrays.binarySearch(facts, factId) >= 0;
    }

    /** A copy of the sorted fact ids. */
    public int[] facts() {
        return facts.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof State state && state.hash == hash && Arrays.equals(state.facts, facts);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "State" + Arrays.toString(facts);
    }
}
