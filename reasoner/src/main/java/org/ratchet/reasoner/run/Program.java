package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.InstanceSet;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * What the machine runs: the rule blocks of each phase and every array its loops read, global IDs
 * throughout. Package-private final fields, read directly by {@link HsfcMachine}'s hot loops on purpose (no
 * getters between the loop and its arrays). Immutable; shared by every machine of a game.
 */
public final class Program {
    /** The relation indices, offsets and sizes the tables were built for. */
    public final RelationLayout layout;
    final int[] offsets;
    /** permanent[r]: local IDs of relation r that hold in every state (all of a static relation). */
    final int[][] permanent;
    /** Relations reset between states. */
    final int[] clearedRelations;
    final Block[] legalPlan;
    final Block[] goalPlan;
    final Block[] nextPlan;
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

    /**
     * {@code permanent[r]}: the local IDs of relation r that hold in every state; {@code clearedRelations}:
     * the relations reset between states; {@code phases} and {@code phaseRelations}: the rule blocks of the
     * legal/terminal, goal and next phases, and the relations whose list sizes are sampled after each.
     */
    public Program(GameTerms terms, SymbolTable symbols, Grounder grounder, RelationLayout layout, int[][] permanent,
            int[] clearedRelations, Block[][] phases, int[][] phaseRelations) {
        List<Term> roles = terms.roles;
        this.layout = layout;
        this.permanent = permanent;
        this.clearedRelations = clearedRelations;
        this.legalPhaseRelations = phaseRelations[0];
        this.goalPhaseRelations = phaseRelations[1];
        this.nextPhaseRelations = phaseRelations[2];
        offsets = new int[layout.count()];
        for (int r = 0; r < offsets.length; r++) {
            offsets[r] = layout.offset(r);
        }
        legalPlan = phases[0];
        goalPlan = phases[1];
        nextPlan = phases[2];
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

        trueParts = layout.partsOfTrue();
        factPart = new int[terms.factCount()];
        for (int part : trueParts) {
            int first = layout.offset(part) - layout.offset(trueRelation);
            Arrays.fill(factPart, first, first + layout.size(part), part);
        }
        InstanceSet nextSet = grounder.set(SymbolTable.NEXT);
        nextToTrue = new int[nextSet.size()];
        for (int i = 0; i < nextToTrue.length; i++) {
            nextToTrue[i] = terms.factId(nextSet.get(i).arg(0));
        }
        InstanceSet doesSet = grounder.set(SymbolTable.DOES);
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
            goalValue[i] = parseGoal(goal.arg(1), symbols);
            if (goalValue[i] < 0) {
                goalRole[i] = -1;
            }
        }
        InstanceSet initSet = grounder.set(SymbolTable.INIT);
        int[] initial = new int[initSet.size()];
        for (int i = 0; i < initial.length; i++) {
            initial[i] = terms.factId(initSet.get(i).arg(0));
        }
        initialState = State.of(initial);
    }

    /**
     * The stage buffer sizes of the field {@code stageRoom}, over every rule and delta plan; buffer 0 holds
     * only the RefNo a rule starts from.
     */
    private static int[] stageRoom(Block[]... plans) {
        IntArrayList room = new IntArrayList();
        room.add(0);
        for (Block[] plan : plans) {
            for (Block block : plan) {
                for (RulePlan rule : block.rules) {
                    makeRoom(room, rule);
                }
                for (RulePlan[] delta : block.deltaPlans == null ? new RulePlan[0][] : block.deltaPlans) {
                    for (RulePlan rule : delta == null ? new RulePlan[0] : delta) {
                        makeRoom(room, rule);
                    }
                }
            }
        }
        return room.toIntArray();
    }

    private static void makeRoom(IntArrayList room, RulePlan rule) {
        for (int k = 0; k < rule.stages.length; k++) {
            if (room.size() == k + 1) {
                room.add(0);
            }
            room.set(k + 1, Math.max(room.getInt(k + 1), rule.stages[k].maxRoom));
        }
    }

    /** Every rule of every phase, in evaluation order: for diagnostics and tests, not for the machine's loops. */
    public List<RulePlan> rules() {
        List<RulePlan> rules = new ArrayList<>();
        for (Block[] phase : new Block[][] {legalPlan, goalPlan, nextPlan}) {
            for (Block block : phase) {
                rules.addAll(Arrays.asList(block.rules));
            }
        }
        return rules;
    }

    /** The recursive blocks of every phase: for diagnostics and tests, not for the machine's loops. */
    public List<Block> recursiveBlocks() {
        List<Block> blocks = new ArrayList<>();
        for (Block[] phase : new Block[][] {legalPlan, goalPlan, nextPlan}) {
            for (Block block : phase) {
                if (block.recursive) {
                    blocks.add(block);
                }
            }
        }
        return blocks;
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
}
