package org.ratchet.player.gamemaster;

import java.util.ArrayList;
import java.util.List;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.ProtocolException;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * Replays a match record with an engine: starts from the initial state, applies each recorded joint move,
 * and checks every state, and the goals of a completed match, against what the record says.
 */
public final class MatchReplay {
    private MatchReplay() {
    }

    /** Replays the record in {@code machine} (a machine of the record's game) and returns the final state. */
    public static State replay(MatchRecord record, StateMachine machine) {
        SymbolTable symbols = machine.description().symbols();
        List<List<String>> states = record.states();
        List<List<String>> moves = record.moves();
        if (states.size() != moves.size() + 1) {
            throw new IllegalArgumentException("record has " + states.size() + " states for " + moves.size()
                + " joint moves; expected one more state than joint moves");
        }
        machine.setState(machine.initialState());
        expectState(machine, states.get(0), symbols, 0);
        for (int turn = 0; turn < moves.size(); turn++) {
            if (machine.isTerminal()) {
                throw new IllegalArgumentException("record continues after the terminal state " + turn);
            }
            List<String> jointMove = moves.get(turn);
            if (jointMove.size() != machine.roleCount()) {
                throw new IllegalArgumentException("joint move " + (turn + 1) + " has " + jointMove.size()
                    + " moves for " + machine.roleCount() + " roles");
            }
            int[] ids = new int[jointMove.size()];
            for (int r = 0; r < ids.length; r++) {
                ids[r] = legalMoveId(machine, r, jointMove.get(r), symbols, turn + 1);
            }
            machine.advance(ids);
            expectState(machine, states.get(turn + 1), symbols, turn + 1);
        }
        if (record.isCompleted()) {
            if (!machine.isTerminal()) {
                throw new IllegalArgumentException("record is completed but its last state is not terminal");
            }
            List<Integer> goals = new ArrayList<>();
            for (int r = 0; r < machine.roleCount(); r++) {
                goals.add(machine.goal(r));
            }
            if (!goals.equals(record.goalValues())) {
                throw new IllegalArgumentException("record's goals " + record.goalValues()
                    + " differ from the final state's " + goals);
            }
        }
        return machine.currentState();
    }

    private static int legalMoveId(StateMachine machine, int role, String move, SymbolTable symbols, int turn) {
        int id;
        try {
            id = machine.moveId(role, KnownTerms.read(Kif.readOne(move), symbols));
        } catch (ProtocolException | GdlException e) {
            throw new IllegalArgumentException("joint move " + turn + ": cannot read '" + move + "': " + e.getMessage(), e);
        }
        for (int i = 0, n = machine.legalCount(role); id >= 0 && i < n; i++) {
            if (machine.legalMove(role, i) == id) {
                return id;
            }
        }
        throw new IllegalArgumentException("joint move " + turn + ": '" + move + "' is not legal for "
            + machine.role(role).render(symbols));
    }

    private static void expectState(StateMachine machine, List<String> recorded, SymbolTable symbols, int index) {
        int[] ids = new int[recorded.size()];
        for (int i = 0; i < ids.length; i++) {
            try {
                ids[i] = machine.factId(KnownTerms.read(Kif.readOne(recorded.get(i)), symbols));
            } catch (ProtocolException | GdlException e) {
                throw new IllegalArgumentException("state " + index + ": cannot read fact '" + recorded.get(i) + "'", e);
            }
            if (ids[i] < 0) {
                throw new IllegalArgumentException("state " + index + ": the engine knows no fact " + recorded.get(i));
            }
        }
        if (!State.of(ids).equals(machine.currentState())) {
            throw new IllegalArgumentException("state " + index + " differs from the record: replayed "
                + Gamemaster.facts(machine, machine.currentState()) + ", recorded " + recorded);
        }
    }
}
