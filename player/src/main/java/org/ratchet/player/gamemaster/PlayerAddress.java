package org.ratchet.player.gamemaster;

import java.net.URI;

/** Where a GGP player listens, written {@code HOST:PORT} on the command line. */
public record PlayerAddress(String host, int port) {

    public PlayerAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("a player needs a host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in 1..65535");
        }
    }

    /** Reads {@code HOST:PORT}; the host may be a bracketed IPv6 literal such as {@code [::1]:9147}. */
    public static PlayerAddress parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected HOST:PORT, got '" + text + "'");
        }
        String host = text.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected HOST:PORT with a numeric port, got '" + text + "'");
        }
        return new PlayerAddress(host, port);
    }

    public URI uri() {
        return URI.create("http://" + host + ":" + port + "/");
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
