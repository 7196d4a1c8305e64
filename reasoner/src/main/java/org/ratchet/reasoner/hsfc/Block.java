package org.ratchet.reasoner.hsfc;

import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;

/**
 * Rules evaluated together: one strongly connected component of the dependency graph, run to a fixpoint if
 * it is recursive. Immutable; shared by every machine of a game.
 */
final class Block {
    final RulePlan[] rules;
    final boolean recursive;
    /** The relations the rules write, without repeats: a pass of a recursive block derived something iff they grew. */
    final int[] heads;

    Block(RulePlan[] rules, boolean recursive) {
        this.rules = rules;
        this.recursive = recursive;
        IntLinkedOpenHashSet written = new IntLinkedOpenHashSet();
        for (RulePlan rule : rules) {
            written.add(rule.headRelation);
        }
        this.heads = written.toIntArray();
    }
}
