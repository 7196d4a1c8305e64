package org.ratchet.reasoner.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** HsfcMachine.nthSetBit, which picks a random playout's move off the legal bits, against clearing bits. */
class NthSetBitTest {
    @Test
    void findsEverySetBitOfRandomAndEdgeWords() {
        SplittableRandom random = new SplittableRandom(3);
        long[] edges = {1L, Long.MIN_VALUE, -1L, 0x8000_0001L, 0xFFFF_0000_0000_0000L, 0x5555_5555_5555_5555L};
        for (int t = 0; t < 20_000 + edges.length; t++) {
            long word = t < edges.length ? edges[t] : random.nextLong() & random.nextLong();
            long rest = word;
            for (int n = 0; rest != 0; n++) {
                assertEquals(Long.numberOfTrailingZeros(rest), HsfcMachine.nthSetBit(word, n),
                    "set bit " + n + " of " + Long.toHexString(word));
                rest &= rest - 1;
            }
        }
    }
}
