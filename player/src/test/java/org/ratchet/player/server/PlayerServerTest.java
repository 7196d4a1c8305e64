package org.ratchet.player.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.player.LogCapture;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;
import org.ratchet.player.protocol.InfoReply;
import org.ratchet.player.protocol.ProtocolException;

/** The HTTP endpoint over real sockets: protocol framing, robustness against bad clients, match bookkeeping. */
class PlayerServerTest {
    private static final int BODY_LIMIT = 4096;
    private static PlayerServer server;
    private static GgpClient client;
    /** A second server with the shipped body limit (8 MB), for inputs too big for the first. */
    private static PlayerServer shippedLimits;
    private static GgpClient bigClient;

    /** The protocol's tests run with the status page on: it must take nothing from the GGP endpoint. */
    @BeforeAll
    static void startServer(@TempDir Path records) throws Exception {
        PlayerConfig config = PlayerConfig.defaults()
            .with(Setting.NAME, "TestPlayer")
            .with(Setting.IDLE_TIMEOUT_SECONDS, "1")
            .with(Setting.MAX_BODY_BYTES, Integer.toString(BODY_LIMIT))
            .with(Setting.START_MARGIN_MS, "500")
            .with(Setting.PLAY_MARGIN_MS, "500")
            .with(Setting.STATUS_PORT, Integer.toString(StatusPageTest.freePort()))
            .with(Setting.RECORDS_DIR, records.toString());
        server = new PlayerServer(config);
        client = new GgpClient(server.start(new InetSocketAddress("127.0.0.1", 0)));
        assertNotNull(server.statusUrl(), "the status page is on");
        shippedLimits = new PlayerServer(PlayerConfig.defaults().with(Setting.NAME, "TestPlayer")
            .with(Setting.STATUS_PORT, "0").with(Setting.RECORDS_KEEP, "0"));
        bigClient = new GgpClient(shippedLimits.start(new InetSocketAddress("127.0.0.1", 0)));
    }

    @AfterAll
    static void stopServer() {
        server.close();
        shippedLimits.close();
    }

    @Test
    void infoIsAnsweredWithNameStatusAndProtocolHeaders() throws IOException, ProtocolException {
        GgpClient.HttpReply reply = client.post("(INFO)");
        assertEquals(200, reply.status());
        assertEquals("((name TestPlayer) (status available))", reply.body());
        assertEquals(new InfoReply("TestPlayer", "available"), InfoReply.parse(reply.body()));
        assertEquals("text/acl", reply.header("Content-Type"));
        assertEquals(Integer.toString(reply.body().getBytes(StandardCharsets.UTF_8).length), reply.header("Content-Length"));
        assertCorsHeaders(reply);
        assertTrue(reply.closedAfter(), "Connection: close is honoured");
    }

    @Test
    void http10RequestGetsAnHttp10ReplyAndTheConnectionCloses() throws IOException {
        GgpClient.HttpReply reply = client.exchange(GgpClient.postRequest("HTTP/1.0", "(info)", ""));
        assertEquals("HTTP/1.0", reply.version());
        assertEquals(200, reply.status());
        assertEquals("((name TestPlayer) (status available))", reply.body());
        assertTrue(reply.closedAfter());
    }

    @Test
    void keepAliveConnectionAnswersSeveralRequestsInOrder() throws IOException {
        try (Socket socket = client.connect()) {
            OutputStream out = socket.getOutputStream();
            // Two requests written back to back: the second waits until the first is answered.
            out.write((GgpClient.postRequest("HTTP/1.1", "(info)", "")
                + GgpClient.postRequest("HTTP/1.1", "(abort no-such-match)", "")).getBytes(StandardCharsets.UTF_8));
            out.flush();
            GgpClient.HttpReply first = GgpClient.readReply(socket, System.nanoTime(), false);
            GgpClient.HttpReply second = GgpClient.readReply(socket, System.nanoTime(), false);
            assertEquals(200, first.status());
            assertTrue(first.body().contains("available"));
            assertEquals(400, second.status());
            assertTrue(second.body().contains("unknown match id 'no-such-match'"), second.body());
        }
    }

