package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.ints.Int2LongLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ratchet.reasoner.ground.RelationLayout;
import org.ratchet.reasoner.run.Program.FactTables;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * The frame axioms of the next phase, read by their exceptions. A frame axiom carries facts over:
 * {@code (<= (next (cell ?x ?y ?p)) (does ?r (move ?u ?v ?x2 ?y2)) (true (cell ?x ?y ?p)) ...)} derives, for
 * the move played, each cell fact again except the two or three the move changes. Derived in full, every
 * state copies its whole board through the rule's tables into next and from next back into true, and the
 * relations kept between states ({@link Incremental}) then compare the whole new state with the old. Here
 * such a rule leaves its part of true as it is instead, and only its exceptions are looked at: the facts whose
 * table entry fails for the move played, or passes only under a condition that depends on the state (a
 * checkers cell that a jump captures). Those that fail, and that no other next rule derives, are taken out of
 * the state; the facts the other next rules derive are added; and the kept relations are told just these
 * changes. The work per step is the move's exceptions and the facts that change, not the size of the board.
 *
 * <p>The compiler gives each next rule that reads the very fact it derives a frame plan: its tables with that
 * {@code true} literal read last (the inputs before it, the trigger, are the move and whatever else it reads).
 * The plan qualifies when that last input reads a part of true through a dense table and every instance it
 * passes derives the fact it read. At run time the trigger must end in exactly one RefNo (one matching move),
 * that RefNo's exceptions must be few (listed at compile time, at most a quarter of the part), and no other
 * frame axiom may read the same part by its exceptions in that step; otherwise the rule's output is derived
 * as usual and the part is rebuilt from what next derives. Immutable; shared by every machine of a game.
 */
final class Frames {
    /** A part's exceptions may be at most this share of its facts (one in four) for a RefNo to be read by them. */
    static final int EXCEPTION_SHARE = 4;

    /** The next phase's rules in evaluation order, as compiled (a phase with a recursive block has no Frames). */
    final RulePlan[] rules;
    /** frame[i]: rule i as a frame axiom, or null if it is not one (it then always runs as compiled). */
    final Frame[] frame;
    /** trueToNext[f]: next's local ID of fact f, or -1 if no next instance is that fact. */
    final int[] trueToNext;
    /** partIndex[r]: the index among true's parts of relation r, or -1 if r is not a part of true. */
    final int[] partIndex;
    /**
     * Per part of true (by its index among the parts): the facts no next instance is, which no advance can
     * keep, as the bitset words holding them (underivableWord[p][k], global word index) and their bits there
     * (underivableMask[p][k]); null for a part without such facts. They are not exceptions of any frame axiom:
     * an advance reading the part by exceptions drops whichever of them are present, by these masks. Checkers
     * lists the blank cells of all 64 squares, and the frame axiom fails for the 32 it cannot move through
     * (present in the initial state only): as exceptions they put every RefNo over its share, and the part was
     * rebuilt from next every step.
     */
    final int[][] underivableWord;
    final long[][] underivableMask;
    /**
     * A rule that reads a move ({@code does}) as one of its inputs is read by move: it derives nothing unless
     * a move it can read is played. rulesOfMove[m]: the rules read by move that move m can pass;
     * rulesNotByMove: the other rules, as a bitset over rule indices. An advance runs only these (checkers'
     * jump rules when a jump is played): it ORs the played moves' rules into a copy of rulesNotByMove and
     * runs the rules of its set bits in order, not every rule to find most fail. Both null where a move
     * leaves few rules unrun (connectFour's two drop rules, which every drop passes): marking the rules of
     * the moves played then costs more than the rules it spares (0.89x on connectFourLarger).
     */
    final int[][] rulesOfMove;
    final long[] rulesNotByMove;
    /**
     * In a game whose other frame axioms (if any) are all read by exceptions of the step, such a frame axiom is
     * kept only on a part of at least this many facts. Without it the advance rebuilds the state from next,
     * which for a small state costs less than the frame path's fixed work per step: lightsOut (25 cells per
     * part, five changed a step) ran 0.92x (0.85-0.97) and 2pffa (22 and 54) 0.79x on the frame path, amazons_8x8
     * (192) 1.54x.
     */
    private static final int MIN_STEP_PART = 64;
    /** A move must leave at least this many rules unrun, on average, for the advance to pick rules by move. */
    private static final int MIN_SPARED_RULES = 4;

