package org.ratchet.player.config;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import org.ratchet.reasoner.Engines;
import org.ratchet.search.FinalMove;
import org.ratchet.search.GoalUtility;
import org.ratchet.search.PlayoutPolicy;
import org.ratchet.search.SearchOptions;
import org.ratchet.search.Strategies;

/**
 * The player server's settings, resolved once at start-up and immutable afterwards. See {@link Setting}
 * for the keys and the order in which sources override each other.
 */
public final class PlayerConfig {
    /** The text of every setting as resolved (for {@link #get}, {@link #with} and the start-up log line). */
    private final Map<Setting, String> values;
    // Each value parsed once, when the configuration is made.
    private final int port;
    private final PlayoutPolicy playoutPolicy;
    private final int threads;
    private final long startMarginMillis;
    private final long playMarginMillis;
    private final int compileBudgetPercent;
    private final long compileMaxMillis;
    private final int compileMemoryPercent;
    private final int searchMemoryPercent;
    private final double searchExploration;
    private final double searchOpponentExploration;
    private final double searchPlayoutSlowMillis;
    private final int searchPriorVisits;
    private final int searchGraveReference;
    private final boolean searchPuzzleWalk;
    private final boolean searchPuzzleFocus;
    private final boolean searchPuzzleBestFirst;
    private final boolean searchLatches;
    private final int searchEvaluationPercent;
    private final int searchEvaluationVisits;
    private final double searchEvaluationQuality;
    private final double searchEvaluationAssurance;
    private final int searchEvaluationPlayouts;
    private final int searchEvaluationCutoff;
    private final FinalMove searchFinalMove;
    private final GoalUtility searchUtility;
    private final int maxBodyBytes;
    private final int idleTimeoutSeconds;
    private final int requestTimeoutSeconds;
    private final int maxConnections;
    private final int maxConnectionsPerAddress;
    private final int statusPort;
    private final InetAddress statusBind;
    private final Path recordsDir;
    private final int recordsKeep;

