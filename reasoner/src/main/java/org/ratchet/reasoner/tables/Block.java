package org.ratchet.reasoner.tables;

import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;

/**
 * Rules evaluated together: one strongly connected component of the dependency graph, run to a fixpoint if
 * it is recursive. Immutable; shared by every machine of a game.
 */
public final class Block {
    public final RulePlan[] rules;
    public final boolean recursive;
    /** The relations the rules write, without repeats: a pass of a recursive block derived something iff they grew. */
    public final int[] heads;

    public Block(RulePlan[] rules, boolean recursive) {
        this.rules = rules;
        this.recursive = recursive;
        IntLinkedOpenHashSet written = new IntLinkedOpenHashSet();
        for (RulePlan rule : rules) {
            written.add(rule.headRelation);
        }
        this.heads = written.toIntArray();
    }
}
