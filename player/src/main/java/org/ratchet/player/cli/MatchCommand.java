package org.ratchet.player.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import org.ratchet.player.gamemaster.Gamemaster;
import org.ratchet.player.gamemaster.MatchRecord;
import org.ratchet.player.gamemaster.MatchSummary;
import org.ratchet.player.gamemaster.PlayerAddress;
import org.ratchet.player.gamemaster.PlayerClient;
import org.ratchet.player.gamemaster.PreparedGame;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.gdl.GdlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "match", mixinStandardHelpOptions = true,
    description = {"Run one match between GGP players and record it.",
        "A late, illegal or unreadable reply, or a failed connection, is recorded",
        "as an error and replaced by a random legal move. Prints a summary and",
        "writes the match record (ggp.org JSON) to --out."},
    footer = {"", "Example:", "  ratchet match --game ticTacToe.kif --start 10 --play 5 \\",
        "      --player localhost:9147 --player localhost:9148"})
public final class MatchCommand implements Callable<Integer> {

    /** What a match and a tournament are both set up with. */
    static final class RefereeOptions {
        @Option(names = "--game", required = true, paramLabel = "GAME.kif", description = "The rule sheet (KIF).")
        Path game;

        @Option(names = "--player", required = true, paramLabel = "[NAME=]HOST:PORT",
            description = "A player's address, optionally named (NAME=HOST:PORT); repeat the option, one per "
                + "role in role order (for a tournament: the pool of players).")
        List<String> players;

        @Mixin
        ClockOptions clockOptions;

        @Option(names = "--out", defaultValue = "matches", paramLabel = "DIR",
            description = "Directory for the match records (default ${DEFAULT-VALUE}).")
        Path out;

        @Option(names = "--engine", paramLabel = "ENGINE",
            description = "Reasoner that referees the match: hsfc, bottomup, topdown or prover (default: hsfc, or bottomup "
                + "where hsfc cannot compile the game within its budget, or topdown where neither can prepare it).")
        String engine;

        @Option(names = "--seed", paramLabel = "N",
            description = "Seed for the random moves that replace faulty replies.")
        Long seed;

        List<PlayerAddress> playerAddresses() {
            List<PlayerAddress> addresses = new ArrayList<>(players.size());
            for (String player : players) {
                addresses.add(PlayerAddress.parse(player));
            }
            return addresses;
        }

        PreparedGame loadGame() throws IOException, GdlException {
            return PreparedGame.load(game, engine != null ? engine : Engines.DEFAULT);
        }

        Gamemaster.Clocks clocks() {
            return clockOptions.clocks();
        }

        Gamemaster gamemaster() {
            return new Gamemaster(new PlayerClient(), seed != null ? new Random(seed) : new Random());
        }
    }

    @Mixin
    RefereeOptions options;

    @Option(names = "--match-id", paramLabel = "ID", description = "Match id (default: GAME.TIMESTAMP).")
    String matchId;

    @Override
    public Integer call() {
        try {
            List<PlayerAddress> players = options.playerAddresses();
            PreparedGame game = options.loadGame();
            String id = matchId != null ? matchId : game.name() + "." + System.currentTimeMillis();
            MatchRecord record = options.gamemaster().run(game, players, id, options.clocks());
            System.out.print(MatchSummary.render(record));
            System.out.println("record: " + record.writeTo(options.out));
            return record.isCompleted() ? 0 : 1;
        } catch (GdlException e) {
            System.err.println("ratchet match: " + options.game + ": " + e.getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println("ratchet match: " + e);
            return 2;
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("ratchet match: " + e.getMessage());
            return 2;
        }
    }
}
