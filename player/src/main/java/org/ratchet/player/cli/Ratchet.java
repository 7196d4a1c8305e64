package org.ratchet.player.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ratchet} command line: one subcommand per tool. */
@Command(
    name = "ratchet",
    mixinStandardHelpOptions = true,
    version = "Ratchet 0.1.0",
    description = "Ratchet, a General Game Playing player: serve, play local matches, check and measure games.",
    subcommands = {
        CheckCommand.class,
        TraceCommand.class,
        BenchCommand.class,
        SearchBenchCommand.class,
        ServeCommand.class,
        MatchCommand.class,
        TournamentCommand.class,
        GauntletCommand.class,
        CommandLine.HelpCommand.class
    })
public final class Ratchet implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (used by tests, which must not exit the JVM). */
    public static int run(String... args) {
        return new CommandLine(new Ratchet()).execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
