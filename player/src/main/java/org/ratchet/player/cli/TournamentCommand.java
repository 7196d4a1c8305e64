package org.ratchet.player.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "tournament", mixinStandardHelpOptions = true, description = "Run a series of matches between GGP players.")
public final class TournamentCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("ratchet tournament: not available in this build");
        return 2;
    }
}
