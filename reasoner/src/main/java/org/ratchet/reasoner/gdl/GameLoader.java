package org.ratchet.reasoner.gdl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The one way from rule text to a game the engines accept: read, normalise and validate. */
public final class GameLoader {
    private GameLoader() {
    }

    public static GameDescription load(String kif) throws GdlException {
        return load(KifReader.read(kif));
    }

    public static GameDescription load(List<SExpr> rules) throws GdlException {
        return GdlParser.parse(rules);
    }

    public static GameDescription load(Path file) throws GdlException, IOException {
        return load(Files.readString(file, StandardCharsets.UTF_8));
    }
}
