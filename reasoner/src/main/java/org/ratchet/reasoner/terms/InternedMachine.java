package org.ratchet.reasoner.terms;

import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.TermIndex;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Term;

/**
 * What the machines of the engines that do not ground (bottomup, topdown) share: the current state as the
 * factory's fact ids, their conversion to and from the machine's own term ids, the legal moves and terminal
 * flag kept per state, and goal values read from terms. A subclass says how a state is loaded and how
 * terminal, the legal moves, the goals and the next state are derived.
 */
public abstract class InternedMachine implements StateMachine {
    protected final GameDescription game;
    /** The machine's own copy of the term store built at preparation. */
    protected final TermStore store;
    protected final SharedIds factIds;
    protected final SharedIds moveIds;
    /** The roles as the machine's term ids. */
    protected final int[] roleTerms;
    private final TermIndex sharedFacts;
    private final TermIndex sharedMoves;
    private final GoalWarnings goalWarnings;

    /** The current state: ascending fact ids (the factory's ids). */
    private int[] facts = new int[16];
    private int factCount;
    private State snapshot;
    private final int[][] legal;
    private final int[] legalCount;
    private int terminal = -1;
    private int[] nextFacts = new int[16];
    private int nextCount;

    /** {@code facts}, {@code moves} and {@code goalWarnings}: the factory's, shared by all its machines. */
    protected InternedMachine(GameDescription game, TermStore store, TermIndex facts, TermIndex moves,
            GoalWarnings goalWarnings) {
        this.game = game;
        this.goalWarnings = goalWarnings;
        this.store = store;
        this.sharedFacts = facts;
        this.sharedMoves = moves;
        this.factIds = new SharedIds(facts, store);
        this.moveIds = new SharedIds(moves, store);
        this.roleTerms = new int[game.roles().size()];
        for (int r = 0; r < roleTerms.length; r++) {
            roleTerms[r] = store.intern(game.roles().get(r));
        }
        this.legal = new int[roleTerms.length][8];
        this.legalCount = new int[roleTerms.length];
    }

    /** Makes {@code facts[0..count)} (the factory's fact ids, ascending) the state the rules read. */
    protected abstract void loadState(int[] facts, int count);

    /** Whether the current state is terminal. */
    protected abstract boolean deriveTerminal();

    /** Adds every legal move of the role in the current state with {@link #addLegal}. */
    protected abstract void deriveLegal(int roleIndex);

    @Override
    public GameDescription description() {
        return game;
    }

    @Override
    public int roleCount() {
        return roleTerms.length;
    }

    @Override
    public Term role(int roleIndex) {
        return game.roles().get(roleIndex);
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

    private void load(int count) {
        factCount = count;
        snapshot = null;
        loadState(facts, count);
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
            terminal = deriveTerminal() ? 1 : 0;
        }
        return terminal == 1;
    }

    @Override
    public int legalCount(int roleIndex) {
        if (legalCount[roleIndex] < 0) {
            legalCount[roleIndex] = 0;
            deriveLegal(roleIndex);
        }
        return legalCount[roleIndex];
    }

    @Override
    public int legalMove(int roleIndex, int i) {
        int count = legalCount(roleIndex);
        if (i >= count) {
            throw new IndexOutOfBoundsException("role " + roleIndex + " has " + count + " legal moves");
        }
        return legal[roleIndex][i];
    }

    /** One legal move of the role, as the machine's term id (see {@link #deriveLegal}). */
    protected final void addLegal(int roleIndex, int moveTerm) {
        int count = legalCount[roleIndex];
        if (count == legal[roleIndex].length) {
            legal[roleIndex] = Arrays.copyOf(legal[roleIndex], count * 2);
        }
        legal[roleIndex][count] = moveIds.shared(moveTerm);
        legalCount[roleIndex] = count + 1;
    }

    /** Starts collecting the facts of the next state ({@link #addNext}, then {@link #enterNext}). */
    protected final void beginNext() {
        nextCount = 0;
    }

    /** One fact of the next state, as the machine's term id. */
    protected final void addNext(int factTerm) {
        if (nextCount == nextFacts.length) {
            nextFacts = Arrays.copyOf(nextFacts, nextCount * 2);
        }
        nextFacts[nextCount++] = factIds.shared(factTerm);
    }

    /** Makes the facts added since {@link #beginNext} the current state. */
    protected final void enterNext() {
        Arrays.sort(nextFacts, 0, nextCount);
        if (facts.length < nextCount) {
            facts = new int[nextCount * 2];
        }
        System.arraycopy(nextFacts, 0, facts, 0, nextCount);
        load(nextCount);
    }

    /**
     * The goal of a role from the {@code found} values derivable (the largest of them, {@code best}, if any):
     * 0 when none is, and an ill-defined goal (none, or several) is logged once per game.
     */
    protected final int chooseGoal(int roleIndex, int found, int best) {
        if (found != 1) {
            goalWarnings.warn(found == 0, found + " goal values are derivable for role "
                + role(roleIndex).render(game.symbols()) + " in " + currentState());
        }
        return found == 0 ? 0 : best;
    }

    /** The number of a goal value term; an error unless it is an integer from 0 to 100. */
    protected final int goalValue(int term, int roleIndex) {
        int value = store.isCompound(term) ? -1 : game.symbols().numeral(store.functor(term));
        if (value >= 0 && value <= 100) {
            return value;
        }
        throw new IllegalStateException("goal value " + store.term(term).render(game.symbols())
            + " of role " + role(roleIndex).render(game.symbols()) + " is not an integer from 0 to 100");
    }

    @Override
    public Term move(int moveId) {
        return sharedMoves.term(moveId);
    }

    /** Any ground term has a move id; whether it is legal is a question for the rules. */
    @Override
    public int moveId(int roleIndex, Term move) {
        return move.isGround() ? sharedMoves.intern(move) : -1;
    }

    @Override
    public Term fact(int factId) {
        return sharedFacts.term(factId);
    }

    /** Any ground term has a fact id, so states of other engines always convert. */
    @Override
    public int factId(Term fact) {
        return fact.isGround() ? sharedFacts.intern(fact) : -1;
    }
}
