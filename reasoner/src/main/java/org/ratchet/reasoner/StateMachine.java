package org.ratchet.reasoner;

import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Term;

/**
 * The seam between reasoning and everything else: one game's rules as a state machine. Every engine
 * (the reference prover, the forward chainer) implements it, so search, player and tests can swap them.
 *
 * <p>A machine has a <em>current state</em>; queries refer to it and {@link #advance(int[])} replaces it by
 * its successor in place, so playouts run without allocating. A machine is used by one thread at a time;
 * threads get their own from {@link StateMachineFactory#newMachine()}.
 *
 * <p>Moves and facts are engine-defined int ids, the same in every machine of one factory (so threads can
 * share a search tree). Roles are indexed 0..roleCount()-1 in declaration order.
 */
public interface StateMachine {

    /** The description this machine was built from (symbols for rendering, roles). */
    GameDescription description();

    int roleCount();

    /** The role's name as a term. */
    Term role(int roleIndex);

    /** The initial state (the {@code init} facts). */
    State initialState();

    /** Makes {@code state} the current state. */
    void setState(State state);

    /** A snapshot of the current state. */
    State currentState();

    /** Number of facts in the current state. */
    default int stateSize() {
        return currentState().size();
    }

    /**
     * Writes the current state's fact ids, ascending, to {@code into} from {@code offset} (which must have
     * room for {@link #stateSize()} ids): a snapshot without allocating, where the engine supports it.
     */
    default void writeState(int[] into, int offset) {
        State state = currentState();
        for (int i = 0; i < state.size(); i++) {
            into[offset + i] = state.fact(i);
        }
    }

    /**
     * Makes the state of the ascending fact ids {@code facts[from .. from + length)} current: the
     * counterpart of {@link #writeState}, so callers that keep states in arrays of their own need no
     * {@link State} objects.
     */
    default void setState(int[] facts, int from, int length) {
        setState(new State(java.util.Arrays.copyOfRange(facts, from, from + length)));
    }

    /** Whether {@code terminal} holds in the current state. */
    boolean isTerminal();

    /** Number of legal moves of the role in the current state (also computed in terminal states). */
    int legalCount(int roleIndex);

    /** The move id of the role's i-th legal move in the current state. */
    int legalMove(int roleIndex, int i);

    /**
     * Replaces the current state by its successor: {@code jointMove[r]} is the move id of role r and must
     * be legal in the current state.
     */
    void advance(int[] jointMove);

    /**
     * The role's goal value in the current state. Ill-defined games follow ../shared/TRACE.md: no derivable
     * value gives 0, several give the maximum.
     */
    int goal(int roleIndex);

    /** The term of a move id. */
    Term move(int moveId);

    /** The move id of the role's move term, or -1 if the engine knows no such move for the role. */
    int moveId(int roleIndex, Term move);

    /** The term of a fact id (the argument of {@code true}). */
    Term fact(int factId);

    /** The fact id of a fact term, or -1 if the engine knows no such fact (used to move a state between engines). */
    int factId(Term fact);

    /**
     * How many facts the engine numbered before play: ids {@code 0 .. factCount() - 1} are all the facts it
     * knows. -1 for an engine that numbers facts as it meets them.
     */
    default int factCount() {
        return -1;
    }
}
