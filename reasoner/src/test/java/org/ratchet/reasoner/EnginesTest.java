package org.ratchet.reasoner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GameLoader;

/** The engine registry and its one selection policy, as the command line and the player use them. */
class EnginesTest {

    @Test
    void everyNamedEngineIsFoundOnTheClassPath() {
        assertEquals(List.of(Engines.HSFC, Engines.BOTTOMUP, Engines.PROVER), Engines.names());
        assertEquals(List.of(Engines.DEFAULT, Engines.HSFC, Engines.BOTTOMUP, Engines.PROVER), Engines.choices());
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
        // every state derives 30^4 rows of quad: bottom-up evaluation declines, the prover asks only for one
        StringBuilder rules = new StringBuilder("(role p) (init s) (<= (legal p go) (true s) (quad 0 0 0 0))"
            + " (<= (next s) (true s)) (<= terminal (true t)) (<= (goal p 100) (true s))"
            + " (<= (quad ?a ?b ?c ?d) (true s) (n ?a) (n ?b) (n ?c) (n ?d))");
        for (int i = 0; i < 30; i++) {
            rules.append(" (n ").append(i).append(')');
        }
        GameDescription game = GameLoader.load(rules.toString());
        assertEquals(Engines.lastResortEngine(), Engines.prepareFallback(game).engineName());
        GameDescription ticTacToe = GameLoader.load(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
        assertEquals(Engines.fallbackEngine(), Engines.prepareFallback(ticTacToe).engineName());
    }

    @Test
    void unknownNamesAreRejectedWithTheKnownOnes() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Engines.prepare("nosuch", game, EngineOptions.defaults()));
        assertEquals("unknown engine 'nosuch'; known: [hsfc, bottomup, prover]", error.getMessage());
    }
}
