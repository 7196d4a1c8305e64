package org.ratchet.player.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.player.LogCapture;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;
import org.ratchet.player.gamemaster.JsonCodec;
import org.ratchet.player.gamemaster.MatchRecord;
import tools.jackson.databind.JsonNode;

/**
 * The status page's JSON during a real match (the player on loopback, a scripted gamemaster), the records of
 * the player's own matches, and the status port's guard: its own files and data only, small requests, and
 * the GGP port untouched.
 */
class StatusPageTest {
    @TempDir
    static Path records;
    private static PlayerServer server;
    private static GgpClient ggp;
    private static GgpClient status;

    @BeforeAll
    static void startPlayer() throws Exception {
        server = new PlayerServer(config(freePort(), records));
        ggp = new GgpClient(server.start(new InetSocketAddress("127.0.0.1", 0)));
        assertNotNull(server.statusUrl());
        status = statusClient(server);
    }

    @AfterAll
    static void stopPlayer() {
        server.close();
    }

    static PlayerConfig config(int statusPort, Path recordsDir) {
        return PlayerConfig.defaults()
            .with(Setting.NAME, "StatusPlayer")
            .with(Setting.THREADS, "1")
            .with(Setting.START_MARGIN_MS, "600")
            .with(Setting.PLAY_MARGIN_MS, "600")
            .with(Setting.SEARCH_MEMORY_PERCENT, "2") // a small tree: quick to allocate on a busy machine
            .with(Setting.STATUS_PORT, Integer.toString(statusPort))
            .with(Setting.RECORDS_DIR, recordsDir.toString());
    }

    /** A client of the server's status port. */
    static GgpClient statusClient(PlayerServer server) {
        return new GgpClient(Integer.parseInt(server.statusUrl().replaceAll(".*:(\\d+)/$", "$1")));
    }

