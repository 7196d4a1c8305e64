package org.ratchet.reasoner.tables;

/**
 * One rule as reference tables (HSFC section 6), in the form {@link RuleCompiler} builds and folds them:
 * one array per field, indexed by stage. Stage k reads an input relation from the knowledge base; stage 0 of
 * the condition arrays holds the preconditions, stage k+1 the conditions checked once input k is matched.
 * What leaves the compiler is the same tables as a {@link RulePlan}.
 */
final class CompiledRule {
    /** Runtime index of the head relation. */
    final int headRelation;
    /** Runtime index of the relation read at input stage k. */
    final int[] inputRelation;
    /** |S(Q_k)|: the number of instances of input k's relation. */
    final int[] inputSize;
    /**
     * HSFC Def. 7: inputTable[k][RefNo_{k-1} × |S(Q_k)| + χ_k] = RefNo_k, or -1 (fail). Null for a static
     * input (see {@link #staticNext}) and for a sparse dynamic one, whose passing entries are only kept as
     * its {@link #probes}.
     */
    final int[][] inputTable;
    /**
     * HSFC Def. 8, one row per RefNo: conditions[s][RefNo × conditionWidth[s] + c] is the test of condition
     * c: a global ID ≥ 0 that must be present, or {@link #absent(int)} of an ID that must be absent. A negated
     * instance that can never exist is the absence of the ID just past every relation, whose bit is never set,
     * so the run-time test has no third case. Rows keep a RefNo's tests together in memory.
     */
    final int[][] conditions;
    final int[] conditionWidth;
    /** HSFC Def. 9: result[RefNo_last] = global ID of the head instance (the write needs no offset). */
    final int[] result;
    /**
     * existential[k]: RefNo_k depends only on RefNo_{k-1} (input k binds nothing read later), so after the
     * first instance that passes, the other instances of input k would repeat the same work.
     */
    final boolean[] existential;
    /**
     * staticNext[k][RefNo_{k-1}]: for an input on a static relation, the RefNos it leads to (its table
     * entry is then null); null for inputs on dynamic relations.
     */
    final int[][][] staticNext;
    /**
     * Probes of a dynamic input k (null for a static one, or when not worth their memory): the instances
     * passing its table for RefNo_{k-1} = r are the pairs (local ID, RefNo_k) at probes[k][2j], probes[k][2j+1]
     * for j in probeStart[k][r] .. probeStart[k][r+1]-1. When a RefNo has fewer candidates than the relation
     * has IDs in the knowledge base, testing each candidate's bit is cheaper than scanning the list. A sparse
     * input (no table) is always read this way.
     */
    final int[][] probeStart;
    final int[][] probes;
    /** Source line, for diagnostics. */
    final int line;

    /** The condition code requiring global ID {@code id} to be absent: its complement, always negative. */
    static int absent(int id) {
        return ~id;
    }

    CompiledRule(int headRelation, int[] inputRelation, int[] inputSize, int[][] inputTable, int[][] conditions,
            int[] conditionWidth, int[] result, boolean[] existential, int[][][] staticNext, int[][] probeStart,
            int[][] probes, int line) {
        this.probeStart = probeStart;
        this.probes = probes;
        this.staticNext = staticNext;
        this.existential = existential;
        this.headRelation = headRelation;
        this.inputRelation = inputRelation;
        this.inputSize = inputSize;
        this.inputTable = inputTable;
        this.conditions = conditions;
        this.conditionWidth = conditionWidth;
        this.result = result;
        this.line = line;
    }

    int stages() {
        return inputRelation.length;
    }
}
