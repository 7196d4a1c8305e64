package org.ratchet.player.gamemaster;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.ratchet.player.protocol.Message;
import org.ratchet.player.protocol.MessageParser;
import org.ratchet.player.protocol.PlayMessage;
import org.ratchet.player.protocol.Replies;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.reasoner.gdl.SymbolTable;

/**
 * A scripted player that follows the match with its own state machine and plays random legal moves, except
 * on the turns where its fault plan tells it to misbehave.
 */
final class RefereeingScript implements ScriptedPlayer.Script {

    enum Fault {
        /** A move the game knows but that is not legal for this role now (or an unknown one if none exists). */
        ILLEGAL,
        /** Text that is not KIF. */
        GARBAGE,
        /** A legal move, after the play clock and grace have passed. */
        LATE,
        /** A legal move written in upper case. */
        UPPER_CASE
    }

    private final Map<Integer, Fault> faults;
    private final long lateMillis;
    private final Random random;
    private StateMachine machine;
    private int role;
    private int turn;

    /** @param faults the fault to commit on each listed turn (1-based) */
    RefereeingScript(Map<Integer, Fault> faults, long lateMillis, long seed) {
        this.faults = faults;
        this.lateMillis = lateMillis;
        this.random = new Random(seed);
    }

    static RefereeingScript honest(long seed) {
        return new RefereeingScript(Map.of(), 0, seed);
    }

    @Override
    public String reply(String text) throws Exception {
        String reply;
        Fault fault;
        synchronized (this) {
            Message message = MessageParser.parse(text);
            if (message instanceof StartMessage start) {
                start(start);
                return Replies.READY;
            }
            if (!(message instanceof PlayMessage play)) {
                return Replies.DONE;
            }
            apply(play.moves());
            turn++;
            fault = faults.get(turn);
            reply = choose(fault);
        }
        if (fault == Fault.LATE) {
            Thread.sleep(lateMillis);
        }
        return reply;
    }

    private void start(StartMessage start) throws Exception {
        GameDescription game = GameLoader.load(start.rules());
        // within the start clock, as a player must (half of it, so the reply leaves in time on a busy machine):
        // unbounded, the engine's compile-time speed comparisons alone outlast a 2 s start clock
        EngineOptions budget = EngineOptions.defaults().withTimeBudgetMillis(Math.max(1, start.startClockMillis() / 2));
        machine = Engines.select(game, budget).newMachine();
        role = game.roles().indexOf(GdlParser.groundTerm(new SExpr.Token(start.role(), 0), game.symbols()));
        turn = 0;
    }

    private void apply(List<SExpr> jointMove) throws Exception {
        if (jointMove.isEmpty()) {
            return; // nil: the first turn
        }
        SymbolTable symbols = machine.description().symbols();
        int[] ids = new int[jointMove.size()];
        for (int r = 0; r < ids.length; r++) {
            ids[r] = machine.moveId(r, GdlParser.groundTerm(jointMove.get(r), symbols));
        }
        machine.advance(ids);
    }

    private String choose(Fault fault) {
        SymbolTable symbols = machine.description().symbols();
        int legal = machine.legalMove(role, random.nextInt(machine.legalCount(role)));
        String move = machine.move(legal).renderSpelling(symbols);
        if (fault == null || fault == Fault.LATE) {
            return move;
        }
        switch (fault) {
            case UPPER_CASE -> {
                return move.toUpperCase(Locale.ROOT);
            }
            case GARBAGE -> {
                return "((( this is not a move";
            }
            default -> {
                return illegalMove(symbols);
            }
        }
    }

    private String illegalMove(SymbolTable symbols) {
        for (int other = 0; other < machine.roleCount(); other++) {
            for (int i = 0; i < machine.legalCount(other); i++) {
                int candidate = machine.legalMove(other, i);
                if (!isLegal(candidate)) {
                    return machine.move(candidate).renderSpelling(symbols);
                }
            }
        }
        return "(no such move)";
    }

    /** Compares terms, not ids: an engine may number the same move differently for different roles. */
    private boolean isLegal(int moveId) {
        for (int i = 0; i < machine.legalCount(role); i++) {
            if (machine.move(machine.legalMove(role, i)).equals(machine.move(moveId))) {
                return true;
            }
        }
        return false;
    }
}
