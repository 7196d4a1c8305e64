package org.ratchet.search;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Set;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.analysis.GoalLatches;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.rewrite.Passes;

/**
 * Each role's goal bounds in a state, from the latches of {@link GoalLatches}: a goal value is out for the rest
 * of the game once one of its guarding persistent facts is true. What stays possible bounds the role's final
 * goal from below and above; where the bounds meet for every role the outcome is settled whatever anyone
 * plays. Built once per match from the rules; read by every worker (immutable after construction).
 */
final class LatchBounds {
    private final int roles;
    /** Per role, its goal values ascending (empty: nothing known of the role). */
    private final int[][] values;
    /** Per role and value index, the fact ids of the guards, any one of which rules the value out. */
    private final int[][][] guards;

    private LatchBounds(int roles, int[][] values, int[][][] guards) {
        this.roles = roles;
        this.values = values;
        this.guards = guards;
    }

    /**
     * The latch bounds of the machine's game, or null where no goal value has a guard the engine can
     * represent (the search then spends nothing on them).
     */
    static LatchBounds of(StateMachine machine) {
        GoalLatches latches = GoalLatches.of(Passes.normalForm(machine.description()));
        if (!latches.any()) {
            return null;
        }
        int roles = machine.roleCount();
        int[][] values = new int[roles][];
        int[][][] guards = new int[roles][][];
        boolean any = false;
        for (int role = 0; role < roles; role++) {
            values[role] = latches.values(role);
            guards[role] = new int[values[role].length][];
            for (int v = 0; v < values[role].length; v++) {
                Set<Term> fluents = latches.guards(role, values[role][v]);
                int[] ids = new int[fluents.size()];
                int n = 0;
                for (Term fluent : fluents) {
                    int id = machine.factId(fluent);
                    if (id >= 0) { // a fluent the engine does not know is never true
                        ids[n++] = id;
                    }
                }
                guards[role][v] = Arrays.copyOf(ids, n);
                any |= n > 0;
            }
        }
        return any ? new LatchBounds(roles, values, guards) : null;
    }

    /** For the log: how many goal values persistent facts can rule out, and by how many facts. */
    String summary() {
        int guarded = 0;
        BitSet facts = new BitSet();
        for (int[][] role : guards) {
            for (int[] ids : role) {
                guarded += ids.length > 0 ? 1 : 0;
                for (int id : ids) {
                    facts.set(id);
                }
            }
        }
        return guarded + " goal values of " + roles + " roles can be ruled out by " + facts.cardinality()
                + " persistent facts";
    }

    /**
     * Writes each role's lowest and highest goal still possible in the state {@code facts[from .. from +
     * length)} (fact ids ascending, as the tree keeps them) to {@code low} and {@code high}; a role with
     * nothing known gets 0 and {@link SearchTree#MAX_GOAL}, and one whose every value is ruled out (a game
     * that would end without a goal) the same. Returns whether every role's bounds meet.
     */
    boolean bounds(int[] facts, int from, int length, int[] low, int[] high) {
        boolean settled = true;
        for (int role = 0; role < roles; role++) {
            int lowest = -1;
            int highest = -1;
            int[] named = values[role];
            for (int v = 0; v < named.length; v++) {
                if (!anyTrue(guards[role][v], facts, from, length)) {
                    if (lowest < 0) {
                        lowest = named[v];
                    }
                    highest = named[v];
                }
            }
            if (lowest < 0) {
                lowest = 0;
                highest = SearchTree.MAX_GOAL;
            }
            low[role] = lowest;
            high[role] = highest;
            settled &= lowest == highest;
        }
        return settled;
    }

    private static boolean anyTrue(int[] guardFacts, int[] facts, int from, int length) {
        for (int fact : guardFacts) {
            if (Arrays.binarySearch(facts, from, from + length, fact) >= 0) {
                return true;
            }
        }
        return false;
    }
}
