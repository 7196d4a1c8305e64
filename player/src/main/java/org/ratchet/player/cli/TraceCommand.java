package org.ratchet.player.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "trace", mixinStandardHelpOptions = true, description = "Write random playouts in the JSON-lines trace format.")
public final class TraceCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("ratchet trace: not available in this build");
        return 2;
    }
}
