package org.ratchet.player.gamemaster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.ProtocolException;
import org.ratchet.reasoner.gdl.SExpr;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import tools.jackson.core.JacksonException;

/**
 * The history of one match in the JSON shape of ggp.org match records, so that existing match viewers and
 * tools read it: {@code states} (each a KIF list of the facts true in it, the initial state first),
 * {@code stateTimes} (one epoch-millisecond time per state), {@code moves} (one joint move per turn, in role
 * order), {@code errors} (one list per state, one string per role: {@code ""}, {@code TO} for a timeout,
 * {@code CE} for a connection error, {@code IL <reply>} for an illegal or unreadable reply; the first list
 * covers the start message), {@code goalValues}, {@code isCompleted}, {@code isAborted}, the clocks in seconds,
 * {@code startTime}, {@code randomToken}, {@code gameName}, {@code gameRoleNames} and
 * {@code playerNamesFromHost}. ggp.org records point at their rules by {@code gameMetaURL}; a local match has
 * no such address, so the record carries the rule sheet itself in {@code gameRulesheet}.
 */
public final class MatchRecord {
    private final String matchId;
    private final String randomToken;
    private final long startTime;
    private final int startClock;
    private final int playClock;
    private final String gameName;
    private final String gameRulesheet;
    private final List<String> roleNames;
    private final List<String> playerNames;
    private final List<List<String>> states = new ArrayList<>();
    private final List<Long> stateTimes = new ArrayList<>();
    private final List<List<String>> moves = new ArrayList<>();
    private final List<List<String>> errors = new ArrayList<>();
    private final List<Integer> goalValues = new ArrayList<>();
    private boolean completed;
    private boolean aborted;

    public MatchRecord(String matchId, String randomToken, long startTime, int startClock, int playClock,
                       String gameName, String gameRulesheet, List<String> roleNames, List<String> playerNames) {
        if (playerNames.size() != roleNames.size()) {
            throw new IllegalArgumentException(
                roleNames.size() + " roles but " + playerNames.size() + " player names");
        }
        this.matchId = matchId;
        this.randomToken = randomToken;
        this.startTime = startTime;
        this.startClock = startClock;
        this.playClock = playClock;
        this.gameName = gameName;
        this.gameRulesheet = gameRulesheet;
        this.roleNames = List.copyOf(roleNames);
        this.playerNames = List.copyOf(playerNames);
    }

