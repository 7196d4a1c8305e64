package org.ratchet.player.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.StateMachineFactory;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.GdlException;
import picocli.CommandLine.Option;

/**
 * The engine options of the commands that run a game file ({@code --engine}, {@code --order}), and the one
 * way those commands prepare a game. Without {@code --engine} a game is prepared as the player prepares it:
 * hsfc when it compiles within its budget, otherwise bottomup, otherwise topdown; the factory's engineName()
 * says which.
 */
final class EngineChoice {

    @Option(names = "--engine", paramLabel = "NAME",
        description = "Engine to reason with: hsfc, bottomup, topdown, prover or default (default: hsfc, or "
            + "bottomup where hsfc cannot compile the game within its budget, or topdown where neither can "
            + "prepare it).")
    String engine;

    @Option(names = "--order", paramLabel = "ORDER",
        description = "Hypothesis order for hsfc: best, source or worst (HSFC Table 2), or auto: the faster of best "
            + "and source on a short measurement (default: auto).")
    String order;

    StateMachineFactory prepare(Path game) throws GdlException, IOException {
        EngineOptions options = EngineOptions.defaults();
        if (order != null) {
            options = options.withOrder(order);
        }
        return Engines.prepare(engine == null ? Engines.DEFAULT : engine, GameLoader.load(game), options);
    }
}
