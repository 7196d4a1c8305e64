package org.ratchet.player.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ratchet.player.config.PlayerConfig;
import org.ratchet.player.config.Setting;
import org.ratchet.player.server.PlayerServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "serve", mixinStandardHelpOptions = true,
    description = {
        "Run the GGP player server until interrupted.",
        "Settings come from the defaults, then the properties file, then RATCHET_* environment variables "
            + "(e.g. RATCHET_PORT), then these flags."})
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(ServeCommand.class);
    static final String CONFIG_FILE = "config/ratchet.properties";

    @Option(names = "--config", paramLabel = "FILE",
        description = "Properties file (default: " + CONFIG_FILE + " in the working directory, else in the installation).")
    Path configFile;

    @Option(names = "--port", paramLabel = "N", description = "Port to listen on (0 picks a free one).")
    String port;

    @Option(names = "--name", paramLabel = "NAME", description = "Player name reported to (info).")
    String name;

    @Option(names = "--threads", paramLabel = "N", description = "Search threads (0: one per processor).")
    String threads;

    @Option(names = "--strategy", paramLabel = "NAME", description = "Search strategy (mcts, random, ...).")
    String strategy;

    @Option(names = "--engine", paramLabel = "NAME", description = "Reasoning engine for search (default: the reasoner's default).")
    String engine;

    @Option(names = "--start-margin-ms", paramLabel = "MS", description = "Say ready this long before the start clock ends.")
    String startMargin;

    @Option(names = "--play-margin-ms", paramLabel = "MS", description = "Send the move this long before the play clock ends.")
    String playMargin;

    @Option(names = "--compile-budget-percent", paramLabel = "P",
        description = "Share of the start clock the search engine may compile before play starts on the fallback engine.")
    String compileBudget;

    @Option(names = "--search-memory-percent", paramLabel = "P", description = "Share of the heap the search tree may use.")
    String searchMemory;

    @Option(names = "--max-body-bytes", paramLabel = "N", description = "Largest accepted request.")
    String maxBody;

    @Option(names = "--idle-timeout-seconds", paramLabel = "S", description = "Close connections idle this long.")
    String idleTimeout;

    @Override
    public Integer call() throws Exception {
        PlayerConfig config;
        try {
            Path file = configFile != null ? configFile : defaultConfigFile();
            config = PlayerConfig.load(file, System.getenv(), flags());
            LOG.info("configuration from {}", file != null ? file.toAbsolutePath().normalize() : "built-in defaults");
        } catch (IllegalArgumentException | IOException invalid) {
            System.err.println("ratchet serve: " + invalid.getMessage());
            return 2;
        }
        PlayerServer server = new PlayerServer(config);
        try {
            int boundPort = server.start();
            System.err.println("ratchet serve: " + config.name() + " listening on port " + boundPort);
        } catch (Exception bindFailure) {
            System.err.println("ratchet serve: cannot listen on port " + config.port() + ": " + bindFailure.getMessage());
            server.close();
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "ratchet-shutdown"));
        server.awaitClose();
        return 0;
    }

    private Map<Setting, String> flags() {
        Map<Setting, String> flags = new EnumMap<>(Setting.class);
        put(flags, Setting.PORT, port);
        put(flags, Setting.NAME, name);
        put(flags, Setting.THREADS, threads);
        put(flags, Setting.STRATEGY, strategy);
        put(flags, Setting.ENGINE, engine);
        put(flags, Setting.START_MARGIN_MS, startMargin);
        put(flags, Setting.PLAY_MARGIN_MS, playMargin);
        put(flags, Setting.COMPILE_BUDGET_PERCENT, compileBudget);
        put(flags, Setting.SEARCH_MEMORY_PERCENT, searchMemory);
        put(flags, Setting.MAX_BODY_BYTES, maxBody);
        put(flags, Setting.IDLE_TIMEOUT_SECONDS, idleTimeout);
        return flags;
    }

    private static void put(Map<Setting, String> flags, Setting setting, String value) {
        if (value != null) {
            flags.put(setting, value);
        }
    }

    /**
     * The shipped properties file: in the working directory, or else in the installation the jar belongs to
     * (the checkout for {@code player/target/ratchet.jar}, the jar's own folder in the container); null if
     * there is none.
     */
    static Path defaultConfigFile() {
        Path inWorkingDirectory = Path.of(CONFIG_FILE);
        if (Files.isRegularFile(inWorkingDirectory)) {
            return inWorkingDirectory;
        }
        try {
            Path jarFolder = Path.of(ServeCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getParent();
            // player/target/ratchet.jar in a checkout; the jar beside config/ in the container.
            for (Path installation : new Path[] {jarFolder, jarFolder.resolve("../..")}) {
                Path candidate = installation.resolve(CONFIG_FILE).normalize();
                if (Files.isRegularFile(candidate)) {
                    return candidate;
                }
            }
        } catch (URISyntaxException | RuntimeException unknownLocation) {
            // no installation to look in; the defaults apply
        }
        return null;
    }
}
