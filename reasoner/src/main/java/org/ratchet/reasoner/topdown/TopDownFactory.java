package org.ratchet.reasoner.topdown;

import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.TermIndex;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.terms.GoalWarnings;

/** One game prepared for the top-down engine: its compiled rules and the fact and move ids of all machines. */
final class TopDownFactory implements StateMachineFactory {
    final Rules rules;
    final TermIndex facts = new TermIndex();
    final TermIndex moves = new TermIndex();
    /** Ill-defined goals, logged once per game by all machines. */
    final GoalWarnings goalWarnings = new GoalWarnings();

    TopDownFactory(Rules rules) {
        this.rules = rules;
    }

    @Override
    public String engineName() {
        return Engines.TOPDOWN;
    }

    @Override
    public GameDescription description() {
        return rules.game;
    }

    @Override
    public StateMachine newMachine() {
        return new TopDownMachine(this);
    }
}
