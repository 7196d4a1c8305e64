package org.ratchet.player.gauntlet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.ratchet.player.gamemaster.Gamemaster;
import org.ratchet.player.gamemaster.JsonCodec;
import tools.jackson.core.JacksonException;

/**
 * What makes the matches of two gauntlet runs measure the same thing, so that a stopped run can be continued
 * and its matches counted with the new ones: each build (the SHA-256 of its jar and of the settings file
 * shipped beside it, which the player reads), the serve options of each side, the Java runtime and its options,
 * and the clocks. Where the players run (CPUs) and how many matches are asked for may differ between sessions.
 * A run keeps its identity in {@value #FILE} in its output folder.
 */
record RunIdentity(String newBuild, List<String> newServeOptions, String referenceBuild,
                   List<String> referenceServeOptions, String java, List<String> javaOptions, int startClock,
                   int playClock, long networkGraceMillis) {
    static final String FILE = "run.json";
    /** The settings file a player reads beside its jar (see {@link PlayerProcess#start}). */
    private static final Path SHIPPED_SETTINGS = Path.of("config", "ratchet.properties");

    static RunIdentity of(Gauntlet.Settings settings) throws IOException {
        Gamemaster.Clocks clocks = settings.clocks();
        return new RunIdentity(digest(settings.newBuild().jar()), settings.newBuild().serveOptions(),
            digest(settings.reference().jar()), settings.reference().serveOptions(),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
            settings.newBuild().javaOptions(), clocks.startClockSeconds(), clocks.playClockSeconds(),
            clocks.networkGraceMillis());
    }

    /**
     * The SHA-256 of the jar's bytes followed by those of the settings file beside it, if there is one: a
     * rebuilt jar, or the same jar with other shipped settings, plays differently.
     */
    static String digest(Path jar) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        Path absolute = jar.toAbsolutePath();
        update(sha, absolute);
        Path settings = absolute.resolveSibling(SHIPPED_SETTINGS);
        if (Files.isRegularFile(settings)) {
            update(sha, settings);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static void update(MessageDigest sha, Path file) throws IOException {
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                sha.update(buffer, 0, n);
            }
        }
    }

    void write(Path folder) throws IOException {
        Files.writeString(folder.resolve(FILE), JsonCodec.write(this) + "\n", StandardCharsets.UTF_8);
    }

    /** The identity kept in {@code folder}, or null if it holds none. */
    static RunIdentity read(Path folder) throws IOException {
        Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            RunIdentity identity = JsonCodec.MAPPER.readValue(Files.readString(file, StandardCharsets.UTF_8),
                RunIdentity.class);
            if (identity == null || identity.newBuild() == null || identity.referenceBuild() == null) {
                throw new IllegalArgumentException(file + " does not name the builds of the run");
            }
            return identity;
        } catch (JacksonException e) {
            throw new IllegalArgumentException(file + " is not a gauntlet run's identity: " + e.getOriginalMessage());
        }
    }

    /** What differs from {@code run} (the identity a run was started with), one phrase each; empty if nothing. */
    List<String> differencesFrom(RunIdentity run) {
        List<String> differences = new ArrayList<>();
        differ(differences, "the new build's jar or shipped settings", run.newBuild, newBuild);
        differ(differences, "the new build's serve options", run.newServeOptions, newServeOptions);
        differ(differences, "the reference's jar or shipped settings", run.referenceBuild, referenceBuild);
        differ(differences, "the reference's serve options", run.referenceServeOptions, referenceServeOptions);
        differ(differences, "the Java runtime", run.java, java);
        differ(differences, "the JVM options", run.javaOptions, javaOptions);
        differ(differences, "the start clock", run.startClock, startClock);
        differ(differences, "the play clock", run.playClock, playClock);
        differ(differences, "the network grace", run.networkGraceMillis, networkGraceMillis);
        return differences;
    }

    private static void differ(List<String> differences, String what, Object then, Object now) {
        if (!Objects.equals(then, now)) {
            differences.add(what + " (" + shorten(then) + " in the run, " + shorten(now) + " now)");
        }
    }

    /** A digest's first 12 hex digits are enough to tell builds apart in a message. */
    private static String shorten(Object value) {
        String text = String.valueOf(value);
        return text.matches("[0-9a-f]{64}") ? text.substring(0, 12) : text;
    }
}
