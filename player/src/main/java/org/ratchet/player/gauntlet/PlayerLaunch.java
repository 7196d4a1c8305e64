package org.ratchet.player.gauntlet;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How a gauntlet starts one build as a player: {@code [taskset -c CPU] java OPTIONS -jar JAR serve --port P
 * --threads 1 --name NAME [SERVE OPTIONS]}. One search thread per player, each pinned to its own CPU, so that
 * both builds get the same computing power whatever else the machine runs on its other CPUs: a build that
 * uses its thread better wins, not one that happened to get more of the machine.
 *
 * @param jar         the build
 * @param javaOptions JVM options, the same for every build
 * @param serveOptions further {@code serve} options, e.g. {@code --strategy montecarlo} or a search setting
 *                     (none: the build's own defaults)
 */
public record PlayerLaunch(Path jar, List<String> javaOptions, List<String> serveOptions) {

    public PlayerLaunch {
        javaOptions = List.copyOf(javaOptions);
        serveOptions = List.copyOf(serveOptions);
    }

    /** The command line of this build as player {@code name} on {@code port}, pinned to {@code cpu} unless it is -1. */
    public List<String> command(String name, int port, int cpu) {
        List<String> command = new ArrayList<>();
        if (cpu >= 0) {
            command.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        command.addAll(List.of("-jar", jar.toString(), "serve", "--port", Integer.toString(port), "--threads", "1",
            "--name", name));
        command.addAll(serveOptions);
        return command;
    }

    /** Whether {@code taskset -c CPU} works here: taskset is installed and the CPU exists and may be used. */
    public static boolean canPin(int cpu) {
        try {
            Process probe = new ProcessBuilder("taskset", "-c", Integer.toString(cpu), "true")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!probe.waitFor(10, TimeUnit.SECONDS)) {
                probe.destroyForcibly();
                return false;
            }
            return probe.exitValue() == 0;
        } catch (IOException notInstalled) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
