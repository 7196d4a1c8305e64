package org.ratchet.search;

import java.util.Locale;
import java.util.SplittableRandom;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;

/**
 * Decides during the start clock whether a game's playouts should use NST's move pairs
 * ({@link PlayoutPolicy#AUTO}): playouts from the initial state in which one role, in turn, values its moves by
 * the move they answer as well as by their own average, and the others by their own average alone (both
 * epsilon-greedy, both learning from every playout). Where knowing the answer to a move matters (capture back,
 * block the runner: breakthrough, knightThrough) the player with pairs wins most of these playouts; where it
 * does not (connectFour, pentago, reversi, checkers) neither pulls far ahead, and MAST's playouts are kept.
 * Measured against MAST playouts in matches: breakthroughSmall 9-0-1, connectFour 3-0-7 (README, Search).
 */
final class PairDuel {
    /** Duel playouts at most: the 3,600 counted measure a lead to about 0.02 (one standard error). */
    static final int MAX_PLAYOUTS = 4_000;
    /** Playouts that only fill the averages before the score is counted (pair averages need samples first). */
    static final int WARM_UP_PLAYOUTS = 400;
    /**
     * Fewer counted playouts than this by the deadline: no verdict, MAST. 500 measure a lead to about 0.05 (one
     * standard error), far below {@link #MIN_LEAD}.
     */
    static final int MIN_COUNTED_PLAYOUTS = 500;
    /**
     * The least lead in score (1 for a role's strict win, 0.5 for a shared best goal) of the role with pairs
     * over the same role without them for the pairs to be used. Over 30 seeds (lowest, median, highest):
     * breakthroughSmall 0.34 / 0.46 / 0.56, knightThrough 0.24 / 0.39 / 0.46, breakthrough 0.21 / 0.35 / 0.51;
     * connectFour -0.02 / 0.11 / 0.20, connectFourSimultaneous -0.01 / 0.08 / 0.16, pentago -0.10 / -0.04 /
     * 0.08, 3pConnectFour -0.14 / -0.05 / 0.00 (over two: checkers 0.04, reversi -0.12 to -0.16). Above
     * connectFour's highest: NST where it has not been shown to pay is the costlier mistake, and a
     * breakthrough match that keeps MAST plays as before.
     */
    static final double MIN_LEAD = 0.25;

    /**
     * The duel's outcome: whether pairs pay, from how many counted playouts, the mean score per role-seat with
     * and without pairs (NaN where the duel was not played to a verdict), and whether it stopped before its
     * deadline because its pace could not reach a verdict.
     */
    record Verdict(boolean pairsPay, int countedPlayouts, double scoreWithPairs, double scoreWithout,
            boolean givenUp) {
        String summary() {
            if (givenUp) {
                return String.format(Locale.ROOT, "no verdict (given up after %d counted duel playouts: at its pace"
                        + " the duel would not reach %d by the deadline)", countedPlayouts, MIN_COUNTED_PLAYOUTS);
            }
            if (countedPlayouts < MIN_COUNTED_PLAYOUTS) {
                return String.format(Locale.ROOT, "no verdict (%d counted duel playouts by the deadline, %d needed)",
                        countedPlayouts, MIN_COUNTED_PLAYOUTS);
            }
            return String.format(Locale.ROOT, "a role valuing moves by the move they answer scored %.2f, without"
                    + " %.2f, in %d duel playouts (lead needed %.2f)", scoreWithPairs, scoreWithout, countedPlayouts,
                    MIN_LEAD);
        }
    }

    private PairDuel() {
    }

    /**
     * Plays the duel from {@code from} until {@link #MAX_PLAYOUTS} or {@code deadlineMillis}, or until its pace
     * shows it cannot reach a verdict by then. The machine is left in an arbitrary state.
     */
    static Verdict play(StateMachine machine, State from, SplittableRandom random, long deadlineMillis) {
        long startMillis = System.currentTimeMillis();
        long budgetMillis = deadlineMillis - startMillis;
        boolean givenUp = false;
        int roles = machine.roleCount();
        Playout playout = new Playout(machine, random, new MoveAverages(roles), new MovePairAverages());
        playout.stopAt(deadlineMillis);
        int[] goals = new int[roles];
        // per role: score sums and counts with pairs [0] and without [1]
        double[][] scores = new double[roles][2];
        int[][] counts = new int[roles][2];
        int counted = 0;
        for (int played = 0; played < MAX_PLAYOUTS; played++) {
            long now = System.currentTimeMillis();
            if (now >= deadlineMillis) {
                break;
            }
            if (cannotReachVerdict(played, now - startMillis, budgetMillis)) {
                givenUp = true;
                break;
            }
            int challenger = played % roles;
            playout.pairsOnlyFor(challenger);
            machine.setState(from);
            if (!playout.run(null, goals, null)) {
                break; // out of time inside the playout (a slow engine)
            }
            playout.learn(goals);
            if (played < WARM_UP_PLAYOUTS || roles < 2) {
                continue;
            }
            counted++;
            for (int role = 0; role < roles; role++) {
                int side = role == challenger ? 0 : 1;
                scores[role][side] += strictScore(goals, role);
                counts[role][side]++;
            }
        }
        if (counted < MIN_COUNTED_PLAYOUTS) {
            return new Verdict(false, counted, Double.NaN, Double.NaN, givenUp);
        }
        double with = 0;
        double without = 0;
        for (int role = 0; role < roles; role++) {
            with += scores[role][0] / counts[role][0];
            without += scores[role][1] / counts[role][1];
        }
        with /= roles;
        without /= roles;
        return new Verdict(with - without >= MIN_LEAD, counted, with, without, false);
    }

    /**
     * Whether a duel that has played {@code played} playouts in {@code elapsedMillis} of its {@code budgetMillis}
     * would, at that pace, end with fewer than {@link #MIN_COUNTED_PLAYOUTS} counted: then the rest of its time
     * is the search's. Judged only from a quarter of the budget on, since the first playouts run before the
     * engine's code is compiled and are slower than the rest (skirmish reaches about 150 of 500 in 1 s).
     */
    static boolean cannotReachVerdict(int played, long elapsedMillis, long budgetMillis) {
        if (elapsedMillis <= 0 || elapsedMillis * 4 < budgetMillis) {
            return false;
        }
        double projected = (double) played * budgetMillis / elapsedMillis;
        return projected < WARM_UP_PLAYOUTS + MIN_COUNTED_PLAYOUTS;
    }

    /**
     * 1 if {@code role}'s goal is the only highest, 0.5 if it shares the highest, else 0 (with two roles, the
     * gauntlet's score).
     */
    private static double strictScore(int[] goals, int role) {
        int best = Integer.MIN_VALUE;
        int atBest = 0;
        for (int goal : goals) {
            if (goal > best) {
                best = goal;
                atBest = 1;
            } else if (goal == best) {
                atBest++;
            }
        }
        if (goals[role] != best) {
            return 0;
        }
        return atBest == 1 ? 1 : 0.5;
    }
}
