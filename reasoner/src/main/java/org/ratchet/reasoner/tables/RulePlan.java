package org.ratchet.reasoner.tables;

import org.ratchet.reasoner.ground.RelationLayout;

/**
 * One compiled rule, from the table compiler to the machine: the reference tables of a {@link CompiledRule}
 * laid out for the run-time loop of the machine ({@code run.HsfcMachine}), so every per-stage value the
 * loop reads sits in a final field of one {@link Stage} object; knowledge-base positions and result IDs are
 * global. The fields are public because the machine's hot loops, in another package, read them directly
 * (no getters between a loop and its arrays). The tables themselves are shared with the compiled rule, not
 * copied. Immutable; shared by every machine of a game.
 */
public final class RulePlan {
    public final int headRelation;
    /** Precondition codes, see {@link CompiledRule#conditions}. */
    public final int[] preconditions;
    /** HSFC Def. 9: result[RefNo_last] = global ID of the head instance. */
    public final int[] result;
    /** The inputs in order; with none, the single head instance is written if the preconditions hold. */
    public final Stage[] stages;
    /** Source line of the rule, for diagnostics. */
    public final int line;

    private RulePlan(CompiledRule rule, RelationLayout layout) {
        headRelation = rule.headRelation;
        preconditions = rule.conditions[0];
        result = rule.result;
        line = rule.line;
        int count = rule.stages();
        stages = new Stage[count];
        for (int k = 0; k < count; k++) {
            stages[k] = new Stage(rule, k, layout);
        }
    }

    static RulePlan of(CompiledRule rule, RelationLayout layout) {
        return new RulePlan(rule, layout);
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

    /** One input stage of a plan. */
    public static final class Stage {
        public final int relation;
        /** Global offset of the relation: its knowledge-base list starts there, its IDs are offset + local. */
        public final int offset;
        public final int size;
        /** Dynamic input: HSFC Def. 7 table over local IDs; null for a static or a sparse input. */
        public final int[] table;
        /** Static input: the RefNos each previous RefNo leads to; null for a dynamic input. */
        public final int[][] fixed;
        /** {@link CompiledRule#probes} of this input, or null. */
        public final int[] probeStart;
        public final int[] probes;
        /** Run-time condition codes after this input, {@link #width} per RefNo. */
        public final int[] conditions;
        public final int width;
        public final boolean once;
        /** The most RefNos one RefNo of the stage before can lead to here: what a stage buffer must hold. */
        public final int maxRoom;

        Stage(CompiledRule rule, int k, RelationLayout layout) {
            relation = rule.inputRelation[k];
            offset = layout.offset(relation);
            size = rule.inputSize[k];
            table = rule.inputTable[k];
            fixed = rule.staticNext[k];
            probeStart = rule.probeStart[k];
            probes = rule.probes[k];
            conditions = rule.conditions[k + 1];
            width = rule.conditionWidth[k + 1];
            once = rule.existential[k];
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
