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
        assertEquals(List.of(Engines.HSFC, Engines.PROVER), Engines.names());
        assertEquals(List.of(Engines.DEFAULT, Engines.HSFC, Engines.PROVER), Engines.choices());
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
    void unknownNamesAreRejectedWithTheKnownOnes() throws Exception {
        GameDescription game = GameLoader.load(GameCorpus.read(GameCorpus.repositoryGame("ticTacToe")));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Engines.prepare("nosuch", game, EngineOptions.defaults()));
        assertEquals("unknown engine 'nosuch'; known: [hsfc, prover]", error.getMessage());
    }
}
