package org.ratchet.player.gamemaster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.KifReader;
import org.ratchet.reasoner.gdl.SExpr;

/**
 * A game as the gamemaster holds it: its name, the rule sheet as given (kept in match records), the rules
 * as read (sent in start messages, without the sheet's comments and layout) and the engine that referees it.
 */
public record PreparedGame(String name, String rulesheet, List<SExpr> rules, StateMachineFactory referee) {

    public PreparedGame {
        rules = List.copyOf(rules);
    }

    public static PreparedGame load(Path file, String engine) throws IOException, GdlException {
        String fileName = file.getFileName().toString();
        String name = fileName.endsWith(".kif") ? fileName.substring(0, fileName.length() - 4) : fileName;
        return of(name, Files.readString(file, StandardCharsets.UTF_8), engine);
    }

    public static PreparedGame of(String name, String rulesheet, String engine) throws GdlException {
        List<SExpr> rules = KifReader.read(rulesheet);
        StateMachineFactory factory = Engines.prepare(engine, GameLoader.load(rules), EngineOptions.defaults());
        return new PreparedGame(name, rulesheet, rules, factory);
    }
}
