package org.ratchet.player.server;

import org.ratchet.reasoner.GameCorpus;

/** Games of the shared corpus by name, as rule-sheet text (found through the reasoner's {@link GameCorpus}). */
final class TestGames {
    private TestGames() {
    }

    static String repositoryGame(String name) {
        return GameCorpus.read(GameCorpus.repositoryGame(name));
    }

    static String edgeCase(String name) {
        return GameCorpus.read(GameCorpus.root().resolve("edge-cases").resolve(name + ".kif"));
    }
}
