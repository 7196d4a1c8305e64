package org.ratchet.reasoner.bottomup;

import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.terms.SharedIds;
import org.ratchet.reasoner.terms.TermStore;

/**
 * A {@link StateMachine} evaluating the rules bottom-up: setting a state loads its facts into the
 * {@code true} relations, and each query evaluates, once per state, only the components of the rule graph it
 * needs (terminal does not compute legal moves, legal moves do not compute goals); advancing loads the joint
 * move into {@code does} and evaluates what {@code next} needs. Static relations are shared with every
 * machine of the factory; everything else (term store, dynamic relations, buffers) is the machine's own.
 */
final class BottomUpMachine implements StateMachine {
    /**
     * Rows (and keys) a static relation evaluated on demand may keep between states; past it, the next state
     * starts its cache afresh, so a long run's memory stays bounded.
     */
    private static final int DEMAND_CACHE_ROWS = 200_000;

    private final BottomUpFactory factory;
    private final Program program;
    private final TermStore store;
    private final Relation[] relations;
    private final Evaluator evaluator;
    /** Per component: evaluated for the current state (and joint move). */
    private final boolean[] evaluated;
    /** The relations loaded from the state's facts. */
    private final int[] trueRelations;
    /** The static relations evaluated on demand: this machine's own caches (see {@link Program#onDemand}). */
    private final int[] demandCaches;
    private final int[] roleTerms;

    /** The current state: ascending fact ids (the factory's ids). */
    private int[] facts = new int[16];
    private int factCount;
    private State snapshot;
    private State initial;
    private final int[][] legal;
    private final int[] legalCount;
    private int terminal = -1;

    private final SharedIds factIds;
    private final SharedIds moveIds;
    private final int[] row;
    private int[] nextFacts = new int[16];

