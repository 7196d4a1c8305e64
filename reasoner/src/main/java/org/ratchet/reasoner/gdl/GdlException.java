package org.ratchet.reasoner.gdl;

/** A game description that cannot be read or is not valid GDL. The message names the line where known. */
public class GdlException extends Exception {
    private final int line;

    public GdlException(String message, int line) {
        super(line > 0 ? "line " + line + ": " + message : message);
        this.line = line;
    }

    public GdlException(String message) {
        this(message, 0);
    }

    /** The 1-based source line the problem was found at, or 0 if unknown. */
    public int line() {
        return line;
    }
}
