package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MovePairAveragesTest {
    @Test
    void aPairCountsOnlyOnceItHasEnoughSamples() {
        MovePairAverages pairs = new MovePairAverages();
        for (int i = 0; i < 6; i++) {
            pairs.add(0, 3, 5, i % 2 == 0 ? 100 : 0);
        }
        assertTrue(Double.isNaN(pairs.mean(0, 3, 5, 7)), "six samples are below a minimum of seven");
        pairs.add(0, 3, 5, 100);
        assertEquals(400.0 / 7, pairs.mean(0, 3, 5, 7), 1e-9);
    }

    @Test
    void pairsAreKeptApartByRoleOrderAndPreviousMove() {
        MovePairAverages pairs = new MovePairAverages();
        pairs.add(0, 3, 5, 100);
        pairs.add(1, 3, 5, 20);
        pairs.add(0, 5, 3, 40);
        pairs.add(0, 4, 5, 60);
        assertEquals(100, pairs.mean(0, 3, 5, 1));
        assertEquals(20, pairs.mean(1, 3, 5, 1));
        assertEquals(40, pairs.mean(0, 5, 3, 1));
        assertEquals(60, pairs.mean(0, 4, 5, 1));
        assertTrue(Double.isNaN(pairs.mean(1, 5, 3, 1)));
        assertEquals(4, pairs.size());
    }

    @Test
    void anUnknownPreviousMoveIsNotRecorded() {
        MovePairAverages pairs = new MovePairAverages();
        pairs.add(0, -1, 5, 100);
        assertEquals(0, pairs.size());
        assertTrue(Double.isNaN(pairs.mean(0, -1, 5, 0)));
    }

    @Test
    void manyPairsSurviveTheTableGrowingAndDecayKeepsTheirMeans() {
        MovePairAverages pairs = new MovePairAverages();
        int moves = 300; // 90,000 pairs: the table doubles several times
        for (int previous = 0; previous < moves; previous++) {
            for (int move = 0; move < moves; move++) {
                pairs.add(1, previous, move, (previous + move) % 101);
                pairs.add(1, previous, move, (previous + move) % 101);
            }
        }
        assertEquals(moves * moves, pairs.size());
        pairs.decay(0.5);
        for (int previous = 0; previous < moves; previous += 7) {
            for (int move = 0; move < moves; move += 11) {
                assertEquals((previous + move) % 101, pairs.mean(1, previous, move, 1), 1e-9);
                assertTrue(Double.isNaN(pairs.mean(1, previous, move, 1.5)), "decay halves the counts");
            }
        }
    }
}
