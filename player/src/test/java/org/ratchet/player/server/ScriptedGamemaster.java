package org.ratchet.player.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ratchet.player.protocol.PlayMessage;
import org.ratchet.player.protocol.ProtocolException;
import org.ratchet.player.protocol.Replies;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.player.protocol.StopMessage;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.GdlParser;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * The server side of a match, for tests: sends start, plays and stop to the player under test, plays the
 * other roles at random with its own reasoner, and checks every reply (well-formed, legal, in time).
 */
final class ScriptedGamemaster {
    private final GgpClient client;
    private final GameDescription game;
    private final SymbolTable symbols;
    private final StateMachine machine;
    private final List<SExpr> rules;
    private final Random random = new Random(7);

    ScriptedGamemaster(GgpClient client, String kif) throws GdlException {
        this.client = client;
        this.rules = KifReader.read(kif);
        this.game = GameLoader.load(kif);
        this.symbols = game.symbols();
        this.machine = Engines.create(Engines.defaultEngine(), game).newMachine();
    }

    StateMachine machine() {
        return machine;
    }

    /** Sends start and checks the ready reply came within the start clock. */
    void start(String matchId, int playerRole, int startClockSeconds, int playClockSeconds) throws IOException {
        String role = machine.role(playerRole).renderSpelling(symbols);
        StartMessage start = new StartMessage(matchId, role, rules, startClockSeconds * 1000L, playClockSeconds * 1000L);
        GgpClient.HttpReply reply = client.post(start.render());
        assertEquals(200, reply.status(), reply.body());
        assertTrue(Replies.isKeyword(reply.body(), Replies.READY), reply.body());
        assertTrue(reply.millis() < startClockSeconds * 1000L, "ready after " + reply.millis() + " ms");
    }

    /**
     * Sends one play message with the given previous joint move and checks that the answer is a legal move
     * of the player's role in the machine's current state, in time; returns its move id.
     */
    int play(String matchId, List<SExpr> previousJointMove, int playerRole, int playClockSeconds)
            throws IOException, ProtocolException, GdlException {
        GgpClient.HttpReply reply = client.post(new PlayMessage(matchId, previousJointMove).render());
        assertEquals(200, reply.status(), reply.body());
        assertEquals("text/acl", reply.header("Content-Type"));
        assertTrue(reply.millis() < playClockSeconds * 1000L, "move after " + reply.millis() + " ms");
        Term move = GdlParser.groundTerm(Replies.parseMove(reply.body()), symbols);
        int moveId = machine.moveId(playerRole, move);
        assertTrue(isLegal(playerRole, moveId), () -> "illegal move " + reply.body() + " in " + machine.currentState());
        return moveId;
    }

    /** Plays a whole match from the start and stops it; returns the number of joint moves played. */
    int playMatch(String matchId, int playerRole, int startClockSeconds, int playClockSeconds)
            throws IOException, ProtocolException, GdlException {
        return playMatch(matchId, playerRole, startClockSeconds, playClockSeconds, ply -> { });
    }

    /** What a test looks at after each joint move (its number given), before the next play message. */
    interface AfterPly {
        void check(int ply) throws IOException;
    }

    /** {@link #playMatch(String, int, int, int)}, calling {@code afterPly} after each joint move. */
    int playMatch(String matchId, int playerRole, int startClockSeconds, int playClockSeconds, AfterPly afterPly)
            throws IOException, ProtocolException, GdlException {
        start(matchId, playerRole, startClockSeconds, playClockSeconds);
        List<SExpr> previous = List.of();
        int plies = 0;
        while (!machine.isTerminal()) {
            int playerMove = play(matchId, previous, playerRole, playClockSeconds);
            int[] jointMove = randomJointMove();
            jointMove[playerRole] = playerMove;
            previous = render(jointMove);
            machine.advance(jointMove);
            plies++;
            if (!machine.isTerminal()) {
                afterPly.check(plies);
            }
        }
        assertEquals("done", client.send(new StopMessage(matchId, previous).render()));
        return plies;
    }

    int[] randomJointMove() {
        int[] jointMove = new int[machine.roleCount()];
        for (int role = 0; role < jointMove.length; role++) {
            jointMove[role] = machine.legalMove(role, random.nextInt(machine.legalCount(role)));
        }
        return jointMove;
    }

    /** A joint move as the server would send it, in the spelling of the rules. */
    List<SExpr> render(int[] jointMove) throws GdlException {
        List<SExpr> moves = new ArrayList<>();
        for (int move : jointMove) {
            moves.addAll(KifReader.read(machine.move(move).renderSpelling(symbols)));
        }
        return moves;
    }

    boolean isLegal(int role, int moveId) {
        for (int i = 0; i < machine.legalCount(role); i++) {
            if (machine.legalMove(role, i) == moveId) {
                return true;
            }
        }
        return false;
    }
}
