package org.ratchet.player.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;

/**
 * Clients that try to hold the endpoint: requests trickled a byte at a time (slowloris) and floods of
 * connections. Each attacker connects from its own loopback address, so the per-address cap sees it as one
 * client and the game server (127.0.0.1) as another.
 */
class HostileClientsTest {
    private static final String INFO_REPLY = "((name TestPlayer) (status available))";
    /** Long enough for any answer on a loaded machine, far shorter than the idle timeout set below. */
    private static final int CLOSE_EXPECTED_WITHIN_MILLIS = 15_000;

    private PlayerServer server;
    private final List<Socket> sockets = new ArrayList<>();

    private GgpClient start(int maxConnections, int maxPerAddress) throws InterruptedException {
        PlayerConfig config = PlayerConfig.defaults()
            .with(Setting.NAME, "TestPlayer")
            // Only the request deadline may cut a trickling client off: the idle timeout is far away.
            .with(Setting.IDLE_TIMEOUT_SECONDS, "300")
            .with(Setting.REQUEST_TIMEOUT_SECONDS, "2")
            .with(Setting.MAX_CONNECTIONS, Integer.toString(maxConnections))
            .with(Setting.MAX_CONNECTIONS_PER_ADDRESS, Integer.toString(maxPerAddress))
            .with(Setting.STATUS_PORT, "0")
            .with(Setting.RECORDS_KEEP, "0");
        server = new PlayerServer(config);
        return new GgpClient(server.start(new InetSocketAddress("127.0.0.1", 0)));
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        server.close();
    }

    /**
     * Three clients send a request a byte every 100 ms, a request that would take a minute to arrive: each is
     * cut off by the 2 s request deadline, and (info) is answered all the while.
     */
    @Test
    void tricklingClientsAreCutOffWhileInfoIsAnswered() throws Exception {
        GgpClient client = start(64, 8);
        byte[] request = GgpClient.postRequest("HTTP/1.1", "(info)" + " ".repeat(600), "")
            .getBytes(StandardCharsets.US_ASCII);
        AtomicInteger bytesSent = new AtomicInteger();
        List<Thread> tricklers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Socket socket = client.connectFrom("127.0.0.2");
            sockets.add(socket);
            Thread trickler = new Thread(() -> trickle(socket, request, bytesSent), "trickler-" + i);
            trickler.setDaemon(true);
            trickler.start();
            tricklers.add(trickler);
        }
        for (int i = 0; i < 5; i++) {
            assertEquals(INFO_REPLY, client.send("(info)"));
            Thread.sleep(200);
        }
        for (Socket socket : sockets) {
            assertClosedByServer(socket);
        }
        for (Thread trickler : tricklers) {
            trickler.join(CLOSE_EXPECTED_WITHIN_MILLIS);
        }
        assertTrue(bytesSent.get() < 3 * request.length, "no trickled request arrived whole");
        assertEquals(INFO_REPLY, client.send("(info)"));
    }

    /** Writes the request a byte every 100 ms until it is sent or the server hangs up. */
    private static void trickle(Socket socket, byte[] request, AtomicInteger bytesSent) {
        try {
            OutputStream out = socket.getOutputStream();
            for (byte b : request) {
                out.write(b);
                out.flush();
                bytesSent.incrementAndGet();
                Thread.sleep(100);
            }
        } catch (IOException | InterruptedException hungUp) {
            // The server closed the connection: what the test waits for.
        }
    }

    @Test
    void connectionsOverThePerAddressCapAreClosedAtOnce() throws Exception {
        GgpClient client = start(64, 4);
        for (int i = 0; i < 4; i++) {
            sockets.add(admitted(client, "127.0.0.3"));
        }
        Socket overCap = client.connectFrom("127.0.0.3");
        sockets.add(overCap);
        assertClosedByServer(overCap);
        // Another address is still served, and so is this one once a connection of its own ends.
        assertEquals(INFO_REPLY, client.send("(info)"));
        sockets.remove(0).close();
        assertEquals(INFO_REPLY, sendOnceAdmitted(client, "127.0.0.3"));
    }

    @Test
    void connectionsOverTheTotalCapAreClosedAtOnce() throws Exception {
        GgpClient client = start(6, 3);
        for (String address : new String[] {"127.0.0.4", "127.0.0.5"}) {
            for (int i = 0; i < 3; i++) {
                sockets.add(admitted(client, address));
            }
        }
        Socket overCap = client.connectFrom("127.0.0.6");
        sockets.add(overCap);
        assertClosedByServer(overCap);
        sockets.remove(0).close();
        assertEquals(INFO_REPLY, sendOnceAdmitted(client, "127.0.0.1"));
    }

    /**
     * A connection the server has admitted, kept open: it answered (info) on it. (Connections are admitted on
     * two event loops, so without this the next connection could be counted before this one.)
     */
    private static Socket admitted(GgpClient client, String localAddress) throws IOException {
        Socket socket = client.connectFrom(localAddress);
        socket.getOutputStream().write(GgpClient.postRequest("HTTP/1.1", "(info)", "").getBytes(StandardCharsets.US_ASCII));
        assertEquals(INFO_REPLY, GgpClient.readReply(socket, System.nanoTime(), false).body());
        return socket;
    }

    /** The server learns of a closed connection a moment later: retries (a bounded number of times) until then. */
    private static String sendOnceAdmitted(GgpClient client, String localAddress) throws Exception {
        String request = GgpClient.postRequest("HTTP/1.1", "(info)", "Connection: close\r\n");
        for (int attempt = 0; attempt < 50; attempt++) {
            try (Socket socket = client.connectFrom(localAddress)) {
                socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
                return GgpClient.readReply(socket, System.nanoTime(), false).body();
            } catch (IOException refusedStill) {
                Thread.sleep(100);
            }
        }
        return fail("no connection from " + localAddress + " admitted after one was closed");
    }

    /** The server closes the connection: end of stream, or a reset if the client was still writing. */
    private static void assertClosedByServer(Socket socket) throws IOException {
        socket.setSoTimeout(CLOSE_EXPECTED_WITHIN_MILLIS);
        try {
            int read = socket.getInputStream().read();
            assertEquals(-1, read, "the server must send nothing, only close");
        } catch (SocketTimeoutException stillOpen) {
            fail("the server kept the connection open");
        } catch (SocketException reset) {
            // Closed while the client wrote: as good as end of stream.
        }
    }
}