    /**
     * One frame axiom: its frame plan (the carried-over fact read by the last stage, the stages before it the
     * trigger), its part of true and, per RefNo the trigger ends in, the local IDs that are exceptions.
     */
    static final class Frame {
        final RulePlan plan;
        /** Index of the part of true the rule's last input reads, among true's parts. */
        final int part;
        /**
         * exceptions[ref]: the part's local IDs whose entry fails or has a condition other than those of
         * {@link #stepRelations}, or null if too many; not those no next instance is (see
         * {@link Frames#underivableMask}).
         */
        final int[][] exceptions;
        /**
         * The relations of this step whose IDs' absence is the only condition of some entries: the moves, or
         * what a next rule before this one derived from them ({@code (not (does blocker (mark ?m ?n)))},
         * cephalopodMicro's {@code (not (capturedAt ?x ?y))}). Such an entry fails only in a step where one of
         * those IDs is derived, which lists few, so its local ID is an exception only then: stepExceptions[k]
         * [id] are the part's local IDs whose entry, for some RefNo, fails when local ID {@code id} of
         * relation stepRelations[k] holds (null where none). Both empty where no entry has such conditions.
         */
        final int[] stepRelations;
        final int[][][] stepExceptions;
        /**
         * What an advance reads of the plan on every step, held here: its last stage (the carried-over fact),
         * whether some exceptions depend on the step, and whether the trigger is empty (no preconditions and
         * no stage before the last), so that RefNo 0 is its only RefNo without running it. Each hop through
         * the plan's objects is a load the collector's barrier guards; on ticTacToe and blocker, whose every
         * frame axiom but one is triggerless, the advance's fixed work per step is most of its cost.
         */
        final RulePlan.Stage last;
        final boolean readsStep;
        final boolean triggerless;

        Frame(RulePlan plan, int part, int[][] exceptions, int[] stepRelations, int[][][] stepExceptions) {
            this.plan = plan;
            this.part = part;
            this.exceptions = exceptions;
            this.stepRelations = stepRelations;
            this.stepExceptions = stepExceptions;
            this.last = plan.stages[plan.stages.length - 1];
            this.readsStep = stepRelations.length > 0;
            this.triggerless = plan.preconditions.length == 0 && plan.stages.length == 1;
        }
    }

    private Frames(RulePlan[] rules, Frame[] frame, int[] trueToNext, int[] partIndex, int[][] underivableWord,
            long[][] underivableMask, boolean[] byMove, int[][] rulesOfMove) {
        this.rules = rules;
        this.frame = frame;
        this.trueToNext = trueToNext;
        this.partIndex = partIndex;
        this.underivableWord = underivableWord;
        this.underivableMask = underivableMask;
        this.rulesOfMove = rulesOfMove;
        if (byMove == null) {
            this.rulesNotByMove = null;
        } else {
            this.rulesNotByMove = new long[(rules.length + 63) >>> 6];
            for (int i = 0; i < rules.length; i++) {
                if (!byMove[i]) {
                    rulesNotByMove[i >>> 6] |= 1L << i;
                }
            }
        }
    }

