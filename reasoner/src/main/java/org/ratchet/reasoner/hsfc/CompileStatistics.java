package org.ratchet.reasoner.hsfc;

/**
 * What compiling one game cost and produced, in the columns of HSFC Table 1: times in milliseconds,
 * sizes in bytes.
 */
public record CompileStatistics(long groundingMillis, long optimiseMillis, long tableMillis, long referenceTableBytes,
        long knowledgeBaseBytes, int relationCount, int ruleCount, String order) {
}
