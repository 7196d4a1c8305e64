package org.ratchet.reasoner.hsfc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.Differential;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.Engines;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;
import org.ratchet.reasoner.ground.Grounder;
import org.ratchet.reasoner.ground.InstanceSet;
import org.ratchet.reasoner.ground.NeededInstances;
import org.ratchet.reasoner.tables.RulePlan;

class NeededInstancesTest {
    /**
     * A row of a mark when two cells hold it, each x, o or blank; only rows of x and o are read, line o also
     * negated (row has a variable its head lacks, so it is not unfolded into line, see HelperUnfolding). The
     * chain links of a cell are read through a recursive relation whose second argument the head asks for.
     */
    private static final String GAME = """
        (role p)
        (mark x) (mark o) (mark b)
        (init (cell 1 b)) (init (cell 2 b))
        (<= (base (cell ?i ?m)) (mark ?m) (index ?i))
        (index 1) (index 2)
        (link 1 2)
        (<= (row ?m) (true (cell ?i ?m)) (true (cell ?j ?m)) (distinct ?i ?j))
        (<= (line ?m) (row ?m))
        (<= (reach ?i ?m) (true (cell ?i ?m)))
        (<= (reach ?j ?m) (reach ?i ?m) (link ?i ?j))
        (<= (legal p (put ?i ?m)) (true (cell ?i b)) (mark ?m) (index ?i) (distinct ?m b))
        (<= (next (cell ?i ?m)) (does p (put ?i ?m)))
        (<= (next (cell ?i ?m)) (true (cell ?i ?m)) (not (changed ?i)))
        (<= (changed ?i) (does p (put ?i ?m)))
        (<= terminal (line x))
        (<= terminal (reach 2 o))
        (<= (goal p 100) (line o))
        (<= (goal p 0) (not (line o)))
        """;

    @Test
    void onlyInstancesSomeRuleCanReadAreNeeded() throws Exception {
        GroundedGame grounded = GroundedGame.of(GAME);
        GameDescription game = grounded.game();
        Grounder grounder = grounded.grounder();
        NeededInstances needed = NeededInstances.of(grounded.runtimeRules(), grounder, grounded.strata(),
            grounded.budget());

        assertEquals(List.of("(line o)", "(line x)"), neededOf(game, grounder, needed, "line"));
        assertEquals(List.of("(row o)", "(row x)"), neededOf(game, grounder, needed, "row"));
        // reach 2 o is read; reach ?i o for the cells leading to it through the recursion (every i, as the
        // head limits ?m only); no reach of x or b
        assertEquals(List.of("(reach 1 o)", "(reach 2 o)"), neededOf(game, grounder, needed, "reach"));
        // read only negated, still needed
        assertEquals(2, neededOf(game, grounder, needed, "changed").size());
        assertTrue(needed.isNeeded(game.symbols().lookup("legal"), 0), "what players read is needed whole");
        assertFalse(needed.restricts(game.symbols().lookup("next")));
    }

    @Test
    void theTablesProduceNoInstanceThatNoRuleReads() throws Exception {
        GameDescription description = GameLoader.load(GAME);
        HsfcGame game = HsfcCompiler.compile(description, EngineOptions.defaults());
        int line = game.program.layout.index(description.symbols().lookup("line"));
        int row = game.program.layout.index(description.symbols().lookup("row"));
        List<Integer> produced = new ArrayList<>();
        for (RulePlan rule : game.program.rules()) {
            if (rule.headRelation == line || rule.headRelation == row) {
                for (int result : rule.result) {
                    produced.add(result - game.program.layout.offset(rule.headRelation));
                }
            }
        }
        // x and o for each of the two relations; no blank row or line
        assertEquals(4, produced.size(), "results " + produced);
        // and the game still plays as the prover plays it (Differential throws on the first difference)
        int states = Differential.compare(game.newMachine(), Engines.create("prover", description).newMachine(), 3,
            50, 20, System.nanoTime() + 10_000_000_000L);
        assertTrue(states > 50, "states compared: " + states);
    }

    private static List<String> neededOf(GameDescription game, Grounder grounder, NeededInstances needed,
            String name) {
        int symbol = game.symbols().lookup(name);
        InstanceSet instances = grounder.set(symbol);
        List<String> out = new ArrayList<>();
        for (int id = 0; id < instances.size(); id++) {
            if (needed.isNeeded(symbol, id)) {
                out.add(instances.get(id).render(game.symbols()));
            }
        }
        out.sort(null);
        return out;
    }
}
