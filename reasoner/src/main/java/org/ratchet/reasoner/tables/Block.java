package org.ratchet.reasoner.tables;

import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;

/**
 * Rules evaluated together: one strongly connected component of the dependency graph, run to a fixpoint if
 * it is recursive. Immutable; shared by every machine of a game.
 *
 * <p>A recursive block is evaluated semi-naively: after a first pass that runs every rule whole, a pass
 * only needs the instances that read at least one ID the block's relations gained in the pass before (any
 * other instance was already found then). So for each literal on a relation of the block, a rule has a
 * {@link #deltaPlans delta plan}: its tables with that literal read first, which a pass runs over the new
 * IDs of the literal's list only, the other literals reading everything.
 */
public final class Block {
    public final RulePlan[] rules;
    public final boolean recursive;
    /** The relations the rules write, without repeats: a pass of a recursive block derived something iff they grew. */
    public final int[] heads;
    /**
     * For a recursive block, deltaPlans[i]: rule i compiled once per positive literal on a relation of the
     * block, that literal as input stage 0 with a dense table (so a pass can read just part of its list);
     * empty for a rule that reads none (it derives nothing new after the first pass). Null for a rule that
     * must be run whole on every pass (such a literal could not be read first from a dense table). Null as
     * a whole for a block that is not recursive.
     */
    public final RulePlan[][] deltaPlans;

    public Block(RulePlan[] rules, RulePlan[][] deltaPlans) {
        this.rules = rules;
        this.recursive = deltaPlans != null;
        this.deltaPlans = deltaPlans;
        IntLinkedOpenHashSet written = new IntLinkedOpenHashSet();
        for (RulePlan rule : rules) {
            written.add(rule.headRelation);
        }
        this.heads = written.toIntArray();
    }
}
