package org.ratchet.player.gamemaster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.player.gamemaster.PlayerClient.Outcome;
import org.ratchet.player.gamemaster.PlayerClient.Reply;

class PlayerClientTest {
    private final PlayerClient client = new PlayerClient();

    private Reply ask(PlayerAddress player, String message, long timeoutMillis) {
        return PlayerClient.await(client.post(player, message, timeoutMillis),
            System.currentTimeMillis() + timeoutMillis);
    }

    @Test
    void returnsTheTrimmedReplyAndPostsTheMessageAsIs() throws Exception {
        try (ScriptedPlayer player = new ScriptedPlayer(message -> "  ( MARK 1 1 )\r\n")) {
            Reply reply = ask(player.address(), "(play m1 nil)", 2000);
            assertEquals(Outcome.ANSWERED, reply.outcome());
            assertEquals("( MARK 1 1 )", reply.text());
            assertEquals(List.of("(play m1 nil)"), player.received());
        }
    }

    @Test
    void aReplyAfterTheDeadlineIsATimeout() throws Exception {
        try (ScriptedPlayer player = new ScriptedPlayer(message -> {
            Thread.sleep(1500);
            return "ready";
        })) {
            long before = System.currentTimeMillis();
            Reply reply = ask(player.address(), "(start m1 r () 1 1)", 300);
            assertEquals(Outcome.TIMED_OUT, reply.outcome());
            assertTrue(System.currentTimeMillis() - before < 1400, "waited past the deadline");
        }
    }

    @Test
    void refusedConnectionsAndHttpErrorsAreConnectionErrors() throws Exception {
        assertEquals(Outcome.CONNECTION_ERROR, ask(ScriptedPlayer.deadAddress(), "(play m1 nil)", 2000).outcome());
        try (ScriptedPlayer player = new ScriptedPlayer(message -> null)) {
            Reply reply = ask(player.address(), "(play m1 nil)", 2000);
            assertEquals(Outcome.CONNECTION_ERROR, reply.outcome());
            assertTrue(reply.detail().contains("500"), reply.detail());
        }
    }
}
