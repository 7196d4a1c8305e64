package org.ratchet.player.gamemaster;

import org.ratchet.reasoner.play.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ratchet.player.protocol.Kif;
import org.ratchet.player.protocol.ProtocolException;
import org.ratchet.reasoner.gdl.SExpr;

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

    public String toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("matchId", matchId);
        json.put("randomToken", randomToken);
        json.put("startTime", startTime);
        json.put("gameName", gameName);
        json.put("gameRoleNames", roleNames);
        json.put("gameRulesheet", gameRulesheet);
        json.put("playerNamesFromHost", playerNames);
        json.put("isCompleted", completed);
        json.put("isAborted", aborted);
        List<String> renderedStates = new ArrayList<>(states.size());
        for (List<String> state : states) {
            renderedStates.add("(" + String.join(" ", state) + ")");
        }
        json.put("states", renderedStates);
        json.put("moves", moves);
        json.put("stateTimes", stateTimes);
        json.put("errors", errors);
        if (completed) {
            json.put("goalValues", goalValues);
        }
        json.put("previewClock", -1);
        json.put("startClock", startClock);
        json.put("playClock", playClock);
        json.put("scrambled", false);
        return Json.write(json);
    }

    /** Reads a record written by {@link #toJson()}; the fields of ggp.org records that Ratchet does not use are ignored. */
    public static MatchRecord fromJson(String text) {
        Map<String, Object> json = asObject(Json.parse(text), "match record");
        MatchRecord record = new MatchRecord(
            string(json, "matchId"),
            json.containsKey("randomToken") ? string(json, "randomToken") : "",
            number(json.get("startTime"), "startTime").longValue(),
            number(json.get("startClock"), "startClock").intValue(),
            number(json.get("playClock"), "playClock").intValue(),
            json.containsKey("gameName") ? string(json, "gameName") : "",
            string(json, "gameRulesheet"),
            strings(json.get("gameRoleNames"), "gameRoleNames"),
            strings(json.get("playerNamesFromHost"), "playerNamesFromHost"));
        List<String> renderedStates = strings(json.get("states"), "states");
        List<Object> times = asList(json.get("stateTimes"), "stateTimes");
        if (times.size() != renderedStates.size()) {
            throw new IllegalArgumentException("match record has " + renderedStates.size() + " states but "
                + times.size() + " state times");
        }
        for (int i = 0; i < renderedStates.size(); i++) {
            record.addState(stateFacts(renderedStates.get(i)), number(times.get(i), "stateTimes").longValue());
        }
        for (Object jointMove : asList(json.get("moves"), "moves")) {
            record.addMoves(strings(jointMove, "moves"));
        }
        if (json.containsKey("errors")) {
            for (Object turn : asList(json.get("errors"), "errors")) {
                record.addErrors(strings(turn, "errors"));
            }
        }
        if (Boolean.TRUE.equals(json.get("isCompleted"))) {
            List<Integer> goals = new ArrayList<>();
            for (Object goal : asList(json.get("goalValues"), "goalValues")) {
                goals.add(number(goal, "goalValues").intValue());
            }
            record.markCompleted(goals);
        }
        if (Boolean.TRUE.equals(json.get("isAborted"))) {
            record.markAborted();
        }
        return record;
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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object value, String what) {
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException(what + " is not a JSON object");
        }
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> asList(Object value, String field) {
        if (!(value instanceof List)) {
            throw new IllegalArgumentException("match record field '" + field + "' is missing or not an array");
        }
        return (List<Object>) value;
    }

    private static List<String> strings(Object value, String field) {
        List<String> result = new ArrayList<>();
        for (Object item : asList(value, field)) {
            if (!(item instanceof String text)) {
                throw new IllegalArgumentException("match record field '" + field + "' holds a non-string: " + item);
            }
            result.add(text);
        }
        return result;
    }

    private static String string(Map<String, Object> json, String field) {
        if (!(json.get(field) instanceof String text)) {
            throw new IllegalArgumentException("match record field '" + field + "' is missing or not a string");
        }
        return text;
    }

    private static Number number(Object value, String field) {
        if (!(value instanceof Number n)) {
            throw new IllegalArgumentException("match record field '" + field + "' is missing or not a number");
        }
        return n;
    }
}