    @Test
    void getCarriesTheMessageUrlEncodedInThePath() throws IOException {
        GgpClient.HttpReply reply = client.exchange("GET /%28INFO%29 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertEquals(200, reply.status());
        assertEquals("((name TestPlayer) (status available))", reply.body());
        assertCorsHeaders(reply);
    }

    @Test
    void optionsPreflightIsAllowed() throws IOException {
        GgpClient.HttpReply reply = client.exchange("OPTIONS / HTTP/1.1\r\nHost: x\r\nOrigin: http://example.org\r\n"
            + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: Content-Type\r\n"
            + "Connection: close\r\n\r\n");
        assertEquals(200, reply.status());
        assertEquals("0", reply.header("Content-Length"));
        assertCorsHeaders(reply);
    }

    @Test
    void malformedRequestsGetAClearErrorAndTheServerKeepsServing() throws IOException {
        record Case(String request, int status, String reason) {
        }
        String oversized = "(info)" + " ".repeat(BODY_LIMIT + 10);
        List<Case> cases = List.of(
            new Case("THIS IS NOT HTTP\r\n\r\n", 400, "malformed HTTP request"),
            new Case(GgpClient.postRequest("HTTP/1.1", "(info", "Connection: close\r\n"), 400, "malformed KIF"),
            new Case(GgpClient.postRequest("HTTP/1.1", "", "Connection: close\r\n"), 400, "empty message"),
            new Case(GgpClient.postRequest("HTTP/1.1", "(dance m1)", "Connection: close\r\n"), 400, "unknown message 'dance'"),
            new Case(GgpClient.postRequest("HTTP/1.1", "(start m1 white)", "Connection: close\r\n"), 400,
                "expected (start MATCHID ROLE (RULES...) STARTCLOCK PLAYCLOCK)"),
            new Case(GgpClient.postRequest("HTTP/1.1", "(play m1 nil extra)", "Connection: close\r\n"), 400,
                "expected (play MATCHID MOVES)"),
            new Case(GgpClient.postRequest("HTTP/1.1", oversized, "Connection: close\r\n"), 413,
                "request body over the limit of " + BODY_LIMIT + " bytes"),
            new Case("DELETE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405, "use POST, GET or OPTIONS"),
            new Case("GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400, "malformed URI"));
        for (Case bad : cases) {
            GgpClient.HttpReply reply = client.exchange(bad.request());
            assertEquals(bad.status(), reply.status(), bad.request());
            assertTrue(reply.body().contains(bad.reason()), () -> reply.body() + " should say " + bad.reason());
            assertTrue(client.send("(info)").contains("available"), "still serving after " + bad.request());
        }
    }

    /**
     * A megabyte of garbage, as the whole body or as the moves of a play, is refused with an error that
     * quotes only its start, in the reply and in the log.
     */
    @Test
    void errorsAboutHugeInputQuoteOnlyItsStart() throws IOException {
        String garbage = "a".repeat(1_000_000);
        try (LogCapture log = new LogCapture("org.ratchet.player")) {
            for (String body : new String[] {garbage, "(play nosuch " + garbage + ")", "(play " + garbage + " nil)"}) {
                GgpClient.HttpReply reply = bigClient.post(body);
                assertEquals(400, reply.status());
                assertTrue(reply.body().length() < 400, "reply of " + reply.body().length() + " characters");
                assertTrue(reply.body().contains("aaa..."), reply.body());
                assertTrue(bigClient.send("(info)").contains("available"));
            }
            List<String> messages = log.messages();
            assertTrue(messages.stream().anyMatch(line -> line.contains("the moves must be nil or a list")), messages::toString);
            for (String line : messages) {
                assertTrue(line.length() < 600, () -> "log line of " + line.length() + " characters: " + line.substring(0, 100));
            }
        }
    }

    /**
     * Nesting deep enough to overflow the stack of anything recursive (rendering the expression for the error
     * message was) is refused with a clear error, on the network thread that read it, which keeps serving.
     */
    @Test
    void absurdlyDeepNestingIsRefusedWithAClearError() throws IOException {
        int depth = 1_000_000;
        GgpClient.HttpReply reply = bigClient.post("(".repeat(depth) + ")".repeat(depth));
        assertEquals(400, reply.status());
        assertEquals("error: malformed KIF: line 1: lists nested more than 1000 levels deep", reply.body());
        assertCorsHeaders(reply);
        assertEquals("((name TestPlayer) (status available))", bigClient.send("(info)"));
    }

    /**
     * A body over the limit gets a 413 that says why, with the CORS headers, and a log line, whether the
     * client sends it at once or first asks with {@code Expect: 100-continue} (then it is refused before the
     * body is sent). A client that keeps the connection can go on using it.
     */
    @Test
    void oversizedBodiesGetA413WithCorsHeadersWithOrWithoutExpect() throws IOException {
        String reason = "error: request body over the limit of " + BODY_LIMIT + " bytes";
        String oversized = "(info)" + " ".repeat(BODY_LIMIT + 10);
        String expectHeaders = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/acl\r\n"
            + "Expect: 100-continue\r\nContent-Length: 1000000\r\n";
        try (LogCapture log = new LogCapture(PlayerChannelInitializer.class.getName())) {
            GgpClient.HttpReply sent = client.exchange(GgpClient.postRequest("HTTP/1.1", oversized, "Connection: close\r\n"));
            GgpClient.HttpReply asked = client.exchange(expectHeaders + "Connection: close\r\n\r\n");
            for (GgpClient.HttpReply reply : List.of(sent, asked)) {
                assertEquals(413, reply.status());
                assertEquals(reason, reply.body());
                assertCorsHeaders(reply);
                assertTrue(reply.closedAfter(), "Connection: close is honoured");
            }
            assertEquals(2, log.messages().size(), log.messages()::toString);
            assertTrue(log.messages().get(0).endsWith("request of " + (BODY_LIMIT + 16) + " bytes over the limit of "
                + BODY_LIMIT + " bytes refused"), log.messages().get(0));
            assertTrue(log.messages().get(1).endsWith("request of 1000000 bytes over the limit of " + BODY_LIMIT
                + " bytes refused before its body was sent (Expect: 100-continue)"), log.messages().get(1));
        }
        // On a kept connection the refused body is skipped (or never sent) and the next request is answered.
        for (String refused : new String[] {GgpClient.postRequest("HTTP/1.1", oversized, ""), expectHeaders + "\r\n"}) {
            try (Socket socket = client.connect()) {
                OutputStream out = socket.getOutputStream();
                out.write(refused.getBytes(StandardCharsets.UTF_8));
                out.flush();
                GgpClient.HttpReply reply = GgpClient.readReply(socket, System.nanoTime(), false);
                assertEquals(413, reply.status());
                assertEquals(reason, reply.body());
                assertCorsHeaders(reply);
                out.write(GgpClient.postRequest("HTTP/1.1", "(info)", "").getBytes(StandardCharsets.UTF_8));
                out.flush();
                GgpClient.HttpReply info = GgpClient.readReply(socket, System.nanoTime(), false);
                assertEquals("((name TestPlayer) (status available))", info.body());
            }
        }
    }

    @Test
    void silentClientsAreDisconnectedAndTheServerKeepsServing() throws IOException {
        for (String partial : new String[] {"", "POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n(inf"}) {
            try (Socket socket = client.connect()) {
                socket.getOutputStream().write(partial.getBytes(StandardCharsets.US_ASCII));
                InputStream in = socket.getInputStream();
                // The idle timeout is one second; the read returns end-of-stream when the server hangs up.
                assertEquals(-1, in.read(), "connection closed by the server");
            }
            assertTrue(client.send("(info)").contains("available"));
        }
    }

    @Test
    void messagesForAnUnknownMatchGetAnError() throws IOException {
        for (String message : new String[] {"(play nosuch nil)", "(stop nosuch nil)", "(abort nosuch)"}) {
            GgpClient.HttpReply reply = client.post(message);
            assertEquals(400, reply.status(), message);
            assertEquals("error: unknown match id 'nosuch'", reply.body());
        }
    }

    /**
     * Rules that cannot be read still give a match: ready in time, then best guesses from the rules (here the
     * only ground legal move); meanwhile the player is busy for other starts.
     */
    @Test
    void unreadableRulesAreStillPlayedAndASecondStartIsRefused() throws IOException {
        String rules = "((role robot) (legal robot (Press 1)) (<=))";
        GgpClient.HttpReply ready = client.post("(start bad.1 robot " + rules + " 3 2)");
        assertEquals("ready", ready.body());
        assertTrue(ready.millis() < 3_000, "ready within the start clock, took " + ready.millis());
        try {
            assertEquals("((name TestPlayer) (status busy))", client.send("(info)"));
            assertEquals("busy", client.send("(start other.1 robot " + rules + " 3 2)"));
            assertEquals("ready", client.send("(start bad.1 robot " + rules + " 3 2)"), "a repeated start is answered again");
            GgpClient.HttpReply move = client.post("(play bad.1 nil)");
            assertEquals("(Press 1)", move.body());
            assertTrue(move.millis() < 2_000, "move within the play clock, took " + move.millis());
        } finally {
            assertEquals("done", client.send("(stop bad.1 ((Press 1)))"));
        }
        assertEquals("((name TestPlayer) (status available))", client.send("(info)"));
        assertEquals(400, client.post("(play bad.1 nil)").status(), "a stopped match is unknown");
    }

    @Test
    void previewIsAnsweredReadyWithinItsClock() throws IOException {
        GgpClient.HttpReply reply = client.post("(preview ((role robot) (legal robot noop)) 2)");
        assertEquals("ready", reply.body());
        assertTrue(reply.millis() < 2_000, "took " + reply.millis());
    }

    private static void assertCorsHeaders(GgpClient.HttpReply reply) {
        assertEquals("*", reply.header("Access-Control-Allow-Origin"));
        assertEquals("POST, GET, OPTIONS", reply.header("Access-Control-Allow-Methods"));
        assertEquals("Content-Type", reply.header("Access-Control-Allow-Headers"));
        assertFalse(reply.headers().isEmpty());
    }
}
