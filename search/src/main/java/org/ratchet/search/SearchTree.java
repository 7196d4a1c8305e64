package org.ratchet.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.play.RandomPlayouts;

/**
 * The search graph of one match, garbage-free: every node, move edge and child link lives in primitive arrays
 * allocated once, at the start of the match, within a memory budget. Threads share it without a lock.
 *
 * <p><b>Nodes</b> are game states. A state reached by different move orders is one node (a transposition
 * table maps the state's 64-bit key to it), so the structure is a graph; the statistics UCT needs are kept
 * on the <b>edges</b>: for every node, every role and each of that role's legal moves, the iterations that
 * chose the move there and the sum of the role's goals they brought back (decoupled statistics, so
 * simultaneous moves and n players work as turn-taking does). A node's <b>child slots</b> hold the node each
 * joint move leads to, indexed by the joint move (the roles' move indices in mixed radix); a node with more
 * joint moves than {@link #CHILD_SLOT_LIMIT} keeps its children in a table instead.
 *
 * <p><b>Concurrency.</b> Counters are updated with atomic adds, a child slot is claimed by compare-and-set
 * before its node is made (so two threads never make the same child), and a node's fields are written
 * before the slot that publishes it. Workers take nodes and edge space in chunks, so they rarely touch a
 * shared counter. The one exclusive operation, {@link #recycle}, runs only while no iteration is active:
 * between searches, or during a search after workers paused at an iteration boundary
 * ({@link #enterIteration}).
 *
 * <p><b>Recycling.</b> When space runs out, a mark pass from the root keeps the nodes still reachable and,
 * if that is still more than half the pool, drops the least visited subtrees (keeping the root's principal
 * line and proven nodes); the rest of the pool is freed, and the edge and child arenas are compacted.
 */
final class SearchTree {
    private static final Logger LOG = LogManager.getLogger(SearchTree.class);
    /** Goal values are 0..100 in GDL; a role that can reach 100 needs to look no further. */
    static final int MAX_GOAL = 100;
    static final int NONE = -1;
    /** A child slot claimed by a thread that is making its node. */
    static final int PENDING = -2;
    /** Joint moves up to this count get one child slot each; nodes with more keep children in a table. */
    static final int CHILD_SLOT_LIMIT = 1024;
    /** Most move edges one node may have (larger nodes are played out but not added). */
    private static final int MAX_NODE_EDGES = 1 << 16;
    private static final int TERMINAL = 1;
    private static final int SHARED = 2;
    private static final int PROVEN = 2;
    private static final int PROVING = 1;
    /**
     * A pessimistic copying speed (bytes per millisecond) for estimating a doubling's pause: a fraction of
     * what one core copies, as a busy machine or a heap still growing gives.
     */
    private static final long SLOW_COPY_BYTES_PER_MILLI = 100_000;
    /**
     * A first recycling's cost per node of the pool, before any is measured: it runs before the JIT has
     * compiled it (measured 1.1 µs on connectFour, 0.4 µs once compiled).
     */
    private static final long FIRST_RECYCLE_NANOS_PER_NODE = 1_000;
    /** Visit counts from this one up share the last bucket when recycling chooses what to cut. */
    private static final int HISTOGRAM_TOP = 1024;
    /** Nodes the arrays hold at first (see {@link #capacity}). */
    static final int INITIAL_NODES = 1 << 16;
    /** Slots of {@link #activity}: workers count in one of them, 16 ints apart so they share no cache line. */
    private static final int ACTIVITY_SLOTS = 64;
    private static final int ACTIVITY_STRIDE = 16;
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    final int roles;
    /** How terminal states are valued: what every value in the tree, and in the workers' playouts, means. */
    final GoalUtility utility;
    /**
     * Nodes the arrays hold now. They start small and double when full, up to {@link #layout}'s size, so a
     * match allocates what its search fills rather than its whole budget at the start (allocating and zeroing
     * a large heap share takes seconds of a start clock on a busy machine). Only resized while no iteration
     * is active, like recycling.
     */
    private int capacity;
    /** The most the arrays may grow to: the budget's layout. */
    private final Layout layout;
    private final int stateStride;

    // ---- per node ----
    private long[] keys;
    private int[] stateLengths;
    /** Node n's facts at {@code states[n * stateStride ...]}, unless they did not fit: then in oversizeStates[n]. */
    private int[] states;
    private int[][] oversizeStates;
    /** {@code roleEdges[n * (roles + 1) + r]}: the edge where role r's moves start; the last entry is the end. */
    private int[] roleEdges;
    /** First child slot, or NONE when the children are in {@link #bigChildren} (or the node is terminal). */
    private int[] firstChild;
    /** The only role with a choice (0 if none has one), or -1 if several roles choose at once. */
    private byte[] movers;
    private byte[] flags;
    private int[] provenStates;
    private int[] provenGoals;
    /** Each role's learned evaluation of a node's state (0..100), or -1 where none was stored. */
    private byte[] evaluations;
    /** Each role's lowest and highest goal still possible in a node's state ({@link LatchBounds}). */
    private byte[] latchLows;
    private byte[] latchHighs;
    private int[] visits;
    private int[] marks;
    private int[] queue;

    // ---- per edge ----
    private int[] edgeMoves;
    private int[] edgeVisits;
    private long[] edgeValues;
    /**
     * All-moves-as-first statistics per edge, kept only for GRAVE (else empty): the playouts through the
     * edge's node in which its role made the edge's move at that node or later.
     */
    private int[] edgeAmafVisits;
    private long[] edgeAmafValues;

    private int[] childSlots;
    private LongIntTable transpositions;
    private LongIntTable bigChildren;

    // ---- allocation ----
    private int[] freeNodes;
    private int freeCount;
    private final AtomicInteger freeTaken = new AtomicInteger();
    private final AtomicInteger edgeTop = new AtomicInteger();
    private final AtomicInteger childTop = new AtomicInteger();
    private int nodeChunk;
    private int edgeChunk;
    /** Counts recyclings: an allocator whose epoch is older drops the chunks it holds. */
    private volatile int epoch;
    private volatile boolean full;
    private int markEpoch;
    private int recycleCount;
    /** How long the last recycling took, so a search does not start one it cannot finish before its deadline. */
    private volatile long lastRecycleMillis;
    /**
     * The last recycling's time per node of the pool, so the pool does not grow past what a search can afford
     * to recycle (0 before the first).
     */
    private volatile double recycleNanosPerNode;
    /** How long the last doubling took (0 before the first). */
    private volatile long lastGrowMillis;
    /** The time the current search was given when the root moved: sizes the pool to the clock. */
    private volatile long searchMillis = Long.MAX_VALUE;
    /**
     * Set when recycling freed too little to be worth repeating before the root moves: a tree full of
     * proven nodes (a solved endgame) keeps them all, and recycling it again and again would only cost time.
     */
    private volatile boolean recyclingFutile;
    /** The principal line's length at the head of {@link #queue} after the last mark pass. */
    private int principalLength;
    private final int[] visitHistogram = new int[HISTOGRAM_TOP + 1];

