package org.ratchet.player.config;

import java.util.Locale;
import org.ratchet.reasoner.Engines;
import org.ratchet.search.SearchOptions;

/**
 * Every setting of the player server, with its default. The shipped {@code config/ratchet.properties}
 * documents the same keys and values (a test keeps the two in step). Each setting can be given, from
 * weakest to strongest, by the defaults here, the properties file, an environment variable
 * ({@link #environmentVariable()}, e.g. {@code RATCHET_PORT}) and a command-line flag ({@link #flag()},
 * e.g. {@code --port}).
 */
public enum Setting {
    PORT("port", "9147", "N", "Port to listen on (0 picks a free one)."),
    NAME("name", "Ratchet", "NAME", "Player name reported in the reply to (info)."),
    STRATEGY("strategy", "mcts", "NAME", "Search strategy (mcts, or a baseline such as random)."),
    PLAYOUT("playout", "auto", "NAME", "Playout policy of the mcts strategy: auto (nst where a start-clock duel"
            + " shows move pairs pay, else mast), mast, nst or uniform."),
    THREADS("threads", "0", "N", "Search threads; 0 means one per available processor."),
    ENGINE("engine", Engines.DEFAULT, "NAME", "Reasoning engine for search; 'default' lets the reasoner pick."),
    START_MARGIN_MS("start.margin.ms", "1000", "MS", "Say ready this long before the start clock ends."),
    PLAY_MARGIN_MS("play.margin.ms", "1000", "MS", "Send each move this long before the play clock ends (network margin)."),
    COMPILE_BUDGET_PERCENT("compile.budget.percent", "75", "P",
        "Share of the start clock the search engine may compile before play begins on the fallback engine."),
    COMPILE_MAX_SECONDS("compile.max.seconds", "300", "S",
        "Longest compile of the search engine: it may go on into the play clocks (start clock plus three play"
            + " clocks), never longer than this."),
    COMPILE_MEMORY_PERCENT("compile.memory.percent", "25", "P",
        "Share of the maximum heap the search engine's compiled game may fill."),
    SEARCH_EXPLORATION("search.exploration", Double.toString(SearchOptions.DEFAULT_EXPLORATION), "C",
        "UCT's exploration constant for goals scaled to 0..1: larger tries more moves, smaller digs deeper."),
    SEARCH_PRIOR_VISITS("search.prior.visits", "0", "N",
        "MAST-in-tree: weight, in visits, of a move's MAST average in the tree's move values; 0 is plain UCT."),
    SEARCH_GRAVE_REFERENCE("search.grave.reference", "0", "N",
        "GRAVE: a tree move's value blends in its all-moves-as-first value at the closest node with more than"
            + " this many visits; 0 turns it off (it excludes MAST-in-tree)."),
    SEARCH_PUZZLE_WALK("search.puzzle.walk", "true", "BOOL",
        "Puzzles: one search thread shares its time with a depth-first walk over every reachable state, so full"
            + " solutions and the best possible score are found where random playouts miss them."),
    SEARCH_PUZZLE_FOCUS("search.puzzle.focus", "false", "BOOL",
        "Puzzles with the walk: more walks take turns beside it, each keeping to the moves of the independent"
            + " sub-games one way of reaching the best goal needs (one board of several, any of which wins)."),
    SEARCH_PUZZLE_BEST_FIRST("search.puzzle.best-first", "true", "BOOL",
        "Puzzles with the walk: a best-first search takes turns beside it, expanding first the stored state whose"
            + " goal value (the puzzle's partial credit) is highest, while its memory for states lasts."),
    SEARCH_LATCHES("search.latches", "false", "BOOL",
        "Goal values that a persistent fact rules out for the rest of the game (a captured king cannot win) bound"
            + " the tree's nodes: a node whose every role's goal is settled is proven, and a move that cannot reach"
            + " what another is sure of is not searched."),
    SEARCH_EVALUATION_PERCENT("search.evaluation.percent", "40", "P",
        "Share of a playout's value taken from a state evaluation learned from random playouts in the start clock"
            + " (counts of pieces and other facts), where it predicts the goals well enough; 0 turns it off."),
    SEARCH_EVALUATION_VISITS("search.evaluation.visits", "0", "N",
        "Heuristic priming: a move's value in the tree starts from the learned evaluation of the state it leads"
            + " to, weighted as this many visits; 0 turns it off (with the percent and cutoff at 0 too, nothing is"
            + " learned)."),
    SEARCH_EVALUATION_CUTOFF("search.evaluation.cutoff", "10", "N",
        "Playouts stop after this many joint moves and take the learned evaluation of the state they reached as"
            + " their goals, in games where every role's evaluation passes the quality floor; 0 plays them out."),
    SEARCH_PLAYOUT_SLOW_MILLIS("search.playout.slow.millis", "10", "MS",
        "In games of two or more roles, where a whole random playout takes longer than this on average and no"
            + " learned evaluation cuts playouts, they stop after search.evaluation.cutoff joint moves and take the"
            + " goals of the state they reached; 0 plays them out."),
    SEARCH_EVALUATION_QUALITY("search.evaluation.quality", Double.toString(SearchOptions.DEFAULT_EVALUATION_MIN_QUALITY),
        "Q", "Least quality (correlation of the learned evaluation's predictions with the goals of playouts it was"
            + " not fitted on) for which a role's evaluation is used."),
    SEARCH_EVALUATION_ASSURANCE("search.evaluation.assurance", "0", "Z",
        "Standard errors by which a role's quality must clear the floor (Fisher's z over the playouts that judged"
            + " it; 1.645 is one-sided 95%) for its evaluation to be used; 0 judges the estimate alone."),
    SEARCH_EVALUATION_PLAYOUTS("search.evaluation.playouts", "2000", "N",
        "While the learned evaluation's fits rest on fewer playouts than this, the next moves (five at most) learn"
            + " again from their states, adding to the same samples, and fit again; 0 learns once."),
    SEARCH_FINAL_MOVE("search.final.move", "recent", "RULE",
        "The move played where we alone move and nothing is proven: visits (the most visited) or recent (the"
            + " one this search visited most, so visits from earlier searches kept with the tree do not count)."),
    SEARCH_UTILITY("search.utility", "auto", "NAME",
        "What a finished game is worth to each role in the search: goal (its goal value, what competitions"
            + " score), rank (the share of the other roles it finished ahead of, a tie counting half, goals"
            + " breaking ties) or auto (rank with two roles, goal otherwise; goal with search.latches)."),
    SEARCH_OPPONENT_EXPLORATION("search.opponent.exploration", "1", "F",
        "Factor by which the search's choices for the other roles explore more than its own (UCT's constant times"
            + " this): opponents modelled as less precise players than the search; 1 treats every role alike."),
    SEARCH_MEMORY_PERCENT("search.memory.percent", "25", "P", "Share of the maximum heap the search tree may fill."),
    MAX_BODY_BYTES("max.body.bytes", "8388608", "N", "Largest accepted request (POST body or GET request line)."),
    IDLE_TIMEOUT_SECONDS("idle.timeout.seconds", "30", "S",
        "Close connections that send nothing this long (never while a reply is pending)."),
    REQUEST_TIMEOUT_SECONDS("request.timeout.seconds", "10", "S",
        "A request must arrive whole (headers and body) this long after its first byte, else the connection closes."),
    MAX_CONNECTIONS("max.connections", "256", "N", "Most connections open at once; more are closed at once."),
    MAX_CONNECTIONS_PER_ADDRESS("max.connections.per.address", "16", "N",
        "Most connections open at once from one remote address; more are closed at once."),
    STATUS_PORT("status.port", "9247", "N", "Port of the status page and /status.json (0 turns it off)."),
    STATUS_BIND("status.bind", "127.0.0.1", "ADDRESS",
        "Address the status page listens on; the default keeps it to this machine (reach it by an SSH tunnel)."),
    RECORDS_DIR("records.dir", "matches/player", "DIR",
        "Folder the player writes a record of each of its matches to (ggp.org JSON), at stop or abort."),
    RECORDS_KEEP("records.keep", "200", "N", "Most match records kept in records.dir; the oldest go first (0: none written).");

    private final String key;
    private final String defaultValue;
    private final String valueLabel;
    private final String description;

    Setting(String key, String defaultValue, String valueLabel, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.valueLabel = valueLabel;
        this.description = description;
    }

    /** The key in the properties file. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** How the value is shown in help texts: N, NAME, MS ... */
    public String valueLabel() {
        return valueLabel;
    }

    public String description() {
        return description;
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
