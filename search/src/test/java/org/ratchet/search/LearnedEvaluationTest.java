package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.GameCorpus;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.Atom;
import org.ratchet.reasoner.gdl.Compound;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.play.RandomPlayouts;

/**
 * The learned evaluation on real games, on the forward chainer (learning needs thousands of playouts).
 * Bounded by playouts, not time, so the results do not depend on machine speed.
 */
class LearnedEvaluationTest {
    private static final long NO_DEADLINE = Long.MAX_VALUE / 2;
    /**
     * The quality floor of these tests, below the search's default: breakthrough's fit (about 0.27) is checked
     * for what it rates, whether or not the player would blend it.
     */
    private static final double FLOOR = 0.2;

    private static StateMachine machine(String game) throws Exception {
        return Engines.create("hsfc", GameLoader.load(GameCorpus.repositoryGame(game))).newMachine();
    }

    /** The evaluation learned from {@code playouts} random playouts from the initial state, with no deadline. */
    private static LearnedEvaluation learn(StateMachine machine, long seed, int playouts) {
        return LearnedEvaluation.learn(machine, machine.initialState(), new SplittableRandom(seed), NO_DEADLINE,
                NO_DEADLINE, playouts, FLOOR, 0);
    }

    /**
     * Checkers is decided by material, so the evaluation must tell winners from losers on playouts it never
     * saw: from states past the middle of fresh random playouts, it rates the role that went on to win
     * clearly higher than the role that went on to lose.
     */
    @Test
    void checkersMaterialPredictsTheWinnerOfFreshPlayouts() throws Exception {
        StateMachine machine = machine("checkers");
        LearnedEvaluation learned = learn(machine, 7, 1_500);
        assertTrue(learned.isUsed(0) && learned.isUsed(1), learned.summary());
        assertTrue(learned.fitted(), learned.summary());

        RandomPlayouts moves = new RandomPlayouts(machine, 99, Playout.MAX_STEPS);
        double winnerSum = 0;
        double loserSum = 0;
        int decided = 0;
        int[] joint = new int[2];
        int[][] line = new int[Playout.MAX_STEPS][];
        for (int playout = 0; playout < 300; playout++) {
            machine.setState(machine.initialState());
            int steps = 0;
            while (!machine.isTerminal() && steps < Playout.MAX_STEPS) {
                int[] facts = new int[machine.stateSize()];
                machine.writeState(facts, 0);
                line[steps++] = facts;
                if (!moves.chooseJointMove(joint)) {
                    break;
                }
                machine.advance(joint);
            }
            int red = machine.goal(0);
            int black = machine.goal(1);
            if (!machine.isTerminal() || red == black) {
                continue;
            }
            int winner = red > black ? 0 : 1;
            int[] state = line[steps * 3 / 4];
            winnerSum += learned.evaluate(state, state.length, winner);
            loserSum += learned.evaluate(state, state.length, 1 - winner);
            decided++;
        }
        assertTrue(decided >= 100, "decided playouts: " + decided);
        double margin = (winnerSum - loserSum) / decided;
        assertTrue(margin >= 10, "winner rated " + margin + " points above loser; " + learned.summary());
    }

    /**
     * Skirmish's goal grows with the role's captures, six points each, and random play seldom captures more
     * than ten pieces. The evaluation must rate more captures higher beyond what random play reaches: counted
     * as levels alone, an unseen count would weigh nothing and rate below ten, and a search led by the
     * evaluation would stop capturing there.
     */
    @Test
    void moreCapturesRateHigherBeyondWhatRandomPlayReaches() throws Exception {
        StateMachine machine = machine("skirmish");
        LearnedEvaluation learned = learn(machine, 7, 1_500);
        assertTrue(learned.isUsed(0), learned.summary());
        SymbolTable symbols = machine.description().symbols();
        machine.setState(machine.initialState());
        int[] facts = new int[machine.stateSize()];
        machine.writeState(facts, 0);
        int at = -1;
        for (int i = 0; i < facts.length; i++) {
            Term fact = machine.fact(facts[i]);
            if (fact.symbol() == symbols.lookup("capturecount") && fact.arg(0).symbol() == symbols.lookup("white")) {
                at = i;
            }
        }
        assertTrue(at >= 0, "no capture count for white in the initial state");
        Term count = machine.fact(facts[at]);
        int[] captures = {4, 8, 12, 15};
        int[] values = new int[captures.length];
        for (int c = 0; c < captures.length; c++) {
            Term more = new Compound(count.symbol(), count.arg(0),
                    new Atom(symbols.lookup(Integer.toString(captures[c]))));
            facts[at] = machine.factId(more);
            assertTrue(facts[at] >= 0, "no fact id for " + more.render(symbols));
            values[c] = learned.evaluate(facts, facts.length, 0);
        }
        for (int c = 1; c < captures.length; c++) {
            assertTrue(values[c] > values[c - 1], "white's values for " + Arrays.toString(captures) + " captures: "
                    + Arrays.toString(values) + "; " + learned.summary());
        }
    }

