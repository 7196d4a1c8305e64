package org.ratchet.search;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * One state in the search tree with decoupled statistics: every role keeps its own visit count and value sum
 * for each of its legal moves (DUCT), and a child is reached by the joint move the roles' choices make. In a
 * turn-taking game only the mover has more than one move, so this is plain UCT there.
 *
 * <p>All mutable fields are guarded by the owning {@link Tree}'s lock.
 */
final class Node {
    /** Goal values are 0..100 in GDL; a role that can reach 100 needs to look no further. */
    static final int MAX_GOAL = 100;
    /**
     * Joint-move counts up to this index children by array, beyond it by hash map: a simultaneous-move node
     * can have thousands of joint moves of which few are ever tried, and the pool's memory estimate
     * assumes small nodes.
     */
    private static final int CHILD_ARRAY_LIMIT = 256;

    final State state;
    final boolean terminal;
    /** Where each role's moves start in {@link #moves}; {@code roleCount + 1} entries. */
    final int[] moveStart;
    /** Legal move ids, role after role. */
    final int[] moves;
    /** Per move: iterations through this node in which its role chose it (including virtual losses). */
    final int[] moveVisits;
    /** Per move: sum of its role's goal over those iterations. */
    final double[] moveValueSums;
    /** The only role with a choice, or -1 if several roles choose at once. */
    final int mover;
    /** Number of joint moves: the product of the roles' move counts. */
    final long jointCount;
    /** Joint index = sum over roles of (the role's move index) * jointStride[role]. */
    final long[] jointStride;
    private final Node[] childArray;
    private final Long2ObjectOpenHashMap<Node> childMap;

    /** Iterations that entered this node, including those still running (virtual loss). */
    int visits;
    /** Iterations that ended here: a playout started here, or the node is solved, or the pool was full. */
    int stopVisits;
    /** Iterations that went on to children since removed to make room in the node pool. */
    int prunedVisits;
    /** Per role: sum of its goal over the finished iterations through this node. */
    final double[] valueSums;
    /** The exact goal vector under best play, once solved (always for terminal states); null until then. */
    int[] proven;

    private Node(State state, boolean terminal, int[] goals, int[] moveStart, int[] moves) {
        int roles = moveStart.length - 1;
        this.state = state;
        this.terminal = terminal;
        this.proven = goals;
        this.moveStart = moveStart;
        this.moves = moves;
        this.moveVisits = new int[moves.length];
        this.moveValueSums = new double[moves.length];
        this.valueSums = new double[roles];
        this.jointStride = new long[roles];
        long count = 1;
        int chooser = 0;
        int choosers = 0;
        for (int role = 0; role < roles; role++) {
            jointStride[role] = count;
            int roleMoves = moveStart[role + 1] - moveStart[role];
            // Saturate rather than overflow: such nodes use the map and never enumerate their joint moves.
            count = count > Long.MAX_VALUE / Math.max(1, roleMoves) ? Long.MAX_VALUE : count * roleMoves;
            if (roleMoves > 1) {
                chooser = role;
                choosers++;
            }
        }
        this.jointCount = terminal ? 0 : count;
        this.mover = choosers <= 1 ? chooser : -1;
        if (terminal) {
            childArray = null;
            childMap = null;
        } else if (count <= CHILD_ARRAY_LIMIT) {
            childArray = new Node[(int) count];
            childMap = null;
        } else {
            childArray = null;
            childMap = new Long2ObjectOpenHashMap<>();
        }
    }

    /**
     * The node of the machine's current state: terminal with its goals, or with every role's legal moves. A
     * non-terminal state where some role has no legal move cannot be played on; it is treated as terminal.
     */
    static Node of(StateMachine machine) {
        State state = machine.currentState();
        int roles = machine.roleCount();
        if (!machine.isTerminal()) {
            int[] moveStart = new int[roles + 1];
            boolean playable = true;
            for (int role = 0; role < roles; role++) {
                int count = machine.legalCount(role);
                playable &= count > 0;
                moveStart[role + 1] = moveStart[role] + count;
            }
            if (playable) {
                int[] moves = new int[moveStart[roles]];
                for (int role = 0; role < roles; role++) {
                    for (int i = moveStart[role]; i < moveStart[role + 1]; i++) {
                        moves[i] = machine.legalMove(role, i - moveStart[role]);
                    }
                }
                return new Node(state, false, null, moveStart, moves);
            }
        }
        int[] goals = new int[roles];
        for (int role = 0; role < roles; role++) {
            goals[role] = machine.goal(role);
        }
        return new Node(state, true, goals, new int[roles + 1], new int[0]);
    }

