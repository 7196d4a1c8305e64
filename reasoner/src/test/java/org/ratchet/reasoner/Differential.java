package org.ratchet.reasoner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * Plays random playouts on an engine under test and a reference engine side by side and reports the first
 * difference in state facts, legal moves, terminal or goals (compared as rendered terms).
 */
public final class Differential {
    private Differential() {
    }

    /**
     * Runs playouts until {@code playouts} are done or {@code deadlineNanos} passes; returns the number of
     * states compared, or throws AssertionError describing the first mismatch.
     */
    public static int compare(StateMachine tested, StateMachine reference, long seed, int playouts, int maxSteps,
            long deadlineNanos) {
        return compare(tested, reference, seed, playouts, maxSteps, Integer.MAX_VALUE, deadlineNanos);
    }

    /**
     * The named engine against the prover on every edge-case game that loads (the invalid ones are skipped),
     * over 200 states of each ({@link #compareStates} with seed 5, 200 playouts of at most 100 joint moves);
     * returns the file names of the games compared.
     */
    public static List<String> compareEdgeCaseGames(String engine) throws Exception {
        List<String> compared = new ArrayList<>();
        for (Path path : GameCorpus.edgeCaseGames()) {
            GameDescription game;
            try {
                game = GameLoader.load(path);
            } catch (GdlException invalid) {
                continue;
            }
            StateMachine tested = Engines.create(engine, game).newMachine();
            StateMachine reference = Engines.create(Engines.PROVER, game).newMachine();
            compareStates(tested, reference, 5, 200, 200, 100);
            compared.add(path.getFileName().toString());
        }
        return compared;
    }

    /**
     * Compares until {@code states} states are compared (or {@code playouts} playouts are done), whatever the
     * time it takes, so a slow machine compares as much as a fast one; returns the number of states compared.
     */
    public static int compareStates(StateMachine tested, StateMachine reference, long seed, int states,
            int playouts, int maxSteps) {
        return compare(tested, reference, seed, playouts, maxSteps, states, Long.MAX_VALUE);
    }

    private static int compare(StateMachine tested, StateMachine reference, long seed, int playouts, int maxSteps,
            int maxStates, long deadlineNanos) {
        SymbolTable symbols = tested.description().symbols();
        SplittableRandom random = new SplittableRandom(seed);
        int compared = 0;
        int[] joint = new int[tested.roleCount()];
        int[] referenceJoint = new int[reference.roleCount()];
        for (int playout = 0; playout < playouts && compared < maxStates && System.nanoTime() < deadlineNanos;
                playout++) {
            tested.setState(tested.initialState());
            reference.setState(reference.initialState());
            for (int step = 0; step <= maxSteps && compared < maxStates && System.nanoTime() < deadlineNanos; step++) {
                String where = "playout " + playout + " step " + step + ": ";
                check(where + "state", facts(tested, symbols), facts(reference, symbols));
                boolean terminal = tested.isTerminal();
                if (terminal != reference.isTerminal()) {
                    throw new AssertionError(where + "terminal " + terminal + " but reference says "
                        + reference.isTerminal() + "; state " + facts(tested, symbols));
                }
                boolean stuck = false;
                for (int r = 0; r < tested.roleCount(); r++) {
                    TreeSet<String> moves = moves(tested, r, symbols);
                    check(where + "legal moves of " + tested.role(r).render(symbols), moves,
                        moves(reference, r, symbols));
                    stuck |= moves.isEmpty();
                }
                compared++;
                if (terminal) {
                    for (int r = 0; r < tested.roleCount(); r++) {
                        if (tested.goal(r) != reference.goal(r)) {
                            throw new AssertionError(where + "goal of " + tested.role(r).render(symbols) + " is "
                                + tested.goal(r) + " but reference says " + reference.goal(r) + "; state "
                                + facts(tested, symbols));
                        }
                    }
                    break;
                }
                if (stuck) {
                    break;
                }
                advanceBoth(tested, reference, random, joint, referenceJoint);
            }
        }
        return compared;
    }

    /**
     * Advances both machines by one random joint move of the tested machine's legal moves, given to the
     * reference by the moves' terms (the two engines number moves differently).
     */
    public static void advanceBoth(StateMachine tested, StateMachine reference, SplittableRandom random, int[] joint,
            int[] referenceJoint) {
        for (int r = 0; r < joint.length; r++) {
            joint[r] = tested.legalMove(r, random.nextInt(tested.legalCount(r)));
            referenceJoint[r] = reference.moveId(r, tested.move(joint[r]));
        }
        tested.advance(joint);
        reference.advance(referenceJoint);
    }

    private static void check(String what, TreeSet<String> actual, TreeSet<String> expected) {
        if (!actual.equals(expected)) {
            List<String> missing = new ArrayList<>(expected);
            missing.removeAll(actual);
            List<String> extra = new ArrayList<>(actual);
            extra.removeAll(expected);
            throw new AssertionError(what + " differs: missing " + missing + "; extra " + extra);
        }
    }

    public static TreeSet<String> facts(StateMachine machine, SymbolTable symbols) {
        TreeSet<String> out = new TreeSet<>();
        State state = machine.currentState();
        for (int i = 0; i < state.size(); i++) {
            out.add(machine.fact(state.fact(i)).render(symbols));
        }
        return out;
    }

    public static TreeSet<String> moves(StateMachine machine, int role, SymbolTable symbols) {
        TreeSet<String> out = new TreeSet<>();
        for (int i = 0; i < machine.legalCount(role); i++) {
            out.add(machine.move(machine.legalMove(role, i)).render(symbols));
        }
        return out;
    }
}
