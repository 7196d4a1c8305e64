package org.ratchet.player.gamemaster;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A minimal GGP player for tests: an HTTP server on a loopback port that answers each posted message
 * with whatever its script says. It keeps every message it received.
 */
final class ScriptedPlayer implements AutoCloseable {

    /** Computes the reply to one message; may sleep to be late, or return {@code null} to answer HTTP 500. */
    interface Script {
        String reply(String message) throws Exception;
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<String> received = new CopyOnWriteArrayList<>();

    ScriptedPlayer(Script script) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> answer(exchange, script));
        // Several threads, so that a late reply does not hold up the next message.
        server.setExecutor(threads);
        server.start();
    }

    private void answer(HttpExchange exchange, Script script) throws IOException {
        String message = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(message);
        String reply;
        try {
            reply = script.reply(message);
        } catch (Exception e) {
            reply = null;
        }
        byte[] body = (reply == null ? "script failed" : reply).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "text/acl");
        try {
            exchange.sendResponseHeaders(reply == null ? 500 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (IOException e) {
            // The gamemaster gave up on a late reply and closed the connection.
        } finally {
            exchange.close();
        }
    }

    PlayerAddress address() {
        return new PlayerAddress(InetAddress.getLoopbackAddress().getHostAddress(), server.getAddress().getPort());
    }

    List<String> received() {
        return List.copyOf(received);
    }

    /** A loopback address where nothing listens (the port was just free). */
    static PlayerAddress deadAddress() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new PlayerAddress(InetAddress.getLoopbackAddress().getHostAddress(), socket.getLocalPort());
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