    // ---- pausing for recycling during a search ----
    private final AtomicIntegerArray activity = new AtomicIntegerArray(ACTIVITY_SLOTS * ACTIVITY_STRIDE);
    private final AtomicInteger workerNumbers = new AtomicInteger();
    private volatile boolean pauseRequested;
    /**
     * Held by whoever may restructure the tree or read it as a whole: the searching strategy's own thread
     * between searches (re-rooting, choosing the move), or the one worker recycling during a search. Starts
     * held by the strategy.
     */
    private final AtomicBoolean exclusive = new AtomicBoolean(true);

    private volatile int root = NONE;
    private State rootState;
    private final Allocator ownAllocator;
    private int[] scratch = new int[64];

    /**
     * Sizes of the arrays, from a budget and the game's shape; {@code bytesPerNode} is what one node takes with
     * its share of the arenas and tables.
     */
    record Layout(int nodes, int stateStride, int edges, int childSlots, int bigChildren, boolean amaf,
            long bytesPerNode) {
    }

    /**
     * A tree whose arrays start with an eighth of the layout (at least 16 nodes, at most {@link #INITIAL_NODES})
     * and grow to the layout.
     */
    SearchTree(int roles, Layout layout) {
        this(roles, layout, GoalUtility.GOAL);
    }

    /** As above, terminal states valued by {@code utility} (the goals themselves, or the roles' ranks). */
    SearchTree(int roles, Layout layout, GoalUtility utility) {
        this.roles = roles;
        this.layout = layout;
        this.utility = utility;
        this.stateStride = layout.stateStride();
        resize(Math.min(layout.nodes(), Math.max(16, Math.min(INITIAL_NODES, layout.nodes() / 8))));
        transpositions = new LongIntTable(capacity);
        bigChildren = new LongIntTable(bigChildrenFor(capacity));
        freeCount = 0;
        appendFreeNodes(0, capacity);
        ownAllocator = new Allocator();
    }

    /** Sets the arrays to hold {@code nodes} nodes, keeping what they hold; the tables are the caller's. */
    private void resize(int nodes) {
        int edges = share(layout.edges(), nodes);
        int children = share(layout.childSlots(), nodes);
        keys = grown(keys, nodes);
        stateLengths = grown(stateLengths, nodes);
        states = grown(states, Math.multiplyExact(nodes, stateStride));
        oversizeStates = oversizeStates == null ? new int[nodes][] : Arrays.copyOf(oversizeStates, nodes);
        roleEdges = grown(roleEdges, Math.multiplyExact(nodes, roles + 1));
        firstChild = grown(firstChild, nodes);
        movers = movers == null ? new byte[nodes] : Arrays.copyOf(movers, nodes);
        flags = flags == null ? new byte[nodes] : Arrays.copyOf(flags, nodes);
        provenStates = grown(provenStates, nodes);
        provenGoals = grown(provenGoals, Math.multiplyExact(nodes, roles));
        evaluations = evaluations == null ? new byte[Math.multiplyExact(nodes, roles)]
                : Arrays.copyOf(evaluations, Math.multiplyExact(nodes, roles));
        latchLows = latchLows == null ? new byte[Math.multiplyExact(nodes, roles)]
                : Arrays.copyOf(latchLows, Math.multiplyExact(nodes, roles));
        latchHighs = latchHighs == null ? new byte[Math.multiplyExact(nodes, roles)]
                : Arrays.copyOf(latchHighs, Math.multiplyExact(nodes, roles));
        visits = grown(visits, nodes);
        marks = grown(marks, nodes);
        queue = grown(queue, nodes);
        edgeMoves = grown(edgeMoves, edges);
        edgeVisits = grown(edgeVisits, edges);
        edgeValues = grown(edgeValues, edges);
        edgeAmafVisits = grown(edgeAmafVisits, layout.amaf() ? edges : 0);
        edgeAmafValues = grown(edgeAmafValues, layout.amaf() ? edges : 0);
        childSlots = grown(childSlots, children);
        freeNodes = grown(freeNodes, nodes);
        capacity = nodes;
        nodeChunk = Math.max(1, Math.min(32, nodes / 64));
        edgeChunk = Math.max(1, Math.min(4096, edges / 64));
    }

    /** The part of a whole-layout arena size that goes with {@code nodes} nodes. */
    private int share(int layoutSize, int nodes) {
        return (int) Math.max(1, (long) layoutSize * nodes / layout.nodes());
    }

    private int bigChildrenFor(int nodes) {
        return Math.max(16, share(layout.bigChildren(), nodes));
    }

    private static int[] grown(int[] array, int length) {
        return array == null ? new int[length] : Arrays.copyOf(array, length);
    }

    private static long[] grown(long[] array, int length) {
        return array == null ? new long[length] : Arrays.copyOf(array, length);
    }

    /** Puts nodes {@code from .. to) on the free list, after the ones still free. */
    private void appendFreeNodes(int from, int to) {
        for (int node = from; node < to; node++) {
            freeNodes[freeCount++] = node;
        }
    }

    /** Whether the arrays may still grow. */
    boolean canGrow() {
        return capacity < layout.nodes();
    }

    /**
     * Doubles the arrays (up to the layout): the nodes, edges and children in use keep their places, the new
     * nodes join the free list, and the tables are rebuilt larger. Only while no iteration is active.
     */
    void grow() {
        long started = System.nanoTime();
        int oldCapacity = capacity;
        int untaken = Math.max(0, freeCount - freeTaken.get());
        System.arraycopy(freeNodes, freeCount - untaken, freeNodes, 0, untaken);
        resize((int) Math.min(layout.nodes(), 2L * oldCapacity));
        freeCount = untaken;
        appendFreeNodes(oldCapacity, capacity);
        freeTaken.set(0);
        transpositions = transpositions.copy(capacity);
        bigChildren = bigChildren.copy(bigChildrenFor(capacity));
        full = false;
        recyclingFutile = false;
        epoch++; // allocators drop their chunks: the free list was laid out anew
        lastGrowMillis = (System.nanoTime() - started) / 1_000_000;
        LOG.debug("grew the tree from {} to {} nodes in {} ms", oldCapacity, capacity, lastGrowMillis);
    }

