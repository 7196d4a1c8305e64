package org.ratchet.player.gamemaster;

import java.net.URI;

/**
 * Where a GGP player listens, written {@code HOST:PORT} on the command line, or {@code NAME=HOST:PORT} to
 * give the player a name for summaries, records and standings (by default its address).
 */
public record PlayerAddress(String name, String host, int port) {

    public PlayerAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("a player needs a host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in 1..65535");
        }
        if (name == null || name.isBlank()) {
            name = host + ":" + port;
        }
    }

    public PlayerAddress(String host, int port) {
        this(null, host, port);
    }

    /** Reads {@code [NAME=]HOST:PORT}; the host may be a bracketed IPv6 literal such as {@code [::1]:9147}. */
    public static PlayerAddress parse(String text) {
        int equals = text.indexOf('=');
        String name = equals >= 0 ? text.substring(0, equals).trim() : null;
        String address = text.substring(equals + 1).trim();
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1 || (name != null && name.isEmpty())) {
            throw new IllegalArgumentException("expected [NAME=]HOST:PORT, got '" + text + "'");
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected [NAME=]HOST:PORT with a numeric port, got '" + text + "'");
        }
        return new PlayerAddress(name, address.substring(0, colon), port);
    }

    public URI uri() {
        return URI.create("http://" + host + ":" + port + "/");
    }

    /** The player's name. */
    @Override
    public String toString() {
        return name;
    }
}
