package org.ratchet.player.match;

/**
 * What the player answers to one message: a protocol reply ({@code ok}) or, for a message it cannot act on
 * (an unknown match), an error with a reason.
 */
public record Response(boolean ok, String text) {
    public static Response ok(String reply) {
        return new Response(true, reply);
    }

    public static Response error(String reason) {
        return new Response(false, reason);
    }
}