    /**
     * How long the next doubling may take, with a safety factor of two: twice the last one (it copies twice
     * as much), and at least copying the arrays at {@link #SLOW_COPY_BYTES_PER_MILLI}: a doubling to a size
     * the heap has not held yet may wait for the heap to grow (measured on connectFour: 16-158 ms for a
     * doubling to 131k nodes, 296 ms to 524k).
     */
    private long growEstimateMillis() {
        long bytes = (long) capacity * layout.bytesPerNode();
        return 2 * Math.max(2 * lastGrowMillis, bytes / SLOW_COPY_BYTES_PER_MILLI) + 20;
    }

    /**
     * How long the next recycling may take, with a safety factor of two: the last one, or before the first
     * {@link #FIRST_RECYCLE_NANOS_PER_NODE} per node of the pool.
     */
    private long recycleEstimateMillis() {
        long last = recycleNanosPerNode > 0 ? lastRecycleMillis
                : (long) capacity * FIRST_RECYCLE_NANOS_PER_NODE / 1_000_000;
        return 2 * last + 20;
    }

    /**
     * Whether the arrays should double now, {@code remainingMillis} before the deadline: the budget allows
     * it, the doubling takes under a quarter of the time left, and recycling the doubled pool would take
     * under an eighth of a search (recycling costs time in proportion to the pool, so a larger pool than
     * the clock can afford to recycle loses more search time than its extra nodes are worth).
     */
    private boolean shouldGrow(long remainingMillis) {
        if (!canGrow() || growEstimateMillis() >= remainingMillis / 4) {
            return false;
        }
        double recycleDoubledMillis = recycleNanosPerNode * 2.0 * capacity / 1e6;
        return recycleDoubledMillis < searchMillis / 8.0;
    }

    /**
     * The layout that fits {@code memoryBytes} (but no more than {@code maxNodes} nodes) for the game of the
     * machine, whose shape is sampled by a few random playouts from its current state (at most
     * {@code sampleMillis}): room for states a quarter larger than the largest seen, and for the mean number
     * of moves per state seen (at least 4), each with its share of child slots. States that still do not fit
     * are kept aside, at the price of an allocation each. With {@code amaf} every edge also has room for
     * all-moves-as-first statistics.
     */
    static Layout layoutFor(StateMachine machine, int maxNodes, long memoryBytes, long sampleMillis, boolean amaf) {
        int roles = machine.roleCount();
        State start = machine.currentState();
        long sampleEnd = System.nanoTime() + sampleMillis * 1_000_000;
        RandomPlayouts playouts = new RandomPlayouts(machine, 1, Playout.MAX_STEPS);
        int[] joint = new int[roles];
        int largestState = machine.stateSize();
        long edgeSum = 0;
        long jointSum = 0;
        long states = 0;
        for (int playout = 0; playout < 20 && (playout == 0 || System.nanoTime() < sampleEnd); playout++) {
            machine.setState(start);
            for (int step = 0; step < Playout.MAX_STEPS && System.nanoTime() < sampleEnd; step++) {
                largestState = Math.max(largestState, machine.stateSize());
                if (machine.isTerminal() || !playouts.chooseJointMove(joint)) {
                    break;
                }
                long joints = 1;
                for (int role = 0; role < roles; role++) {
                    int count = machine.legalCount(role);
                    edgeSum += count;
                    joints = Math.min((long) CHILD_SLOT_LIMIT * 2, joints * count);
                }
                jointSum += joints <= CHILD_SLOT_LIMIT ? joints : 0;
                states++;
                machine.advance(joint);
            }
        }
        machine.setState(start);
        int stride = Math.max(4, largestState + largestState / 4 + 1);
        int edgesPerNode = (int) Math.max(4, Math.min(4096, states == 0 ? 4 : (edgeSum + states - 1) / states));
        int childrenPerNode = (int) Math.max(2,
                Math.min(CHILD_SLOT_LIMIT, states == 0 ? 2 : (jointSum + states - 1) / states));
        boolean bigJoints = jointSum < states; // some states had more joint moves than child slots
        long perNode = Long.BYTES + 9L * Integer.BYTES + 2 + 8 // key, length, child, proven, visits, marks ...
                + (long) stride * Integer.BYTES + (roles + 1L + roles) * Integer.BYTES + 3L * roles
                + edgesPerNode * (2L * Integer.BYTES + Long.BYTES + (amaf ? Integer.BYTES + Long.BYTES : 0))
                + childrenPerNode * (long) Integer.BYTES
                + LongIntTable.bytesPerEntry() * (bigJoints ? 2 : 1);
        long nodes = Math.min(maxNodes, memoryBytes / perNode);
        // every array must stay addressable by an int
        nodes = Math.min(nodes, (Integer.MAX_VALUE - 16)
                / Math.max(Math.max(stride, childrenPerNode), Math.max(edgesPerNode, roles + 1)));
        nodes = Math.max(16, nodes);
        int n = (int) nodes;
        return new Layout(n, stride, n * edgesPerNode, n * childrenPerNode, bigJoints ? n : Math.max(16, n / 16),
                amaf, perNode);
    }

    int capacity() {
        return capacity;
    }

    /** Nodes handed out since the last recycling (including any a race left unused). */
    int nodesInUse() {
        return capacity - freeCount + Math.min(freeCount, freeTaken.get());
    }

    int recycleCount() {
        return recycleCount;
    }

    int root() {
        return root;
    }

    State rootState() {
        return rootState;
    }

    // ---- reading a node ----

    int edgeStart(int node, int role) {
        return roleEdges[node * (roles + 1) + role];
    }

    int edgeEnd(int node, int role) {
        return roleEdges[node * (roles + 1) + role + 1];
    }

    int moveCount(int node, int role) {
        return edgeEnd(node, role) - edgeStart(node, role);
    }

    int mover(int node) {
        return movers[node];
    }

    boolean isTerminal(int node) {
        return (flags[node] & TERMINAL) != 0;
    }

    int visits(int node) {
        return (int) INTS.getOpaque(visits, node);
    }

    int edgeMove(int edge) {
        return edgeMoves[edge];
    }

    int edgeVisits(int edge) {
        return (int) INTS.getOpaque(edgeVisits, edge);
    }

    long edgeValue(int edge) {
        return (long) LONGS.getOpaque(edgeValues, edge);
    }

    /** All-moves-as-first visits of the edge (GRAVE only). */
    int edgeAmafVisits(int edge) {
        return (int) INTS.getOpaque(edgeAmafVisits, edge);
    }

    /** All-moves-as-first goal sum of the edge (GRAVE only). */
    long edgeAmafValue(int edge) {
        return (long) LONGS.getOpaque(edgeAmafValues, edge);
    }

    boolean isProven(int node) {
        return (int) INTS.getAcquire(provenStates, node) == PROVEN;
    }

    /** Role's exact goal at a proven node. */
    int provenGoal(int node, int role) {
        return provenGoals[node * roles + role];
    }

