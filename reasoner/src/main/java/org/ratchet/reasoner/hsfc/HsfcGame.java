package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * A game compiled to reference tables: immutable and shared by every thread; each thread evaluates it in
 * its own {@link HsfcMachine}. Fact IDs are local IDs of {@code true}, move IDs local IDs of {@code does},
 * so they agree across all machines of this factory.
 */
public final class HsfcGame implements StateMachineFactory {
    /** Rules evaluated together: one strongly connected component, run to a fixpoint if recursive. */
    record Block(CompiledRule[] rules, boolean recursive) {
    }

    /** A block as the machine runs it. */
    static final class PlanBlock {
        final RulePlan[] rules;
        final boolean recursive;
        /** The relations the rules write, without repeats. */
        final int[] heads;

        PlanBlock(Block block, RelationLayout layout) {
            rules = new RulePlan[block.rules().length];
            IntLinkedOpenHashSet written = new IntLinkedOpenHashSet();
            for (int i = 0; i < rules.length; i++) {
                rules[i] = RulePlan.of(block.rules()[i], layout);
                written.add(rules[i].headRelation);
            }
            recursive = block.recursive();
            heads = written.toIntArray();
        }
    }

    final GameDescription description;
    final List<Term> roles;
    final RelationLayout layout;
    final int[] offsets;
    /** permanent[r]: local IDs of relation r that hold in every state (all of a static relation). */
    final int[][] permanent;
    /** Relations reset between states. */
    final int[] clearedRelations;
    final PlanBlock[] legalPlan;
    final PlanBlock[] goalPlan;
    final PlanBlock[] nextPlan;
    /** clearFrom[i]: knowledge-base position after the permanent facts of relation clearedRelations[i]. */
    final int[] clearFrom;
    /**
     * For a cleared relation without permanent facts, the bitset words its IDs span ([clearFirstWord,
     * clearLastWord]) and the masks of its bits in the first and last word; -1 as first word otherwise.
     */
    final int[] clearFirstWord;
    final int[] clearLastWord;
    final long[] clearFirstMask;
    final long[] clearLastMask;
    final int[] legalPhaseRelations;
    final int[] goalPhaseRelations;
    final int[] nextPhaseRelations;
    /** stageRoom[k]: the most RefNos one RefNo can add to stage buffer k (k ≥ 1) in any rule. */
    final int[] stageRoom;

    final int trueRelation;
    final int doesRelation;
    final int nextRelation;
    final int legalRelation;
    final int goalRelation;
    /** Global ID of {@code terminal}, or -1 if it can never hold. */
    final int terminalId;

    final int[] nextToTrue;
    /** The parts of true (see {@link RelationLayout}), and factPart[f]: the part whose list holds fact f. */
    final int[] trueParts;
    final int[] factPart;
    final int[] legalRole;
    final int[] legalToDoes;
    final int[] legalCountOfRole;
    final int[] goalRole;
    final int[] goalValue;
    final State initialState;

    private final Term[] facts;
    private final Object2IntOpenHashMap<Term> factIds = new Object2IntOpenHashMap<>();
    private final Term[] moves;
    private final int[] moveRole;
    private final Object2IntOpenHashMap<Term>[] moveIds;
    final CompileStatistics statistics;

