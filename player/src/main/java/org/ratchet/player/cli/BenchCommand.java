package org.ratchet.player.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "bench", mixinStandardHelpOptions = true, description = "Measure random playouts per second.")
public final class BenchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("ratchet bench: not available in this build");
        return 2;
    }
}
