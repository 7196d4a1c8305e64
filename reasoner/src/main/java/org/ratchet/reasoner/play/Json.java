package org.ratchet.reasoner.play;

/** The one JSON string escaper of the project's hand-written JSON and key=value output. */
public final class Json {
    private Json() {
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
}
