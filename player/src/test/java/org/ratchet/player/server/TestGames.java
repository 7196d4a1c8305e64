package org.ratchet.player.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The shared game corpus, found as every module's tests find it: the {@code ratchet.games} property. */
final class TestGames {
    private TestGames() {
    }

    static String repositoryGame(String name) throws IOException {
        return read("repository", name);
    }

    static String edgeCase(String name) throws IOException {
        return read("edge-cases", name);
    }

    private static String read(String folder, String name) throws IOException {
        Path root = Path.of(System.getProperty("ratchet.games", "../../shared/games"));
        return Files.readString(root.resolve(folder).resolve(name + ".kif"), StandardCharsets.UTF_8);
    }
}
