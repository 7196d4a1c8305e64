package org.ratchet.reasoner.run;

/**
 * How much of the state phase a machine keeps up to date between states (see {@link Incremental}) rather
 * than derives in every state. Each pays only where the rules it spares are costly to derive: the compiler
 * chooses by timing.
 */
public enum Keeping {
    /** Every relation derived in every state. */
    NOTHING,
    /** The relations kept by counting their instances' failing conditions. */
    COUNTED,
    /** Those, and the guarded relations listed in each state from their holding instances. */
    COUNTED_AND_GUARDED
}
