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
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code ratchet serve}: the GGP player server. Its flags are made from {@link Setting}, one per setting,
 * so the configuration file, the environment and the command line always offer the same settings.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, modelTransformer = ServeCommand.SettingFlags.class,
    description = {
        "Run the GGP player server until interrupted.",
        "Settings come from the defaults, then the properties file, then RATCHET_* environment variables "
            + "(e.g. RATCHET_PORT, RATCHET_PLAY_MARGIN_MS), then these flags."})
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = LogManager.getLogger(ServeCommand.class);
    static final String CONFIG_FILE = "config/ratchet.properties";

    @CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
        description = "Properties file (default: " + CONFIG_FILE + " in the working directory, else in the installation).")
    Path configFile;

    /** Adds one {@code --flag} per {@link Setting}. */
    static final class SettingFlags implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            for (Setting setting : Setting.values()) {
                command.addOption(OptionSpec.builder(setting.flag())
                    .paramLabel(setting.valueLabel())
                    .type(String.class)
                    // picocli formats descriptions (%n is a line break): a percent sign of the text is escaped
                    .description((setting.description() + " (default: " + setting.defaultValue() + ")")
                        .replace("%", "%%"))
                    .build());
            }
            return command;
        }
    }

    @Override
    public Integer call() throws Exception {
        PlayerConfig config;
        try {
            Path file = configFile != null ? configFile : defaultConfigFile();
            config = PlayerConfig.load(file, System.getenv(), flags());
            config.requireKnownComponents();
            LOG.info("configuration from {}", file != null ? file.toAbsolutePath().normalize() : "built-in defaults");
        } catch (IllegalArgumentException invalid) {
            System.err.println("ratchet serve: " + invalid.getMessage());
            return 2;
        } catch (IOException unreadable) {
            System.err.println("ratchet serve: cannot read the configuration file: " + unreadable);
            return 2;
        }
        PlayerServer server = new PlayerServer(config);
        try {
            int boundPort = server.start();
            System.err.println("ratchet serve: " + config.name() + " listening on port " + boundPort);
            String status = server.statusUrl();
            System.err.println("ratchet serve: status page " + (status != null ? "on " + status
                : config.statusPort() == 0 ? "off (status.port=0)" : "not started (see the log)"));
        } catch (Exception bindFailure) {
            System.err.println("ratchet serve: cannot listen on port " + config.port() + ": " + bindFailure.getMessage());
            server.close();
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "ratchet-shutdown"));
        server.awaitClose();
        return 0;
    }

    /** The settings given as flags on this command line. */
    private Map<Setting, String> flags() {
        Map<Setting, String> flags = new EnumMap<>(Setting.class);
        for (Setting setting : Setting.values()) {
            String value = spec.findOption(setting.flag()).getValue();
            if (value != null) {
                flags.put(setting, value);
            }
        }
        return flags;
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
