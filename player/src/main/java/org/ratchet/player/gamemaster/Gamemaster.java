package org.ratchet.player.gamemaster;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.gamemaster.PlayerClient.Reply;
import org.ratchet.player.protocol.AbortMessage;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.PlayMessage;
import org.ratchet.player.protocol.ProtocolException;
import org.ratchet.player.protocol.Replies;
import org.ratchet.player.protocol.StartMessage;
import org.ratchet.player.protocol.StopMessage;
import org.ratchet.reasoner.State;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.SExpr;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;

/**
 * Referees matches between GGP players: sends start, play and stop messages, enforces the clocks and
 * computes each next state with Ratchet's own reasoner. Like public game servers, it never lets a faulty
 * player stop a match: a late, illegal or unreadable reply, or a failed connection, is recorded as that
 * player's error and replaced by a random legal move.
 */
public final class Gamemaster {
    private static final Logger LOG = LogManager.getLogger(Gamemaster.class);
    private static final int MAX_REPLY_IN_ERROR = 120;

    private final PlayerClient client;
    private final Random random;

    /**
     * @param random chooses the moves that replace faulty replies
     */
    public Gamemaster(PlayerClient client, Random random) {
        this.client = client;
        this.random = random;
    }

    /** Clocks in seconds as the protocol sends them, plus the network grace allowed on top of each clock. */
    public record Clocks(int startClockSeconds, int playClockSeconds, long networkGraceMillis) {
        public Clocks {
            if (startClockSeconds < 1 || playClockSeconds < 1) {
                throw new IllegalArgumentException("clocks must be at least 1 second");
            }
            if (networkGraceMillis < 0) {
                throw new IllegalArgumentException("the network grace cannot be negative");
            }
        }

        long startTimeoutMillis() {
            return startClockSeconds * 1000L + networkGraceMillis;
        }

        long playTimeoutMillis() {
            return playClockSeconds * 1000L + networkGraceMillis;
        }
    }

