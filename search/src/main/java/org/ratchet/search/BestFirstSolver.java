package org.ratchet.search;

import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * A best-first search over a puzzle's states beside the tree search: it always expands the stored state
 * whose goal value is highest (the puzzle's own goal rules read in a state before the end, as partial
 * credit: tiles in place, pegs removed, queens placed), the deepest first among equals, then the oldest.
 * Every state is stored once (a set of state keys, as in {@link PuzzleSolver}), every terminal state
 * offers its line to the {@link BestLine}, and when nothing is left to expand and no state was dropped for
 * want of memory, the best line is optimal ({@link #exhaustedFrom}).
 *
 * <p>Why beside the depth-first walk: where the goal rules grade progress, the walk spends its steps in the
 * order of the moves and may search a whole hopeless subtree first, while best-first follows the grades to
 * a good end first. Where they do not (the goal is 0 until the end), equals go deepest first, which makes
 * it a depth-first search that expands whole states. It needs memory for every stored state, so it is for
 * small state spaces: once its node budget is spent it expands what it holds, then has nothing left to do
 * and the depth-first walk carries on alone.
 *
 * <p>States, their parents and the moves into them live in int arenas and the open list is a heap of
 * primitive keys, so an expansion allocates nothing once the arenas have grown. Used by one thread at a
 * time (its worker).
 */
final class BestFirstSolver implements PuzzleWalk {
    private static final int DEPTH_BITS = 20;
    private static final int MAX_DEPTH = (1 << DEPTH_BITS) - 1;

    private final StateMachine machine;
    private final BestLine bestLine;
    private final int maxNodes;
    private final LongOpenHashSet visited;
    /** Open states: (MAX_GOAL - goal, MAX_DEPTH - depth, node) packed so that the smallest is the best. */
    private final LongHeapPriorityQueue open = new LongHeapPriorityQueue();

    /** The state it started from; null before the first start. Volatile: the strategy reads both. */
    private volatile State root;
    private volatile boolean exhausted;
    /** Whether a state was dropped (no room, too deep), so running out of states proves nothing. */
    private boolean truncated;

    /** Node n's state is {@code states[stateFrom[n] .. stateFrom[n + 1])}; its parent and the move into it. */
    private int nodes;
    private int[] stateFrom = new int[64];
    private int[] parent = new int[64];
    private int[] moveInto = new int[64];
    private int[] depth = new int[64];
    private int[] states = new int[1024];

    /** The node being expanded (-1 for none), its moves, and how many of them were tried. */
    private int expanding = -1;
    private int[] moves = new int[64];
    private int moveCount;
    private int tried;
    /** Whether the machine still holds the expanded node's state (before its next child is made). */
    private boolean machineAtExpanding;
    private final int[] joint = new int[1];
    private int[] line = new int[64];
    private long steps;

    /** {@code maxNodes}: the most states stored ({@link #bytesFor} each, at the state's size). */
    BestFirstSolver(StateMachine machine, BestLine bestLine, int maxNodes) {
        this.machine = machine;
        this.bestLine = bestLine;
        this.maxNodes = Math.max(1, maxNodes);
        this.visited = new LongOpenHashSet(Math.min(this.maxNodes, 1 << 16), 0.5f);
    }

    /** The memory one stored state of {@code stateSize} facts takes, in bytes: facts, links, key, heap. */
    static long bytesFor(int stateSize) {
        return 4L * stateSize + 4L * Integer.BYTES + 4L * Long.BYTES;
    }

    @Override
    public boolean exhaustedFrom(State state) {
        return exhausted && state.equals(root);
    }

    @Override
    public long steps() {
        return steps;
    }

    @Override
    public int work(State current, int budget, SearchRunner runner) {
        if (current != root && !current.equals(root)) {
            startFrom(current);
        }
        if (exhausted || bestLine.value() >= SearchTree.MAX_GOAL) {
            return 0;
        }
        int taken = 0;
        while (taken < budget && (runner == null || !runner.stopped())) {
            if (expanding < 0 || tried == moveCount) {
                if (open.isEmpty()) {
                    exhausted = !truncated;
                    expanding = -1;
                    break;
                }
                expand((int) open.dequeueLong());
            }
            if (!machineAtExpanding) {
                machine.setState(states, stateFrom[expanding], stateFrom[expanding + 1] - stateFrom[expanding]);
            }
            joint[0] = moves[tried++];
            machine.advance(joint);
            machineAtExpanding = false;
            taken++;
            steps++;
            if (machine.isTerminal()) {
                int goal = machine.goal(0);
                if (goal > bestLine.value()) {
                    bestLine.offer(root, lineTo(expanding, joint[0]), depth[expanding] + 1, goal);
                    if (goal >= SearchTree.MAX_GOAL) {
                        break;
                    }
                }
                continue;
            }
            store(expanding, joint[0]);
        }
        return taken;
    }

    private void startFrom(State start) {
        root = start;
        exhausted = false;
        truncated = false;
        visited.clear();
        open.clear();
        nodes = 0;
        expanding = -1;
        machine.setState(start);
        if (!machine.isTerminal()) {
            store(-1, -1);
        }
    }

    /** Makes {@code node} the one expanded: sets its state and lists its moves. */
    private void expand(int node) {
        expanding = node;
        machine.setState(states, stateFrom[node], stateFrom[node + 1] - stateFrom[node]);
        machineAtExpanding = true;
        moveCount = machine.legalCount(0);
        if (moveCount > moves.length) {
            moves = new int[Math.max(moveCount, 2 * moves.length)];
        }
        for (int i = 0; i < moveCount; i++) {
            moves[i] = machine.legalMove(0, i);
        }
        tried = 0;
    }

    /**
     * Stores the machine's current (non-terminal) state as a new open node reached from {@code from} by
     * {@code move}, unless it was seen before; a state that does not fit is dropped and marks the search
     * truncated.
     */
    private void store(int from, int move) {
        int length = machine.stateSize();
        if (nodes + 2 > stateFrom.length) {
            int size = Math.min(Math.max(nodes + 2, 2 * stateFrom.length), maxNodes + 2);
            stateFrom = Arrays.copyOf(stateFrom, size);
            parent = Arrays.copyOf(parent, size);
            moveInto = Arrays.copyOf(moveInto, size);
            depth = Arrays.copyOf(depth, size);
        }
        int at = stateFrom[nodes];
        if (at + length > states.length) {
            states = Arrays.copyOf(states, Math.max(at + length, 2 * states.length));
        }
        machine.writeState(states, at); // where the next node would go: its key decides whether it does
        long key = StateKeys.of(states, at, length);
        if (visited.contains(key)) {
            return;
        }
        int nodeDepth = from < 0 ? 0 : depth[from] + 1;
        if (nodes == maxNodes || nodeDepth > MAX_DEPTH) {
            truncated = true;
            return;
        }
        visited.add(key);
        int node = nodes++;
        stateFrom[node + 1] = at + length;
        parent[node] = from;
        moveInto[node] = move;
        depth[node] = nodeDepth;
        int goal = Math.max(0, Math.min(SearchTree.MAX_GOAL, machine.goal(0)));
        open.enqueue((long) (SearchTree.MAX_GOAL - goal) << (32 + DEPTH_BITS)
                | (long) (MAX_DEPTH - nodeDepth) << 32 | node);
    }

    /** The moves from the root to {@code node} and then {@code move}, in {@link #line}. */
    private int[] lineTo(int node, int move) {
        int length = depth[node] + 1;
        if (line.length < length) {
            line = new int[Math.max(length, 2 * line.length)];
        }
        line[length - 1] = move;
        int i = length - 2;
        for (int n = node; n != 0; n = parent[n]) {
            line[i--] = moveInto[n];
        }
        return line;
    }
}
