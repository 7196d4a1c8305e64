package org.ratchet.reasoner.hsfc;

import java.util.ArrayList;
import java.util.List;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.GroundingBudget;
import org.ratchet.reasoner.rewrite.Passes;

/** A game in normal form with its analysis and grounding, as the compiler has them before any table is built. */
record GroundedGame(GameDescription game, Stratification strata, StaticRelations statics, Grounder grounder,
        GroundingBudget budget) {

    static GroundedGame of(String kif) throws Exception {
        return of(kif, new GroundingBudget(1L << 30, 60_000));
    }

    /** Grounded within {@code budget}; past it, {@link GroundingBudget.Exceeded} as the compiler gets it. */
    static GroundedGame of(String kif, GroundingBudget budget) throws Exception {
        GameDescription game = Passes.normalForm(GameLoader.load(kif));
        Stratification strata = Stratification.of(game);
        StaticRelations statics = StaticRelations.of(DependencyGraph.of(game));
        return new GroundedGame(game, strata, statics, Grounder.ground(game, strata, statics, budget, 16), budget);
    }

    /** The rules whose heads are not static: those evaluated in every state. */
    List<Rule> runtimeRules() {
        List<Rule> runtime = new ArrayList<>();
        for (Rule rule : game.rules()) {
            if (!statics.isStatic(rule.head().symbol())) {
                runtime.add(rule);
            }
        }
        return runtime;
    }
}