    /**
     * Breakthrough is won by the first pawn to reach the far row: white's far row is 8, black's is 1. Each side's
     * progress must be a feature of its own, so that for each role a pawn of its own moved from its home rows to
     * two rows before the far row rates higher than the initial state. Black's progress is "at most" a row:
     * with "at least" thresholds only, it was the difference of two weak features, neither was chosen, and the
     * fit's quality stayed below the floor.
     */
    @Test
    void eachSideOfBreakthroughRatesItsOwnProgress() throws Exception {
        StateMachine machine = machine("breakthrough");
        LearnedEvaluation learned = learn(machine, 7, 1_500);
        SymbolTable symbols = machine.description().symbols();
        String[] sides = {"white", "black"};
        String[] from = {"2", "7"};
        String[] to = {"6", "3"};
        for (int side = 0; side < 2; side++) {
            int role = GdlGames.roleIndex(machine, sides[side]);
            assertTrue(learned.isUsed(role), learned.summary());
            machine.setState(machine.initialState());
            int[] facts = new int[machine.stateSize()];
            machine.writeState(facts, 0);
            int initial = learned.evaluate(facts, facts.length, role);
            boolean moved = false;
            for (int i = 0; i < facts.length && !moved; i++) {
                Term fact = machine.fact(facts[i]);
                if (fact.arity() == 3 && symbols.name(fact.arg(1).symbol()).equals(from[side])
                        && symbols.name(fact.arg(2).symbol()).equals(sides[side])) {
                    Term advanced = new Compound(fact.symbol(), fact.arg(0), new Atom(symbols.lookup(to[side])),
                            fact.arg(2));
                    facts[i] = machine.factId(advanced);
                    assertTrue(facts[i] >= 0, "no fact id for " + advanced.render(symbols));
                    moved = true;
                }
            }
            assertTrue(moved, "no " + sides[side] + " pawn in row " + from[side]);
            int advanced = learned.evaluate(facts, facts.length, role);
            assertTrue(advanced > initial, sides[side] + " rates its pawn two rows before the far row " + advanced
                    + ", the initial state " + initial + "; " + learned.summary());
        }
    }

    /**
     * The quality floor decides which roles get an evaluation: at the search's default floor checkers' fit
     * (about 0.6) is used for both sides and breakthrough's (about 0.27) for neither, which a lower floor
     * would use (see above).
     */
    @Test
    void theQualityFloorKeepsTheEvaluationToGoodFits() throws Exception {
        double floor = SearchOptions.DEFAULT_EVALUATION_MIN_QUALITY;
        StateMachine checkers = machine("checkers");
        LearnedEvaluation good = LearnedEvaluation.learn(checkers, checkers.initialState(), new SplittableRandom(7),
                NO_DEADLINE, NO_DEADLINE, 1_500, floor, 0);
        assertTrue(good.isUsed(0) && good.isUsed(1), good.summary());
        LearnedEvaluation assured = LearnedEvaluation.learn(checkers, checkers.initialState(),
                new SplittableRandom(7), NO_DEADLINE, NO_DEADLINE, 1_500, floor, 1.645);
        assertTrue(assured.isUsed(0) && assured.isUsed(1), "a good fit clears the floor with a margin too: "
                + assured.summary());
        StateMachine breakthrough = machine("breakthrough");
        LearnedEvaluation weak = LearnedEvaluation.learn(breakthrough, breakthrough.initialState(),
                new SplittableRandom(7), NO_DEADLINE, NO_DEADLINE, 1_500, floor, 0);
        assertFalse(weak.isUseful(), weak.summary());
    }

