package org.ratchet.search;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ratchet.reasoner.StateMachine;

/**
 * One thread's Monte Carlo tree search iterations on the shared {@link Tree}: descend by decoupled UCT to a
 * node without the chosen child, add that child, play out from it, back the goal vector up the path, and
 * solve nodes whose children's values are exact.
 *
 * <p>Parallelism uses virtual loss: an iteration counts its visits on the way down, before its result is
 * known, so the moves it chose look worse to the other threads until it backs up, and they spread over
 * other branches instead of duplicating its playout.
 */
final class MctsWorker implements SearchRunner.Worker {
    private final Tree tree;
    private final StateMachine machine;
    private final SplittableRandom random;
    private final MoveAverages averages;
    private final Playout playout;
    private final BestLine bestLine;
    private final double exploration;
    private final int roles;
    private final int[] jointMove;
    private final int[] goals;

    private Node[] path = new Node[64];
    /** Role r's move index at path level d is {@code choices[d * roles + r]}. */
    private int[] choices = new int[64];
    private int pathLength;
    /** Path levels whose choices have been counted in their node's move visits. */
    private int levelsChosen;
    private int[] lineMoves = new int[64];
    private long playouts;

    /** {@code averages} null means uniform playouts; {@code bestLine} null means not a single-player game. */
    MctsWorker(Tree tree, StateMachine machine, SplittableRandom random, MoveAverages averages, BestLine bestLine,
            double exploration) {
        this.tree = tree;
        this.machine = machine;
        this.random = random;
        this.averages = averages;
        this.playout = new Playout(machine, random, averages);
        this.bestLine = bestLine;
        this.exploration = exploration;
        this.roles = machine.roleCount();
        this.jointMove = new int[roles];
        this.goals = new int[roles];
    }

    MoveAverages averages() {
        return averages;
    }

    /** Playouts run by this worker since it was made (read after a search, by the searching thread). */
    long playouts() {
        return playouts;
    }

    @Override
    public boolean iterate(SearchRunner runner) {
        pathLength = 0;
        levelsChosen = 0;
        Node leaf;
        long expandJoint = -1;
        synchronized (tree) {
            leaf = descend();
            if (leaf.proven == null && tree.reserveNode()) {
                expandJoint = choose(leaf);
            }
        }
        boolean finished = false;
        try {
            Node end = leaf;
            boolean machineAtEnd = false;
            if (expandJoint >= 0) {
                machine.setState(leaf.state);
                fillJointMove(leaf, pathLength - 1);
                machine.advance(jointMove);
                if (runner.stopped()) {
                    return false;
                }
                Node fresh = Node.of(machine);
                synchronized (tree) {
                    end = leaf.child(expandJoint);
                    if (end == null) {
                        end = fresh;
                        leaf.setChild(expandJoint, fresh);
                        machineAtEnd = true;
                    } else {
                        tree.releaseNode(); // another thread added it meanwhile; its node is the one kept
                    }
                    push(end);
                    expandJoint = -1;
                }
            }
            boolean playedOut = false;
            if (end.proven != null) {
                System.arraycopy(end.proven, 0, goals, 0, roles);
            } else {
                if (!machineAtEnd) {
                    machine.setState(end.state);
                }
                if (!playout.run(runner, goals)) {
                    return false;
                }
                playedOut = true;
                playouts++;
            }
            backUp(end);
            learn(playedOut, end.terminal);
            finished = true;
            return true;
        } finally {
            if (!finished) {
                undo(expandJoint >= 0);
            }
        }
    }

    /** Walks from the root by UCT choices to the first node whose chosen child is missing. Lock held. */
    private Node descend() {
        Node node = tree.root();
        while (true) {
            push(node);
            if (node.proven != null) {
                return node;
            }
            long joint = chooseJoint(node);
            Node child = node.child(joint);
            if (child == null) {
                return node; // the choice is counted only if the child gets added (see choose)
            }
            countChoice(node);
            node = child;
        }
    }

    /** Counts the leaf's pending choice (made in {@link #descend()}) and returns its joint index. Lock held. */
    private long choose(Node leaf) {
        countChoice(leaf);
        return leaf.jointIndex(choices, (pathLength - 1) * roles);
    }

    private void push(Node node) {
        if (pathLength == path.length) {
            path = Arrays.copyOf(path, pathLength * 2);
        }
        if ((pathLength + 1) * roles > choices.length) {
            choices = Arrays.copyOf(choices, Math.max(choices.length * 2, (pathLength + 1) * roles));
        }
        path[pathLength++] = node;
        node.visits++;
    }