    /** Role's learned evaluation of the node's state (0..100), or {@link #NONE} where none was stored. */
    int evaluation(int node, int role) {
        return evaluations[node * roles + role];
    }

    /**
     * Stores role's learned evaluation of a node's state ({@link LearnedEvaluation#evaluate}: 0..100, so it
     * fits a byte), before the node is shared: a search that primes new moves with it reads it from there
     * ({@link MctsWorker}).
     */
    void setEvaluation(int node, int role, int value) {
        evaluations[node * roles + role] = (byte) value;
    }

    /** Role's lowest goal still possible in the node's state (0 unless latches ruled lower ones out). */
    int latchLow(int node, int role) {
        return latchLows[node * roles + role];
    }

    /** Role's highest goal still possible in the node's state ({@link #MAX_GOAL} unless latches ruled it out). */
    int latchHigh(int node, int role) {
        return latchHighs[node * roles + role];
    }

    /**
     * Role's highest goal still reachable from the node: its exact goal if proven, else its latch upper bound.
     * Below a {@link #latchFloor} of the node's parent, the move to it is dominated.
     */
    int highestReachable(int node, int role) {
        return isProven(node) ? provenGoal(node, role) : latchHigh(node, role);
    }

    /**
     * The highest goal the role, moving alone at the node, is sure of through one of the node's children made
     * so far: a proven child's exact goal, else its latch lower bound; -1 with no child. A move whose child's
     * {@link #latchHigh} is below it cannot do as well, whatever is played after it.
     */
    int latchFloor(int node, int role) {
        int floor = -1;
        int count = moveCount(node, role);
        for (int i = 0; i < count; i++) {
            int child = childOfMove(node, i);
            if (child >= 0) {
                floor = Math.max(floor, isProven(child) ? provenGoal(child, role) : latchLow(child, role));
            }
        }
        return floor;
    }

    /**
     * Stores each role's goal bounds of a new node's state ({@link LatchBounds}), before the node is shared;
     * where they meet for every role ({@code settled}) the node is proven with those goals, as a terminal one
     * is: the outcome no longer depends on the moves.
     */
    void setLatchBounds(int node, int[] low, int[] high, boolean settled) {
        for (int role = 0; role < roles; role++) {
            latchLows[node * roles + role] = (byte) Math.max(0, Math.min(MAX_GOAL, low[role]));
            latchHighs[node * roles + role] = (byte) Math.max(0, Math.min(MAX_GOAL, high[role]));
            if (settled) {
                provenGoals[node * roles + role] = low[role];
            }
        }
        if (settled) {
            provenStates[node] = PROVEN;
        }
    }

    /** The child of {@code joint}, {@link #NONE} if it has none yet, or {@link #PENDING} while it is made. */
    int child(int node, long joint) {
        int first = firstChild[node];
        if (first >= 0) {
            return (int) INTS.getAcquire(childSlots, first + (int) joint);
        }
        return joint < Integer.MAX_VALUE && !isTerminal(node) ? bigChildren.get(bigKey(node, joint)) : NONE;
    }

    /** The child a role's move leads to where that role alone chooses (its move index is the joint index). */
    int childOfMove(int node, int moveIndex) {
        return child(node, moveIndex);
    }

    /** The number of joint moves at a node (saturating at Long.MAX_VALUE). */
    long jointCount(int node) {
        long count = 1;
        for (int role = 0; role < roles; role++) {
            int moves = moveCount(node, role);
            count = count > Long.MAX_VALUE / Math.max(1, moves) ? Long.MAX_VALUE : count * moves;
        }
        return count;
    }

    /** Whether the node's facts equal {@code facts[from .. from + length)}. */
    boolean hasState(int node, int[] facts, int from, int length) {
        if (stateLengths[node] != length) {
            return false;
        }
        int[] own = oversizeStates[node];
        int start = own != null ? 0 : node * stateStride;
        return Arrays.equals(own != null ? own : states, start, start + length, facts, from, from + length);
    }

    /** Makes the node's state the machine's current state. */
    void setMachineState(StateMachine machine, int node) {
        int[] own = oversizeStates[node];
        if (own != null) {
            machine.setState(own, 0, stateLengths[node]);
        } else {
            machine.setState(states, node * stateStride, stateLengths[node]);
        }
    }

    /** The node's state as an object (for tests and logs, not for the search loop). */
    State state(int node) {
        int[] own = oversizeStates[node];
        int start = own != null ? 0 : node * stateStride;
        return new State(Arrays.copyOfRange(own != null ? own : states, start, start + stateLengths[node]));
    }

    // ---- updating statistics ----

    void addVisit(int node, int delta) {
        INTS.getAndAdd(visits, node, delta);
    }

    void addEdgeVisit(int edge, int delta) {
        INTS.getAndAdd(edgeVisits, edge, delta);
    }

    void addEdgeValue(int edge, int goal) {
        LONGS.getAndAdd(edgeValues, edge, (long) goal);
    }

    /** Counts a playout in which the edge's move was made at its node or later (GRAVE only). */
    void addEdgeAmaf(int edge, int goal) {
        INTS.getAndAdd(edgeAmafVisits, edge, 1);
        LONGS.getAndAdd(edgeAmafValues, edge, (long) goal);
    }

    // ---- growing ----

    /** Claims a child slot for making its node; false if another thread has it or made it. */
    boolean claimChild(int node, long joint) {
        int first = firstChild[node];
        if (first >= 0) {
            return INTS.compareAndSet(childSlots, first + (int) joint, NONE, PENDING);
        }
        return joint < Integer.MAX_VALUE;
    }

    /** Gives up a claim made by {@link #claimChild}. */
    void releaseChild(int node, long joint) {
        int first = firstChild[node];
        if (first >= 0) {
            INTS.setRelease(childSlots, first + (int) joint, NONE);
        }
    }

    /** Links a claimed slot to {@code child}; returns the child now linked (another thread's, for big nodes). */
    int linkChild(int node, long joint, int child) {
        int first = firstChild[node];
        if (first >= 0) {
            INTS.setRelease(childSlots, first + (int) joint, child);
            return child;
        }
        int existing = bigChildren.putIfAbsent(bigKey(node, joint), child);
        if (existing == LongIntTable.ABSENT) {
            return child;
        }
        return existing >= 0 ? existing : NONE;
    }

    /** The shared node of the facts with this key, or {@link #NONE}. */
    int findShared(long key, int[] facts, int from, int length) {
        int node = transpositions.get(key);
        return node >= 0 && hasState(node, facts, from, length) ? node : NONE;
    }

