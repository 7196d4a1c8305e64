package org.ratchet.reasoner.hsfc;

import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.run.GameTerms;
import org.ratchet.reasoner.run.HsfcMachine;
import org.ratchet.reasoner.run.Program;

/**
 * A game compiled to reference tables, the factory of its machines: the {@link GameTerms} (IDs and terms),
 * the {@link Program} every machine runs, and the compile figures. Immutable and shared by every thread;
 * each thread evaluates it in its own {@link HsfcMachine}.
 */
public final class HsfcGame implements StateMachineFactory {
    final GameDescription description;
    final GameTerms terms;
    final Program program;
    final CompileStatistics statistics;

    HsfcGame(GameDescription description, GameTerms terms, Program program, CompileStatistics statistics) {
        this.description = description;
        this.terms = terms;
        this.program = program;
        this.statistics = statistics;
    }

    @Override
    public String engineName() {
        return Engines.HSFC;
    }

    @Override
    public GameDescription description() {
        return description;
    }

    @Override
    public StateMachine newMachine() {
        return new HsfcMachine(description, terms, program);
    }

    /** Compilation figures (HSFC Table 1). */
    public CompileStatistics statistics() {
        return statistics;
    }

    int factCount() {
        return terms.factCount();
    }

    int moveCount() {
        return terms.moveCount();
    }

    @Override
    public String toString() {
        return "HsfcGame[" + program.layout.count() + ", " + terms.factCount() + ", " + terms.moveCount() + "]";
    }
}
