package org.ratchet.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * The shared search tree: the root, a bound on the number of nodes (the node pool), and the lock that guards
 * every node's statistics. Workers hold the lock only for the in-memory parts of an iteration (descending,
 * attaching a node, backing up a result); all rule-engine work runs outside it, so threads contend only for
 * microseconds per iteration. Nodes that fall outside the tree when the root moves on are left to the
 * garbage collector and their slots return to the pool; between searches, a crowded pool also drops the
 * least visited subtrees under the root.
 */
final class Tree {
    private final int capacity;
    private Node root;
    private int nodeCount;

    Tree(int capacity) {
        this.capacity = capacity;
    }

    synchronized Node root() {
        return root;
    }

    /** Whether the root's exact value is known, so more search cannot change it. */
    synchronized boolean rootSolved() {
        return root != null && root.proven != null;
    }

    synchronized int nodeCount() {
        return nodeCount;
    }

    int capacity() {
        return capacity;
    }

    /** Takes a slot for a new node; false if the pool is full. Caller holds the lock. */
    boolean reserveNode() {
        if (nodeCount >= capacity) {
            return false;
        }
        nodeCount++;
        return true;
    }

    /** Returns a slot taken by {@link #reserveNode()} that was not used. Caller holds the lock. */
    void releaseNode() {
        nodeCount--;
    }

    /**
     * Makes the node of {@code state} the root: the current root, a node up to two plies below it (the
     * moves played since the last search), or else a fresh node. Everything not under the new root is
     * dropped. {@code machine} is used only to build a fresh root.
     */
    synchronized void moveRootTo(State state, StateMachine machine) {
        Node found = root == null ? null : find(root, state, 2);
        if (found == null) {
            machine.setState(state);
            found = Node.of(machine);
        }
        root = found;
        nodeCount = countNodes(found);
    }

    /**
     * Makes room in a pool more than three quarters full by removing the least visited unsolved subtrees
     * until at most half of it is used. Called between searches only: an iteration in flight may hold a
     * node that pruning would remove.
     */
    synchronized void pruneIfCrowded() {
        if (root == null || nodeCount <= capacity - capacity / 4) {
            return;
        }
        // Visits never grow down the tree, so removing every node under a visit threshold removes whole
        // subtrees. Find the smallest threshold that frees enough, from a histogram of visit counts.
        int[] histogram = new int[1025];
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            histogram[Math.min(node.visits, 1024)]++;
            node.forEachChild(pending::push);
        }
        int toFree = nodeCount - capacity / 2;
        int threshold = 0;
        for (int freed = 0; threshold < 1024 && freed < toFree; threshold++) {
            freed += histogram[threshold];
        }
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            for (Node removed : node.removeChildrenBelow(threshold)) {
                nodeCount -= countNodes(removed);
            }
            node.forEachChild(pending::push);
        }
    }

    private static Node find(Node from, State state, int depth) {
        if (from.state.equals(state)) {
            return from;
        }
        if (depth == 0) {
            return null;
        }
        Node[] found = new Node[1];
        from.forEachChild(child -> {
            if (found[0] == null) {
                found[0] = find(child, state, depth - 1);
            }
        });
        return found[0];
    }

    private static int countNodes(Node from) {
        int count = 0;
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(from);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            count++;
            node.forEachChild(pending::push);
        }
        return count;
    }

    /**
     * Checks the bookkeeping of every node under the root while no search runs, and describes each
     * violation: visits equal the children's visits plus the iterations that stopped at the node (plus
     * those through pruned children); each role's move visits add up to the iterations that went on to a
     * child, pruned or not; the node count matches.
     */
    synchronized List<String> invariantViolations() {
        List<String> problems = new ArrayList<>();
        if (root == null) {
            return problems;
        }
        int counted = countNodes(root);
        if (counted != nodeCount) {
            problems.add("node count " + nodeCount + " but " + counted + " nodes under the root");
        }
        if (nodeCount > capacity) {
            problems.add("node count " + nodeCount + " exceeds the pool of " + capacity);
        }
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty() && problems.size() < 20) {
            Node node = pending.pop();
            long[] childVisits = new long[1];
            node.forEachChild(child -> {
                childVisits[0] += child.visits;
                pending.push(child);
            });
            if (node.visits != childVisits[0] + node.stopVisits + node.prunedVisits) {
                problems.add(node.state + ": visits " + node.visits + " != children " + childVisits[0]
                        + " + stopped " + node.stopVisits + " + pruned " + node.prunedVisits);
            }
            for (int role = 0; role < node.roleCount() && !node.terminal; role++) {
                long roleVisits = 0;
                for (int i = node.moveStart[role]; i < node.moveStart[role + 1]; i++) {
                    roleVisits += node.moveVisits[i];
                    if (node.moveVisits[i] < 0) {
                        problems.add(node.state + ": negative move visits");
                    }
                }
                if (roleVisits != childVisits[0] + node.prunedVisits) {
                    problems.add(node.state + ": role " + role + " move visits " + roleVisits + " != children "
                            + childVisits[0] + " + pruned " + node.prunedVisits);
                }
            }
            if (node.terminal && node.childCount() > 0) {
                problems.add(node.state + ": terminal node with children");
            }
        }
        return problems;
    }
}
