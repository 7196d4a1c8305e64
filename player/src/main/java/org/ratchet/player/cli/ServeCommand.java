package org.ratchet.player.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "serve", mixinStandardHelpOptions = true, description = "Run the GGP player server.")
public final class ServeCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("ratchet serve: not available in this build");
        return 2;
    }
}
