package org.ratchet.player.cli;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ratchet.reasoner.StateMachine;
import org.ratchet.reasoner.play.TraceWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "trace", mixinStandardHelpOptions = true,
    description = {"Write random playouts in the JSON-lines trace format (../shared/TRACE.md).",
        "Joint moves are drawn uniformly per role from one random stream: the same seed and engine give "
            + "the same trace. A playout still running after --max-steps joint moves is cut (with a warning)."})
public final class TraceCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "GAME.kif", description = "The game's rules.")
    Path game;

    @Option(names = "--seed", defaultValue = "0", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--playouts", defaultValue = "1", description = "Number of playouts (default: ${DEFAULT-VALUE}).")
    int playouts;

    @Mixin
    EngineChoice engineChoice;

    @Option(names = "--max-steps", defaultValue = "10000",
        description = "Joint moves after which a playout is cut (default: ${DEFAULT-VALUE}).")
    int maxSteps;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the trace here instead of standard output.")
    Path out;

    @Override
    public Integer call() {
        if (playouts < 0 || maxSteps < 0) {
            System.err.println("ratchet trace: --playouts and --max-steps must not be negative");
            return 2;
        }
        try {
            StateMachine machine = engineChoice.prepare(game).newMachine();
            if (out != null) {
                try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                    new TraceWriter(machine, writer).write(playouts, seed, maxSteps);
                }
            } else {
                // Standard output stays open: flushed, never closed.
                Writer writer = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
                new TraceWriter(machine, writer).write(playouts, seed, maxSteps);
                writer.flush();
            }
            return 0;
        } catch (Exception | StackOverflowError e) {
            System.err.println("ratchet trace: " + game + ": " + GameFailure.describe(e));
            return 1;
        }
    }
}