    /** A port free a moment ago (the status port has no "any free port": 0 turns it off). */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    static GgpClient.HttpReply get(GgpClient client, String path) throws IOException {
        return client.exchange("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    }

    private static JsonNode statusJson(GgpClient statusClient) throws IOException {
        GgpClient.HttpReply reply = get(statusClient, "/status.json");
        assertEquals(200, reply.status(), reply.body());
        assertTrue(reply.header("Content-Type").startsWith("application/json"), reply.header("Content-Type"));
        return JsonCodec.MAPPER.readTree(reply.body());
    }

    /** The status once it satisfies {@code ready}: the match reports from its own threads, just after replying. */
    static JsonNode awaitStatus(GgpClient statusClient, Predicate<JsonNode> ready, String what) throws IOException {
        JsonNode json = null;
        for (int attempt = 0; attempt < 100; attempt++) {
            json = statusJson(statusClient);
            if (ready.test(json)) {
                return json;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("status never showed " + what + ": " + json);
    }

    @Test
    void jsonFollowsAMatchPlyByPlyAndEndsInARecord() throws Exception {
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(ggp, TestGames.repositoryGame("ticTacToe"));
        List<JsonNode> seen = new ArrayList<>();
        // A start clock long enough for the compile on a busy machine, so the search plays (and reports).
        int plies = gamemaster.playMatch("status.1", 0, 20, 2, ply -> seen.add(awaitStatus(status,
            json -> json.path("match").path("moves").size() >= ply && json.path("match").path("state").path("ply").asInt() >= ply - 1,
            "ply " + ply)));

        assertFalse(seen.isEmpty());
        JsonNode first = seen.get(0);
        assertEquals("StatusPlayer", first.path("player").path("name").asString());
        JsonNode match = first.path("match");
        assertEquals("status.1", match.path("matchId").asString());
        assertEquals("xplayer", match.path("role").asString());
        assertEquals(List.of("xplayer", "oplayer"), strings(match.path("roles")));
        assertEquals(20000, match.path("startClockMillis").asLong());
        assertEquals(2000, match.path("playClockMillis").asLong());
        assertTrue(match.path("game").asString().matches("game-[0-9a-f]{8}"), match.path("game").asString());
        assertFalse(match.path("engine").asString().isEmpty(), match.toString());
        assertTrue(match.path("engineEvents").size() >= 2, match.toString());
        // the compile's stages are reported as they complete: grounding, then reference tables
        String events = match.path("engineEvents").toString();
        assertTrue(events.contains("hsfc: grounded") && events.contains("hsfc: reference tables"), events);
        assertTrue(events.indexOf("hsfc: grounded") < events.indexOf("hsfc: reference tables"), events);

        JsonNode ply0 = match.path("moves").get(0);
        assertEquals(0, ply0.path("ply").asInt());
        assertTrue(List.of("search", "overran", "fallback").contains(ply0.path("source").asString()), ply0.toString());
        // The search's report (its log line's figures) is on the page: iterations, speed, tree, top moves.
        JsonNode last = seen.get(seen.size() - 1).path("match").path("moves");
        JsonNode search = null;
        for (JsonNode ply : last) {
            if (ply.path("search").isObject() && ply.path("search").path("top").size() >= 2) {
                search = ply.path("search");
                break;
            }
        }
        assertNotNull(search, "no search report with two moves or more: " + last);
        assertTrue(search.path("iterations").asLong() > 0, search.toString());
        assertTrue(search.path("nodes").asInt() > 0, search.toString());
        JsonNode top = search.path("top");
        assertTrue(top.size() >= 2 && top.size() <= 8, search.toString()); // at most eight shown
        assertTrue(top.get(0).path("visits").asLong() >= top.get(1).path("visits").asLong(), top.toString());
        double value = search.path("expectedValue").asDouble();
        assertTrue(value >= 0 && value <= 100, search.toString());
        // The state after the first joint move: the initial 9 blanks less the two marked.
        JsonNode state = seen.get(0).path("match").path("state");
        assertTrue(state.path("ply").asInt() >= 0, state.toString());
        assertTrue(strings(state.path("facts")).stream().anyMatch(f -> f.matches("\\(cell [123] [123] [bxo]\\)")),
            state.toString());

        JsonNode after = awaitStatus(status, json -> json.path("recent").size() > 0
            && json.path("recent").get(0).path("matchId").asString().equals("status.1"), "the match in recent");
        JsonNode recent = after.path("recent").get(0);
        assertEquals(2, recent.path("goals").size(), recent.toString());
        assertFalse(recent.path("aborted").asBoolean());
        assertTrue(recent.path("summary").asString().startsWith("result=goals("), recent.toString());
        assertTrue(after.path("match").path("over").asBoolean());

        // The record: listed, served, in the ggp.org format MatchRecord reads, with every state and joint move.
        String name = recent.path("record").asString();
        MatchRecord record = awaitRecord(name);
        assertEquals("status.1", record.matchId());
        assertEquals(plies + 1, record.states().size());
        assertEquals(plies, record.moves().size());
        assertTrue(record.isCompleted());
        assertEquals(List.of("xplayer", "oplayer"), record.roleNames());
        assertEquals(List.of("StatusPlayer", ""), record.playerNames());
        assertTrue(strings(JsonCodec.MAPPER.readTree(get(status, "/records.json").body())).contains(name));
    }

    private static MatchRecord awaitRecord(String name) throws Exception {
        for (int attempt = 0; attempt < 100; attempt++) {
            GgpClient.HttpReply reply = get(status, "/records/" + name);
            if (reply.status() == 200) {
                assertTrue(Files.exists(records.resolve(name)));
                return MatchRecord.fromJson(reply.body());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("record " + name + " never served");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(item -> out.add(item.asString()));
        return out;
    }

    @Test
    void servesItsPagesAndNothingElse() throws IOException {
        for (String page : List.of("/", "/index.html", "/viewer.html", "/ratchet.js", "/status.js", "/viewer.js",
                "/ratchet.css")) {
            GgpClient.HttpReply reply = get(status, page);
            assertEquals(200, reply.status(), page);
            assertEquals("nosniff", reply.header("X-Content-Type-Options"));
            assertTrue(reply.header("Content-Security-Policy").contains("default-src 'self'"));
        }
        Files.writeString(records.getParent().resolve("secret.json"), "{\"secret\":1}");
        for (String path : List.of("/../pom.xml", "/records/../secret.json", "/records/..%2fsecret.json",
                "/records/%2e%2e/secret.json", "/records/..\\secret.json", "/index.html/../../pom.xml",
                "//etc/passwd", "/records/20260101-000000-..json", "/records/20260101-000000-nothere.json",
                "/status.json/../../../etc/passwd", "/WEB-INF/x", "/org/ratchet/player/status/web/index.html",
                "/records/%00.json")) {
            GgpClient.HttpReply reply = get(status, path);
            assertEquals(404, reply.status(), path + " answered " + reply.body());
            assertFalse(reply.body().contains("secret") || reply.body().contains("<project") || reply.body().contains("root:"),
                path);
        }
    }

    @Test
    void refusesWhatIsNotASmallGet() throws IOException {
        // A body is refused for its size (the status port takes none), a bodiless POST for its method.
        assertEquals(413, status.post("(info)").status());
        assertEquals(405, status.exchange("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            .status());
        GgpClient.HttpReply longLine = get(status, "/" + "a".repeat(StatusServer.MAX_REQUEST_LINE + 10));
        assertTrue(longLine.status() == 400 || longLine.status() == 414, longLine.toString());
        assertEquals(200, get(status, "/status.json").status(), "serves on after a refusal");
    }

    /** The status port takes nothing from the GGP port: it answers the protocol, and not with the page's data. */
    @Test
    void ggpPortAnswersTheProtocolOnly() throws IOException {
        assertTrue(ggp.send("(info)").contains("StatusPlayer"));
        GgpClient.HttpReply onGgpPort = get(ggp, "/status.json");
        assertFalse(onGgpPort.body().contains("\"player\""), onGgpPort.body());
    }

    /** A status port already taken costs the page only: a warning, and GGP is served. */
    @Test
    void aTakenStatusPortLeavesTheGgpEndpointServing(@TempDir Path otherRecords) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             LogCapture log = new LogCapture(PlayerServer.class.getName())) {
            PlayerServer second = new PlayerServer(config(taken.getLocalPort(), otherRecords));
            try {
                GgpClient client = new GgpClient(second.start(new InetSocketAddress("127.0.0.1", 0)));
                assertTrue(client.send("(info)").contains("available"));
                assertNull(second.statusUrl());
                assertTrue(log.messages().stream().anyMatch(m -> m.startsWith("status page not started: cannot listen on 127.0.0.1:"
                    + taken.getLocalPort())), log.messages().toString());
            } finally {
                second.close();
            }
        }
    }
}
