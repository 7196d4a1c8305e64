package org.ratchet.reasoner;

import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * One way to prepare a game for play. Each engine package has one implementation, listed in
 * {@code META-INF/services/org.ratchet.reasoner.Engine}; {@link Engines} finds them there, so this package
 * depends on no engine while every engine depends on this package's {@link StateMachine} seam.
 */
public interface Engine {

    /** The engine's name, one of the names defined in {@link Engines}. */
    String name();

    /** Prepares the game within the budgets of {@code options}; throws when it cannot. */
    StateMachineFactory prepare(GameDescription game, EngineOptions options) throws GdlException;
}
