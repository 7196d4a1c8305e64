package org.ratchet.player.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A test client speaking HTTP over a plain socket, so tests control every byte of a request (HTTP/1.0,
 * malformed requests, silence) and see every byte of the response.
 */
final class GgpClient {
    private static final int READ_TIMEOUT_MILLIS = 30_000;

    private final int port;

    GgpClient(int port) {
        this.port = port;
    }

    /** A response as received; {@code closedAfter} tells whether the server closed the connection after it. */
    record HttpReply(String version, int status, Map<String, String> headers, String body, boolean closedAfter,
                     long millis) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** POSTs a message the way GGP servers do and returns the response. */
    HttpReply post(String message) throws IOException {
        return exchange(postRequest("HTTP/1.1", message, "Connection: close\r\n"));
    }

    /** The reply body of a POST that must succeed. */
    String send(String message) throws IOException {
        HttpReply reply = post(message);
        if (reply.status() != 200) {
            throw new AssertionError("'" + message + "' answered " + reply.status() + ": " + reply.body());
        }
        return reply.body();
    }

    static String postRequest(String version, String body, String extraHeaders) {
        int length = body.getBytes(StandardCharsets.UTF_8).length;
        return "POST / " + version + "\r\nHost: 127.0.0.1\r\nContent-Type: text/acl\r\nAccept: text/delim\r\n"
            + "Sender: GAMESERVER\r\nReceiver: 127.0.0.1\r\n" + extraHeaders + "Content-Length: " + length + "\r\n\r\n"
            + body;
    }

    /** Sends raw request text and reads one response. */
    HttpReply exchange(String rawRequest) throws IOException {
        try (Socket socket = connect()) {
            long started = System.nanoTime();
            OutputStream out = socket.getOutputStream();
            out.write(rawRequest.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return readReply(socket, started, true);
        }
    }

    Socket connect() throws IOException {
        return connectFrom("127.0.0.1");
    }

    /** A connection from another loopback address (127.0.0.2 ...), which the server sees as another client. */
    Socket connectFrom(String localAddress) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(localAddress, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    /**
     * Reads one response: status line, headers, then exactly Content-Length bytes of body; with
     * {@code checkClose}, then waits briefly to see whether the server closes the connection.
     */
    static HttpReply readReply(Socket socket, long startedNanos, boolean checkClose) throws IOException {
        InputStream in = socket.getInputStream();
        String statusLine = readLine(in);
        if (statusLine == null) {
            throw new IOException("connection closed without a response");
        }
        String[] parts = statusLine.split(" ", 3);
        Map<String, String> headers = new HashMap<>();
        for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new IOException("body shorter than its Content-Length: " + body.length + " < " + length);
        }
        long millis = (System.nanoTime() - startedNanos) / 1_000_000;
        boolean closed = false;
        if (checkClose) {
            socket.setSoTimeout(1_000);
            closed = isClosed(in);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        }
        return new HttpReply(parts[0], Integer.parseInt(parts[1]), headers, new String(body, StandardCharsets.UTF_8),
            closed, millis);
    }

    /** True if the peer closed the stream (checked with a short wait for more bytes). */
    static boolean isClosed(InputStream in) {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }
}
