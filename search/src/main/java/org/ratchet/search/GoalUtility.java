package org.ratchet.search;

import java.util.Locale;
import org.ratchet.reasoner.StateMachine;

/**
 * What a finished game is worth to each role in the search's eyes: the goal the rules give it, or its rank
 * among the roles with the goal as the tie-break. Every value the tree, the playouts and the learned
 * evaluation back up is read through one of these, so the whole search maximises the same thing.
 *
 * <p>The two differ where goals are not zero-sum. In skirmish each side's goal counts its own captures, so a
 * goal-maximising side captures whatever its own pieces cost it, and a rank-maximising one captures more than
 * the opponent. In a three-player game that pays second place (3pConnectFour: the winner 100, the player who
 * moved just before the winner 50, the third 0, everyone 0 on a full board), a goal-maximising role prefers
 * the next player's win to a full board and so helps that player. Where the roles tie either way (a goal
 * they reach or miss together) only the goal tells outcomes apart, hence the tie-break. {@link #AUTO} takes
 * the rank between two roles and the goal otherwise, as measured (README, Search).
 */
public enum GoalUtility {
    /** The goal value itself, 0..100. */
    GOAL,
    /**
     * The share of the other roles whose goal is below the role's own, a tie counting half, scaled to 0..100
     * (100 for the sole best goal, 0 for the sole worst, 50 where all are equal), weighted {@link #RANK_SHARE},
     * the goal the rest. Between two roles whose goals are 0, 50 or 100 and sum to 100 this is the goal
     * itself; otherwise a place gained outweighs any goal (with up to five roles; six or more make the steps
     * between places smaller than the goal's share). A single role keeps its goal (it has no one to rank
     * against).
     */
    RANK,
    /**
     * {@link #RANK} in a two-player game, {@link #GOAL} otherwise: rank won skirmish's matches against goal
     * 8-0-0, while in 3pConnectFour, where second place pays, goal scored better. Resolved per game by
     * {@link #forRoles} before anything is read.
     */
    AUTO;

    /** The rank's share of {@link #RANK}'s value; the goal breaks ties between equal ranks. */
    static final double RANK_SHARE = 0.9;

    /** The utility that values a game of {@code roles} roles: {@link #AUTO} resolved, the others themselves. */
    public GoalUtility forRoles(int roles) {
        if (this != AUTO) {
            return this;
        }
        return roles == 2 ? RANK : GOAL;
    }

    /**
     * Writes each role's value in the machine's current state to {@code into[offset ..]}; {@code scratch}
     * (at least one slot per role) holds the goals meanwhile, so nothing is allocated.
     */
    public void read(StateMachine machine, int[] scratch, int[] into, int offset) {
        int roles = machine.roleCount();
        if (forRoles(roles) == GOAL || roles < 2) {
            for (int role = 0; role < roles; role++) {
                into[offset + role] = machine.goal(role);
            }
            return;
        }
        for (int role = 0; role < roles; role++) {
            scratch[role] = machine.goal(role);
        }
        for (int role = 0; role < roles; role++) {
            int halves = 0; // two per role beaten, one per role tied
            for (int other = 0; other < roles; other++) {
                if (other != role) {
                    halves += Integer.compare(scratch[role], scratch[other]) + 1;
                }
            }
            double rank = halves * (double) SearchTree.MAX_GOAL / (2 * (roles - 1));
            into[offset + role] = (int) Math.round(RANK_SHARE * rank + (1 - RANK_SHARE) * scratch[role]);
        }
    }

    /** Parses a utility name case-insensitively ({@code goal}, {@code rank}, {@code auto}). */
    public static GoalUtility parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown goal utility '" + name + "'; known: goal, rank, auto", e);
        }
    }
}
