package org.ratchet.player.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ratchet.player.gamemaster.PreparedGame;
import org.ratchet.player.gamemaster.Tournament;
import org.ratchet.player.gamemaster.TournamentResult;
import org.ratchet.reasoner.gdl.GdlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "tournament", mixinStandardHelpOptions = true,
    description = {"Run a series of matches between GGP players.",
        "Every group of as many players as the game has roles meets in turn,",
        "rotating through the roles. Prints each player's mean score and win",
        "rate with 95%% confidence intervals."},
    footer = {"", "Example:", "  ratchet tournament --game connectFour.kif --matches 6 --start 10 --play 2 \\",
        "      --player mcts=localhost:9147 --player random=localhost:9148 --csv r.csv"})
public final class TournamentCommand implements Callable<Integer> {

    @Mixin
    MatchCommand.RefereeOptions options;

    @Option(names = "--matches", required = true, paramLabel = "N", description = "Number of matches.")
    int matches;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write one row per player per match here.")
    Path csv;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the standings and matches here as JSON.")
    Path json;

    @Override
    public Integer call() {
        if (matches < 1) {
            System.err.println("ratchet tournament: --matches must be at least 1");
            return 2;
        }
        try {
            PreparedGame game = options.loadGame();
            TournamentResult result = new Tournament(options.gamemaster())
                .run(game, options.playerAddresses(), matches, options.clocks(), options.out, System.out);
            System.out.print(result.render());
            if (csv != null) {
                write(csv, result.toCsv());
            }
            if (json != null) {
                write(json, result.toJson() + "\n");
            }
            return 0;
        } catch (GdlException e) {
            System.err.println("ratchet tournament: " + options.game + ": " + e.getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println("ratchet tournament: " + e);
            return 2;
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("ratchet tournament: " + e.getMessage());
            return 2;
        }
    }

    private static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
