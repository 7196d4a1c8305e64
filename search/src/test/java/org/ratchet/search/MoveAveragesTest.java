package org.ratchet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** MAST's statistics, and the Gibbs weights kept beside them for the playouts. */
class MoveAveragesTest {
    private static double expected(MoveAverages averages, int role, int move) {
        return Math.exp(averages.mean(role, move) / MoveAverages.GIBBS_TEMPERATURE);
    }

    @Test
    void aMoveNeverPlayedIsOptimistic() {
        MoveAverages averages = new MoveAverages(2);
        assertEquals(100, averages.mean(0, 7));
        assertEquals(Math.exp(10), averages.gibbsWeight(0, 7), 1e-9);
        // beyond the arrays as they stand, and beyond what is tracked at all
        assertEquals(Math.exp(10), averages.gibbsWeight(1, 5_000), 1e-9);
        averages.add(1, 1 << 23, 0);
        assertEquals(Math.exp(10), averages.gibbsWeight(1, 1 << 23), 1e-9);
    }

    /**
     * The kept weight is the exponential of the mean at every moment: after adds in random order (growing the
     * arrays past their first size), and after decays, which scale sums and counts alike.
     */
    @Test
    void theKeptWeightFollowsTheMean() {
        MoveAverages averages = new MoveAverages(2);
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 2_000; i++) {
            averages.add(random.nextInt(2), random.nextInt(300), random.nextInt(101));
            if (i % 500 == 499) {
                averages.decay(0.9);
            }
        }
        for (int role = 0; role < 2; role++) {
            for (int move = 0; move < 400; move++) {
                double want = expected(averages, role, move);
                assertEquals(want, averages.gibbsWeight(role, move), want * 1e-12, "role " + role + " move " + move);
            }
        }
        averages.add(0, 1_000, 30);
        averages.add(0, 1_000, 50);
        assertEquals(40, averages.mean(0, 1_000), 1e-9);
        assertEquals(Math.exp(4), averages.gibbsWeight(0, 1_000), 1e-9);
    }
}