    /**
     * The next phase's frame axioms: each next rule whose frame plan (its tables with the carried-over fact
     * read last, or null) qualifies. Null if none does, or if the phase has a recursive block (reversi's
     * flipped lines, derived in the next phase): such a phase runs block by block, as every advance did.
     */
    static Frames of(RelationLayout layout, Block[] nextBlocks, RulePlan[] framePlans, FactTables facts,
            int factCount) {
        List<RulePlan> rules = new ArrayList<>();
        for (Block block : nextBlocks) {
            if (block.recursive) {
                return null;
            }
            rules.addAll(Arrays.asList(block.rules));
        }
        if (framePlans.length != rules.size()) {
            throw new IllegalArgumentException(framePlans.length + " frame plans for " + rules.size() + " next rules");
        }
        int[] partIndex = new int[layout.count()];
        Arrays.fill(partIndex, -1);
        for (int p = 0; p < facts.trueParts.length; p++) {
            partIndex[facts.trueParts[p]] = p;
        }
        int[] trueToNext = new int[factCount];
        Arrays.fill(trueToNext, -1);
        for (int n = 0; n < facts.nextToTrue.length; n++) {
            trueToNext[facts.nextToTrue[n]] = n;
        }
        Frame[] frame = new Frame[rules.size()];
        boolean any = false;
        // the relations listed in this step before rule i runs: the moves, and the heads of the rules before i
        IntLinkedOpenHashSet stepRelations = new IntLinkedOpenHashSet();
        stepRelations.add(facts.doesRelation);
        for (int i = 0; i < frame.length; i++) {
            frame[i] = framePlans[i] == null ? null
                : frame(framePlans[i], layout, facts, partIndex, trueToNext, stepRelations.toIntArray());
            any |= frame[i] != null;
            if (rules.get(i).headRelation != facts.nextRelation) {
                stepRelations.add(rules.get(i).headRelation);
            }
        }
        if (any && !readByListedExceptions(frame)) {
            // no frame axiom reads by exceptions listed at compile time: the advance would take the frame path
            // for frame axioms of the step's IDs alone, which pays on a large part only
            any = false;
            for (int i = 0; i < frame.length; i++) {
                if (frame[i] != null && frame[i].last.size < MIN_STEP_PART) {
                    frame[i] = null;
                }
                any |= frame[i] != null;
            }
        }
        if (!any) {
            return null;
        }
        int moveCount = layout.size(facts.doesRelation);
        boolean[] byMove = new boolean[rules.size()];
        IntArrayList[] readers = new IntArrayList[moveCount];
        for (int i = 0; i < rules.size(); i++) {
            for (RulePlan.Stage stage : rules.get(i).stages) {
                if (stage.relation != facts.doesRelation || stage.fixed != null) {
                    continue;
                }
                // one input on moves is enough: the rule derives nothing unless one of its moves is played
                byMove[i] = true;
                for (int move : passingInputs(stage)) {
                    if (readers[move] == null) {
                        readers[move] = new IntArrayList();
                    }
                    readers[move].add(i);
                }
                break;
            }
        }
        int[][] rulesOfMove = new int[moveCount][];
        int byMoveCount = 0;
        for (boolean read : byMove) {
            byMoveCount += read ? 1 : 0;
        }
        long spared = 0;
        for (int m = 0; m < moveCount; m++) {
            rulesOfMove[m] = readers[m] == null ? new int[0] : readers[m].toIntArray();
            spared += byMoveCount - rulesOfMove[m].length;
        }
        if (moveCount == 0 || spared < (long) MIN_SPARED_RULES * moveCount) {
            byMove = null;
            rulesOfMove = null;
        }
        int[][] underivableWord = new int[facts.trueParts.length][];
        long[][] underivableMask = new long[facts.trueParts.length][];
        int trueOffset = layout.offset(facts.trueRelation);
        for (int p = 0; p < facts.trueParts.length; p++) {
            int part = facts.trueParts[p];
            Int2LongLinkedOpenHashMap masks = new Int2LongLinkedOpenHashMap();
            for (int global = layout.offset(part), stop = global + layout.size(part); global < stop; global++) {
                if (trueToNext[global - trueOffset] < 0) {
                    masks.addTo(global >>> 6, 1L << global);
                }
            }
            if (!masks.isEmpty()) {
                underivableWord[p] = masks.keySet().toIntArray();
                underivableMask[p] = masks.values().toLongArray();
            }
        }
        return new Frames(rules.toArray(new RulePlan[0]), frame, trueToNext, partIndex, underivableWord,
            underivableMask, byMove, rulesOfMove);
    }

    /** Whether some frame axiom has no exceptions of the step (see {@link Frame#readsStep}). */
    private static boolean readByListedExceptions(Frame[] frame) {
        for (Frame f : frame) {
            if (f != null && !f.readsStep) {
                return true;
            }
        }
        return false;
    }

    /** The local IDs of a dynamic input that pass its table for some RefNo of the stage before. */
    private static int[] passingInputs(RulePlan.Stage stage) {
        boolean[] passes = new boolean[stage.size];
        if (stage.table != null) {
            for (int i = 0; i < stage.table.length; i++) {
                if (stage.table[i] >= 0) {
                    passes[i % stage.size] = true;
                }
            }
        } else {
            for (int j = 0; j < stage.probes.length; j += 2) {
                passes[stage.probes[j]] = true;
            }
        }
        IntArrayList inputs = new IntArrayList();
        for (int chi = 0; chi < passes.length; chi++) {
            if (passes[chi]) {
                inputs.add(chi);
            }
        }
        return inputs.toIntArray();
    }

