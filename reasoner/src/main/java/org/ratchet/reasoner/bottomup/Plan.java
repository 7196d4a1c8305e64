package org.ratchet.reasoner.bottomup;

/**
 * One rule compiled to a join plan: its body literals in the order they are evaluated (each positive literal
 * looks rows up by the argument positions already bound, through a hash index) and the head the rule adds.
 */
final class Plan {
    final int headRelation;
    final Pattern[] head;
    final int variables;
    final Step[] steps;
    /** Positions in {@link #steps} of positive literals over the head's own component (semi-naive deltas). */
    final int[] recursiveSteps;
    /** The rule in KIF, for messages. */
    final String source;

    Plan(int headRelation, Pattern[] head, int variables, Step[] steps, int[] recursiveSteps, String source) {
        this.headRelation = headRelation;
        this.head = head;
        this.variables = variables;
        this.steps = steps;
        this.recursiveSteps = recursiveSteps;
        this.source = source;
    }

    /** One body literal of a plan. */
    static final class Step {
        static final int POSITIVE = 0;
        static final int NEGATIVE = 1;
        static final int DISTINCT = 2;

        final int kind;
        /** The relation read (POSITIVE, NEGATIVE); -1 for DISTINCT. */
        final int relation;
        /** The literal's arguments (POSITIVE, NEGATIVE), or the two terms compared (DISTINCT). */
        final Pattern[] args;
        /** POSITIVE: the argument positions bound when the step is reached, by bit. */
        final int keyMask;
        /** POSITIVE: whether every argument is bound, so the step is a single row lookup. */
        final boolean allBound;
        /** POSITIVE: the relation's index on {@link #keyMask}, or -1 to scan every row. */
        int index = -1;

        Step(int kind, int relation, Pattern[] args, int keyMask, boolean allBound) {
            this.kind = kind;
            this.relation = relation;
            this.args = args;
            this.keyMask = keyMask;
            this.allBound = allBound;
        }
    }
}
