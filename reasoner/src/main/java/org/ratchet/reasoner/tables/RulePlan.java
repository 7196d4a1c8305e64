package org.ratchet.reasoner.tables;

import org.ratchet.reasoner.ground.RelationLayout;

/**
 * One rule as reference tables (HSFC section 6), the one form of a compiled rule from the table compiler
 * ({@link RuleCompiler}) to the machine ({@code run.HsfcMachine}). Stage k reads an input relation from the
 * knowledge base; the preconditions are checked before stage 0, a stage's own conditions once its input is
 * matched. Every per-stage value the machine's loop reads sits in a final field of one {@link Stage};
 * knowledge-base positions and result IDs are global. The fields are public because the machine's hot
 * loops, in another package, read them directly (no getters between a loop and its arrays, a deliberate
 * specialisation). Immutable; shared by every machine of a game.
 */
public final class RulePlan {
    /** Runtime index of the head relation. */
    public final int headRelation;
    /** Condition codes checked before the first input, as one row of {@link Stage#conditions}. */
    public final int[] preconditions;
    /** HSFC Def. 9: result[RefNo_last] = global ID of the head instance (the write needs no offset). */
    public final int[] result;
    /** The inputs in order; with none, the single head instance is written if the preconditions hold. */
    public final Stage[] stages;
    /** Source line of the rule, for diagnostics. */
    public final int line;

    RulePlan(int headRelation, int[] preconditions, int[] result, Stage[] stages, int line) {
        this.headRelation = headRelation;
        this.preconditions = preconditions;
        this.result = result;
        this.stages = stages;
        this.line = line;
    }

    /** The condition code requiring global ID {@code id} to be absent: its complement, always negative. */
    static int absent(int id) {
        return ~id;
    }

    /** Ints held by this rule's tables, for the compile statistics. */
    public long tableInts() {
        long total = result.length + preconditions.length;
        for (Stage stage : stages) {
            total += stage.table == null ? 0 : stage.table.length;
            if (stage.fixed != null) {
                for (int[] options : stage.fixed) {
                    total += options.length + 4;
                }
            }
            if (stage.probes != null) {
                total += stage.probes.length + stage.probeStart.length;
            }
            total += stage.conditions.length;
        }
        return total;
    }

    /**
     * One input stage of a plan. A RefNo numbers the distinct bindings, after an input, of the variables
     * still needed later; RefNo_{k-1} is the one stage k starts from (0 for stage 0).
     */
    public static final class Stage {
        /** Runtime index of the relation (or part of true) whose knowledge-base list this input reads. */
        public final int relation;
        /** Global offset of the relation: its knowledge-base list starts there, its IDs are offset + local. */
        public final int offset;
        /** |S(Q_k)|: the number of instances of the input's relation. */
        public final int size;
        /**
         * HSFC Def. 7: table[RefNo_{k-1} × size + χ] = RefNo_k, or -1 (fail), χ the local ID. Null for a
         * static input (see {@link #fixed}) and for a sparse dynamic one, which is only read by its
         * {@link #probes}.
         */
        public final int[] table;
        /** Static input: fixed[RefNo_{k-1}] lists the RefNos it leads to; null for a dynamic input. */
        public final int[][] fixed;
        /**
         * Probes of a dynamic input (null for a static one, or when not worth their memory): the instances
         * passing its table for RefNo_{k-1} = r are the pairs (local ID, RefNo_k) at probes[2j], probes[2j+1]
         * for j in probeStart[r] .. probeStart[r+1]-1. When a RefNo has fewer candidates than the relation has
         * IDs in the knowledge base, testing each candidate's bit is cheaper than scanning the list. A sparse
         * input (no table) is always read this way.
         */
        public final int[] probeStart;
        public final int[] probes;
        /**
         * HSFC Def. 8, one row per RefNo_k: conditions[RefNo × width + c] is the test of condition c: a
         * global ID ≥ 0 that must be present, or {@link #absent(int)} of an ID that must be absent. A negated
         * instance that can never exist is the absence of the ID just past every relation, whose bit is never
         * set, so the run-time test has no third case. Rows keep a RefNo's tests together in memory.
         */
        public final int[] conditions;
        public final int width;
        /**
         * RefNo_k depends only on RefNo_{k-1} (the input binds nothing read later), so after the first
         * instance that passes, the other instances of the input would repeat the same work.
         */
        public final boolean once;
        /** The most RefNos one RefNo of the stage before can lead to here: what a stage buffer must hold. */
        public final int maxRoom;

        /** The finished stage of a draft the compiler has built and folded. */
        Stage(RuleCompiler.StageDraft draft, RelationLayout layout) {
            relation = draft.relation;
            offset = layout.offset(relation);
            size = draft.size;
            table = draft.table;
            fixed = draft.fixed;
            probeStart = draft.probeStart;
            probes = draft.probes;
            conditions = draft.conditions;
            width = draft.width;
            once = draft.once;
            maxRoom = once ? 1 : maxRoom(fixed, probeStart, table, size);
        }

        private static int maxRoom(int[][] fixed, int[] probeStart, int[] table, int size) {
            int most = 0;
            if (fixed != null) {
                for (int[] next : fixed) {
                    most = Math.max(most, next.length);
                }
            } else if (probeStart != null) {
                for (int ref = 0; ref + 1 < probeStart.length; ref++) {
                    most = Math.max(most, probeStart[ref + 1] - probeStart[ref]);
                }
            } else {
                for (int base = 0; base < table.length && most < size; base += size) {
                    int passing = 0;
                    for (int chi = base; chi < base + size; chi++) {
                        if (table[chi] >= 0) {
                            passing++;
                        }
                    }
                    most = Math.max(most, passing);
                }
            }
            return most;
        }
    }
}
