package org.ratchet.reasoner;

import org.ratchet.reasoner.gdl.GameDescription;

/**
 * A game prepared by one engine: immutable, shared by all threads, handing each thread its own
 * {@link StateMachine}.
 */
public interface StateMachineFactory {

    /** The engine's name as used on the command line ({@code prover}, {@code hsfc}). */
    String engineName();

    GameDescription description();

    /** A fresh machine, positioned at the initial state, for the calling thread. */
    StateMachine newMachine();
}
