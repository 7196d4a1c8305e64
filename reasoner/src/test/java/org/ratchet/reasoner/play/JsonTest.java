package org.ratchet.reasoner.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void writesAndReadsBackNestedValues() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("text", "quote \" backslash \\ newline \n tab \t control \u0001 é");
        value.put("long", 1732255123456L);
        value.put("negative", -3L);
        value.put("double", 2.5);
        value.put("flags", List.of(true, false));
        value.put("nothing", null);
        value.put("nested", List.of(List.of("a", "b"), List.of()));
        value.put("empty", new LinkedHashMap<>());
        String text = Json.write(value);
        assertEquals(value, Json.parse(text));
    }

    @Test
    void readsWhitespaceEscapesAndExponents() {
        Object value = Json.parse(" { \"a\" : [ 1 , 2.0e1 , \"\\u0041\\/\" ] } ");
        assertEquals(Map.of("a", Arrays.asList(1L, 20.0, "A/")), value);
    }

    @Test
    void rejectsMalformedText() {
        for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "[1] 2", "{1:2}", "\"\\x\"", "{\"a\":null,\"a\":1}")) {
            assertThrows(Json.JsonException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void refusesNumbersJsonCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(List.of(Double.NaN)));
    }
}