    int roleCount() {
        return valueSums.length;
    }

    int moveCount(int role) {
        return moveStart[role + 1] - moveStart[role];
    }

    /** The joint-move index of the roles' choices ({@code choice[r]} indexes role r's moves). */
    long jointIndex(int[] choice, int offset) {
        long index = 0;
        for (int role = 0; role < jointStride.length; role++) {
            index += choice[offset + role] * jointStride[role];
        }
        return index;
    }

    /** Role r's move index within the joint move {@code joint}. */
    int choiceOf(long joint, int role) {
        return (int) ((joint / jointStride[role]) % moveCount(role));
    }

    Node child(long joint) {
        return childArray != null ? childArray[(int) joint] : childMap.get(joint);
    }

    void setChild(long joint, Node child) {
        if (childArray != null) {
            childArray[(int) joint] = child;
        } else {
            childMap.put(joint, child);
        }
    }

    /** Calls {@code visitor} for each existing child (in no particular order). */
    void forEachChild(java.util.function.Consumer<Node> visitor) {
        if (childArray != null) {
            for (Node child : childArray) {
                if (child != null) {
                    visitor.accept(child);
                }
            }
        } else if (childMap != null) {
            childMap.values().forEach(visitor);
        }
    }

    /**
     * Removes the children with fewer than {@code minVisits} visits that are not solved (their statistics
     * stay in this node's move counts) and returns them.
     */
    java.util.List<Node> removeChildrenBelow(int minVisits) {
        java.util.List<Node> removed = new java.util.ArrayList<>();
        if (childArray != null) {
            for (int i = 0; i < childArray.length; i++) {
                Node child = childArray[i];
                if (child != null && child.visits < minVisits && child.proven == null) {
                    removed.add(child);
                    childArray[i] = null;
                }
            }
        } else if (childMap != null) {
            childMap.values().removeIf(child -> {
                boolean remove = child.visits < minVisits && child.proven == null;
                if (remove) {
                    removed.add(child);
                }
                return remove;
            });
        }
        for (Node child : removed) {
            prunedVisits += child.visits;
        }
        return removed;
    }

    int childCount() {
        if (childArray != null) {
            int count = 0;
            for (Node child : childArray) {
                count += child != null ? 1 : 0;
            }
            return count;
        }
        return childMap == null ? 0 : childMap.size();
    }

    /**
     * Tries to solve this node from its children's exact values (MCTS-Solver). Where one role chooses, the
     * node is solved once a child gives that role the maximum goal or all children are solved (the role
     * picks its best). Where several roles choose at once, only the safe case is used: every joint move
     * solved to the same goal vector. Returns whether the node is now solved.
     */
    boolean trySolve() {
        if (proven != null) {
            return true;
        }
        if (mover < 0 && childCount() < jointCount) {
            return false; // an untried joint move may still give another outcome
        }
        int[] best = null;
        boolean allSolved = childCount() == jointCount;
        boolean allEqual = true;
        java.util.Iterator<Node> children = childArray != null
                ? java.util.Arrays.asList(childArray).iterator() : childMap.values().iterator();
        while (children.hasNext()) {
            Node child = children.next();
            int[] value = child == null ? null : child.proven;
            if (value == null) {
                allSolved = false;
                if (mover < 0) {
                    return false;
                }
                continue;
            }
            if (mover >= 0) {
                if (best == null || value[mover] > best[mover]) {
                    best = value;
                }
                if (value[mover] >= MAX_GOAL) {
                    proven = value;
                    return true;
                }
            } else if (best == null) {
                best = value;
            } else {
                allEqual &= java.util.Arrays.equals(best, value);
            }
        }
        if (allSolved && best != null && allEqual) {
            proven = best;
            return true;
        }
        return false;
    }
}
