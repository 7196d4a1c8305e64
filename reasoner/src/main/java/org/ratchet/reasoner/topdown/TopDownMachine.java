package org.ratchet.reasoner.topdown;

import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.terms.InternedMachine;

/**
 * A {@link StateMachine} answering every query with its own {@link Solver}: terminal, each role's legal moves
 * and goals are asked of the current state when first needed; advancing sets the joint move and asks
 * {@code next}. Its term store is a copy of the one built at preparation; fact and move ids leave it through
 * the factory's shared registries.
 */
final class TopDownMachine extends InternedMachine {
    private final TopDownFactory factory;
    private final Rules rules;
    private final Solver solver;
    /** The relations the machine asks about, or -1 where the game has no rule for one. */
    private final int legalRelation;
    private final int goalRelation;
    private final int nextRelation;
    private final int terminalRelation;
    private final int[] key;
    /** The current state's facts as the machine's term ids, for the solver. */
    private int[] factTerms = new int[16];
    private final int[] moveTerms;
    private final State initial;

    TopDownMachine(TopDownFactory factory) {
        super(factory.rules.game, factory.rules.base.copy(), factory.facts, factory.moves,
            factory.goalWarnings);
        this.factory = factory;
        this.rules = factory.rules;
        this.solver = new Solver(rules, store);
        this.legalRelation = rules.relation(SymbolTable.LEGAL, 2);
        this.goalRelation = rules.relation(SymbolTable.GOAL, 2);
        this.nextRelation = rules.relation(SymbolTable.NEXT, 1);
        this.terminalRelation = rules.relation(SymbolTable.TERMINAL, 0);
        this.key = new int[Math.max(2, rules.maxArity)];
        this.moveTerms = new int[roleTerms.length];
        this.initial = deriveInitialState();
        setState(initial);
    }

    private State deriveInitialState() {
        int init = rules.relation(SymbolTable.INIT, 1);
        if (init < 0) {
            return State.of();
        }
        solver.setState(factTerms, 0);
        key[0] = Table.FREE;
        Table answers = solver.ask(init, key);
        int[] ids = new int[answers.count];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = factIds.shared(answers.value(i, 0));
        }
        return State.of(ids);
    }

    @Override
    public State initialState() {
        return initial;
    }

    @Override
    protected void loadState(int[] facts, int count) {
        if (factTerms.length < count) {
            factTerms = new int[count * 2];
        }
        for (int i = 0; i < count; i++) {
            factTerms[i] = factIds.term(facts[i]);
        }
        solver.setState(factTerms, count);
    }

    @Override
    protected boolean deriveTerminal() {
        return terminalRelation >= 0 && solver.ask(terminalRelation, key).count > 0;
    }

    @Override
    protected void deriveLegal(int roleIndex) {
        if (legalRelation >= 0) {
            key[0] = roleTerms[roleIndex];
            key[1] = Table.FREE;
            Table answers = solver.ask(legalRelation, key);
            for (int i = 0; i < answers.count; i++) {
                addLegal(roleIndex, answers.value(i, 1));
            }
        }
    }

    @Override
    public void advance(int[] jointMove) {
        if (jointMove.length != roleTerms.length) {
            throw new IllegalArgumentException("a joint move needs " + roleTerms.length + " moves, got "
                + jointMove.length);
        }
        for (int r = 0; r < roleTerms.length; r++) {
            moveTerms[r] = moveIds.term(jointMove[r]);
        }
        solver.setJointMove(roleTerms, moveTerms, roleTerms.length);
        beginNext();
        if (nextRelation >= 0) {
            key[0] = Table.FREE;
            Table answers = solver.ask(nextRelation, key);
            for (int i = 0; i < answers.count; i++) {
                addNext(answers.value(i, 0));
            }
        }
        enterNext();
    }

    /** Ground calls its solver answered from the rules' relaxation ({@link RelaxedFilters}) without a proof. */
    long callsFiltered() {
        return solver.callsFiltered();
    }

    @Override
    public int goal(int roleIndex) {
        int best = -1;
        int found = 0;
        if (goalRelation >= 0) {
            key[0] = roleTerms[roleIndex];
            key[1] = Table.FREE;
            Table answers = solver.ask(goalRelation, key);
            found = answers.count;
            for (int i = 0; i < found; i++) {
                best = Math.max(best, goalValue(answers.value(i, 1), roleIndex));
            }
        }
        return chooseGoal(roleIndex, found, best);
    }
}
