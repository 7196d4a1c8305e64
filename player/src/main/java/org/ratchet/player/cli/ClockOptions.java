package org.ratchet.player.cli;

import org.ratchet.player.gamemaster.Gamemaster;
import picocli.CommandLine.Option;

/** The clocks a refereeing command (match, tournament, gauntlet) gives its players. */
final class ClockOptions {
    @Option(names = "--start", defaultValue = "10", paramLabel = "S",
        description = "Start clock in seconds (default ${DEFAULT-VALUE}).")
    int startClock;

    @Option(names = "--play", defaultValue = "5", paramLabel = "P",
        description = "Play clock in seconds (default ${DEFAULT-VALUE}).")
    int playClock;

    @Option(names = "--grace", defaultValue = "1000", paramLabel = "MS",
        description = "Network grace in milliseconds on top of each clock (default ${DEFAULT-VALUE}).")
    long graceMillis;

    /** @throws IllegalArgumentException if a clock is under a second or the grace is negative */
    Gamemaster.Clocks clocks() {
        return new Gamemaster.Clocks(startClock, playClock, graceMillis);
    }
}
