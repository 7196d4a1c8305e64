package org.ratchet.player.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.SExpr;

class MessageParserTest {

    @Test
    void readsEveryMessageKindInAnyLetterCase() throws ProtocolException {
        assertInstanceOf(InfoMessage.class, MessageParser.parse("(INFO)"));
        assertInstanceOf(InfoMessage.class, MessageParser.parse("  info \r\n"));

        StartMessage start = (StartMessage) MessageParser.parse(
            "(START Match.7 xPlayer ((ROLE xPlayer) (role oplayer) (<= terminal (true (Done)))) 30 15)");
        assertEquals("Match.7", start.matchId());
        assertEquals("xPlayer", start.role());
        assertEquals(3, start.rules().size());
        assertEquals("(ROLE xPlayer)", start.rules().get(0).toString());
        assertEquals(30_000, start.startClockMillis());
        assertEquals(15_000, start.playClockMillis());

        PlayMessage first = (PlayMessage) MessageParser.parse("(PLAY Match.7 NIL)");
        assertTrue(first.isFirst());
        PlayMessage play = (PlayMessage) MessageParser.parse("(play Match.7 ((mark 1 1) noop))");
        assertFalse(play.isFirst());
        assertEquals(List.of("(mark 1 1)", "noop"), play.moves().stream().map(SExpr::toString).toList());

        StopMessage stop = (StopMessage) MessageParser.parse("(stop Match.7 (noop (mark 3 3)))");
        assertEquals("Match.7", stop.matchId());
        assertEquals(2, stop.moves().size());
        assertEquals("Match.7", ((AbortMessage) MessageParser.parse("(Abort Match.7)")).matchId());

        PreviewMessage preview = (PreviewMessage) MessageParser.parse("(preview ((role a)) 2.5)");
        assertEquals(2_500, preview.previewClockMillis());
        assertNull(preview.matchId());
    }

    @Test
    void rendersMessagesThatParseBackToEqualMessages() throws ProtocolException {
        String[] texts = {
            "(info)",
            "(start m1 white ((role white) (<= (legal white noop) (true (control white)))) 10 5)",
            "(play m1 nil)",
            "(play m1 ((mark 1 2) noop))",
            "(stop m1 (a b))",
            "(abort m1)",
            "(preview ((role white)) 2.5)",
        };
        for (String text : texts) {
            Message message = MessageParser.parse(text);
            assertEquals(text, message.render());
            assertEquals(message, MessageParser.parse(message.render()));
        }
    }

    /** How a gamemaster builds messages from rendered moves and rule text. */
    @Test
    void buildsMessagesFromRenderedText() throws ProtocolException {
        PlayMessage play = new PlayMessage("m1", Kif.readAll("(mark 1 2) noop"));
        assertEquals("(play m1 ((mark 1 2) noop))", play.render());
        StartMessage start = new StartMessage("m1", "white", Kif.readAll("; rules\n(role white)\n(init (cell 1))"),
            10_000, 5_000);
        assertEquals("(start m1 white ((role white) (init (cell 1))) 10 5)", start.render());
        assertThrows(ProtocolException.class, () -> Kif.readAll("(mark 1"));
    }

    @Test
    void refusesMalformedMessagesWithAReason() {
        assertMalformed("(info", "malformed KIF");
        assertMalformed("", "empty message");
        assertMalformed("(info) (info)", "one expression");
        assertMalformed("(hello world)", "unknown message 'hello'");
        assertMalformed("(start m1 white)", "expected (start MATCHID ROLE (RULES...) STARTCLOCK PLAYCLOCK)");
        assertMalformed("(start m1 white ((role white)) ten 5)", "start clock must be a non-negative number");
        assertMalformed("(start m1 white ((role white)) -1 5)", "start clock must be a non-negative number");
        assertMalformed("(start m1 white rules 10 5)", "the rules must be a list");
        assertMalformed("(start (m 1) white ((role white)) 10 5)", "match id must be a symbol");
        assertMalformed("(play m1)", "expected (play MATCHID MOVES)");
        assertMalformed("(play m1 noop)", "the moves must be nil or a list");
        assertMalformed("(abort)", "expected (abort MATCHID)");
        assertMalformed("((info))", "a message is a list starting with a keyword");
    }

    /** Whatever part of a huge input is at fault, the error quotes only its start. */
    @Test
    void errorsQuoteOnlyTheStartOfHugeInput() {
        String huge = "a".repeat(1_000_000);
        String[] inputs = {
            huge,
            "(" + huge + ")",
            "(play m1 " + huge + ")",
            "(stop m1 " + huge + ")",
            "(play " + huge + ")",
            "(start m1 white " + huge + " 10 5)",
            "(start m1 white ((role white)) " + huge + " 5)",
            "(start (" + huge + ") white ((role white)) 10 5)",
        };
        for (String input : inputs) {
            ProtocolException error = assertThrows(ProtocolException.class, () -> MessageParser.parse(input));
            assertTrue(error.getMessage().length() < 400, () -> input.substring(0, 20) + "... gave an error of "
                + error.getMessage().length() + " characters");
            assertTrue(error.getMessage().contains("aaa..."), "the quote is marked as cut: " + error.getMessage());
        }
        assertMalformed("(play m1 " + huge + ")", "the moves must be nil or a list, found 'aaaa");
    }

    private static void assertMalformed(String text, String reason) {
        ProtocolException error = assertThrows(ProtocolException.class, () -> MessageParser.parse(text), text);
        assertTrue(error.getMessage().contains(reason), () -> "'" + error.getMessage() + "' should say " + reason);
    }

    @Test
    void readsAndRendersReplies() throws ProtocolException {
        InfoReply info = InfoReply.parse("((NAME Ratchet) (STATUS AVAILABLE))");
        assertEquals(new InfoReply("Ratchet", "available"), info);
        assertTrue(info.isAvailable());
        assertEquals("((name Ratchet) (status busy))", new InfoReply("Ratchet", InfoReply.BUSY).render());
        assertEquals(new InfoReply(null, "busy"), InfoReply.parse("busy"));
        assertThrows(ProtocolException.class, () -> InfoReply.parse("((name x))"));

        assertTrue(Replies.isKeyword("READY", Replies.READY));
        assertTrue(Replies.isKeyword(" done\n", Replies.DONE));
        assertFalse(Replies.isKeyword("(ready)", Replies.READY));
        assertFalse(Replies.isKeyword("ready steady", Replies.READY));

        assertEquals("(mark 1 2)", Replies.parseMove("(mark 1 2)").toString());
        assertEquals("noop", Replies.parseMove("noop").toString());
        assertThrows(ProtocolException.class, () -> Replies.parseMove("((mark) 1)"));
        assertThrows(ProtocolException.class, () -> Replies.parseMove("(mark 1"));
    }
}
