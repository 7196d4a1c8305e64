package org.ratchet.reasoner.hsfc;

import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.run.GameTerms;
import org.ratchet.reasoner.run.HsfcMachine;
import org.ratchet.reasoner.run.Keeping;
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
    /**
     * How much of what the program can keep up to date between states (see {@link Program#keptRelations} and
     * {@link Program#guardedRelations}) machines keep: chosen by measurement, as keeping pays only where the
     * rules it spares are costly to derive again.
     */
    final Keeping keeping;

    HsfcGame(GameDescription description, GameTerms terms, Program program, CompileStatistics statistics) {
        this(description, terms, program, statistics, Keeping.COUNTED_AND_GUARDED);
    }

    private HsfcGame(GameDescription description, GameTerms terms, Program program, CompileStatistics statistics,
            Keeping keeping) {
        this.description = description;
        this.terms = terms;
        this.program = program;
        this.statistics = statistics;
        this.keeping = keeping;
    }

    /** The same game with machines keeping that much between states. */
    HsfcGame keeping(Keeping keeping) {
        return new HsfcGame(description, terms, program, statistics, keeping);
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
        return new HsfcMachine(description, terms, program, keeping);
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
