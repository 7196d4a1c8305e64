package org.ratchet.player.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.player.gamemaster.JsonCodec;
import tools.jackson.databind.JsonNode;

/**
 * The status page and the match viewer in a real browser: headless Chromium loads the page during a real
 * match and the viewer on the match's record, and the test reads the DOM the scripts built (game, role, move
 * list, board cells, chart elements). Screenshots go to {@code target/screenshots/}.
 *
 * <p>Needs Debian's {@code chromium} (or {@code RATCHET_CHROMIUM=path}); {@code scripts/test} installs it. Without
 * it the test fails under CI ({@code CI} set) and is skipped, with a message, elsewhere.
 */
class StatusBrowserTest {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final long BROWSER_TIMEOUT_SECONDS = 90;

    @TempDir
    static Path work;
    private static PlayerServer server;
    private static GgpClient ggp;
    private static String statusUrl;
    private static GgpClient status;
    private static Path chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = findChromium();
        server = new PlayerServer(StatusPageTest.config(StatusPageTest.freePort(), work.resolve("records")));
        ggp = new GgpClient(server.start(new InetSocketAddress("127.0.0.1", 0)));
        statusUrl = server.statusUrl();
        status = StatusPageTest.statusClient(server);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static Path findChromium() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getenv("RATCHET_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
                candidates.add(Path.of(dir, name));
            }
        }
        for (Path candidate : candidates) {
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        String why = "no chromium found (install Debian's chromium: scripts/test does, or set RATCHET_CHROMIUM)";
        if (System.getenv("CI") != null) {
            fail("the browser test must run in CI: " + why);
        }
        Assumptions.abort("browser test skipped: " + why);
        return null;
    }

    @Test
    void statusPageDuringAMatchAndTheViewerOnItsRecord() throws Exception {
        ScriptedGamemaster gamemaster = new ScriptedGamemaster(ggp, TestGames.repositoryGame("ticTacToe"));
        String[] liveDom = new String[1];
        // Between two plies of the match (the player waits for the next play message), the browser looks.
        int plies = gamemaster.playMatch("browser.1", 0, 20, 2, ply -> {
            if (ply == 3) {
                StatusPageTest.awaitStatus(status, json -> json.path("match").path("moves").size() >= 3, "three moves");
                liveDom[0] = dumpDom(statusUrl);
                screenshot(statusUrl, SCREENSHOTS.resolve("status-page.png"));
            }
        });
        assertTrue(plies >= 5, "tic-tac-toe lasts five plies at least, played " + plies);

        String dom = liveDom[0];
        assertTrue(dom.contains("id=\"match-id\">browser.1"), dom);
        assertTrue(dom.contains("id=\"role\">xplayer<"), dom);
        assertTrue(Pattern.compile("id=\"game\">game-[0-9a-f]{8}").matcher(dom).find(), dom);
        assertTrue(dom.contains("id=\"connection\" class=\"muted\">live<"), dom);
        assertTrue(count(dom, "<td class=\"move\">") >= 3, "three moves listed: " + dom);
        assertEquals(9, count(dom, "<td class=\"cell"), "the tic-tac-toe board, 3 by 3: " + dom);
        // The state the player last saw: after two joint moves (the third arrives with the next play), one mark each.
        assertEquals(2, count(dom, "class=\"cell piece\""), "the marks of two plies drawn: " + dom);
        assertTrue(count(dom, "class=\"bar") >= 2, "bars of the top moves: " + dom);
        assertTrue(dom.contains("class=\"value-line\""), "the line of expected values: " + dom);

        JsonNode recent = StatusPageTest.awaitStatus(status, json -> json.path("recent").size() > 0, "the finished match")
            .path("recent").get(0);
        String record = recent.path("record").asString();
        String viewer = statusUrl + "viewer.html?record=" + record + "&step=last";
        String viewerDom = dumpDom(viewer);
        screenshot(viewer, SCREENSHOTS.resolve("viewer.png"));
        assertTrue(viewerDom.contains("id=\"match-id\">browser.1<"), viewerDom);
        assertTrue(viewerDom.contains("state " + plies + " of " + plies), viewerDom);
        assertEquals(plies, count(viewerDom, "<tr data-turn="), "one row per turn: " + viewerDom);
        assertEquals(2 * plies, count(viewerDom, "<td class=\"move\">"), "a move per role per turn: " + viewerDom);
        assertEquals(9, count(viewerDom, "<td class=\"cell"), viewerDom);
        assertTrue(count(viewerDom, "class=\"cell piece\"") >= 5, "the final board's marks: " + viewerDom);
        assertTrue(JsonCodec.MAPPER.readTree(StatusPageTest.get(status, "/records.json").body()).toString()
            .contains(record));
    }

    private static int count(String text, String part) {
        Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The DOM after the page's scripts ran (a few seconds of the page's time: several polls). */
    private static String dumpDom(String url) throws IOException {
        Path out = Files.createTempFile(work, "dom", ".html");
        run(List.of("--virtual-time-budget=4000", "--dump-dom", url), out);
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static void screenshot(String url, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.deleteIfExists(file);
        run(List.of("--virtual-time-budget=4000", "--window-size=1280,1100",
            "--screenshot=" + file.toAbsolutePath(), url), Files.createTempFile(work, "shot", ".log"));
        byte[] png = Files.readAllBytes(file);
        assertTrue(png.length > 10_000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG screenshot: " + file);
    }

    private static void run(List<String> arguments, Path stdout) throws IOException {
        Path profile = Files.createTempDirectory(work, "chromium");
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
            "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
            "--user-data-dir=" + profile.toAbsolutePath()));
        command.addAll(arguments);
        Path stderr = Files.createTempFile(work, "chromium", ".err");
        Process browser = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
            .start();
        try {
            if (!browser.waitFor(BROWSER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                browser.destroyForcibly();
                fail("chromium did not finish in " + BROWSER_TIMEOUT_SECONDS + " s: " + command);
            }
        } catch (InterruptedException e) {
            browser.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (browser.exitValue() != 0) {
            fail("chromium exited with " + browser.exitValue() + ": " + Files.readString(stderr));
        }
    }
}
