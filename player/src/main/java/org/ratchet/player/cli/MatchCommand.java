package org.ratchet.player.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "match", mixinStandardHelpOptions = true, description = "Run one match between GGP players.")
public final class MatchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("ratchet match: not available in this build");
        return 2;
    }
}
