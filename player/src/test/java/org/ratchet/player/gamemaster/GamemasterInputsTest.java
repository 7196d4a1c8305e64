package org.ratchet.player.gamemaster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class GamemasterInputsTest {

    @Test
    void parsesPlayerAddresses() {
        assertEquals(new PlayerAddress("localhost", 9147), PlayerAddress.parse("localhost:9147"));
        assertEquals(new PlayerAddress("[::1]", 80), PlayerAddress.parse("[::1]:80"));
        assertEquals("http://127.0.0.1:9147/", PlayerAddress.parse("127.0.0.1:9147").uri().toString());
        assertEquals("localhost:9147", PlayerAddress.parse("localhost:9147").toString());
        PlayerAddress named = PlayerAddress.parse("mcts=localhost:9148");
        assertEquals(new PlayerAddress("mcts", "localhost", 9148), named);
        assertEquals("mcts", named.toString());
        for (String bad : List.of("localhost", ":9147", "localhost:", "localhost:port", "localhost:0", "h:70000",
                "=localhost:1", "name=")) {
            assertThrows(IllegalArgumentException.class, () -> PlayerAddress.parse(bad), bad);
        }
    }

    @Test
    void refusesMatchIdsThatWouldBreakTheMessages() {
        Gamemaster gamemaster = new Gamemaster(new PlayerClient(), new Random(1));
        Gamemaster.Clocks clocks = new Gamemaster.Clocks(1, 1, 0);
        for (String bad : List.of("two words", "paren(", "semi;colon", "?var", "")) {
            assertThrows(IllegalArgumentException.class, () -> gamemaster.run(null, List.of(), bad, clocks), bad);
        }
    }

    @Test
    void clocksMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new Gamemaster.Clocks(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Gamemaster.Clocks(1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Gamemaster.Clocks(1, 1, -1));
    }
}
