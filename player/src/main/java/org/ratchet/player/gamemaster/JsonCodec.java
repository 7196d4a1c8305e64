package org.ratchet.player.gamemaster;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The player's one JSON mapper (match records, tournament and gauntlet results, the status page): records in,
 * records out, compact output with fields in declaration order. Unknown fields are ignored on reading, so
 * ggp.org records with fields Ratchet does not use read as well; a missing field reads as null and is checked
 * by the reader that needs it. Thread-safe.
 */
public final class JsonCodec {
    public static final JsonMapper MAPPER = JsonMapper.builder()
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .build();

    private JsonCodec() {
    }

    /** One line of JSON. */
    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }
}
