package org.ratchet.reasoner.run;

import it.unimi.dsi.fastutil.ints.IntArrayList;
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
    private static final int EXCEPTION_SHARE = 4;

    /** The next phase's rules in evaluation order, as compiled (a phase with a recursive block has no Frames). */
    final RulePlan[] rules;
    /** frame[i]: rule i as a frame axiom, or null if it is not one (it then always runs as compiled). */
    final Frame[] frame;
    /** trueToNext[f]: next's local ID of fact f, or -1 if no next instance is that fact. */
    final int[] trueToNext;
    /** partIndex[r]: the index among true's parts of relation r, or -1 if r is not a part of true. */
    final int[] partIndex;
    /**
     * byMove[i]: whether rule i reads a move ({@code does}) as one of its inputs, so that it derives nothing
     * unless a move it can read is played; rulesOfMove[m]: those rules that move m can pass. An advance runs
     * only these of them (checkers' jump rules when a jump is played), not every rule to find most fail.
     * Both null where a move leaves few rules unrun (connectFour's two drop rules, which every drop passes):
     * marking the rules of the moves played then costs more than the rules it spares (0.89x on
     * connectFourLarger).
     */
    final boolean[] byMove;
    final int[][] rulesOfMove;
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
        /** exceptions[ref]: the part's local IDs whose entry fails or has a condition, or null if too many. */
        final int[][] exceptions;

        Frame(RulePlan plan, int part, int[][] exceptions) {
            this.plan = plan;
            this.part = part;
            this.exceptions = exceptions;
        }
    }

    private Frames(RulePlan[] rules, Frame[] frame, int[] trueToNext, int[] partIndex, boolean[] byMove,
            int[][] rulesOfMove) {
        this.rules = rules;
        this.frame = frame;
        this.trueToNext = trueToNext;
        this.partIndex = partIndex;
        this.byMove = byMove;
        this.rulesOfMove = rulesOfMove;
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
        for (int i = 0; i < frame.length; i++) {
            frame[i] = framePlans[i] == null ? null : frame(framePlans[i], layout, facts, partIndex);
            any |= frame[i] != null;
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
        return new Frames(rules.toArray(new RulePlan[0]), frame, trueToNext, partIndex, byMove, rulesOfMove);
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

    private static Frame frame(RulePlan rule, RelationLayout layout, FactTables facts, int[] partIndex) {
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
        boolean usable = false;
        for (int ref = 0; ref < refs; ref++) {
            listed.clear();
            for (int chi = 0; chi < last.size; chi++) {
                int passing = last.table[ref * last.size + chi];
                if (passing < 0) {
                    listed.add(chi);
                    continue;
                }
                if (facts.nextToTrue[rule.result[passing] - nextOffset] != firstFact + chi) {
                    return null; // derives another fact than it reads: not a frame axiom
                }
                for (int c = passing * last.width, stop = c + last.width; c < stop; c++) {
                    if (last.conditions[c] != always) {
                        listed.add(chi);
                        break;
                    }
                }
            }
            if (listed.size() * EXCEPTION_SHARE <= last.size) {
                exceptions[ref] = listed.toIntArray();
                usable = true;
            }
        }
        return usable ? new Frame(rule, part, exceptions) : null;
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
