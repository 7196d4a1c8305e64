package org.ratchet.player.protocol;

/** {@code (info)}: asks a player for its name and whether it is free to play. */
public record InfoMessage() implements Message {

    @Override
    public String kind() {
        return "info";
    }

    @Override
    public String matchId() {
        return null;
    }

    @Override
    public String render() {
        return "(info)";
    }
}