    /**
     * Plays one match to its end. {@code players} holds one player per role, in role order. A match whose
     * rules break down (a role without legal moves, an engine failure) is aborted and recorded as such.
     */
    public MatchRecord run(PreparedGame game, List<PlayerAddress> players, String matchId, Clocks clocks) {
        if (!matchId.matches("[^\\s();?]+")) {
            throw new IllegalArgumentException("match id '" + matchId + "' must be one KIF symbol: no spaces, "
                + "parentheses, ';' or '?'");
        }
        StateMachine machine = game.referee().newMachine();
        SymbolTable symbols = machine.description().symbols();
        int roleCount = machine.roleCount();
        if (players.size() != roleCount) {
            throw new IllegalArgumentException(game.name() + " has " + roleCount + " roles but " + players.size()
                + " players were given (one per role, in role order)");
        }
        List<String> roleNames = new ArrayList<>(roleCount);
        for (int r = 0; r < roleCount; r++) {
            roleNames.add(machine.role(r).renderSpelling(symbols));
        }
        MatchRecord record = new MatchRecord(matchId, MatchRecord.newRandomToken(), System.currentTimeMillis(),
            clocks.startClockSeconds(), clocks.playClockSeconds(), game.name(), game.rulesheet(), roleNames,
            players.stream().map(PlayerAddress::toString).toList());
        LOG.info("match {}: {} with {}", matchId, game.name(), describePlayers(roleNames, players));

        // The previous joint move as play and stop messages carry it: none before the first turn.
        List<SExpr> lastJointMove = List.of();
        try {
            machine.setState(machine.initialState());
            record.addState(facts(machine, machine.currentState()), System.currentTimeMillis());

            List<Reply> ready = exchange(players, r -> new StartMessage(matchId, roleNames.get(r), game.rules(),
                clocks.startClockSeconds() * 1000L, clocks.playClockSeconds() * 1000L).render(),
                clocks.startTimeoutMillis());
            record.addErrors(startErrors(ready, roleNames));

            while (!machine.isTerminal()) {
                checkEveryRoleCanMove(machine, roleNames);
                String play = new PlayMessage(matchId, lastJointMove).render();
                List<Reply> replies = exchange(players, r -> play, clocks.playTimeoutMillis());
                int[] jointMove = new int[roleCount];
                List<String> rendered = new ArrayList<>(roleCount);
                List<String> errors = new ArrayList<>(roleCount);
                for (int r = 0; r < roleCount; r++) {
                    String error = judge(machine, r, replies.get(r), jointMove);
                    if (!error.isEmpty()) {
                        LOG.warn("match {} turn {}: {} ({}) {}; playing {} instead", matchId, record.moves().size() + 1,
                            roleNames.get(r), players.get(r), describe(replies.get(r), error),
                            machine.move(jointMove[r]).renderSpelling(symbols));
                    }
                    rendered.add(machine.move(jointMove[r]).renderSpelling(symbols));
                    errors.add(error);
                }
                machine.advance(jointMove);
                record.addMoves(rendered);
                record.addState(facts(machine, machine.currentState()), System.currentTimeMillis());
                record.addErrors(errors);
                lastJointMove = rendered.stream().map(Gamemaster::expression).toList();
            }
            List<Integer> goals = new ArrayList<>(roleCount);
            for (int r = 0; r < roleCount; r++) {
                goals.add(machine.goal(r));
            }
            record.markCompleted(goals);
        } catch (GameBrokenException e) {
            LOG.error("match {} aborted: {}", matchId, e.getMessage());
            return abort(record, players, clocks);
        } catch (RuntimeException e) {
            LOG.error("match {} aborted: the referee's engine failed", matchId, e);
            return abort(record, players, clocks);
        }
        String stop = new StopMessage(matchId, lastJointMove).render();
        List<Reply> done = exchange(players, r -> stop, clocks.playTimeoutMillis());
        for (int r = 0; r < roleCount; r++) {
            if (!done.get(r).answered()) {
                LOG.warn("match {}: {} ({}) did not acknowledge stop: {}", matchId, roleNames.get(r), players.get(r),
                    done.get(r).detail());
            }
        }
        LOG.info("match {} completed: goals {}", matchId, record.goalValues());
        return record;
    }

    /** The referee cannot continue: the players are told, and the record keeps the history so far. */
    private MatchRecord abort(MatchRecord record, List<PlayerAddress> players, Clocks clocks) {
        record.markAborted();
        String abort = new AbortMessage(record.matchId()).render();
        exchange(players, r -> abort, clocks.playTimeoutMillis());
        return record;
    }

    /** Thrown when the rules leave the referee unable to go on. */
    private static final class GameBrokenException extends Exception {
        GameBrokenException(String message) {
            super(message);
        }
    }

    private static void checkEveryRoleCanMove(StateMachine machine, List<String> roleNames)
            throws GameBrokenException {
        for (int r = 0; r < machine.roleCount(); r++) {
            if (machine.legalCount(r) == 0) {
                throw new GameBrokenException("role " + roleNames.get(r) + " has no legal move in a non-terminal state");
            }
        }
    }

    /** Posts one message to every player at once and collects the replies by a common deadline. */
    private List<Reply> exchange(List<PlayerAddress> players, IntFunction<String> messageFor, long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        List<CompletableFuture<HttpResponse<String>>> requests = new ArrayList<>(players.size());
        for (int r = 0; r < players.size(); r++) {
            String message = messageFor.apply(r);
            LOG.debug("to {}: {}", players.get(r), message);
            requests.add(client.post(players.get(r), message, timeoutMillis));
        }
        List<Reply> replies = new ArrayList<>(players.size());
        for (int r = 0; r < players.size(); r++) {
            Reply reply = PlayerClient.await(requests.get(r), deadline);
            LOG.debug("from {}: {} {}", players.get(r), reply.outcome(), reply.text());
            replies.add(reply);
        }
        return replies;
    }

