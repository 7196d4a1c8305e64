/**
 * The GGP protocol as data: one immutable type per message ({@link org.ratchet.player.protocol.InfoMessage},
 * {@link org.ratchet.player.protocol.PreviewMessage}, {@link org.ratchet.player.protocol.StartMessage},
 * {@link org.ratchet.player.protocol.PlayMessage}, {@link org.ratchet.player.protocol.StopMessage},
 * {@link org.ratchet.player.protocol.AbortMessage}), one parser
 * ({@link org.ratchet.player.protocol.MessageParser}) and the replies ({@link org.ratchet.player.protocol.Replies},
 * {@link org.ratchet.player.protocol.InfoReply}).
 *
 * <p>Both sides use these types: the player parses messages and renders replies, a gamemaster renders
 * messages with {@link org.ratchet.player.protocol.Message#render()} and reads replies with
 * {@link org.ratchet.player.protocol.Replies}. Keywords are matched case-insensitively, as GDL symbols are.
 */
package org.ratchet.player.protocol;
