package org.ratchet.search;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.analysis.SubGames;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.ground.GroundingBudget;
import org.ratchet.reasoner.rewrite.Passes;

/**
 * A depth-first search over a puzzle's states that runs beside the tree search, in one worker's time:
 * every state reachable from the root is visited once (a set of state keys skips states reached again by
 * another path, since a puzzle's future depends on its state alone), and every terminal state it reaches
 * offers its line to the {@link BestLine}.
 *
 * <p>Why beside MCTS: random playouts rarely complete constraint puzzles (queens, sudoku, tours), where
 * one wrong step anywhere spoils the end, and they sample small state spaces over and over; an exhaustive
 * walk finds a full solution or proves the best score there is. When the walk ends with nothing left to
 * visit, the best line is optimal ({@link #exhaustedFrom}).
 *
 * <p>A walk may be <em>focused</em> on the moves of some of the puzzle's independent sub-games (those one
 * way of reaching the best goal needs, {@code SubGames}): wherever one of those moves is legal, it tries only
 * those, so where the puzzle is several boards of which one lit wins, it walks one board instead of all of
 * them at once. A focused walk proves nothing when it ends.
 *
 * <p>The walk's stack keeps each level's state and legal moves in two int arenas, so a step allocates
 * nothing once the stack has reached its depth. Used by one thread at a time (its worker).
 */
final class PuzzleSolver implements PuzzleWalk {
    /** Deeper walks stop there (a finite game ends sooner; this bounds the stack's memory). */
    private static final int MAX_DEPTH = 1 << 16;

    private final StateMachine machine;
    private final BestLine bestLine;
    private final SplittableRandom random;
    private final LongOpenHashSet visited;
    private final int visitedCapacity;
    /** The moves a focused walk keeps to where any of them is legal, or null for a walk of every move. */
    private final IntSet focus;

    /** The state the walk started from; null before the first start. Volatile: the strategy reads both. */
    private volatile State root;
    private volatile boolean exhausted;
    /** Whether the walk skipped something it could not store (too deep), so ending does not prove the best. */
    private boolean truncated;
    /** Levels on the stack; level d's state is {@code states[stateFrom[d] .. stateFrom[d + 1])}. */
    private int depth;
    private int[] stateFrom = new int[64];
    private int[] moveFrom = new int[64];
    /** Level d's moves are tried from a random first one: {@code tried[d]} of them so far. */
    private int[] firstMove = new int[64];
    private int[] tried = new int[64];
    /** The move taken at each level: the line to the current state. */
    private int[] line = new int[64];
    private int[] states = new int[1024];
    private int[] moves = new int[256];
    /** The level whose state the machine holds, or -1. */
    private int machineLevel = -1;
    private final int[] joint = new int[1];
    private long steps;

    /**
     * {@code visitedCapacity}: the most state keys kept (16 to 32 bytes each, see {@link #bytesFor});
     * {@code focus}: the move ids a focused walk keeps to, or null.
     */
    PuzzleSolver(StateMachine machine, BestLine bestLine, SplittableRandom random, int visitedCapacity,
            IntSet focus) {
        this.machine = machine;
        this.bestLine = bestLine;
        this.random = random;
        this.visitedCapacity = visitedCapacity;
        this.visited = new LongOpenHashSet(visitedCapacity, 0.5f);
        this.focus = focus;
    }

    /**
     * The move ids of focused walks for the machine's puzzle: its independent sub-games ({@link SubGames}),
     * and for each way of reaching its best goal that needs only some of them, their moves; at most
     * {@code max}. Factoring grounds the game again, within {@code budgetMillis}; a game too large for that,
     * or without such ways, gets none.
     */
    static List<IntSet> focuses(StateMachine machine, long budgetMillis, int max) {
        SubGames factored;
        try {
            factored = SubGames.of(Passes.normalForm(machine.description()),
                    new GroundingBudget(EngineOptions.defaults().memoryBudgetBytes(), budgetMillis));
        } catch (GdlException e) {
            return List.of(); // the engine took the game, so this is not expected; nothing to focus on then
        }
        if (factored.subGames().isEmpty()) {
            return List.of();
        }
        List<IntSet> focuses = new ArrayList<>();
        for (Set<Term> moves : factored.focuses(machine.role(0))) {
            IntSet ids = new IntOpenHashSet();
            for (Term does : moves) {
                int id = machine.moveId(0, does.arg(1));
                if (id >= 0) {
                    ids.add(id);
                }
            }
            if (!ids.isEmpty() && focuses.size() < max) {
                focuses.add(ids);
            }
        }
        return focuses;
    }