    private static Frame frame(RulePlan rule, RelationLayout layout, FactTables facts, int[] partIndex,
            int[] trueToNext, int[] stepRelations) {
        int stages = rule.stages.length;
        if (rule.headRelation != facts.nextRelation || stages < 1) {
            return null;
        }
        RulePlan.Stage last = rule.stages[stages - 1];
        int part = partIndex[last.relation];
        if (part < 0 || last.table == null || last.fixed != null || last.once) {
            return null;
        }
        int refs = last.table.length / last.size;
        int firstFact = last.offset - layout.offset(facts.trueRelation);
        int nextOffset = layout.offset(facts.nextRelation);
        // the condition that always holds: the absence of the ID past every relation (RulePlan.Stage#conditions)
        int always = ~layout.totalSize();
        int[][] exceptions = new int[refs][];
        IntArrayList listed = new IntArrayList();
        // an entry's conditions on the step's IDs: pairs of (index into stepRelations, local ID)
        IntArrayList absent = new IntArrayList();
        // per step relation (index into stepRelations), per local ID: the local IDs of the part it fails
        @SuppressWarnings("unchecked")
        Int2ObjectOpenHashMap<IntLinkedOpenHashSet>[] failing = new Int2ObjectOpenHashMap[stepRelations.length];
        boolean usable = false;
        for (int ref = 0; ref < refs; ref++) {
            listed.clear();
            for (int chi = 0; chi < last.size; chi++) {
                int passing = last.table[ref * last.size + chi];
                if (passing < 0) {
                    if (trueToNext[firstFact + chi] >= 0) {
                        listed.add(chi); // (a fact no next instance is goes by underivableMask instead)
                    }
                    continue;
                }
                if (facts.nextToTrue[rule.result[passing] - nextOffset] != firstFact + chi) {
                    return null; // derives another fact than it reads: not a frame axiom
                }
                absent.clear();
                boolean onState = false;
                for (int c = passing * last.width, stop = c + last.width; c < stop; c++) {
                    int code = last.conditions[c];
                    if (code == always) {
                        continue;
                    }
                    int s = code < 0 ? stepRelation(layout, stepRelations, ~code) : -1;
                    if (s >= 0) {
                        absent.add(s);
                        absent.add(~code - layout.offset(stepRelations[s]));
                    } else {
                        onState = true;
                        break;
                    }
                }
                if (onState) {
                    listed.add(chi);
                    continue;
                }
                for (int k = 0; k < absent.size(); k += 2) {
                    int s = absent.getInt(k);
                    if (failing[s] == null) {
                        failing[s] = new Int2ObjectOpenHashMap<>();
                    }
                    failing[s].computeIfAbsent(absent.getInt(k + 1), id -> new IntLinkedOpenHashSet()).add(chi);
                }
            }
            if (listed.size() * EXCEPTION_SHARE <= last.size) {
                exceptions[ref] = listed.toIntArray();
                usable = true;
            }
        }
        if (!usable) {
            return null;
        }
        IntArrayList read = new IntArrayList();
        List<int[][]> readExceptions = new ArrayList<>();
        for (int s = 0; s < stepRelations.length; s++) {
            if (failing[s] == null) {
                continue;
            }
            int[][] byId = new int[layout.size(stepRelations[s])][];
            for (Int2ObjectMap.Entry<IntLinkedOpenHashSet> entry : failing[s].int2ObjectEntrySet()) {
                byId[entry.getIntKey()] = entry.getValue().toIntArray();
            }
            read.add(stepRelations[s]);
            readExceptions.add(byId);
        }
        return new Frame(rule, part, exceptions, read.toIntArray(), readExceptions.toArray(new int[0][][]));
    }

    /** The index into stepRelations of the relation global ID {@code global} belongs to, or -1. */
    private static int stepRelation(RelationLayout layout, int[] stepRelations, int global) {
        for (int s = 0; s < stepRelations.length; s++) {
            int offset = layout.offset(stepRelations[s]);
            if (global >= offset && global < offset + layout.size(stepRelations[s])) {
                return s;
            }
        }
        return -1;
    }

    /** How many of the next phase's rules are frame axioms: for diagnostics. */
    int count() {
        int count = 0;
        for (Frame f : frame) {
            if (f != null) {
                count++;
            }
        }
        return count;
    }
}
