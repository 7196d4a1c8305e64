package org.ratchet.reasoner.play;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The project's one JSON reader and writer (traces, match records, tournament results), small enough not
 * to need a library: values are {@link Map} (objects, key order kept), {@link List}, {@link String}, {@link Number},
 * {@link Boolean} and {@code null}. Numbers read back as {@link Long} when integral, else {@link Double}.
 * Reading is strict (a duplicate key is an error), so tests can use it to check what the writers produce.
 */
public final class Json {
    private Json() {
    }

    /** Renders a value on one line. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            appendString(out, text);
        } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
            out.append(value);
        } else if (value instanceof Number number) {
            double d = number.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("JSON has no " + d);
            }
            out.append(d);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                appendString(out, String.valueOf(entry.getKey()));
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i), out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + value.getClass().getSimpleName() + " as JSON");
        }
    }

    /** Appends {@code text} as a JSON string literal, quotes included. */
    public static StringBuilder appendString(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }

    /** {@code text} as a JSON string literal. */
    public static String quote(String text) {
        return appendString(new StringBuilder(text.length() + 2), text).toString();
    }

    /** Reads one JSON value; anything but whitespace after it is an error. */
    public static Object parse(String text) {
        Reader reader = new Reader(text);
        Object value = reader.value();
        reader.skipWhitespace();
        if (reader.pos != text.length()) {
            throw reader.error("unexpected text after the value");
        }
        return value;
    }

    /** A JSON text that cannot be read; the message gives the character offset. */
    public static final class JsonException extends IllegalArgumentException {
        JsonException(String message) {
            super(message);
        }
    }

    private static final class Reader {
        private final String text;
        private int pos;

        Reader(String text) {
            this.text = text;
        }

        Object value() {
            skipWhitespace();
            if (pos >= text.length()) {
                throw error("unexpected end of input");
            }
            char c = text.charAt(pos);
            switch (c) {
                case '{' -> {
                    return object();
                }
                case '[' -> {
                    return array();
                }
                case '"' -> {
                    return string();
                }
                case 't' -> {
                    return literal("true", Boolean.TRUE);
                }
                case 'f' -> {
                    return literal("false", Boolean.FALSE);
                }
                case 'n' -> {
                    return literal("null", null);
                }
                default -> {
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("unexpected character '" + c + "'");
                }
            }
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            pos++;
            skipWhitespace();
            if (peek() == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipWhitespace();
                if (peek() != '"') {
                    throw error("expected a key in quotes");
                }
                String key = string();
                skipWhitespace();
                expect(':');
                if (map.containsKey(key)) {
                    throw error("duplicate key \"" + key + "\"");
                }
                map.put(key, value());
                skipWhitespace();
                char c = next();
                if (c == '}') {
                    return map;
                }
                if (c != ',') {
                    throw error("expected ',' or '}' in an object");
                }
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            pos++;
            skipWhitespace();
            if (peek() == ']') {
                pos++;
                return list;
            }
            while (true) {
                list.add(value());
                skipWhitespace();
                char c = next();
                if (c == ']') {
                    return list;
                }
                if (c != ',') {
                    throw error("expected ',' or ']' in an array");
                }
            }
        }

        private String string() {
            pos++;
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = next();
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char escaped = next();
                switch (escaped) {
                    case '"', '\\', '/' -> out.append(escaped);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error("truncated \\u escape");
                        }
                        try {
                            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException e) {
                            throw error("bad \\u escape");
                        }
                        pos += 4;
                    }
                    default -> throw error("unknown escape '\\" + escaped + "'");
                }
            }
        }

        private Number number() {
            int start = pos;
            boolean integral = true;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == '.' || c == 'e' || c == 'E') {
                    integral = false;
                } else if (!(c == '-' || c == '+' || (c >= '0' && c <= '9'))) {
                    break;
                }
                pos++;
            }
            String token = text.substring(start, pos);
            try {
                return integral ? (Number) Long.parseLong(token) : (Number) Double.parseDouble(token);
            } catch (NumberFormatException e) {
                throw error("bad number '" + token + "'");
            }
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, pos)) {
                throw error("expected '" + word + "'");
            }
            pos += word.length();
            return value;
        }

        void skipWhitespace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private char peek() {
            if (pos >= text.length()) {
                throw error("unexpected end of input");
            }
            return text.charAt(pos);
        }

        private char next() {
            char c = peek();
            pos++;
            return c;
        }

        private void expect(char c) {
            if (next() != c) {
                pos--;
                throw error("expected '" + c + "'");
            }
        }

        JsonException error(String message) {
            return new JsonException("JSON at offset " + pos + ": " + message);
        }
    }
}
