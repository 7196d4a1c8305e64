package org.ratchet.search;

/** A strategy that tells the caller what its last search did (for logs and benchmarks). */
public interface ReportingStrategy extends Strategy {

    /** What the last {@link #prepare} or {@link #selectMove} call did; an empty record before the first. */
    SearchStatistics statistics();
}
