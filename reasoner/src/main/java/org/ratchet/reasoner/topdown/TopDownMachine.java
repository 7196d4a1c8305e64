package org.ratchet.reasoner.topdown;

import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.terms.SharedIds;
import org.ratchet.reasoner.terms.TermStore;

/**
 * A {@link StateMachine} answering every query with its own {@link Solver}: terminal, each role's legal moves
 * and goals are asked of the current state when first needed; advancing sets the joint move and asks
 * {@code next}. Its term store is a copy of the one built at preparation; fact and move ids leave it through
 * the factory's shared registries.
 */
final class TopDownMachine implements StateMachine {
    private final TopDownFactory factory;
    private final Rules rules;
    private final TermStore store;
    private final Solver solver;
    private final SharedIds factIds;
    private final SharedIds moveIds;
    private final int[] roleTerms;
    /** The relations the machine asks about, or -1 where the game has no rule for one. */
    private final int legalRelation;
    private final int goalRelation;
    private final int nextRelation;
    private final int terminalRelation;
    private final int[] key;

    /** The current state: ascending fact ids (the factory's ids). */
    private int[] facts = new int[16];
    private int factCount;
    /** The current state's facts as the machine's term ids, for the solver. */
    private int[] factTerms = new int[16];
    private State snapshot;
    private State initial;
    private final int[][] legal;
    private final int[] legalCount;
    private int terminal = -1;
    private final int[] moveTerms;
    private int[] nextFacts = new int[16];

    TopDownMachine(TopDownFactory factory) {
        this.factory = factory;
        this.rules = factory.rules;
        this.store = rules.base.copy();
        this.solver = new Solver(rules, store);
        this.factIds = new SharedIds(factory.facts, store);
        this.moveIds = new SharedIds(factory.moves, store);
        GameDescription game = rules.game;
        this.roleTerms = new int[game.roles().size()];
        for (int r = 0; r < roleTerms.length; r++) {
            roleTerms[r] = store.intern(game.roles().get(r));
        }
        this.legalRelation = rules.relation(SymbolTable.LEGAL, 2);
        this.goalRelation = rules.relation(SymbolTable.GOAL, 2);
        this.nextRelation = rules.relation(SymbolTable.NEXT, 1);
        this.terminalRelation = rules.relation(SymbolTable.TERMINAL, 0);
        this.key = new int[Math.max(2, rules.maxArity)];
        this.legal = new int[roleTerms.length][8];
        this.legalCount = new int[roleTerms.length];
        this.moveTerms = new int[roleTerms.length];
        setState(initialState());
    }

    @Override
    public GameDescription description() {
        return rules.game;
    }

    @Override
    public int roleCount() {
        return roleTerms.length;
    }

    @Override
    public Term role(int roleIndex) {
        return rules.game.roles().get(roleIndex);
    }

