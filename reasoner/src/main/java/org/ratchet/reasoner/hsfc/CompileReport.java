package org.ratchet.reasoner.hsfc;

import java.util.Locale;
import org.ratchet.reasoner.EngineOptions;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;

/**
 * What compiling a game with hsfc costs, in the columns of HSFC Table 1, as one line of key=value fields
 * (for {@code ratchet check --compile}): grounding, ordering statistics and table-building times in
 * milliseconds, reference-table and knowledge-base sizes in bytes, relation and rule counts; or, as
 * {@code hsfc=gave_up}, how long hsfc tried and why it gave up (another engine then plays: the caller names it).
 */
public final class CompileReport {
    private CompileReport() {
    }

    public static String of(GameDescription game, EngineOptions options) {
        long start = System.nanoTime();
        try {
            HsfcGame compiled = HsfcCompiler.compile(game, options);
            CompileStatistics s = compiled.statistics();
            long total = (System.nanoTime() - start) / 1_000_000;
            return String.format(Locale.ROOT,
                "engine=hsfc compile_ms=%d ground_ms=%d optimise_ms=%d tables_ms=%d reference_table_bytes=%d"
                    + " knowledge_base_bytes=%d relations=%d rules=%d facts=%d moves=%d order=%s",
                total, s.groundingMillis(), s.optimiseMillis(), s.tableMillis(), s.referenceTableBytes(),
                s.knowledgeBaseBytes(), s.relationCount(), s.ruleCount(), compiled.factCount(),
                compiled.moveCount(), s.order());
        } catch (GdlException e) {
            long total = (System.nanoTime() - start) / 1_000_000;
            return String.format(Locale.ROOT, "hsfc=gave_up compile_ms=%d hsfc_reason=\"%s\"", total,
                e.getMessage().replace('"', '\''));
        }
    }
}
