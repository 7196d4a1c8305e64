package org.ratchet.reasoner.bottomup;

import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.terms.InternedMachine;

/**
 * A {@link StateMachine} evaluating the rules bottom-up: setting a state loads its facts into the
 * {@code true} relations, and each query evaluates, once per state, only the components of the rule graph it
 * needs (terminal does not compute legal moves, legal moves do not compute goals); advancing loads the joint
 * move into {@code does} and evaluates what {@code next} needs. Static relations are shared with every
 * machine of the factory; everything else (term store, dynamic relations, buffers) is the machine's own.
 */
final class BottomUpMachine extends InternedMachine {
    /**
     * Rows (and keys) a static relation evaluated on demand may keep between states; past it, the next state
     * starts its cache afresh, so a long run's memory stays bounded.
     */
    private static final int DEMAND_CACHE_ROWS = 200_000;

    private final BottomUpFactory factory;
    private final Program program;
    private final Relation[] relations;
    private final Evaluator evaluator;
    /** Per component: evaluated for the current state (and joint move). */
    private final boolean[] evaluated;
    /** The relations loaded from the state's facts. */
    private final int[] trueRelations;
    /** The static relations evaluated on demand: this machine's own caches (see {@link Program#onDemand}). */
    private final int[] demandCaches;
    private State initial;
    private final int[] row;

    BottomUpMachine(BottomUpFactory factory) {
        this(factory, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /** A machine whose evaluation stops with {@link Evaluator.BudgetExceeded} past the deadline or join work. */
    BottomUpMachine(BottomUpFactory factory, long deadlineNanos, long maxWork) {
        super(factory.description(), factory.program.base.copy(), factory.facts, factory.moves,
            factory.goalWarnings);
        this.factory = factory;
        this.program = factory.program;
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
        this.evaluator = new Evaluator(program, store, relations, deadlineNanos, Long.MAX_VALUE, maxWork);
        this.evaluated = new boolean[program.components.length];
        this.row = new int[Math.max(2, program.maxArity)];
        setState(initialState());
    }

    /** The rows tried by this machine's joins so far. */
    long work() {
        return evaluator.work();
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
    protected void loadState(int[] facts, int count) {
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
    protected boolean deriveTerminal() {
        ensure(program.terminal);
        return relations[program.terminal].count() > 0;
    }

    @Override
    protected void deriveLegal(int roleIndex) {
        ensure(program.legal);
        Relation rows = relations[program.legal];
        int role = roleTerms[roleIndex];
        for (int r = 0; r < rows.count(); r++) {
            if (rows.value(r, 0) == role) {
                addLegal(roleIndex, rows.value(r, 1));
            }
        }
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
        beginNext();
        for (int i = 0; i < next.count(); i++) {
            addNext(next.value(i, 0));
        }
        enterNext();
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
        return chooseGoal(roleIndex, found, best);
    }
}
