package org.ratchet.player.protocol;

/**
 * A message a game server sends to a player. Each kind is an immutable record; {@link MessageParser#parse}
 * reads one from KIF text and {@link #render()} writes it back in the lower-case form servers send.
 */
public sealed interface Message
    permits InfoMessage, PreviewMessage, StartMessage, PlayMessage, StopMessage, AbortMessage {

    /** The message keyword in lower case ({@code info}, {@code start}, ...), for logs. */
    String kind();

    /** The match this message belongs to, or {@code null} for messages outside a match (info, preview). */
    String matchId();

    /** The message as KIF text, ready to be posted to a player. */
    String render();
}
