package org.ratchet.reasoner.gdl;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The one way from rule text to a game the engines accept: read, normalise the quirks that have one
 * sensible reading (warnings say which), and validate. What it returns is valid GDL; anything else is a
 * {@link GdlException} naming the rule and its line.
 */
public final class GameLoader {
    private GameLoader() {
    }

    public static GameDescription load(String kif) throws GdlException {
        return load(KifReader.read(kif));
    }

    public static GameDescription load(List<SExpr> rules) throws GdlException {
        GameDescription normalised = GdlNormaliser.normalise(GdlParser.parse(rules));
        GameDescription safe = ExistentialNegation.rewrite(normalised);
        GameDescription stratified = NegatedInstanceSplitter.stratify(safe);
        List<String> warnings = GdlValidator.validate(stratified);
        return warnings.isEmpty() ? stratified : stratified.withRules(stratified.rules(), warnings);
    }

    /**
     * Reads a rule file as UTF-8. Bytes that are not UTF-8 (e.g. Latin-1 accents in a comment) are
     * replaced rather than rejected: symbols are ASCII in practice, and a comment should not stop a game.
     */
    public static GameDescription load(Path file) throws GdlException, IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE)
            .decode(ByteBuffer.wrap(bytes))
            .toString();
        return load(text);
    }
}
