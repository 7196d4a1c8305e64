package org.ratchet.search;

import java.util.List;
import java.util.Locale;
import org.ratchet.reasoner.StateMachine;

/** The strategies a player can use, by name: the one place that maps a name to a strategy. */
public final class Strategies {
    private Strategies() {
    }

    /** Strategy names accepted by {@link #create}, strongest first. */
    public static List<String> names() {
        return List.of(MctsStrategy.NAME, MonteCarloStrategy.NAME, RandomStrategy.NAME);
    }

    /** The strategy used when none is named. */
    public static String defaultStrategy() {
        return MctsStrategy.NAME;
    }

    /** Checks, for every strategy's {@code prepare}, that the role index names a role of the game. */
    static void requireRole(StateMachine machine, int roleIndex) {
        if (roleIndex < 0 || roleIndex >= machine.roleCount()) {
            throw new IllegalArgumentException("role " + roleIndex + " out of range: the game has "
                    + machine.roleCount() + " roles");
        }
    }

    /** A new strategy for one match. */
    public static ReportingStrategy create(String name, SearchOptions options) {
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case MctsStrategy.NAME:
                return new MctsStrategy(options);
            case MonteCarloStrategy.NAME:
                return new MonteCarloStrategy(options);
            case RandomStrategy.NAME:
                return new RandomStrategy(options);
            default:
                throw new IllegalArgumentException("unknown strategy '" + name + "'; known: " + names());
        }
    }
}