    BottomUpMachine(BottomUpFactory factory) {
        this(factory, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /** A machine whose evaluation stops with {@link Evaluator.BudgetExceeded} past the deadline or join work. */
    BottomUpMachine(BottomUpFactory factory, long deadlineNanos, long maxWork) {
        this.factory = factory;
        this.program = factory.program;
        this.store = program.base.copy();
        this.relations = new Relation[program.relations.length];
        int trueCount = 0;
        int demandCount = 0;
        int[] demanded = new int[relations.length];
        for (int r = 0; r < relations.length; r++) {
            boolean shared = program.isStatic[r] && !program.onDemand[r];
            relations[r] = shared ? program.relations[r] : program.relations[r].emptyCopy();
            if (program.onDemand[r]) {
                demanded[demandCount++] = r;
            }
        }
        this.demandCaches = Arrays.copyOf(demanded, demandCount);
        int[] loaded = new int[relations.length];
        for (int shapeRelation : program.trueByShape.values()) {
            loaded[trueCount++] = shapeRelation;
        }
        this.trueRelations = Arrays.copyOf(loaded, trueCount);
        this.factIds = new SharedIds(factory.facts, store);
        this.moveIds = new SharedIds(factory.moves, store);
        this.evaluator = new Evaluator(program, store, relations, deadlineNanos, Long.MAX_VALUE, maxWork);
        this.evaluated = new boolean[program.components.length];
        GameDescription game = program.game;
        this.roleTerms = new int[game.roles().size()];
        for (int r = 0; r < roleTerms.length; r++) {
            roleTerms[r] = store.intern(game.roles().get(r));
        }
        this.legal = new int[roleTerms.length][8];
        this.legalCount = new int[roleTerms.length];
        this.row = new int[Math.max(2, program.maxArity)];
        setState(initialState());
    }

    /** The rows tried by this machine's joins so far. */
    long work() {
        return evaluator.work();
    }

    @Override
    public GameDescription description() {
        return factory.description();
    }

    @Override
    public int roleCount() {
        return roleTerms.length;
    }

    @Override
    public Term role(int roleIndex) {
        return program.game.roles().get(roleIndex);
    }

    @Override
    public State initialState() {
        if (initial == null) {
            Relation init = relations[program.init];
            int[] ids = new int[init.count()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = factIds.shared(init.value(i, 0));
            }
            initial = State.of(ids);
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
        for (int relation : trueRelations) {
            relations[relation].clear();
        }
        if (program.trueWhole >= 0) {
            relations[program.trueWhole].clear();
        }
        for (int i = 0; i < count; i++) {
            int term = factIds.term(facts[i]);
            if (program.trueWhole >= 0) {
                row[0] = term;
                relations[program.trueWhole].add(row, 0);
            }
            int arity = store.arity(term);
            int relation = program.trueByShape.get(Program.shapeKey(store.functor(term), arity,
                store.isCompound(term)));
            if (relation >= 0) {
                for (int a = 0; a < arity; a++) {
                    row[a] = store.arg(term, a);
                }
                relations[relation].add(row, 0);
            }
        }
        for (int c = 0; c < evaluated.length; c++) {
            evaluated[c] = program.components[c].kind == Program.STATIC;
        }
        for (int relation : demandCaches) {
            if (relations[relation].demandSize() > DEMAND_CACHE_ROWS) {
                relations[relation].clear();
            }
        }
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

    /** Evaluates the relation's component, and first those it reads, unless done for this state. */
    private void ensure(int relation) {
        int component = program.componentOf[relation];
        if (component >= 0) {
            ensureComponent(component);
        }
    }

    private void ensureComponent(int component) {
        if (evaluated[component]) {
            return;
        }
        Program.Component toEvaluate = program.components[component];
        for (int dependency : toEvaluate.dependsOn) {
            ensureComponent(dependency);
        }
        if (toEvaluate.onDemand) {
            // derived per key as its readers ask: only the previous state's rows and keys go
            for (int head : toEvaluate.heads) {
                relations[head].clear();
            }
        } else {
            evaluator.evaluate(toEvaluate);
        }
        evaluated[component] = true;
    }

    @Override
    public boolean isTerminal() {
        if (terminal < 0) {
            ensure(program.terminal);
            terminal = relations[program.terminal].count() > 0 ? 1 : 0;
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
        ensure(program.legal);
        Relation rows = relations[program.legal];
        int role = roleTerms[roleIndex];
        int count = 0;
        int[] moves = legal[roleIndex];
        for (int r = 0; r < rows.count(); r++) {
            if (rows.value(r, 0) == role) {
                if (count == moves.length) {
                    moves = Arrays.copyOf(moves, count * 2);
                    legal[roleIndex] = moves;
                }
                moves[count++] = moveIds.shared(rows.value(r, 1));
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
        Relation does = relations[program.does];
        does.clear();
        for (int r = 0; r < roleTerms.length; r++) {
            row[0] = roleTerms[r];
            row[1] = moveIds.term(jointMove[r]);
            does.add(row, 0);
        }
        for (int c = 0; c < evaluated.length; c++) {
            if (program.components[c].kind == Program.MOVE) {
                evaluated[c] = false;
            }
        }
        ensure(program.next);
        Relation next = relations[program.next];
        int count = next.count();
        if (nextFacts.length < count) {
            nextFacts = new int[count * 2];
        }
        for (int i = 0; i < count; i++) {
            nextFacts[i] = factIds.shared(next.value(i, 0));
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
        ensure(program.goal);
        Relation rows = relations[program.goal];
        int role = roleTerms[roleIndex];
        int best = -1;
        int found = 0;
        for (int r = 0; r < rows.count(); r++) {
            if (rows.value(r, 0) == role) {
                best = Math.max(best, goalValue(rows.value(r, 1), roleIndex));
                found++;
            }
        }
        if (found != 1) {
            factory.warnIllDefinedGoal(found == 0, found + " goal values are derivable for role "
                + role(roleIndex).render(program.game.symbols()) + " in " + currentState());
        }
        return found == 0 ? 0 : best;
    }

    private int goalValue(int term, int roleIndex) {
        int value = store.isCompound(term) ? -1 : program.game.symbols().numeral(store.functor(term));
        if (value >= 0 && value <= 100) {
            return value;
        }
        throw new IllegalStateException("goal value " + store.term(term).render(program.game.symbols())
            + " of role " + role(roleIndex).render(program.game.symbols()) + " is not an integer from 0 to 100");
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