    private static List<String> startErrors(List<Reply> replies, List<String> roleNames) {
        List<String> errors = new ArrayList<>(replies.size());
        for (int r = 0; r < replies.size(); r++) {
            Reply reply = replies.get(r);
            String error = connectionError(reply);
            if (!error.isEmpty()) {
                LOG.warn("{} did not get ready: {}", roleNames.get(r), reply.detail());
            } else if (!Replies.isKeyword(reply.text(), Replies.READY)) {
                // Harmless: the player took the match; it just words its acknowledgement differently.
                LOG.warn("{} answered start with '{}' instead of 'ready'", roleNames.get(r), abbreviate(reply.text()));
            }
            errors.add(error);
        }
        return errors;
    }

    /**
     * Sets {@code jointMove[role]} to the player's move if it is legal, else to a random legal move, and
     * returns the error to record ({@code ""} if none).
     */
    private String judge(StateMachine machine, int role, Reply reply, int[] jointMove) {
        String error = connectionError(reply);
        if (error.isEmpty()) {
            int move = legalMoveId(machine, role, reply.text());
            if (move >= 0) {
                jointMove[role] = move;
                return "";
            }
            error = "IL " + abbreviate(reply.text());
        }
        jointMove[role] = machine.legalMove(role, random.nextInt(machine.legalCount(role)));
        return error;
    }

    private static String connectionError(Reply reply) {
        switch (reply.outcome()) {
            case TIMED_OUT -> {
                return "TO";
            }
            case CONNECTION_ERROR -> {
                return "CE";
            }
            default -> {
                return "";
            }
        }
    }

    /** The move id of the reply if it names a legal move of the role, else -1. */
    private static int legalMoveId(StateMachine machine, int role, String reply) {
        Term move;
        try {
            move = KnownTerms.read(Replies.parseMove(reply), machine.description().symbols());
        } catch (ProtocolException | GdlException e) {
            return -1;
        }
        int id = machine.moveId(role, move);
        if (id < 0) {
            return -1;
        }
        for (int i = 0, n = machine.legalCount(role); i < n; i++) {
            if (machine.legalMove(role, i) == id) {
                return id;
            }
        }
        return -1;
    }

    /** The state's facts in KIF, sorted so that records are stable whatever the engine's fact ids. */
    static List<String> facts(StateMachine machine, State state) {
        SymbolTable symbols = machine.description().symbols();
        String[] facts = new String[state.size()];
        for (int i = 0; i < facts.length; i++) {
            facts[i] = machine.fact(state.fact(i)).renderSpelling(symbols);
        }
        Arrays.sort(facts);
        return List.of(facts);
    }

    /** A move the reasoner rendered, as an expression for the protocol messages. */
    private static SExpr expression(String move) {
        try {
            return Kif.readOne(move);
        } catch (ProtocolException e) {
            throw new IllegalStateException("the reasoner rendered a move that is not KIF: " + move, e);
        }
    }

    private static String describe(Reply reply, String error) {
        if (error.startsWith("IL")) {
            return "replied '" + abbreviate(reply.text()) + "', not a legal move";
        }
        return error.equals("TO") ? "did not reply in time" : "could not be reached: " + reply.detail();
    }

    private static String describePlayers(List<String> roleNames, List<PlayerAddress> players) {
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < roleNames.size(); r++) {
            out.append(r == 0 ? "" : ", ").append(roleNames.get(r)).append('=').append(players.get(r));
        }
        return out.toString();
    }

    /** One line of at most {@value #MAX_REPLY_IN_ERROR} characters, so a flood of garbage stays readable. */
    private static String abbreviate(String text) {
        String oneLine = text.replaceAll("\\s+", " ").trim();
        return oneLine.length() <= MAX_REPLY_IN_ERROR ? oneLine : oneLine.substring(0, MAX_REPLY_IN_ERROR) + "...";
    }
}
