package org.ratchet.reasoner.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a trace against every format rule of ../shared/TRACE.md (not against a game's semantics): keys,
 * types, canonical terms, sorted arrays without duplicates, role keys, consecutive steps, and how a playout
 * ends. Returns the records of each playout for further checks.
 */
public final class TraceFormat {
    /** Whole numbers read as Long; a duplicate key or trailing text is an error. */
    private static final JsonMapper STRICT = JsonMapper.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .enable(DeserializationFeature.USE_LONG_FOR_INTS)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .build();
    /** Canonical KIF: lower-case symbols without spaces or parentheses, or a parenthesised compound. */
    private static final Pattern CANONICAL =
        Pattern.compile("[^\\sA-Z()\"]+|\\((?:[^\\sA-Z()\"]+)(?: (?:[^\\sA-Z()\"]+|\\(.*\\)))*\\)");

    /** How the last playout ended. */
    public enum End { TERMINAL, DEAD_END, OPEN }

    public record Playout(long id, List<Map<String, Object>> records, End end) {
    }

    private TraceFormat() {
    }

    public static List<Playout> check(String trace, List<String> roles) {
        assertTrue(trace.isEmpty() || trace.endsWith("\n"), "every line ends with a newline");
        List<Playout> playouts = new ArrayList<>();
        Set<Long> seenIds = new HashSet<>();
        Long currentId = null;
        List<Map<String, Object>> records = null;
        End end = End.OPEN;
        for (String line : trace.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> record = (Map<String, Object>) assertInstanceOf(Map.class, STRICT.readValue(line, Object.class));
            long id = (Long) record.get("playout");
            long step = (Long) record.get("step");
            if (currentId == null || id != currentId) {
                if (currentId != null) {
                    playouts.add(new Playout(currentId, records, end));
                }
                assertTrue(seenIds.add(id), "the records of playout " + id + " are consecutive");
                assertEquals(0, step, "playout " + id + " starts at step 0");
                currentId = id;
                records = new ArrayList<>();
                end = End.OPEN;
            } else {
                assertEquals(End.OPEN, end, "nothing follows the end of playout " + id);
                assertEquals(records.size(), step, "steps of playout " + id + " are consecutive");
            }
            end = checkRecord(record, roles);
            records.add(record);
        }
        if (currentId != null) {
            playouts.add(new Playout(currentId, records, end));
        }
        return playouts;
    }

    @SuppressWarnings("unchecked")
    private static End checkRecord(Map<String, Object> record, List<String> roles) {
        boolean terminal = (Boolean) record.get("terminal");
        Set<String> expectedKeys = new HashSet<>(List.of("playout", "step", "state", "legal", "terminal"));
        if (terminal) {
            expectedKeys.add("goals");
        } else if (record.containsKey("joint")) {
            expectedKeys.add("joint");
        }
        assertEquals(expectedKeys, record.keySet(), "keys of " + record);
        checkTermArray((List<Object>) record.get("state"));
        Map<String, Object> legal = (Map<String, Object>) record.get("legal");
        assertEquals(roles, new ArrayList<>(legal.keySet()), "legal keys are the roles in declaration order");
        boolean someRoleStuck = false;
        for (String role : roles) {
            List<Object> moves = (List<Object>) legal.get(role);
            checkTermArray(moves);
            someRoleStuck |= moves.isEmpty();
        }
        if (terminal) {
            Map<String, Object> goals = (Map<String, Object>) record.get("goals");
            assertEquals(roles, new ArrayList<>(goals.keySet()), "goal keys are the roles");
            for (Object value : goals.values()) {
                long goal = (Long) value;
                assertTrue(goal >= 0 && goal <= 100, "goal " + goal + " in 0..100");
            }
            return End.TERMINAL;
        }
        Map<String, Object> joint = (Map<String, Object>) record.get("joint");
        if (joint == null) {
            assertTrue(someRoleStuck, "a non-terminal record without joint is a dead end: " + record);
            return End.DEAD_END;
        }
        assertEquals(roles, new ArrayList<>(joint.keySet()), "joint keys are the roles");
        for (String role : roles) {
            String move = (String) joint.get(role);
            assertTrue(((List<Object>) legal.get(role)).contains(move), move + " is legal for " + role);
        }
        return End.OPEN;
    }

    private static void checkTermArray(List<Object> terms) {
        Set<Object> unique = new HashSet<>(terms);
        assertEquals(terms.size(), unique.size(), "no duplicates in " + terms);
        for (int i = 0; i < terms.size(); i++) {
            String term = assertInstanceOf(String.class, terms.get(i));
            assertNotNull(term);
            assertTrue(CANONICAL.matcher(term).matches(), "canonical term: '" + term + "'");
            assertFalse(term.contains("  ") || term.contains("( ") || term.contains(" )"), term);
            assertEquals(term.toLowerCase(Locale.ROOT), term, "symbols are lower case");
            if (i > 0) {
                assertTrue(TraceWriter.compareCodePoints((String) terms.get(i - 1), term) < 0,
                    "sorted by code point: " + terms.get(i - 1) + " before " + term);
            }
        }
    }
}