    private PlayerConfig(Map<Setting, String> values) {
        this.values = values;
        port = integer(Setting.PORT, 0, 65535);
        threads = integer(Setting.THREADS, 0, 1024);
        startMarginMillis = integer(Setting.START_MARGIN_MS, 0, 600_000);
        playMarginMillis = integer(Setting.PLAY_MARGIN_MS, 0, 600_000);
        compileBudgetPercent = integer(Setting.COMPILE_BUDGET_PERCENT, 1, 100);
        compileMaxMillis = integer(Setting.COMPILE_MAX_SECONDS, 1, 86_400) * 1000L;
        compileMemoryPercent = integer(Setting.COMPILE_MEMORY_PERCENT, 1, 95);
        searchMemoryPercent = integer(Setting.SEARCH_MEMORY_PERCENT, 1, 95);
        searchExploration = decimal(Setting.SEARCH_EXPLORATION, 0, 100);
        searchOpponentExploration = decimal(Setting.SEARCH_OPPONENT_EXPLORATION, 0.01, 100);
        searchPriorVisits = integer(Setting.SEARCH_PRIOR_VISITS, 0, 1_000_000);
        searchGraveReference = integer(Setting.SEARCH_GRAVE_REFERENCE, 0, 1_000_000);
        if (searchPriorVisits > 0 && searchGraveReference > 0) {
            throw new IllegalArgumentException(Setting.SEARCH_PRIOR_VISITS.key() + " and "
                + Setting.SEARCH_GRAVE_REFERENCE.key() + " are two ways to value untried moves; set one of them to 0");
        }
        searchPuzzleWalk = bool(Setting.SEARCH_PUZZLE_WALK);
        searchPuzzleFocus = bool(Setting.SEARCH_PUZZLE_FOCUS);
        searchPuzzleBestFirst = bool(Setting.SEARCH_PUZZLE_BEST_FIRST);
        searchLatches = bool(Setting.SEARCH_LATCHES);
        searchEvaluationPercent = integer(Setting.SEARCH_EVALUATION_PERCENT, 0, 100);
        searchEvaluationVisits = integer(Setting.SEARCH_EVALUATION_VISITS, 0, 1000);
        searchEvaluationQuality = decimal(Setting.SEARCH_EVALUATION_QUALITY, 0.01, 1);
        searchEvaluationAssurance = decimal(Setting.SEARCH_EVALUATION_ASSURANCE, 0, 5);
        searchEvaluationPlayouts =
            integer(Setting.SEARCH_EVALUATION_PLAYOUTS, 0, SearchOptions.MAX_EVALUATION_PLAYOUTS);
        searchEvaluationCutoff = integer(Setting.SEARCH_EVALUATION_CUTOFF, 0, 10_000);
        searchPlayoutSlowMillis = decimal(Setting.SEARCH_PLAYOUT_SLOW_MILLIS, 0, 60_000);
        maxBodyBytes = integer(Setting.MAX_BODY_BYTES, 1024, Integer.MAX_VALUE);
        idleTimeoutSeconds = integer(Setting.IDLE_TIMEOUT_SECONDS, 1, 86_400);
        requestTimeoutSeconds = integer(Setting.REQUEST_TIMEOUT_SECONDS, 1, 86_400);
        maxConnections = integer(Setting.MAX_CONNECTIONS, 1, 1_000_000);
        maxConnectionsPerAddress = integer(Setting.MAX_CONNECTIONS_PER_ADDRESS, 1, 1_000_000);
        statusPort = integer(Setting.STATUS_PORT, 0, 65535);
        recordsKeep = integer(Setting.RECORDS_KEEP, 0, 1_000_000);
        try {
            searchFinalMove = FinalMove.parse(get(Setting.SEARCH_FINAL_MOVE));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Setting.SEARCH_FINAL_MOVE.key() + " must be visits or recent, found '"
                + get(Setting.SEARCH_FINAL_MOVE) + "'");
        }
        try {
            searchUtility = GoalUtility.parse(get(Setting.SEARCH_UTILITY));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Setting.SEARCH_UTILITY.key() + " must be goal, rank or auto, found '"
                + get(Setting.SEARCH_UTILITY) + "'");
        }
        if (searchLatches && searchUtility == GoalUtility.RANK) {
            throw new IllegalArgumentException(Setting.SEARCH_LATCHES.key() + " needs " + Setting.SEARCH_UTILITY.key()
                + "=goal or auto (latch bounds are goal values)");
        }
        try {
            playoutPolicy = PlayoutPolicy.parse(get(Setting.PLAYOUT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Setting.PLAYOUT.key() + " must be auto, mast, nst or uniform, found '"
                + get(Setting.PLAYOUT) + "'");
        }
        statusBind = address(Setting.STATUS_BIND);
        try {
            recordsDir = Path.of(get(Setting.RECORDS_DIR));
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(Setting.RECORDS_DIR.key() + " is not a path: " + e.getMessage());
        }
        for (Setting setting : new Setting[] {Setting.NAME, Setting.STRATEGY, Setting.ENGINE}) {
            String value = values.get(setting);
            if (value.isEmpty() || !value.chars().allMatch(c -> c > ' ' && c != '(' && c != ')' && c != ';')) {
                throw new IllegalArgumentException(setting.key() + " must be a single word without parentheses, found '"
                    + value + "'");
            }
        }
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
        return port;
    }

    public String name() {
        return get(Setting.NAME);
    }

    public String strategy() {
        return get(Setting.STRATEGY);
    }

    public PlayoutPolicy playoutPolicy() {
        return playoutPolicy;
    }

    /** Search threads, with 0 resolved to the number of available processors. */
    public int threads() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    public String engine() {
        return get(Setting.ENGINE);
    }

    /** How long before the start clock ends the player says ready (covers network and scheduling delays). */
    public long startMarginMillis() {
        return startMarginMillis;
    }

    /** How long before the play clock ends the move is sent (covers the network between server and player). */
    public long playMarginMillis() {
        return playMarginMillis;
    }

    /** The share of the start clock the search engine may spend compiling before a fallback engine is used. */
    public int compileBudgetPercent() {
        return compileBudgetPercent;
    }

    /**
     * The longest the search engine may compile, whatever the clocks: a compile running past the start
     * clock goes on while the fallback engine plays, but not beyond this.
     */
    public long compileMaxMillis() {
        return compileMaxMillis;
    }

    /** The share of the maximum heap the search engine's compiled game may fill. */
    public int compileMemoryPercent() {
        return compileMemoryPercent;
    }

    /** The share of the maximum heap the search tree may fill. */
    public int searchMemoryPercent() {
        return searchMemoryPercent;
    }

    /** UCT's exploration constant, for goals scaled to 0..1. */
    public double searchExploration() {
        return searchExploration;
    }

    /** How many times as much the search explores for the other roles' moves as for its own (1: alike). */
    public double searchOpponentExploration() {
        return searchOpponentExploration;
    }

    /**
     * The mean whole random playout time, in milliseconds, above which playouts are cut short and valued by
     * the goals of the state they reach (where no learned evaluation cuts them); 0: never.
     */
    public double searchPlayoutSlowMillis() {
        return searchPlayoutSlowMillis;
    }

    /** MAST-in-tree weight of the search, in visits (0: off). */
    public int searchPriorVisits() {
        return searchPriorVisits;
    }

    /** Whether puzzles get the depth-first walk beside the tree. */
    public boolean searchPuzzleWalk() {
        return searchPuzzleWalk;
    }

    /** Whether puzzles get walks focused on sub-games beside the walk of every move. */
    public boolean searchPuzzleFocus() {
        return searchPuzzleFocus;
    }

    /** Whether puzzles get a best-first search beside the walk of every move. */
    public boolean searchPuzzleBestFirst() {
        return searchPuzzleBestFirst;
    }

    /** Whether goal bounds from the game's latches prove and prune tree nodes. */
    public boolean searchLatches() {
        return searchLatches;
    }

    /** Share (percent) of a playout's value taken from the learned evaluation; 0: none learned. */
    public int searchEvaluationPercent() {
        return searchEvaluationPercent;
    }

    public int searchEvaluationVisits() {
        return searchEvaluationVisits;
    }

    /** The least quality (0.01..1) for which a role's learned evaluation is used. */
    public double searchEvaluationQuality() {
        return searchEvaluationQuality;
    }

    /** Standard errors (0..5) by which a role's quality must clear the floor for its evaluation to be used. */
    public double searchEvaluationAssurance() {
        return searchEvaluationAssurance;
    }

    /** Playouts the learned evaluation is refined towards over the first moves; 0 when it is learned once. */
    public int searchEvaluationPlayouts() {
        return searchEvaluationPlayouts;
    }

    /** Joint moves after which a playout is scored by the learned evaluation; 0 when playouts go to the end. */
    public int searchEvaluationCutoff() {
        return searchEvaluationCutoff;
    }

    public FinalMove searchFinalMove() {
        return searchFinalMove;
    }

    /** What a finished game is worth to each role in the search: its goal, or its rank among the roles. */
    public GoalUtility searchUtility() {
        return searchUtility;
    }

    /** GRAVE's reference visits; 0 when GRAVE is off. */
    public int searchGraveReference() {
        return searchGraveReference;
    }

    /** Largest accepted request (body, or request line for GET), in bytes. */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** Connections that send nothing for this long (while no reply is pending) are closed. */
    public int idleTimeoutSeconds() {
        return idleTimeoutSeconds;
    }

    /** A request must arrive whole this long after its first byte. */
    public int requestTimeoutSeconds() {
        return requestTimeoutSeconds;
    }

    public int maxConnections() {
        return maxConnections;
    }

    public int maxConnectionsPerAddress() {
        return maxConnectionsPerAddress;
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

    /** The status page's port; 0 when it is off. */
    public int statusPort() {
        return statusPort;
    }

    /** The address the status page listens on (the loopback address unless configured otherwise). */
    public InetAddress statusBind() {
        return statusBind;
    }

    /** Where the records of the player's own matches go. */
    public Path recordsDir() {
        return recordsDir;
    }

    /** Most records kept in {@link #recordsDir()}; 0 means none are written. */
    public int recordsKeep() {
        return recordsKeep;
    }

    private double decimal(Setting setting, double min, double max) {
        String text = values.get(setting);
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(setting.key() + " must be a number from " + plain(min) + " to "
                + plain(max) + ", found '" + text + "'");
        }
        return value;
    }

    /** A bound as a reader writes it: 0.01, 1, 100. */
    private static String plain(double bound) {
        return BigDecimal.valueOf(bound).stripTrailingZeros().toPlainString();
    }

    private boolean bool(Setting setting) {
        String text = values.get(setting);
        if (text.equals("true") || text.equals("false")) {
            return text.equals("true");
        }
        throw new IllegalArgumentException(setting.key() + " must be true or false, found '" + text + "'");
    }

    private int integer(Setting setting, long min, long max) {
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
        return (int) value;
    }

    /** A numeric address (no name look-up at start-up: a typo must not wait on DNS). */
    private InetAddress address(Setting setting) {
        String text = values.get(setting);
        // An IPv4 literal of four octets, or an IPv6 literal (with a colon: never looked up as a name).
        boolean numeric = text.matches("((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)")
            || text.contains(":") && text.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == '.' || c == ':');
        try {
            if (numeric) {
                return InetAddress.getByName(text);
            }
        } catch (UnknownHostException e) {
            // falls through to the error below
        }
        throw new IllegalArgumentException(setting.key() + " must be a numeric IP address such as 127.0.0.1 or 0.0.0.0,"
            + " found '" + text + "'");
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