    /**
     * Moves the focus's moves among {@code moves[at .. at + count)} to the front and returns how many there
     * are, or {@code count} if none is legal here (the walk then tries every move).
     */
    private int keepFocus(int at, int count) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int move = moves[at + i];
            if (focus.contains(move)) {
                moves[at + i] = moves[at + kept];
                moves[at + kept++] = move;
            }
        }
        return kept > 0 ? kept : count;
    }

    /** The memory a solver of {@code visitedCapacity} keys takes, in bytes. */
    static long bytesFor(int visitedCapacity) {
        return 4L * Long.BYTES * visitedCapacity; // at most half full, rounded up to a power of two
    }

    /** A focused walk proves nothing: it skipped the moves off its focus. */
    @Override
    public boolean exhaustedFrom(State state) {
        return exhausted && focus == null && state.equals(root);
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
            if (depth == 0) {
                exhausted = !truncated;
                break;
            }
            int level = depth - 1;
            int count = moveFrom[level + 1] - moveFrom[level];
            if (tried[level] == count) {
                depth--; // every move of this level tried: back up
                continue;
            }
            int move = moves[moveFrom[level] + (firstMove[level] + tried[level]++) % count];
            if (machineLevel != level) {
                machine.setState(states, stateFrom[level], stateFrom[level + 1] - stateFrom[level]);
            }
            joint[0] = move;
            machine.advance(joint);
            machineLevel = -1;
            line[level] = move;
            taken++;
            steps++;
            if (machine.isTerminal()) {
                int goal = machine.goal(0);
                if (goal > bestLine.value()) {
                    bestLine.offer(root, line, level + 1, goal);
                    if (goal >= SearchTree.MAX_GOAL) {
                        break;
                    }
                }
                continue;
            }
            if (depth >= MAX_DEPTH) {
                truncated = true;
                continue;
            }
            if (!push()) {
                continue; // seen before
            }
            machineLevel = depth - 1;
        }
        return taken;
    }

    private void startFrom(State start) {
        root = start;
        exhausted = false;
        truncated = false;
        visited.clear();
        depth = 0;
        machine.setState(start);
        machineLevel = -1;
        push();
        machineLevel = 0;
    }

    /**
     * Puts the machine's current state on the stack as a new level, unless it was visited before; false
     * then. Once the key set is full, states are no longer remembered (the walk stays exhaustive, only
     * slower where paths meet).
     */
    private boolean push() {
        int length = machine.stateSize();
        if (depth + 2 > stateFrom.length) {
            int size = stateFrom.length * 2;
            stateFrom = Arrays.copyOf(stateFrom, size);
            moveFrom = Arrays.copyOf(moveFrom, size);
            firstMove = Arrays.copyOf(firstMove, size);
            tried = Arrays.copyOf(tried, size);
            line = Arrays.copyOf(line, size);
        }
        int from = stateFrom[depth];
        if (from + length > states.length) {
            states = Arrays.copyOf(states, Math.max(from + length, states.length * 2));
        }
        machine.writeState(states, from);
        long key = StateKeys.of(states, from, length);
        if (visited.contains(key)) {
            return false;
        }
        if (visited.size() < visitedCapacity) {
            visited.add(key);
        }
        int count = machine.legalCount(0);
        int movesAt = moveFrom[depth];
        if (movesAt + count > moves.length) {
            moves = Arrays.copyOf(moves, Math.max(movesAt + count, moves.length * 2));
        }
        for (int i = 0; i < count; i++) {
            moves[movesAt + i] = machine.legalMove(0, i);
        }
        if (focus != null) {
            count = keepFocus(movesAt, count);
        }
        stateFrom[depth + 1] = from + length;
        moveFrom[depth + 1] = movesAt + count;
        firstMove[depth] = count > 1 ? random.nextInt(count) : 0;
        tried[depth] = 0;
        depth++;
        return true;
    }
}
