package org.ratchet.reasoner.rewrite;

import java.util.List;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;

/**
 * The order the rule rewrites run in, written down once. Reading and validating a game (package
 * {@code gdl}) has already split negated instances ({@code goal~1}) and rewritten the other quirks; the
 * passes here prepare valid rules for forward chaining:
 * <ol>
 *   <li>{@link #normalForm}, on every rule before analysis and grounding: {@link NormalForm} (or-splitting,
 *       {@code (not (distinct ...))} as equality);</li>
 *   <li>{@link #forRuntimeRules}, on the rules evaluated in every state once static relations are known:
 *       {@link DistinctMerging} (options that differ in one {@code distinct} joined again), then
 *       {@link HelperUnfolding} (small helpers replaced by their bodies), then {@link FluentSplitting}
 *       (rules copied per value where {@code true} is listed in parts), last because it reads what the
 *       others leave.</li>
 * </ol>
 */
public final class Passes {
    private Passes() {
    }

    /** The game with every rule in normal form: the input of analysis and grounding. */
    public static GameDescription normalForm(GameDescription game) {
        return game.withRules(apply(List.of(new NormalForm()), game.rules()), List.of());
    }

    /**
     * The passes over the rules evaluated in every state. {@code permanentRules} derive facts of dynamic
     * relations from static ones once (their relations are never unfolded); {@code fluents} records the
     * parts it chooses, which grounding then lays out.
     */
    public static List<Pass> forRuntimeRules(List<Rule> permanentRules, Stratification strata,
            FluentSplitting fluents) {
        return List.of(new DistinctMerging(), new HelperUnfolding(permanentRules, strata), fluents);
    }

    /** The rules after each pass in turn. */
    public static List<Rule> apply(List<Pass> passes, List<Rule> rules) {
        List<Rule> current = rules;
        for (Pass pass : passes) {
            current = pass.apply(current);
        }
        return current;
    }
}
