package org.ratchet.reasoner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The shared game corpus beside the checkout (../shared/games), as tests read it. */
public final class GameCorpus {
    private GameCorpus() {
    }

    public static Path root() {
        String configured = System.getProperty("ratchet.games");
        Path path = configured != null ? Path.of(configured) : Path.of("../../shared/games");
        if (!Files.isDirectory(path)) {
            path = Path.of("../shared/games");
        }
        return path.toAbsolutePath().normalize();
    }

    public static List<Path> repositoryGames() {
        return list(root().resolve("repository"));
    }

    public static List<Path> edgeCaseGames() {
        return list(root().resolve("edge-cases"));
    }

    public static Path repositoryGame(String name) {
        return root().resolve("repository").resolve(name + ".kif");
    }

    public static String read(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> games = files.filter(p -> p.toString().endsWith(".kif")).sorted().toList();
            if (games.isEmpty()) {
                throw new IllegalStateException("no .kif games in " + dir);
            }
            return games;
        } catch (IOException e) {
            throw new UncheckedIOException("game corpus not found at " + dir, e);
        }
    }
}
