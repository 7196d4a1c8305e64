package org.ratchet.reasoner.bottomup;

import java.util.List;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;

/**
 * One rule compiled to a join plan: its body literals in the order they are evaluated (each positive literal
 * looks rows up by the argument positions already bound, through a hash index) and the head the rule adds.
 */
final class Plan {
    final int headRelation;
    final Pattern[] head;
    final int variables;
    final Step[] steps;
    /**
     * For a recursive rule, per body literal over the head's own component, the plan the semi-naive rounds
     * run with that literal's step ({@link #deltaStep}) restricted to the rows the last round added.
     */
    final Plan[] deltas;
    /** In a plan of {@link #deltas}: the step restricted to the last round's rows; -1 in a rule's own plan. */
    final int deltaStep;
    /** The rule in KIF, for messages. */
    final String source;
    /** What the plan was compiled from, to compile it again once the static relations it reads are known. */
    final Rule rule;
    final List<Literal> body;
    /** The literal of {@link #deltaStep}, or null. */
    final Literal delta;

    Plan(int headRelation, Pattern[] head, int variables, Step[] steps, Plan[] deltas, int deltaStep,
            String source, Rule rule, List<Literal> body, Literal delta) {
        this.headRelation = headRelation;
        this.head = head;
        this.variables = variables;
        this.steps = steps;
        this.deltas = deltas;
        this.deltaStep = deltaStep;
        this.source = source;
        this.rule = rule;
        this.body = body;
        this.delta = delta;
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
        /** Where the relation is evaluated on demand: how to derive its rows for this step's key, else null. */
        Demand demand;

        Step(int kind, int relation, Pattern[] args, int keyMask, boolean allBound) {
            this.kind = kind;
            this.relation = relation;
            this.args = args;
            this.keyMask = keyMask;
            this.allBound = allBound;
        }
    }

    /**
     * How to derive the rows of a relation evaluated on demand that match a key on the argument positions
     * {@link #mask}: its rules compiled with those head arguments bound, each plan run once per new key. A
     * recursive relation's plans read the relation itself, through demands for other keys (or this one).
     */
    static final class Demand {
        final int relation;
        final int mask;
        final boolean recursive;
        /** Filled in after the demand is registered, so a recursive rule's plan can link to its own demand. */
        final Plan[] plans;

        Demand(int relation, int mask, boolean recursive, int planCount) {
            this.relation = relation;
            this.mask = mask;
            this.recursive = recursive;
            this.plans = new Plan[planCount];
        }
    }
}
