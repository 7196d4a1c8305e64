package org.ratchet.player.protocol;

/** Text that is not a well-formed protocol message or reply; the message says what is wrong with it. */
public class ProtocolException extends Exception {
    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
