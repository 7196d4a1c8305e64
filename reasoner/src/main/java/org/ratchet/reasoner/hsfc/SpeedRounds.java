package org.ratchet.reasoner.hsfc;

/**
 * The rounds of a comparison of two games' playout speeds at compile time (which hypothesis order plays,
 * whether relations are kept between states): the compiler times the two in turn, round after round, and tells
 * this after each round whether the JIT compiled anything meanwhile; this says when the rounds can judge and
 * what they judge.
 *
 * <p>Timings taken while the JIT still compiles the evaluation code ran at half the settled speed
 * (cephalopodMicro: 230 states/ms in the first rounds, 500 once settled, after 4 rounds of 300 ms), and which
 * of the two games the JIT had compiled for by then decided: three fixed rounds declined keeping relations for
 * cephalopodMicro in one compile of six (half its speed for the whole match) and handed connectFour to the
 * source order in one of six. So the rounds run until the JIT compiled nothing during {@link #QUIET_ROUNDS}
 * of them after the first, and each game is judged by its fastest run in those. Where one game runs clearly
 * faster ({@link #CLEAR_RATIO}) in two rounds from the third on, no decision turns on the JIT settling, and
 * those judge at once; where the JIT does not settle within {@link #MAX_ROUNDS} rounds (other threads keep it
 * compiling), where its compile time cannot be read or the budget runs short, the last two rounds judge. A
 * slow spell of a shared machine hurts both games alike.
 */
final class SpeedRounds {
    /** Rounds in which the JIT compiled nothing that judge a comparison. */
    static final int QUIET_ROUNDS = 2;
    /** Rounds a comparison takes at most waiting for the JIT to settle. */
    static final int MAX_ROUNDS = 12;
    /** Rounds a comparison takes at least, and where the JIT cannot be watched or the budget is short, at most. */
    static final int FIXED_ROUNDS = 3;
    /**
     * How many times as fast one game must run as the other, in each of two rounds, for a comparison to end
     * before the JIT settles: the callers' margins are at most 1.1, and every decision that turned on the
     * JIT's state was between games within 1.5 times of each other in the early rounds.
     */
    static final double CLEAR_RATIO = 1.5;

    private final double[][] speeds = new double[MAX_ROUNDS][2];
    private final boolean[] quiet = new boolean[MAX_ROUNDS];
    private int rounds;
    private int quietRounds;
    private boolean clearWinner;

    /**
     * Records a round's speeds of the first and the second game; {@code jitQuiet} says the JIT compiled
     * nothing during the round, {@code mustEnd} that no more rounds can be taken past {@link #FIXED_ROUNDS}
     * (the JIT's compile time cannot be read, or the budget is short). Returns whether the rounds judge now.
     */
    boolean add(double first, double second, boolean jitQuiet, boolean mustEnd) {
        speeds[rounds][0] = first;
        speeds[rounds][1] = second;
        // the first round never counts: it runs the code the games' tables take for the first time
        quiet[rounds] = jitQuiet && rounds > 0;
        rounds++;
        if (quiet[rounds - 1] && ++quietRounds == QUIET_ROUNDS) {
            return true;
        }
        if (rounds < FIXED_ROUNDS) {
            return false;
        }
        clearWinner = sameClearWinner(speeds[rounds - 2], speeds[rounds - 1]);
        return mustEnd || clearWinner || rounds == MAX_ROUNDS;
    }

    int rounds() {
        return rounds;
    }

    /** Each game's speed as the rounds judge it: its fastest run in the rounds that judge. */
    double[] judged() {
        double[] judged = new double[2];
        for (int round = 0; round < rounds; round++) {
            if (quietRounds == QUIET_ROUNDS ? quiet[round] : round >= rounds - 2) {
                judged[0] = Math.max(judged[0], speeds[round][0]);
                judged[1] = Math.max(judged[1], speeds[round][1]);
            }
        }
        return judged;
    }

    /** Which rounds judged, for the debug log. */
    String judgedBy() {
        if (quietRounds == QUIET_ROUNDS) {
            return "the rounds the JIT compiled nothing in";
        }
        return clearWinner ? "the last two rounds, one game clearly ahead" : "the last two rounds";
    }

    private static boolean sameClearWinner(double[] earlier, double[] later) {
        return clearlyApart(earlier) && clearlyApart(later) && earlier[0] > earlier[1] == later[0] > later[1];
    }

    private static boolean clearlyApart(double[] round) {
        return round[0] > CLEAR_RATIO * round[1] || round[1] > CLEAR_RATIO * round[0];
    }
}
