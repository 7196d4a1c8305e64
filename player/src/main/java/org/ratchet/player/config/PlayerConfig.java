package org.ratchet.player.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import org.ratchet.reasoner.Engines;
import org.ratchet.search.PlayoutPolicy;
import org.ratchet.search.Strategies;

/**
 * The player server's settings, resolved once at start-up and immutable afterwards. See {@link Setting}
 * for the keys and the order in which sources override each other.
 */
public final class PlayerConfig {
    private final Map<Setting, String> values;

    private PlayerConfig(Map<Setting, String> values) {
        this.values = values;
        validate();
    }

    /** The defaults alone. */
    public static PlayerConfig defaults() {
        return resolve(Map.of(), Map.of(), Map.of());
    }

    /**
     * Resolves the settings from the properties file (may be null), the environment and the command-line
     * values, each overriding the one before.
     *
     * @throws IllegalArgumentException naming the setting and source of a value that is unknown or invalid
     */
    public static PlayerConfig load(Path propertiesFile, Map<String, String> environment,
                                    Map<Setting, String> commandLine) throws IOException {
        Map<String, String> fileValues = Map.of();
        if (propertiesFile != null) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(propertiesFile, StandardCharsets.UTF_8)) {
                properties.load(reader);
            }
            Map<String, String> read = new java.util.HashMap<>();
            for (String key : properties.stringPropertyNames()) {
                if (Setting.forKey(key) == null) {
                    throw new IllegalArgumentException("unknown setting '" + key + "' in " + propertiesFile);
                }
                read.put(key, properties.getProperty(key).trim());
            }
            fileValues = read;
        }
        return resolve(fileValues, environment, commandLine);
    }

    private static PlayerConfig resolve(Map<String, String> fileValues, Map<String, String> environment,
                                        Map<Setting, String> commandLine) {
        Map<Setting, String> values = new EnumMap<>(Setting.class);
        for (Setting setting : Setting.values()) {
            String value = setting.defaultValue();
            value = fileValues.getOrDefault(setting.key(), value);
            value = environment.getOrDefault(setting.environmentVariable(), value);
            value = commandLine.getOrDefault(setting, value);
            values.put(setting, value.trim());
        }
        return new PlayerConfig(values);
    }

    /** A copy with one setting replaced (tests and embedding code). */
    public PlayerConfig with(Setting setting, String value) {
        Map<Setting, String> copy = new EnumMap<>(values);
        copy.put(setting, value);
        return new PlayerConfig(copy);
    }

    public String get(Setting setting) {
        return values.get(setting);
    }

    public int port() {
        return integer(Setting.PORT);
    }

    public String name() {
        return get(Setting.NAME);
    }

    public String strategy() {
        return get(Setting.STRATEGY);
    }

    public PlayoutPolicy playoutPolicy() {
        return PlayoutPolicy.parse(get(Setting.PLAYOUT));
    }

    /** Search threads, with 0 resolved to the number of available processors. */
    public int threads() {
        int threads = integer(Setting.THREADS);
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    public String engine() {
        return get(Setting.ENGINE);
    }

    /** How long before the start clock ends the player says ready (covers network and scheduling delays). */
    public long startMarginMillis() {
        return integer(Setting.START_MARGIN_MS);
    }

    /** How long before the play clock ends the move is sent (covers the network between server and player). */
    public long playMarginMillis() {
        return integer(Setting.PLAY_MARGIN_MS);
    }

    /** The share of the start clock the search engine may spend compiling before a fallback engine is used. */
    public int compileBudgetPercent() {
        return integer(Setting.COMPILE_BUDGET_PERCENT);
    }

    /**
     * The longest the search engine may compile, whatever the clocks: a compile running past the start
     * clock goes on while the fallback engine plays, but not beyond this.
     */
    public long compileMaxMillis() {
        return integer(Setting.COMPILE_MAX_SECONDS) * 1000L;
    }

    /** The share of the maximum heap the search engine's compiled game may fill. */
    public int compileMemoryPercent() {
        return integer(Setting.COMPILE_MEMORY_PERCENT);
    }

    /** The share of the maximum heap the search tree may fill. */
    public int searchMemoryPercent() {
        return integer(Setting.SEARCH_MEMORY_PERCENT);
    }

    /** MAST-in-tree weight of the search, in visits (0: off). */
    public double searchExploration() {
        return Double.parseDouble(get(Setting.SEARCH_EXPLORATION));
    }

    public int searchPriorVisits() {
        return integer(Setting.SEARCH_PRIOR_VISITS);
    }

    /** GRAVE's reference visits; 0 when GRAVE is off. */
    public int searchGraveReference() {
        return integer(Setting.SEARCH_GRAVE_REFERENCE);
    }

    /** Largest accepted request (body, or request line for GET), in bytes. */
    public int maxBodyBytes() {
        return integer(Setting.MAX_BODY_BYTES);
    }

    /** Connections that send nothing for this long (while no reply is pending) are closed. */
    public int idleTimeoutSeconds() {
        return integer(Setting.IDLE_TIMEOUT_SECONDS);
    }

    /** A request must arrive whole this long after its first byte. */
    public int requestTimeoutSeconds() {
        return integer(Setting.REQUEST_TIMEOUT_SECONDS);
    }

    public int maxConnections() {
        return integer(Setting.MAX_CONNECTIONS);
    }

    public int maxConnectionsPerAddress() {
        return integer(Setting.MAX_CONNECTIONS_PER_ADDRESS);
    }

    /**
     * Checks that the strategy and engine named exist in this build. Kept apart from the value checks so
     * that embedding code and tests may name components the way they need.
     *
     * @throws IllegalArgumentException naming the setting and the known names
     */
    public void requireKnownComponents() {
        if (!Strategies.names().contains(strategy())) {
            throw new IllegalArgumentException("strategy must be one of " + Strategies.names() + ", found '"
                + strategy() + "'");
        }
        if (!Engines.choices().contains(engine())) {
            throw new IllegalArgumentException("engine must be one of " + Engines.choices() + ", found '"
                + engine() + "'");
        }
    }

    private int integer(Setting setting) {
        return Integer.parseInt(values.get(setting));
    }

    private void validate() {
        requireRange(Setting.PORT, 0, 65535);
        requireRange(Setting.THREADS, 0, 1024);
        requireRange(Setting.START_MARGIN_MS, 0, 600_000);
        requireRange(Setting.PLAY_MARGIN_MS, 0, 600_000);
        requireRange(Setting.COMPILE_BUDGET_PERCENT, 1, 100);
        requireRange(Setting.COMPILE_MAX_SECONDS, 1, 86_400);
        requireRange(Setting.COMPILE_MEMORY_PERCENT, 1, 95);
        requireRange(Setting.SEARCH_MEMORY_PERCENT, 1, 95);
        requireRange(Setting.SEARCH_PRIOR_VISITS, 0, 1_000_000);
        requireRange(Setting.SEARCH_GRAVE_REFERENCE, 0, 1_000_000);
        if (searchPriorVisits() > 0 && searchGraveReference() > 0) {
            throw new IllegalArgumentException(Setting.SEARCH_PRIOR_VISITS.key() + " and "
                + Setting.SEARCH_GRAVE_REFERENCE.key() + " are two ways to value untried moves; set one of them to 0");
        }
        requireRange(Setting.MAX_BODY_BYTES, 1024, Integer.MAX_VALUE);
        requireRange(Setting.IDLE_TIMEOUT_SECONDS, 1, 86_400);
        requireRange(Setting.REQUEST_TIMEOUT_SECONDS, 1, 86_400);
        requireRange(Setting.MAX_CONNECTIONS, 1, 1_000_000);
        requireRange(Setting.MAX_CONNECTIONS_PER_ADDRESS, 1, 1_000_000);
        double exploration;
        try {
            exploration = searchExploration();
        } catch (NumberFormatException e) {
            exploration = Double.NaN;
        }
        if (!(exploration >= 0 && exploration <= 100)) {
            throw new IllegalArgumentException(Setting.SEARCH_EXPLORATION.key() + " must be a number from 0 to 100, "
                + "found '" + get(Setting.SEARCH_EXPLORATION) + "'");
        }
        try {
            playoutPolicy();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Setting.PLAYOUT.key() + " must be mast or uniform, found '"
                + get(Setting.PLAYOUT) + "'");
        }
        for (Setting setting : new Setting[] {Setting.NAME, Setting.STRATEGY, Setting.ENGINE}) {
            String value = values.get(setting);
            if (value.isEmpty() || !value.chars().allMatch(c -> c > ' ' && c != '(' && c != ')' && c != ';')) {
                throw new IllegalArgumentException(setting.key() + " must be a single word without parentheses, found '"
                    + value + "'");
            }
        }
    }

    private void requireRange(Setting setting, long min, long max) {
        String text = values.get(setting);
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(setting.key() + " must be a whole number, found '" + text + "'");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(setting.key() + " must be between " + min + " and " + max
                + ", found " + value);
        }
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Setting, String> entry : values.entrySet()) {
            out.append(out.length() == 0 ? "" : " ").append(entry.getKey().key()).append('=').append(entry.getValue());
        }
        return out.toString();
    }
}
