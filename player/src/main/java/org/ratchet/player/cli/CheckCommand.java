package org.ratchet.player.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "check", mixinStandardHelpOptions = true, description = "Load and validate game files.")
public final class CheckCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("ratchet check: not available in this build");
        return 2;
    }
}
