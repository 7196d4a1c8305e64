package org.ratchet.search;

/**
 * 64-bit keys of game states for the transposition table, Zobrist style: each fact id stands for a fixed
 * pseudo-random 64-bit word and a state's key is the exclusive or of its facts' words, so the key does not
 * depend on the order facts are listed in. Two different states share a key with odds of about one in
 * 2^64 per pair; the tree still compares the facts before it shares a node.
 */
final class StateKeys {
    private StateKeys() {
    }

    /** The key of the facts {@code facts[from .. from + length)}; never 0 (0 marks an empty table slot). */
    static long of(int[] facts, int from, int length) {
        long key = 0x5DEECE66DL;
        for (int i = from, stop = from + length; i < stop; i++) {
            key ^= mix(facts[i] + 0x9E3779B97F4A7C15L);
        }
        return key == 0 ? 1 : key;
    }

    /** The finaliser of SplitMix64: a bijection that spreads every input bit over the whole word. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