    @Override
    public State initialState() {
        if (initial == null) {
            int init = rules.relation(SymbolTable.INIT, 1);
            int[] ids = new int[0];
            if (init >= 0) {
                solver.setState(factTerms, 0);
                key[0] = Table.FREE;
                Table answers = solver.ask(init, key);
                ids = new int[answers.count];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = factIds.shared(answers.value(i, 0));
                }
            }
            initial = State.of(ids);
            if (snapshot != null || factCount > 0) {
                load(factCount);
            }
        }
        return initial;
    }

    @Override
    public void setState(State state) {
        if (facts.length < state.size()) {
            facts = new int[state.size() * 2];
        }
        for (int i = 0; i < state.size(); i++) {
            facts[i] = state.fact(i);
        }
        load(state.size());
        snapshot = state;
    }

    @Override
    public void setState(int[] from, int offset, int length) {
        if (facts.length < length) {
            facts = new int[length * 2];
        }
        System.arraycopy(from, offset, facts, 0, length);
        load(length);
    }

    /** Makes {@code facts[0..count)} the current state. */
    private void load(int count) {
        factCount = count;
        snapshot = null;
        if (factTerms.length < count) {
            factTerms = new int[count * 2];
        }
        for (int i = 0; i < count; i++) {
            factTerms[i] = factIds.term(facts[i]);
        }
        solver.setState(factTerms, count);
        Arrays.fill(legalCount, -1);
        terminal = -1;
    }

    @Override
    public State currentState() {
        if (snapshot == null) {
            snapshot = new State(Arrays.copyOf(facts, factCount));
        }
        return snapshot;
    }

    @Override
    public int stateSize() {
        return factCount;
    }

    @Override
    public void writeState(int[] into, int offset) {
        System.arraycopy(facts, 0, into, offset, factCount);
    }

    @Override
    public boolean isTerminal() {
        if (terminal < 0) {
            terminal = terminalRelation >= 0 && solver.ask(terminalRelation, key).count > 0 ? 1 : 0;
        }
        return terminal == 1;
    }

    @Override
    public int legalCount(int roleIndex) {
        if (legalCount[roleIndex] < 0) {
            collectLegal(roleIndex);
        }
        return legalCount[roleIndex];
    }

    @Override
    public int legalMove(int roleIndex, int i) {
        if (legalCount[roleIndex] < 0) {
            collectLegal(roleIndex);
        }
        if (i >= legalCount[roleIndex]) {
            throw new IndexOutOfBoundsException("role " + roleIndex + " has " + legalCount[roleIndex] + " legal moves");
        }
        return legal[roleIndex][i];
    }

    private void collectLegal(int roleIndex) {
        int count = 0;
        if (legalRelation >= 0) {
            key[0] = roleTerms[roleIndex];
            key[1] = Table.FREE;
            Table answers = solver.ask(legalRelation, key);
            int[] moves = legal[roleIndex];
            if (moves.length < answers.count) {
                moves = new int[answers.count * 2];
                legal[roleIndex] = moves;
            }
            for (int i = 0; i < answers.count; i++) {
                moves[count++] = moveIds.shared(answers.value(i, 1));
            }
        }
        legalCount[roleIndex] = count;
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
        int count = 0;
        if (nextRelation >= 0) {
            key[0] = Table.FREE;
            Table answers = solver.ask(nextRelation, key);
            count = answers.count;
            if (nextFacts.length < count) {
                nextFacts = new int[count * 2];
            }
            for (int i = 0; i < count; i++) {
                nextFacts[i] = factIds.shared(answers.value(i, 0));
            }
        }
        Arrays.sort(nextFacts, 0, count);
        if (facts.length < count) {
            facts = new int[count * 2];
        }
        System.arraycopy(nextFacts, 0, facts, 0, count);
        load(count);
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
        if (found != 1) {
            factory.warnIllDefinedGoal(found == 0, found + " goal values are derivable for role "
                + role(roleIndex).render(rules.game.symbols()) + " in " + currentState());
        }
        return found == 0 ? 0 : best;
    }

    private int goalValue(int term, int roleIndex) {
        int value = store.isCompound(term) ? -1 : rules.game.symbols().numeral(store.functor(term));
        if (value >= 0 && value <= 100) {
            return value;
        }
        throw new IllegalStateException("goal value " + store.term(term).render(rules.game.symbols())
            + " of role " + role(roleIndex).render(rules.game.symbols()) + " is not an integer from 0 to 100");
    }

    @Override
    public Term move(int moveId) {
        return factory.moves.term(moveId);
    }

    /** Any ground term has a move id; whether it is legal is a question for the rules. */
    @Override
    public int moveId(int roleIndex, Term move) {
        return move.isGround() ? factory.moves.intern(move) : -1;
    }

    @Override
    public Term fact(int factId) {
        return factory.facts.term(factId);
    }

    /** Any ground term has a fact id, so states of other engines always convert. */
    @Override
    public int factId(Term fact) {
        return fact.isGround() ? factory.facts.intern(fact) : -1;
    }
}
