package org.ratchet.reasoner.bottomup;

import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.TermIndex;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.terms.GoalWarnings;

/** One game prepared for bottom-up evaluation: the compiled program and the fact and move ids of all machines. */
final class BottomUpFactory implements StateMachineFactory {
    final Program program;
    private final GameDescription description;
    final TermIndex facts = new TermIndex();
    final TermIndex moves = new TermIndex();
    /** Ill-defined goals, logged once per game by all machines. */
    final GoalWarnings goalWarnings = new GoalWarnings();

    /** The program compiled from {@code description}'s rules, or from a rewrite of them. */
    BottomUpFactory(Program program, GameDescription description) {
        this.program = program;
        this.description = description;
    }

    @Override
    public String engineName() {
        return Engines.BOTTOMUP;
    }

    @Override
    public GameDescription description() {
        return description;
    }

    @Override
    public StateMachine newMachine() {
        return new BottomUpMachine(this);
    }
}