    /**
     * With an assurance of 1.645 standard errors (one-sided 95%), a quality is trusted as far as the playouts
     * that judged it allow: 0.37 judged on 150 playouts (a few hundred in a start clock, half of them judging)
     * is not surely above the default floor of 0.3, on 1,500 it is; 0.5 is on 150. The bound rises with the
     * quality and the playouts and never reaches the quality; with no assurance it is the quality.
     */
    @Test
    void aQualityCountsAsFarAsItsPlayoutsAssureIt() {
        double floor = SearchOptions.DEFAULT_EVALUATION_MIN_QUALITY;
        double z = 1.645;
        assertTrue(LearnedEvaluation.assuredQuality(0.37, 150, z) < floor);
        assertTrue(LearnedEvaluation.assuredQuality(0.37, 1_500, z) >= floor);
        assertTrue(LearnedEvaluation.assuredQuality(0.5, 150, z) >= floor);
        double last = -1;
        for (int playouts = 4; playouts <= 10_000; playouts *= 2) {
            double assured = LearnedEvaluation.assuredQuality(0.4, playouts, z);
            assertTrue(assured > last && assured < 0.4, playouts + " playouts: " + assured);
            last = assured;
        }
        assertTrue(LearnedEvaluation.assuredQuality(0.45, 300, z) > LearnedEvaluation.assuredQuality(0.4, 300, z));
        assertEquals(-1, LearnedEvaluation.assuredQuality(0.9, 3, z));
        assertEquals(0.37, LearnedEvaluation.assuredQuality(0.37, 150, 0));
    }

    /** Pentago's outcome does not follow from counts of marbles: the evaluation must stay out of the search. */
    @Test
    void pentagoGetsNoEvaluation() throws Exception {
        StateMachine machine = machine("pentago");
        LearnedEvaluation learned = learn(machine, 7, 1_500);
        assertFalse(learned.isUseful(), learned.summary());
    }

    /**
     * A quality judged on a handful of playouts is noise: with fewer than the minimum, checkers (whose
     * evaluation is good with enough playouts) gets none.
     */
    @Test
    void tooFewPlayoutsGiveNoEvaluation() throws Exception {
        StateMachine machine = machine("checkers");
        LearnedEvaluation learned = learn(machine, 7, LearnedEvaluation.MIN_PLAYOUTS - 1);
        assertFalse(learned.isUseful(), learned.summary());
        assertFalse(learned.fitted(), learned.summary());
    }

    /**
     * A refinement adds its playouts to an earlier learning's samples and fits on them all: 60 playouts are too
     * few to fit, 240 more from a later state make a fit on 300 (the cap counts both), and 1,200 more one on
     * 1,500 that rates checkers' material for both roles.
     */
    @Test
    void aRefinementFitsOnTheEarlierSamplesAndItsOwn() throws Exception {
        StateMachine machine = machine("checkers");
        LearnedEvaluation.Samples samples = new LearnedEvaluation.Samples(machine.roleCount());
        SplittableRandom random = new SplittableRandom(7);
        LearnedEvaluation first = LearnedEvaluation.learn(machine, machine.initialState(), random, NO_DEADLINE,
                NO_DEADLINE, 60, FLOOR, 0, samples);
        assertFalse(first.fitted(), first.summary());
        assertEquals(60, samples.playouts);

        RandomPlayouts moves = new RandomPlayouts(machine, 5, Playout.MAX_STEPS);
        machine.setState(machine.initialState());
        int[] joint = new int[machine.roleCount()];
        for (int step = 0; step < 6 && !machine.isTerminal(); step++) {
            assertTrue(moves.chooseJointMove(joint));
            machine.advance(joint);
        }
        State later = machine.currentState();
        LearnedEvaluation second = LearnedEvaluation.learn(machine, later, random, NO_DEADLINE, NO_DEADLINE, 300,
                FLOOR, 0, samples);
        assertTrue(second.fitted(), second.summary());
        assertEquals(300, second.fittedPlayouts(), second.summary());
        assertTrue(second.summary().startsWith(samples.count() + " samples of 300 playouts"), second.summary());

        LearnedEvaluation third = LearnedEvaluation.learn(machine, machine.initialState(), random, NO_DEADLINE,
                NO_DEADLINE, 1_500, FLOOR, 0, samples);
        assertEquals(1_500, third.fittedPlayouts(), third.summary());
        assertTrue(third.isUsed(0) && third.isUsed(1), third.summary());
    }