    /** Virtual loss: the chosen moves' visits count now, their values when the result comes back. */
    private void countChoice(Node node) {
        int base = (pathLength - 1) * roles;
        for (int role = 0; role < roles; role++) {
            node.moveVisits[node.moveStart[role] + choices[base + role]]++;
        }
        levelsChosen++;
    }

    /** Each role's UCB1 choice among its own moves (decoupled UCT); stored in the path's choice slots. */
    private long chooseJoint(Node node) {
        int base = (pathLength - 1) * roles;
        double logVisits = Math.log(Math.max(1, node.visits));
        for (int role = 0; role < roles; role++) {
            int start = node.moveStart[role];
            int count = node.moveStart[role + 1] - start;
            if (count == 1) {
                choices[base + role] = 0;
                continue;
            }
            int best = 0;
            double bestScore = Double.NEGATIVE_INFINITY;
            int ties = 0;
            for (int i = 0; i < count; i++) {
                int n = node.moveVisits[start + i];
                double score;
                if (n == 0) {
                    score = Double.MAX_VALUE; // every move once before any twice
                } else {
                    Node child = node.mover == role ? node.child(i * node.jointStride[role]) : null;
                    if (child != null && child.proven != null) {
                        // Where this role alone chooses, move i leads to one child; once that is solved its
                        // exact value replaces the sampled mean, and with nothing left to learn there it
                        // gets no exploration bonus (a proven loss is never chosen while anything else is).
                        score = (double) child.proven[role] / Node.MAX_GOAL;
                    } else {
                        score = node.moveValueSums[start + i] / n / Node.MAX_GOAL
                                + exploration * Math.sqrt(logVisits / n);
                    }
                }
                if (score > bestScore) {
                    bestScore = score;
                    best = i;
                    ties = 1;
                } else if (score == bestScore && random.nextInt(++ties) == 0) {
                    best = i;
                }
            }
            choices[base + role] = best;
        }
        return node.jointIndex(choices, base);
    }

    private void fillJointMove(Node node, int level) {
        int base = level * roles;
        for (int role = 0; role < roles; role++) {
            jointMove[role] = node.moves[node.moveStart[role] + choices[base + role]];
        }
    }

    /** Adds the result to every node and chosen move on the path, then solves what it can upwards. */
    private void backUp(Node end) {
        synchronized (tree) {
            for (int level = 0; level < pathLength; level++) {
                Node node = path[level];
                for (int role = 0; role < roles; role++) {
                    node.valueSums[role] += goals[role];
                }
                if (level < levelsChosen) {
                    int base = level * roles;
                    for (int role = 0; role < roles; role++) {
                        node.moveValueSums[node.moveStart[role] + choices[base + role]] += goals[role];
                    }
                }
            }
            end.stopVisits++;
            if (end.proven != null) {
                for (int level = pathLength - 2; level >= 0 && path[level].trySolve(); level--) {
                    // each newly solved node may complete its parent's proof
                }
            }
        }
    }

    /** Takes back the visits of an iteration that did not finish, so the statistics stay exact. */
    private void undo(boolean slotReserved) {
        synchronized (tree) {
            for (int level = 0; level < pathLength; level++) {
                Node node = path[level];
                node.visits--;
                if (level < levelsChosen) {
                    int base = level * roles;
                    for (int role = 0; role < roles; role++) {
                        node.moveVisits[node.moveStart[role] + choices[base + role]]--;
                    }
                }
            }
            if (slotReserved) {
                tree.releaseNode();
            }
        }
    }

    /** Feeds MAST with the whole iteration, and a puzzle's best line with a better result. */
    private void learn(boolean playedOut, boolean endTerminal) {
        if (averages != null) {
            for (int level = 0; level < levelsChosen; level++) {
                Node node = path[level];
                for (int role = 0; role < roles; role++) {
                    averages.add(role, node.moves[node.moveStart[role] + choices[level * roles + role]], goals[role]);
                }
            }
            if (playedOut) {
                playout.learn(goals);
            }
        }
        // Only a line that reaches the end of the game can be replayed for its goal.
        if (bestLine != null && (playedOut || endTerminal) && goals[0] > bestLine.value()) {
            int playoutSteps = playedOut ? playout.steps() : 0;
            int length = levelsChosen + playoutSteps;
            if (lineMoves.length < length) {
                lineMoves = new int[Math.max(length, lineMoves.length * 2)];
            }
            for (int level = 0; level < levelsChosen; level++) {
                lineMoves[level] = path[level].moves[choices[level]];
            }
            System.arraycopy(playout.trace(), 0, lineMoves, levelsChosen, playoutSteps);
            bestLine.offer(path[0].state, lineMoves, length, goals[0]);
        }
    }
}
