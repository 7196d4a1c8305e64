package org.ratchet.player.match;

import org.ratchet.player.config.PlayerConfig;
import org.ratchet.search.SearchOptions;
import org.ratchet.search.Strategies;
import org.ratchet.search.Strategy;

/** The one place where the player turns its configuration into a {@link Strategy}. */
final class StrategyProvider {
    /**
     * The strategy stops this long before the deadline it is given, so a playout in progress cannot make the
     * move late (the match's own deadline already leaves the network margin).
     */
    static final long SEARCH_MARGIN_MILLIS = 100;

    private StrategyProvider() {
    }

    /** A fresh strategy for one match, searching with the configured threads within the memory share. */
    static Strategy create(PlayerConfig config) {
        SearchOptions options = SearchOptions.defaults()
            .withThreads(config.threads())
            .withPlayoutPolicy(config.playoutPolicy())
            .withSafetyMarginMillis(SEARCH_MARGIN_MILLIS)
            .withTreeMemoryBytes(SearchOptions.treeMemoryOfHeap(config.searchMemoryPercent()))
            .withExploration(config.searchExploration())
            .withOpponentExploration(config.searchOpponentExploration())
            .withPriorVisits(config.searchPriorVisits())
            .withGrave(config.searchGraveReference(), SearchOptions.DEFAULT_GRAVE_BIAS)
            .withPuzzleSolver(config.searchPuzzleWalk())
            .withPuzzleFocus(config.searchPuzzleFocus())
            .withPuzzleBestFirst(config.searchPuzzleBestFirst())
            .withLatches(config.searchLatches())
            .withEvaluationWeight(config.searchEvaluationPercent() / 100.0)
            .withEvaluationVisits(config.searchEvaluationVisits())
            .withEvaluationMinQuality(config.searchEvaluationQuality())
            .withEvaluationAssurance(config.searchEvaluationAssurance())
            .withEvaluationPlayouts(config.searchEvaluationPlayouts())
            .withEvaluationCutoff(config.searchEvaluationCutoff())
            .withSlowPlayoutMillis(config.searchPlayoutSlowMillis())
            .withFinalMove(config.searchFinalMove())
            .withGoalUtility(config.searchUtility());
        return Strategies.create(config.strategy(), options);
    }
}
