package org.ratchet.player.config;

import java.util.Locale;

/**
 * Every setting of the player server, with its default. The shipped {@code config/ratchet.properties}
 * documents the same keys and values (a test keeps the two in step). Each setting can be given, from
 * weakest to strongest, by the defaults here, the properties file, an environment variable
 * ({@link #environmentVariable()}, e.g. {@code RATCHET_PORT}) and a command-line flag ({@link #flag()},
 * e.g. {@code --port}).
 */
public enum Setting {
    PORT("port", "9147"),
    NAME("name", "Ratchet"),
    STRATEGY("strategy", "mcts"),
    /** Search threads; 0 means one per available processor. */
    THREADS("threads", "0"),
    /** Engine for search; {@code default} means whatever the reasoner offers by default. */
    ENGINE("engine", "default"),
    START_MARGIN_MS("start.margin.ms", "1000"),
    PLAY_MARGIN_MS("play.margin.ms", "1000"),
    COMPILE_BUDGET_PERCENT("compile.budget.percent", "75"),
    SEARCH_MEMORY_PERCENT("search.memory.percent", "60"),
    MAX_BODY_BYTES("max.body.bytes", "8388608"),
    IDLE_TIMEOUT_SECONDS("idle.timeout.seconds", "30");

    private final String key;
    private final String defaultValue;

    Setting(String key, String defaultValue) {
        this.key = key;
        this.defaultValue = defaultValue;
    }

    /** The key in the properties file. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** {@code RATCHET_} and the key in upper case with dots as underscores: {@code RATCHET_PLAY_MARGIN_MS}. */
    public String environmentVariable() {
        return "RATCHET_" + key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    /** {@code --} and the key with dots as dashes: {@code --play-margin-ms}. */
    public String flag() {
        return "--" + key.replace('.', '-');
    }

    public static Setting forKey(String key) {
        for (Setting setting : values()) {
            if (setting.key.equals(key)) {
                return setting;
            }
        }
        return null;
    }
}
