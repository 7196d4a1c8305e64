package org.ratchet.player.gauntlet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ratchet.player.gamemaster.PlayerAddress;
import org.ratchet.player.gamemaster.PlayerClient;

/** A player running as its own process on a loopback port, its standard output and error in a log file. */
final class PlayerProcess implements AutoCloseable {
    private static final long READY_TIMEOUT_MILLIS = 60_000;
    private static final long POLL_MILLIS = 200;
    private static final int MAX_QUOTE = 200;
    private static final int MAX_ATTEMPTS = 3;

    private final Process process;
    private final PlayerAddress address;
    private final Path log;

    private PlayerProcess(Process process, PlayerAddress address, Path log) {
        this.process = process;
        this.address = address;
        this.log = log;
    }

    /**
     * Starts the player in {@code workingDirectory} (where it finds no {@code config/ratchet.properties} of
     * its own, so each build reads the settings file shipped beside its jar) and waits until it answers
     * {@code (info)}. A player that exits at once is started again on another port, twice at most: the free
     * port it was given may have been taken by another program before the player's JVM came up to bind it.
     *
     * @throws IOException if it cannot start, exits, or does not answer within a minute; the message says where
     *                     its log is
     */
    static PlayerProcess start(PlayerLaunch launch, String name, int cpu, Path workingDirectory, Path log)
            throws IOException {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            ProcessBuilder builder = new ProcessBuilder(launch.command(name, port, cpu));
            // No status page (several players share the host) and no records of their own (the gamemaster
            // keeps them); as environment variables, which builds without these settings ignore.
            builder.environment().put("RATCHET_STATUS_PORT", "0");
            builder.environment().put("RATCHET_RECORDS_KEEP", "0");
            Process process = builder
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true)
                // appended: a resumed run's logs keep the sessions before it, whose late moves count too
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
            PlayerProcess player = new PlayerProcess(process, new PlayerAddress(name, "127.0.0.1", port), log);
            try {
                player.awaitReady();
                return player;
            } catch (IOException | RuntimeException notReady) {
                boolean exited = !process.isAlive();
                player.close();
                if (!exited || attempt == MAX_ATTEMPTS) {
                    throw notReady;
                }
            }
        }
    }

    PlayerAddress address() {
        return address;
    }

    private void awaitReady() throws IOException {
        PlayerClient client = new PlayerClient();
        long deadline = System.currentTimeMillis() + READY_TIMEOUT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("player " + address + " exited with status " + process.exitValue()
                    + " before it answered (" + lastLine(log) + "); see " + log);
            }
            PlayerClient.Reply reply = PlayerClient.await(client.post(address, "(info)", POLL_MILLIS * 5),
                System.currentTimeMillis() + POLL_MILLIS * 5);
            if (reply.answered() && !reply.text().isEmpty()) {
                return;
            }
            sleep(POLL_MILLIS);
        }
        throw new IOException("player " + address + " did not answer (info) within "
            + READY_TIMEOUT_MILLIS / 1000 + " s; see " + log);
    }

    /** The log's last line, shortened: usually why a player that exited gave up. */
    private static String lastLine(Path log) {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            String last = lines.reduce("", (previous, line) -> line.isBlank() ? previous : line).trim();
            return last.length() <= MAX_QUOTE ? last : last.substring(0, MAX_QUOTE) + "...";
        } catch (IOException | UncheckedIOException unreadable) {
            return "log unreadable";
        }
    }

    /** A port nobody listens on now; the player binds it a moment later. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Asks the player to shut down (its shutdown hook closes the server); kills it if it has not in ten seconds. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a player to start", e);
        }
    }

    /** Starts players one after another; on a failure the ones already started are stopped. */
    static List<PlayerProcess> startAll(List<PlayerLaunch> launches, List<String> names, int[] cpus,
                                        Path workingDirectory) throws IOException {
        PlayerProcess[] started = new PlayerProcess[launches.size()];
        try {
            for (int p = 0; p < started.length; p++) {
                started[p] = start(launches.get(p), names.get(p), cpus[p], workingDirectory,
                    workingDirectory.resolve(names.get(p) + ".log"));
            }
        } catch (IOException | RuntimeException failure) {
            for (PlayerProcess player : started) {
                if (player != null) {
                    player.close();
                }
            }
            throw failure;
        }
        return List.of(started);
    }
}