    /** A fresh token as ggp.org records carry (it identifies a match that has no server-side id). */
    public static String newRandomToken() {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        SecureRandom random = new SecureRandom();
        StringBuilder token = new StringBuilder(32);
        for (int i = 0; i < 32; i++) {
            token.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return token.toString();
    }

    public void addState(List<String> facts, long timeMillis) {
        states.add(List.copyOf(facts));
        stateTimes.add(timeMillis);
    }

    public void addMoves(List<String> jointMove) {
        moves.add(List.copyOf(jointMove));
    }

    public void addErrors(List<String> roleErrors) {
        errors.add(List.copyOf(roleErrors));
    }

    public void markCompleted(List<Integer> goals) {
        completed = true;
        goalValues.clear();
        goalValues.addAll(goals);
    }

    public void markAborted() {
        aborted = true;
    }

    public String matchId() {
        return matchId;
    }

    public String gameName() {
        return gameName;
    }

    public String gameRulesheet() {
        return gameRulesheet;
    }

    public int startClock() {
        return startClock;
    }

    public int playClock() {
        return playClock;
    }

    public long startTime() {
        return startTime;
    }

    public List<String> roleNames() {
        return roleNames;
    }

    public List<String> playerNames() {
        return playerNames;
    }

    /** Each state as the list of its facts in KIF. */
    public List<List<String>> states() {
        return List.copyOf(states);
    }

    public List<Long> stateTimes() {
        return List.copyOf(stateTimes);
    }

    public List<List<String>> moves() {
        return List.copyOf(moves);
    }

    public List<List<String>> errors() {
        return List.copyOf(errors);
    }

    public List<Integer> goalValues() {
        return List.copyOf(goalValues);
    }

    public boolean isCompleted() {
        return completed;
    }

    public boolean isAborted() {
        return aborted;
    }

    /** How many of the recorded errors (start message included) belong to the role. */
    public int errorCount(int roleIndex) {
        int count = 0;
        for (List<String> turn : errors) {
            if (!turn.get(roleIndex).isEmpty()) {
                count++;
            }
        }
        return count;
    }

    /**
     * The record as written, field by field in the order ggp.org writes them; {@code goalValues} only once the
     * match is completed.
     */
    @JsonPropertyOrder({"matchId", "randomToken", "startTime", "gameName", "gameRoleNames", "gameRulesheet",
        "playerNamesFromHost", "isCompleted", "isAborted", "states", "moves", "stateTimes", "errors", "goalValues",
        "previewClock", "startClock", "playClock", "scrambled"})
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Document(String matchId, String randomToken, Long startTime, String gameName, List<String> gameRoleNames,
                    String gameRulesheet, List<String> playerNamesFromHost, Boolean isCompleted, Boolean isAborted,
                    List<String> states, List<List<String>> moves, List<Long> stateTimes, List<List<String>> errors,
                    List<Integer> goalValues, Integer previewClock, Integer startClock, Integer playClock,
                    Boolean scrambled) {
    }

    public String toJson() {
        List<String> renderedStates = new ArrayList<>(states.size());
        for (List<String> state : states) {
            renderedStates.add("(" + String.join(" ", state) + ")");
        }
        return JsonCodec.write(new Document(matchId, randomToken, startTime, gameName, roleNames, gameRulesheet,
            playerNames, completed, aborted, renderedStates, moves, stateTimes, errors, completed ? goalValues : null,
            -1, startClock, playClock, false));
    }

    /** Reads a record written by {@link #toJson()}; the fields of ggp.org records that Ratchet does not use are ignored. */
    public static MatchRecord fromJson(String text) {
        Document json;
        try {
            json = JsonCodec.MAPPER.readValue(text, Document.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("match record is not a JSON object of the expected shape: "
                + e.getOriginalMessage(), e);
        }
        if (json == null) {
            throw new IllegalArgumentException("match record is not a JSON object");
        }
        MatchRecord record = new MatchRecord(
            required(json.matchId(), "matchId"),
            json.randomToken() != null ? json.randomToken() : "",
            required(json.startTime(), "startTime"),
            required(json.startClock(), "startClock"),
            required(json.playClock(), "playClock"),
            json.gameName() != null ? json.gameName() : "",
            required(json.gameRulesheet(), "gameRulesheet"),
            required(json.gameRoleNames(), "gameRoleNames"),
            required(json.playerNamesFromHost(), "playerNamesFromHost"));
        List<String> renderedStates = required(json.states(), "states");
        List<Long> times = required(json.stateTimes(), "stateTimes");
        if (times.size() != renderedStates.size()) {
            throw new IllegalArgumentException("match record has " + renderedStates.size() + " states but "
                + times.size() + " state times");
        }
        for (int i = 0; i < renderedStates.size(); i++) {
            record.addState(stateFacts(required(renderedStates.get(i), "states")), required(times.get(i), "stateTimes"));
        }
        for (List<String> jointMove : required(json.moves(), "moves")) {
            record.addMoves(required(jointMove, "moves"));
        }
        if (json.errors() != null) {
            for (List<String> turn : json.errors()) {
                record.addErrors(required(turn, "errors"));
            }
        }
        if (Boolean.TRUE.equals(json.isCompleted())) {
            record.markCompleted(required(json.goalValues(), "goalValues"));
        }
        if (Boolean.TRUE.equals(json.isAborted())) {
            record.markAborted();
        }
        return record;
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("match record field '" + field + "' is missing or null");
        }
        if (value instanceof List<?> list && list.contains(null)) {
            throw new IllegalArgumentException("match record field '" + field + "' holds a null");
        }
        return value;
    }

    public static MatchRecord read(Path file) throws IOException {
        return fromJson(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Writes the record as {@code DIRECTORY/MATCHID.json} and returns the file. */
    public Path writeTo(Path directory) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(matchId + ".json");
        Files.writeString(file, toJson() + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** The facts of a recorded state, {@code ((cell 1 1 b) (control xplayer))}, each as KIF text. */
    private static List<String> stateFacts(String state) {
        SExpr read;
        try {
            read = Kif.readOne(state);
        } catch (ProtocolException e) {
            throw new IllegalArgumentException("match record state is not KIF: " + e.getMessage(), e);
        }
        if (!(read instanceof SExpr.ListExpr facts)) {
            throw new IllegalArgumentException("match record state is not a KIF list: " + state);
        }
        return facts.items().stream().map(SExpr::toString).toList();
    }
}