    @SuppressWarnings("unchecked")
    HsfcGame(GameDescription description, Grounder grounder, RelationLayout layout, int[][] permanent,
            int[] clearedRelations, Block[][] phases, int[][] phaseRelations, CompileStatistics statistics) {
        this.description = description;
        this.roles = description.roles();
        this.layout = layout;
        this.permanent = permanent;
        this.clearedRelations = clearedRelations;
        this.legalPhaseRelations = phaseRelations[0];
        this.goalPhaseRelations = phaseRelations[1];
        this.nextPhaseRelations = phaseRelations[2];
        this.statistics = statistics;
        offsets = new int[layout.count()];
        for (int r = 0; r < offsets.length; r++) {
            offsets[r] = layout.offset(r);
        }
        legalPlan = plan(phases[0], layout);
        goalPlan = plan(phases[1], layout);
        nextPlan = plan(phases[2], layout);
        clearFrom = new int[clearedRelations.length];
        for (int i = 0; i < clearFrom.length; i++) {
            clearFrom[i] = offsets[clearedRelations[i]] + permanent[clearedRelations[i]].length;
        }
        clearFirstWord = new int[clearedRelations.length];
        clearLastWord = new int[clearedRelations.length];
        clearFirstMask = new long[clearedRelations.length];
        clearLastMask = new long[clearedRelations.length];
        for (int i = 0; i < clearedRelations.length; i++) {
            int r = clearedRelations[i];
            int first = offsets[r];
            int last = first + layout.size(r) - 1;
            if (permanent[r].length > 0 || layout.size(r) == 0) {
                clearFirstWord[i] = -1;
                continue;
            }
            clearFirstWord[i] = first >>> 6;
            clearLastWord[i] = last >>> 6;
            clearFirstMask[i] = -1L << first;
            clearLastMask[i] = -1L >>> (63 - (last & 63));
        }
        stageRoom = stageRoom(legalPlan, goalPlan, nextPlan);
        trueRelation = layout.index(SymbolTable.TRUE);
        doesRelation = layout.index(SymbolTable.DOES);
        nextRelation = layout.index(SymbolTable.NEXT);
        legalRelation = layout.index(SymbolTable.LEGAL);
        goalRelation = layout.index(SymbolTable.GOAL);
        InstanceSet terminal = grounder.set(SymbolTable.TERMINAL);
        terminalId = terminal.size() == 0 ? -1 : layout.offset(layout.index(SymbolTable.TERMINAL));

        InstanceSet trueSet = grounder.set(SymbolTable.TRUE);
        facts = new Term[trueSet.size()];
        factIds.defaultReturnValue(-1);
        for (int i = 0; i < facts.length; i++) {
            facts[i] = trueSet.get(i).arg(0);
            factIds.put(facts[i], i);
        }
        trueParts = layout.partsOfTrue();
        factPart = new int[facts.length];
        for (int part : trueParts) {
            int first = layout.offset(part) - layout.offset(trueRelation);
            Arrays.fill(factPart, first, first + layout.size(part), part);
        }
        InstanceSet nextSet = grounder.set(SymbolTable.NEXT);
        nextToTrue = new int[nextSet.size()];
        for (int i = 0; i < nextToTrue.length; i++) {
            nextToTrue[i] = factIds.getInt(nextSet.get(i).arg(0));
        }
        InstanceSet doesSet = grounder.set(SymbolTable.DOES);
        moves = new Term[doesSet.size()];
        moveRole = new int[doesSet.size()];
        moveIds = new Object2IntOpenHashMap[roles.size()];
        for (int r = 0; r < roles.size(); r++) {
            moveIds[r] = new Object2IntOpenHashMap<>();
            moveIds[r].defaultReturnValue(-1);
        }
        for (int i = 0; i < moves.length; i++) {
            Term does = doesSet.get(i);
            moves[i] = does.arg(1);
            moveRole[i] = roles.indexOf(does.arg(0));
            if (moveRole[i] >= 0) {
                moveIds[moveRole[i]].put(moves[i], i);
            }
        }
        InstanceSet legalSet = grounder.set(SymbolTable.LEGAL);
        legalRole = new int[legalSet.size()];
        legalToDoes = new int[legalSet.size()];
        legalCountOfRole = new int[roles.size()];
        for (int i = 0; i < legalRole.length; i++) {
            Term legal = legalSet.get(i);
            legalRole[i] = roles.indexOf(legal.arg(0));
            legalToDoes[i] = doesSet.id(new Compound(SymbolTable.DOES, legal.arg(0), legal.arg(1)));
            if (legalRole[i] >= 0) {
                legalCountOfRole[legalRole[i]]++;
            }
        }
        InstanceSet goalSet = grounder.set(SymbolTable.GOAL);
        goalRole = new int[goalSet.size()];
        goalValue = new int[goalSet.size()];
        for (int i = 0; i < goalRole.length; i++) {
            Term goal = goalSet.get(i);
            goalRole[i] = roles.indexOf(goal.arg(0));
            goalValue[i] = parseGoal(goal.arg(1), description.symbols());
            if (goalValue[i] < 0) {
                goalRole[i] = -1;
            }
        }
        InstanceSet initSet = grounder.set(SymbolTable.INIT);
        int[] initial = new int[initSet.size()];
        for (int i = 0; i < initial.length; i++) {
            initial[i] = factIds.getInt(initSet.get(i).arg(0));
        }
        initialState = State.of(initial);
    }

    /** The stage buffer sizes of the field {@code stageRoom}; buffer 0 holds only the RefNo a rule starts from. */
    private static int[] stageRoom(PlanBlock[]... plans) {
        IntArrayList room = new IntArrayList();
        room.add(0);
        for (PlanBlock[] plan : plans) {
            for (PlanBlock block : plan) {
                for (RulePlan rule : block.rules) {
                    for (int k = 0; k < rule.stages.length; k++) {
                        if (room.size() == k + 1) {
                            room.add(0);
                        }
                        room.set(k + 1, Math.max(room.getInt(k + 1), rule.stages[k].maxRoom));
                    }
                }
            }
        }
        return room.toIntArray();
    }

    private static PlanBlock[] plan(Block[] blocks, RelationLayout layout) {
        PlanBlock[] plans = new PlanBlock[blocks.length];
        for (int i = 0; i < blocks.length; i++) {
            plans[i] = new PlanBlock(blocks[i], layout);
        }
        return plans;
    }

    private static int parseGoal(Term value, SymbolTable symbols) {
        if (value.arity() != 0 || value.symbol() < 0) {
            return -1;
        }
        try {
            return Integer.parseInt(symbols.name(value.symbol()));
        } catch (NumberFormatException e) {
            return -1;
        }
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
        return new HsfcMachine(this);
    }

    /** Compilation figures (HSFC Table 1). */
    public CompileStatistics statistics() {
        return statistics;
    }

    Term moveTerm(int moveId) {
        return moves[moveId];
    }

    int moveId(int role, Term move) {
        return moveIds[role].getInt(move);
    }

    Term factTerm(int factId) {
        return facts[factId];
    }

    int factId(Term fact) {
        return factIds.getInt(fact);
    }

    int factCount() {
        return facts.length;
    }

    int moveCount() {
        return moves.length;
    }

    @Override
    public String toString() {
        return "HsfcGame" + Arrays.toString(new int[] {layout.count(), facts.length, moves.length});
    }
}