    /**
     * Offers a new node to the transposition table and returns the node to use: this one, or the node of
     * the same state another thread shared first (this one is then left unreachable, for recycling).
     */
    int share(int node) {
        flags[node] |= SHARED;
        int existing = transpositions.putIfAbsent(keys[node], node);
        if (existing == LongIntTable.ABSENT) {
            return node;
        }
        flags[node] &= ~SHARED;
        if (existing >= 0 && hasState(existing, facts(node), factsStart(node), stateLengths[node])) {
            return existing;
        }
        return node; // a key collision or a full table: the node stays private
    }

    /**
     * Makes a node for the machine's current state, whose facts are {@code facts[0 .. length)} with key
     * {@code key}: its roles' legal moves, or its goals if terminal. Returns {@link #NONE} if the pool or the
     * arenas are full (the caller plays on without it; the next recycling makes room).
     */
    int newNode(Allocator allocator, StateMachine machine, int[] facts, int length, long key) {
        allocator.sync();
        boolean terminal = machine.isTerminal();
        int edgeCount = 0;
        long joint = 1;
        int mover = 0;
        int choosers = 0;
        if (!terminal) {
            for (int role = 0; role < roles; role++) {
                int count = machine.legalCount(role);
                if (count == 0) {
                    terminal = true; // no legal move: the game cannot go on here, score it as it stands
                    break;
                }
                edgeCount += count;
                joint = joint > Long.MAX_VALUE / count ? Long.MAX_VALUE : joint * count;
                if (count > 1) {
                    mover = role;
                    choosers++;
                }
            }
        }
        if (terminal) {
            edgeCount = 0;
            joint = 0;
        }
        if (edgeCount > MAX_NODE_EDGES) {
            return NONE;
        }
        int slots = joint <= CHILD_SLOT_LIMIT ? (int) joint : 0;
        int node = allocator.node();
        if (node == NONE) {
            return NONE;
        }
        int edge = allocator.edges(edgeCount);
        int child = slots == 0 ? NONE : allocator.children(slots);
        if (edge == NONE || (slots > 0 && child == NONE)) {
            return NONE; // the node taken stays unused until the recycling this failure asks for
        }
        keys[node] = key;
        stateLengths[node] = length;
        if (length <= stateStride) {
            System.arraycopy(facts, 0, states, node * stateStride, length);
            oversizeStates[node] = null;
        } else {
            oversizeStates[node] = Arrays.copyOf(facts, length); // rare: a state far larger than the first
        }
        int base = node * (roles + 1);
        int position = edge;
        for (int role = 0; role < roles; role++) {
            roleEdges[base + role] = position;
            int count = terminal ? 0 : machine.legalCount(role);
            for (int i = 0; i < count; i++) {
                edgeMoves[position] = machine.legalMove(role, i);
                edgeVisits[position] = 0;
                edgeValues[position] = 0;
                if (edgeAmafVisits.length > 0) {
                    edgeAmafVisits[position] = 0;
                    edgeAmafValues[position] = 0;
                }
                position++;
            }
        }
        roleEdges[base + roles] = position;
        firstChild[node] = child;
        if (child >= 0) {
            Arrays.fill(childSlots, child, child + slots, NONE);
        }
        movers[node] = (byte) (choosers <= 1 ? mover : -1);
        flags[node] = (byte) (terminal ? TERMINAL : 0);
        Arrays.fill(evaluations, node * roles, node * roles + roles, (byte) NONE);
        Arrays.fill(latchLows, node * roles, node * roles + roles, (byte) 0);
        Arrays.fill(latchHighs, node * roles, node * roles + roles, (byte) MAX_GOAL);
        visits[node] = 0;
        if (terminal) {
            utility.read(machine, allocator.goals, provenGoals, node * roles);
        }
        provenStates[node] = terminal ? PROVEN : 0;
        return node;
    }

    // ---- solving ----

    /**
     * Tries to prove a node from its children's exact values (MCTS-Solver). Where one role chooses, the node
     * is proven once a child gives that role the maximum goal or all children are proven (the role takes its
     * best). Where several roles choose at once, only the safe case counts: every joint move proven to the
     * same goals. Returns whether the node is proven now.
     */
    boolean trySolve(int node) {
        if (isProven(node)) {
            return true;
        }
        int mover = movers[node];
        long joint = jointCount(node);
        if (mover >= 0) {
            int count = moveCount(node, mover);
            int best = NONE;
            boolean allProven = true;
            for (int i = 0; i < count; i++) {
                int child = child(node, i);
                if (child < 0 || !isProven(child)) {
                    allProven = false;
                    continue;
                }
                int value = provenGoal(child, mover);
                if (value >= SearchTree.MAX_GOAL) {
                    return prove(node, child);
                }
                if (best == NONE || value > provenGoal(best, mover)) {
                    best = child;
                }
            }
            return allProven && best != NONE && prove(node, best);
        }
        if (firstChild[node] < 0) {
            return false;
        }
        int first = NONE;
        for (long j = 0; j < joint; j++) {
            int child = child(node, j);
            if (child < 0 || !isProven(child)) {
                return false;
            }
            if (first == NONE) {
                first = child;
            } else {
                for (int role = 0; role < roles; role++) {
                    if (provenGoal(child, role) != provenGoal(first, role)) {
                        return false;
                    }
                }
            }
        }
        return first != NONE && prove(node, first);
    }

    /** Copies a proven child's goals to the node, once; true when the node is proven. */
    private boolean prove(int node, int from) {
        if (INTS.compareAndSet(provenStates, node, 0, PROVING)) {
            System.arraycopy(provenGoals, from * roles, provenGoals, node * roles, roles);
            INTS.setRelease(provenStates, node, PROVEN);
            return true;
        }
        while ((int) INTS.getAcquire(provenStates, node) == PROVING) {
            Thread.onSpinWait();
        }
        return true;
    }

    // ---- the root ----

    /**
     * Makes the node of {@code state} the root: the node the table has for it (the moves played since the
     * last search were searched), or a fresh one. Runs between searches; recycles what is no longer
     * reachable when the pool is more than three quarters used (recycling a large pool takes a tenth of a
     * second or more, so not after every move), and doubles the arrays if what is kept still fills half of
     * them and the doubling is expected to take under a quarter of the time left before {@code deadlineMillis}.
     */
    void moveRootTo(State state, StateMachine machine, long deadlineMillis) {
        int length = state.size();
        if (scratch.length < length) {
            scratch = new int[Math.max(length, scratch.length * 2)];
        }
        for (int i = 0; i < length; i++) {
            scratch[i] = state.fact(i);
        }
        long key = StateKeys.of(scratch, 0, length);
        int node = findShared(key, scratch, 0, length);
        if (node == NONE) {
            machine.setState(state);
            node = newNode(ownAllocator, machine, scratch, length, key);
            if (node == NONE) {
                awaitQuiet();
                root = NONE;
                recycle(0); // nothing of the old tree is kept: the game left it
                node = newNode(ownAllocator, machine, scratch, length, key);
                if (node == NONE) {
                    throw new IllegalStateException("the search tree cannot hold even its root");
                }
            }
            node = share(node);
        }
        root = node;
        rootState = state;
        searchMillis = Math.max(1, deadlineMillis - System.currentTimeMillis());
        recyclingFutile = false; // a new root: what the last search could not free may be left behind now
        if (nodesInUse() > capacity - capacity / 4 && isQuiet()) {
            // What the game left behind goes first. If the arrays may not grow now, the rest is cut to half
            // of them in the same pass: kept whole, it would fill the pool early in the search and be cut then.
            boolean mayGrow = shouldGrow(searchMillis);
            recycle(mayGrow ? capacity : capacity / 2);
            if (mayGrow && nodesInUse() > capacity / 2) {
                grow();
            }
        }
    }

