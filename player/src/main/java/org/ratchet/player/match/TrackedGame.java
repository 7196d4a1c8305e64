package org.ratchet.player.match;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.reasoner.gdl.Term;

/**
 * One engine's view of a match: a machine that follows the joint moves the server reports. The match keeps
 * the reported moves in a log; each view catches up with the log at its own pace, so engines that become
 * ready late replay the game from the start. A joint move that cannot be applied (wrong number of moves,
 * an unknown or illegal move) is logged and skipped: the view keeps its state and play goes on from there.
 * Used by one thread at a time.
 */
final class TrackedGame {
    private static final Logger LOG = LogManager.getLogger(TrackedGame.class);

    private final String label;
    private final StateMachine machine;
    private final SymbolTable symbols;
    private final int roleIndex;
    /** Problems with reported moves are logged as errors by one view only; others note them at debug level. */
    private final Level problemLevel;
    private int applied;

    TrackedGame(String label, StateMachineFactory factory, int roleIndex, boolean reportsProblems) {
        this.label = label + " [" + factory.engineName() + "]";
        this.problemLevel = reportsProblems ? Level.ERROR : Level.DEBUG;
        this.machine = factory.newMachine();
        this.symbols = factory.description().symbols();
        this.roleIndex = roleIndex;
    }

    /** The index of {@code role} among the game's roles (case-insensitive, as GDL symbols are), or -1. */
    static int roleIndex(StateMachineFactory factory, String role) {
        List<Term> roles = factory.description().roles();
        SymbolTable symbols = factory.description().symbols();
        for (int i = 0; i < roles.size(); i++) {
            if (roles.get(i).render(symbols).equals(role.toLowerCase(Locale.ROOT))) {
                return i;
            }
        }
        return -1;
    }

    /** Applies the joint moves {@code log[applied..upTo)}. */
    void catchUp(List<List<SExpr>> log, int upTo) {
        while (applied < upTo) {
            apply(log.get(applied), applied + 1);
            applied++;
        }
    }

    private void apply(List<SExpr> moves, int ply) {
        if (machine.isTerminal()) {
            LOG.log(problemLevel, "{}: joint move {} {} reported in a terminal state; ignored", label, ply, moves);
            return;
        }
        int roles = machine.roleCount();
        if (moves.size() != roles) {
            LOG.log(problemLevel, "{}: joint move {} {} has {} moves for {} roles; ignored", label, ply, moves, moves.size(), roles);
            return;
        }
        int[] jointMove = new int[roles];
        for (int role = 0; role < roles; role++) {
            int move = legalMoveId(role, moves.get(role));
            if (move < 0) {
                LOG.log(problemLevel, "{}: joint move {} {}: '{}' is not a legal move of {}; ignored", label, ply, moves,
                    moves.get(role), machine.role(role).render(symbols));
                return;
            }
            jointMove[role] = move;
        }
        machine.advance(jointMove);
    }

    private int legalMoveId(int role, SExpr move) {
        int id;
        try {
            Term term = GdlParser.groundTerm(move, symbols);
            id = machine.moveId(role, term);
        } catch (GdlException e) {
            return -1;
        }
        return id >= 0 && isLegal(role, id) ? id : -1;
    }

    private boolean isLegal(int role, int moveId) {
        int count = machine.legalCount(role);
        for (int i = 0; i < count; i++) {
            if (machine.legalMove(role, i) == moveId) {
                return true;
            }
        }
        return false;
    }

    /** Whether the player's role may play {@code moveId} in the current state. */
    boolean isLegalForPlayer(int moveId) {
        return moveId >= 0 && isLegal(roleIndex, moveId);
    }

    State state() {
        return machine.currentState();
    }

    boolean isTerminal() {
        return machine.isTerminal();
    }

    /** A random legal move of the player's role, rendered, or null if the role has none. */
    String randomLegalMove() {
        int count = machine.legalCount(roleIndex);
        return count == 0 ? null : render(machine.legalMove(roleIndex, ThreadLocalRandom.current().nextInt(count)));
    }

    /** The move in the server's spelling, as it must be sent back. */
    String render(int moveId) {
        return machine.move(moveId).renderSpelling(symbols);
    }

    /** The facts true in the current state, as KIF in the server's spelling. */
    List<String> facts() {
        State state = machine.currentState();
        List<String> facts = new java.util.ArrayList<>(state.size());
        for (int i = 0; i < state.size(); i++) {
            facts.add(machine.fact(state.fact(i)).renderSpelling(symbols));
        }
        return facts;
    }

    /** The game's roles in order, in the server's spelling. */
    List<String> roleNames() {
        List<String> names = new java.util.ArrayList<>(machine.roleCount());
        for (int role = 0; role < machine.roleCount(); role++) {
            names.add(machine.role(role).renderSpelling(symbols));
        }
        return names;
    }

    /** The goal values of all roles in the current state, in role order. */
    List<Integer> goalValues() {
        List<Integer> goals = new java.util.ArrayList<>(machine.roleCount());
        for (int role = 0; role < machine.roleCount(); role++) {
            goals.add(machine.goal(role));
        }
        return goals;
    }

    /** The goal values of all roles in the current state, for the log at the end of a match. */
    String goals() {
        StringBuilder out = new StringBuilder();
        for (int role = 0; role < machine.roleCount(); role++) {
            out.append(role == 0 ? "" : " ").append(machine.role(role).renderSpelling(symbols)).append('=')
                .append(machine.goal(role));
        }
        return out.toString();
    }
}
