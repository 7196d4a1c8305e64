package org.ratchet.reasoner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

/** The engine registry and its one selection policy, as the command line and the player use them. */
class EnginesTest {

    @Test
    void everyNamedEngineIsFoundOnTheClassPath() {
        assertEquals(List.of(Engines.HSFC, Engines.BOTTOMUP, Engines.TOPDOWN, Engines.PROVER), Engines.names());
        assertEquals(List.of(Engines.DEFAULT, Engines.HSFC, Engines.BOTTOMUP, Engines.TOPDOWN, Engines.PROVER),
            Engines.choices());
    }

    @Test
    void theDefaultChoiceStandsForTheDefaultEngineAndOtherChoicesForThemselves() {
        assertEquals(Engines.defaultEngine(), Engines.resolve(Engines.DEFAULT));
        assertEquals(Engines.PROVER, Engines.resolve(Engines.PROVER));
    }

    @Test
    void theDefaultChoicePreparesTheDefaultEngineWhereItFitsAndTheFallbackElsewhere() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
        EngineOptions tinyMemory = EngineOptions.defaults().withMemoryBudgetBytes(4096);
        assertEquals(Engines.defaultEngine(),
            Engines.prepare(Engines.DEFAULT, game, EngineOptions.defaults()).engineName());
        assertEquals(Engines.fallbackEngine(), Engines.prepare(Engines.DEFAULT, game, tinyMemory).engineName());
        assertEquals(Engines.PROVER, Engines.prepare(Engines.PROVER, game, tinyMemory).engineName(),
            "a named engine is used as named");
    }

    @Test
    void whereTheFallbackIsTooSlowTheLastResortPlays() throws Exception {
        // every state derives 30^4 rows of quad: bottom-up evaluation declines, top-down asks only for one
        StringBuilder rules = new StringBuilder("(role p) (init s) (<= (legal p go) (true s) (quad 0 0 0 0))"
            + " (<= (next s) (true s)) (<= terminal (true t)) (<= (goal p 100) (true s))"
            + " (<= (quad ?a ?b ?c ?d) (true s) (n ?a) (n ?b) (n ?c) (n ?d))");
        for (int i = 0; i < 30; i++) {
            rules.append(" (n ").append(i).append(')');
        }
        GameDescription game = GameLoader.load(rules.toString());
        assertEquals(Engines.lastResortEngine(), Engines.prepareFallback(game).engineName());
        GameDescription ticTacToe = GameLoader.load(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
        String engine = Engines.prepareFallback(ticTacToe).engineName();
        assertTrue(engine.equals(Engines.fallbackEngine()) || engine.equals(Engines.lastResortEngine()), engine);
    }

    @Test
    void theLastResortReplacesAPreparedFallbackOnlyWhenMuchFaster() {
        // the choice behind prepareFallback, from measured rates (the rates themselves depend on the machine)
        assertFalse(Engines.prefersLastResort(290_000, 38_000), "ticTacToe: bottomup 7x faster");
        assertTrue(Engines.prefersLastResort(1_500, 22_000), "mummymaze1p: top-down 15x faster");
        assertFalse(Engines.prefersLastResort(1_000, 2_500), "a small lead is within a short timing's noise");
        assertTrue(Engines.prefersLastResort(0, 10), "a fallback that fails on the walk");
    }

    @Test
    void unknownNamesAreRejectedWithTheKnownOnes() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Engines.prepare("nosuch", game, EngineOptions.defaults()));
        assertEquals("unknown engine 'nosuch'; known: [hsfc, bottomup, topdown, prover]", error.getMessage());
    }
}