    /**
     * Fitting costs time that grows with the samples, so it is bounded as the playouts are: samples met after
     * the features' share of the time are left out, a fit whose time has run out is given up, and checkers
     * (whose evaluation these playouts make good, see above) gets none.
     */
    @Test
    void aFitOutOfTimeIsGivenUp() throws Exception {
        StateMachine machine = machine("checkers");
        long fitUntil = System.currentTimeMillis();
        LearnedEvaluation learned = LearnedEvaluation.learn(machine, machine.initialState(), new SplittableRandom(7),
                NO_DEADLINE, fitUntil, 1_500, FLOOR, 0);
        assertFalse(learned.isUseful(), learned.summary());
        assertFalse(learned.fitted(), learned.summary());
        assertTrue(learned.summary().contains("the first 0 fitted") && learned.summary().contains("out of time fitting"),
                learned.summary());
    }

    /** An evaluation is a goal value: clamped to 0..100 whatever the weights, and unknown facts weigh nothing. */
    @Test
    void evaluationsStayGoalValues() throws Exception {
        StateMachine machine = machine("checkers");
        LearnedEvaluation learned = learn(machine, 3, 300);
        machine.setState(machine.initialState());
        int[] facts = new int[machine.stateSize() + 1];
        machine.writeState(facts, 0);
        facts[facts.length - 1] = Integer.MAX_VALUE; // a fact id never seen in learning
        for (int role = 0; role < 2; role++) {
            int value = learned.evaluate(facts, facts.length, role);
            assertTrue(value >= 0 && value <= 100, "value " + value);
            assertTrue(value == learned.evaluate(facts, facts.length - 1, role), "the unknown fact changed the value");
        }
    }

    /**
     * A playout cut short stops after the given joint moves, and its goals are the evaluation of the state it
     * reached (replayed on a second machine from its trace); the same playout without a cut goes on to the end.
     */
    @Test
    void aPlayoutCutShortIsScoredByTheEvaluationOfTheStateItReached() throws Exception {
        StateMachine machine = machine("checkers");
        LearnedEvaluation learned = learn(machine, 7, 1_500);
        assertTrue(learned.isUsed(0) && learned.isUsed(1), learned.summary());
        Playout cut = new Playout(machine, new SplittableRandom(3), null, null);
        cut.cutShortWith(learned, 6);
        machine.setState(machine.initialState());
        int[] goals = new int[2];
        assertTrue(cut.run(null, goals, null));
        assertTrue(cut.wasCut());
        assertEquals(6, cut.steps());

        StateMachine replay = machine("checkers");
        for (int step = 0; step < cut.steps(); step++) {
            replay.advance(Arrays.copyOfRange(cut.trace(), 2 * step, 2 * step + 2));
        }
        int[] facts = new int[replay.stateSize()];
        replay.writeState(facts, 0);
        for (int role = 0; role < 2; role++) {
            assertEquals(learned.evaluate(facts, facts.length, role), goals[role], "role " + role);
        }

        Playout whole = new Playout(machine, new SplittableRandom(3), null, null);
        machine.setState(machine.initialState());
        assertTrue(whole.run(null, goals, null));
        assertFalse(whole.wasCut());
        assertTrue(machine.isTerminal(), "the uncut playout stopped after " + whole.steps() + " joint moves");
    }

    /** Only an evaluation of every role can score a cut playout: pentago's (none used) is refused. */
    @Test
    void aCutNeedsAnEvaluationForEveryRole() throws Exception {
        StateMachine machine = machine("pentago");
        LearnedEvaluation learned = learn(machine, 1, 300);
        Playout playout = new Playout(machine, new SplittableRandom(3), null, null);
        assertThrows(IllegalArgumentException.class, () -> playout.cutShortWith(learned, 6), learned.summary());
    }
}