    /** Waits until no iteration is active: a worker of a slow game may still finish a step. */
    private void awaitQuiet() {
        while (!isQuiet()) {
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    // ---- pausing and recycling ----

    /** A worker's slot in the activity counters. */
    int registerWorker() {
        return (workerNumbers.getAndIncrement() % ACTIVITY_SLOTS) * ACTIVITY_STRIDE;
    }

    /**
     * Marks the start of an iteration; waits while a recycling is pending. Returns false if the search was
     * stopped meanwhile.
     */
    boolean enterIteration(int slot, SearchRunner runner) {
        while (true) {
            activity.incrementAndGet(slot);
            if (!pauseRequested) {
                return true;
            }
            activity.decrementAndGet(slot);
            while (pauseRequested) {
                if (runner != null && runner.stopped()) {
                    return false;
                }
                Thread.yield(); // let the recycling thread have the CPU where threads outnumber CPUs
            }
        }
    }

    void exitIteration(int slot) {
        activity.decrementAndGet(slot);
    }

    /** Whether an allocation failed since the last recycling. */
    boolean isFull() {
        return full;
    }

    /**
     * Makes room during a search: the first worker to call this once the pool is full pauses the others at
     * their next iteration boundary, doubles the arrays where {@link #shouldGrow} (else recycles down to half
     * the pool) and lets them go on. Gives up (the tree just stops growing) if the others do not pause before
     * the search stops, or if the deadline is nearer than twice the pause it expects.
     */
    void makeRoomWhileSearching(SearchRunner runner) {
        if (!full || runner == null || runner.stopped()) {
            return;
        }
        long remaining = runner.remainingMillis();
        boolean growing = shouldGrow(remaining);
        long expected = growing ? growEstimateMillis() : recycleEstimateMillis();
        if ((!growing && recyclingFutile) || remaining < expected || !exclusive.compareAndSet(false, true)) {
            // nothing to free, too close to the deadline, or the strategy reads the tree: the tree stops
            // growing for the rest of this search instead
            return;
        }
        try {
            pauseRequested = true;
            while (!isQuiet()) {
                if (runner.stopped()) {
                    return;
                }
                Thread.onSpinWait();
            }
            long started = System.nanoTime();
            if (growing) {
                grow();
            } else {
                recycle(capacity / 2);
            }
            long took = (System.nanoTime() - started) / 1_000_000;
            if (took > expected) {
                // a pause beyond its estimate can make the move late: say so, with the figures to tune by
                LOG.info("{} the tree during a search took {} ms, expected at most {} ms ({} nodes now)",
                        growing ? "growing" : "recycling", took, expected, capacity);
            }
        } finally {
            pauseRequested = false;
            exclusive.set(false);
        }
    }

    /**
     * The searching strategy's thread takes the tree back after a search (waiting for a recycling in
     * progress to finish), so that it reads and re-roots a tree nobody restructures meanwhile.
     */
    void holdBetweenSearches() {
        while (!exclusive.compareAndSet(false, true)) {
            Thread.yield();
        }
    }

    /** The strategy's thread lets the workers recycle while it searches. */
    void releaseForSearch() {
        exclusive.set(false);
    }

    /** Whether a worker is recycling the tree now (its statistics are then moving). */
    boolean isRecycling() {
        return exclusive.get() && pauseRequested;
    }

    /** Counts recyclings (tests, and readers that check nothing moved while they read). */
    int epoch() {
        return epoch;
    }

    /** Whether no iteration is active (workers of earlier searches included). */
    boolean isQuiet() {
        for (int slot = 0; slot < ACTIVITY_SLOTS; slot++) {
            if (activity.get(slot * ACTIVITY_STRIDE) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Keeps the nodes reachable from the root, at most {@code keepAtMost} of them (fewer visited subtrees go
     * first; the principal line and proven nodes stay), frees the others and compacts the arenas. Only while
     * no iteration is active.
     */
    void recycle(int keepAtMost) {
        long started = System.nanoTime();
        recycleCount++;
        int reachable = markReachable();
        int kept = reachable > keepAtMost ? keepBusiest(reachable, keepAtMost) : reachable;
        // one pass in node order (the arrays are read in sequence, not in the tree's order): free what is not
        // kept, and list the kept shared nodes in a fresh transposition table
        freeCount = 0;
        transpositions.clear();
        for (int node = 0; node < capacity; node++) {
            if (marks[node] != markEpoch) {
                freeNodes[freeCount++] = node;
                oversizeStates[node] = null;
            } else if ((flags[node] & SHARED) != 0
                    && transpositions.putIfAbsent(keys[node], node) != LongIntTable.ABSENT) {
                flags[node] &= ~SHARED;
            }
        }
        freeTaken.set(0);
        compactEdges(kept);
        compactChildren(kept);
        keepBigChildren();
        full = false;
        recyclingFutile = kept > capacity - capacity / 8;
        epoch++;
        long nanos = System.nanoTime() - started;
        lastRecycleMillis = nanos / 1_000_000;
        recycleNanosPerNode = (double) nanos / capacity;
        LOG.debug("recycled the tree in {} ms: kept {} of {} reachable nodes, pool {}", lastRecycleMillis, kept,
                reachable, capacity);
    }

    /**
     * Narrows the marked nodes {@code queue[0 .. count)} to about {@code keepAtMost}: the principal line, the
     * proven nodes, and the nodes with at least the visit count that cuts enough of the others. It filters the
     * one mark pass rather than marking again from the root (marking is most of a recycling's time), so a node
     * busy enough to be kept whose parents were all cut stays too: it is still a correct node for its state
     * (found again through the transposition table if shared), and the next recycling frees it if unreachable.
     * Returns the count kept, listed in {@code queue[0 .. kept)}.
     */
    private int keepBusiest(int count, int keepAtMost) {
        int[] histogram = visitHistogram;
        Arrays.fill(histogram, 0);
        for (int i = principalLength; i < count; i++) {
            histogram[Math.min(visits[queue[i]], HISTOGRAM_TOP)]++;
        }
        int threshold = 0;
        for (int freed = 0, toFree = count - keepAtMost; threshold < HISTOGRAM_TOP && freed < toFree; threshold++) {
            freed += histogram[threshold];
        }
        markEpoch++;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int node = queue[i];
            if (i < principalLength || visits[node] >= threshold || isProven(node)) {
                marks[node] = markEpoch;
                queue[kept++] = node;
            }
        }
        return kept;
    }

    /**
     * Marks the nodes reachable from the root; they are listed in {@code queue[0 .. count)}, the principal line
     * first ({@link #principalLength} nodes). Returns the count.
     */
    private int markReachable() {
        markEpoch++;
        principalLength = 0;
        if (root == NONE) {
            return 0;
        }
        int count = 0;
        // The principal line first: the most visited joint move, node after node.
        for (int node = root; node >= 0 && marks[node] != markEpoch; node = principalChild(node)) {
            marks[node] = markEpoch;
            queue[count++] = node;
        }
        principalLength = count;
        count = markSlotChildren(0, count);
        // Children of nodes with very many joint moves are in a table: follow it until nothing new is reached.
        for (int before = -1; before != count; ) {
            before = count;
            for (int slot = 0; slot < bigChildren.slots(); slot++) {
                long key = bigChildren.keyAt(slot);
                int child = bigChildren.valueAt(slot);
                if (key != 0 && marks[(int) (key >>> 32) - 1] == markEpoch && isUnmarked(child)) {
                    marks[child] = markEpoch;
                    queue[count++] = child;
                }
            }
            count = markSlotChildren(before, count);
        }
        return count;
    }

    /**
     * Marks, breadth first, the children in the child slots of {@code queue[from .. count)}, and theirs;
     * returns the queue's new length.
     */
    private int markSlotChildren(int from, int count) {
        for (int head = from; head < count; head++) {
            int node = queue[head];
            int first = firstChild[node];
            int stop = first < 0 ? first : first + (int) jointCount(node);
            for (int j = first; j < stop; j++) {
                int child = childSlots[j];
                if (isUnmarked(child)) {
                    marks[child] = markEpoch;
                    queue[count++] = child;
                }
            }
        }
        return count;
    }

    /** Whether {@code child} is a node the mark pass has not reached yet. */
    private boolean isUnmarked(int child) {
        return child >= 0 && marks[child] != markEpoch;
    }

    /** The child of every role's most visited move, or NONE. */
    private int principalChild(int node) {
        if (isTerminal(node)) {
            return NONE;
        }
        long joint = 0;
        long stride = 1;
        for (int role = 0; role < roles; role++) {
            int start = edgeStart(node, role);
            int count = moveCount(node, role);
            int best = 0;
            for (int i = 1; i < count; i++) {
                if (edgeVisits[start + i] > edgeVisits[start + best]) {
                    best = i;
                }
            }
            joint += best * stride;
            stride *= count;
        }
        int child = child(node, joint);
        return child >= 0 ? child : NONE;
    }

    private void compactEdges(int kept) {
        long[] order = new long[kept];
        for (int i = 0; i < kept; i++) {
            int node = queue[i];
            order[i] = ((long) roleEdges[node * (roles + 1)] << 32) | node;
        }
        Arrays.sort(order);
        int top = 0;
        for (long entry : order) {
            int node = (int) entry;
            int base = node * (roles + 1);
            int start = roleEdges[base];
            int length = roleEdges[base + roles] - start;
            if (start != top) {
                System.arraycopy(edgeMoves, start, edgeMoves, top, length);
                System.arraycopy(edgeVisits, start, edgeVisits, top, length);
                System.arraycopy(edgeValues, start, edgeValues, top, length);
                if (edgeAmafVisits.length > 0) {
                    System.arraycopy(edgeAmafVisits, start, edgeAmafVisits, top, length);
                    System.arraycopy(edgeAmafValues, start, edgeAmafValues, top, length);
                }
                for (int role = 0; role <= roles; role++) {
                    roleEdges[base + role] += top - start;
                }
            }
            top += length;
        }
        edgeTop.set(top);
    }

    private void compactChildren(int kept) {
        int withSlots = 0;
        for (int i = 0; i < kept; i++) {
            withSlots += firstChild[queue[i]] >= 0 ? 1 : 0;
        }
        long[] order = new long[withSlots];
        int count = 0;
        for (int i = 0; i < kept; i++) {
            int node = queue[i];
            if (firstChild[node] >= 0) {
                order[count++] = ((long) firstChild[node] << 32) | node;
            }
        }
        Arrays.sort(order);
        int top = 0;
        for (long entry : order) {
            int node = (int) entry;
            int start = firstChild[node];
            int length = (int) jointCount(node);
            for (int j = 0; j < length; j++) {
                int child = childSlots[start + j];
                childSlots[top + j] = child >= 0 && marks[child] == markEpoch ? child : NONE;
            }
            firstChild[node] = top;
            top += length;
        }
        childTop.set(top);
    }

    private void keepBigChildren() {
        int live = 0;
        for (int slot = 0; slot < bigChildren.slots(); slot++) {
            live += liveBigChild(slot) ? 1 : 0;
        }
        if (live == 0) {
            bigChildren.clear();
            return;
        }
        long[] liveKeys = new long[live];
        int[] liveValues = new int[live];
        int count = 0;
        for (int slot = 0; slot < bigChildren.slots(); slot++) {
            if (liveBigChild(slot)) {
                liveKeys[count] = bigChildren.keyAt(slot);
                liveValues[count++] = bigChildren.valueAt(slot);
            }
        }
        bigChildren.clear();
        for (int i = 0; i < count; i++) {
            bigChildren.putIfAbsent(liveKeys[i], liveValues[i]);
        }
    }

    private boolean liveBigChild(int slot) {
        long key = bigChildren.keyAt(slot);
        int child = bigChildren.valueAt(slot);
        return key != 0 && child >= 0 && marks[(int) (key >>> 32) - 1] == markEpoch && marks[child] == markEpoch;
    }

    private int[] facts(int node) {
        return oversizeStates[node] != null ? oversizeStates[node] : states;
    }

    private int factsStart(int node) {
        return oversizeStates[node] != null ? 0 : node * stateStride;
    }

    private static long bigKey(int node, long joint) {
        return ((long) (node + 1) << 32) | joint;
    }

    // ---- checking ----

    /**
     * The bookkeeping problems of the nodes reachable from the root, while no search runs; empty when
     * consistent: no claimed slot left behind, children are live nodes, the move visits of every role with a
     * choice at a node add up to the same number and never exceed the node's visits, values stay within the
     * goals' range, latch bounds are ordered and hold a proven node's goals, the shared nodes are in the table
     * under their own state's key, and the pool is not overdrawn.
     */
    List<String> invariantViolations() {
        List<String> problems = new ArrayList<>();
        if (root == NONE) {
            return problems;
        }
        if (nodesInUse() > capacity) {
            problems.add("nodes in use " + nodesInUse() + " exceed the pool of " + capacity);
        }
        int kept = markReachable();
        for (int i = 0; i < kept && problems.size() < 20; i++) {
            int node = queue[i];
            long roleVisits = -1;
            for (int role = 0; role < roles && !isTerminal(node); role++) {
                if (moveCount(node, role) == 1) {
                    continue; // a role's only move takes no statistics
                }
                long sum = 0;
                for (int edge = edgeStart(node, role); edge < edgeEnd(node, role); edge++) {
                    int n = edgeVisits[edge];
                    if (n < 0 || edgeValues[edge] < 0 || edgeValues[edge] > (long) n * SearchTree.MAX_GOAL) {
                        problems.add("node " + node + ": edge " + edge + " has " + n + " visits, value "
                                + edgeValues[edge]);
                    }
                    // every playout through an edge made its move there, so it counts in the edge's AMAF too
                    if (edgeAmafVisits.length > 0 && (edgeAmafVisits[edge] < n || edgeAmafValues[edge] < 0
                            || edgeAmafValues[edge] > (long) edgeAmafVisits[edge] * SearchTree.MAX_GOAL)) {
                        problems.add("node " + node + ": edge " + edge + " has " + n + " visits but AMAF "
                                + edgeAmafVisits[edge] + " visits, value " + edgeAmafValues[edge]);
                    }
                    sum += n;
                }
                if (roleVisits >= 0 && sum != roleVisits) {
                    problems.add("node " + node + ": role " + role + " has " + sum + " move visits, another "
                            + roleVisits);
                }
                roleVisits = sum;
            }
            if (roleVisits > visits[node]) {
                problems.add("node " + node + ": " + roleVisits + " move visits but " + visits[node] + " visits");
            }
            for (int role = 0; role < roles; role++) {
                int low = latchLow(node, role);
                int high = latchHigh(node, role);
                if (low > high || isProven(node) && (provenGoal(node, role) < low || provenGoal(node, role) > high)) {
                    problems.add("node " + node + ": role " + role + " has latch bounds " + low + ".." + high
                            + (isProven(node) ? " and proven goal " + provenGoal(node, role) : ""));
                }
            }
            int first = firstChild[node];
            for (int j = first, stop = first < 0 ? first : first + (int) jointCount(node); j < stop; j++) {
                if (childSlots[j] == PENDING) {
                    problems.add("node " + node + ": child slot left claimed");
                }
            }
            if ((flags[node] & SHARED) != 0) {
                int found = transpositions.get(keys[node]);
                long key = StateKeys.of(facts(node), factsStart(node), stateLengths[node]);
                if (found != node || key != keys[node]) {
                    problems.add("node " + node + ": shared but the table maps its key to " + found);
                }
            }
        }
        return problems;
    }

    /** Distinct states among the nodes reachable from the root, and the count of those nodes (tests). */
    int[] reachableNodesAndStates() {
        int kept = markReachable();
        java.util.Set<State> distinct = new java.util.HashSet<>();
        for (int i = 0; i < kept; i++) {
            distinct.add(state(queue[i]));
        }
        return new int[] {kept, distinct.size()};
    }

    /** Links from the nodes reachable from the root to their children (tests: more than nodes - 1 means sharing). */
    int childLinks() {
        int kept = markReachable();
        int links = 0;
        for (int i = 0; i < kept; i++) {
            int node = queue[i];
            int first = firstChild[node];
            for (int j = first, stop = first < 0 ? first : first + (int) jointCount(node); j < stop; j++) {
                links += childSlots[j] >= 0 ? 1 : 0;
            }
        }
        for (int slot = 0; slot < bigChildren.slots(); slot++) {
            links += liveBigChild(slot) ? 1 : 0;
        }
        return links;
    }

    /** The nodes of the principal line from the root, at most {@code length} of them (tests). */
    int[] principalLine(int length) {
        int[] line = new int[length];
        int count = 0;
        for (int node = root; node >= 0 && count < length; node = principalChild(node)) {
            line[count++] = node;
        }
        return Arrays.copyOf(line, count);
    }

    /** A thread's claim on chunks of the pool and the arenas, so threads seldom touch a shared counter. */
    final class Allocator {
        private int epochSeen = -1;
        private int nodeNext;
        private int nodeLimit;
        /** The thread's chunk of each arena: {next position, limit}. */
        private final int[] edgeChunk = new int[2];
        private final int[] childChunk = new int[2];
        /** The goals of a terminal state while {@link #utility} turns them into the values the tree keeps. */
        private final int[] goals = new int[roles];

        /** Drops chunks handed out before the last recycling. */
        void sync() {
            if (epochSeen != epoch) {
                epochSeen = epoch;
                nodeNext = nodeLimit = 0;
                Arrays.fill(edgeChunk, 0);
                Arrays.fill(childChunk, 0);
            }
        }

        int node() {
            if (nodeNext == nodeLimit) {
                if (freeTaken.get() >= freeCount) { // checked first, so a full pool's counter cannot overflow
                    full = true;
                    return NONE;
                }
                int start = freeTaken.getAndAdd(nodeChunk);
                if (start >= freeCount) {
                    full = true;
                    return NONE;
                }
                nodeNext = start;
                nodeLimit = Math.min(freeCount, start + nodeChunk);
            }
            return freeNodes[nodeNext++];
        }

        int edges(int count) {
            return take(edgeChunk, edgeTop, edgeMoves.length, count);
        }

        int children(int count) {
            return take(childChunk, childTop, childSlots.length, count);
        }

        /**
         * {@code count} consecutive positions of an arena (NONE if it is full): from this thread's chunk, or
         * from a new chunk taken off the arena's shared top.
         */
        private int take(int[] chunk, AtomicInteger top, int arenaLength, int count) {
            if (chunk[1] - chunk[0] < count) {
                int size = Math.max(count, SearchTree.this.edgeChunk);
                // checked first, so a full arena's counter cannot overflow
                if (top.get() > arenaLength - size) {
                    full = true;
                    return NONE;
                }
                int start = top.getAndAdd(size);
                if (start > arenaLength - size) {
                    full = true;
                    return NONE;
                }
                chunk[0] = start;
                chunk[1] = start + size;
            }
            int start = chunk[0];
            chunk[0] += count;
            return start;
        }
    }
}
