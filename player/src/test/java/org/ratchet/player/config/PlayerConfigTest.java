package org.ratchet.player.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ratchet.search.FinalMove;
import org.ratchet.search.GoalUtility;

class PlayerConfigTest {

    /** The shipped file documents the defaults; it must not drift from them. */
    @Test
    void shippedPropertiesFileListsEverySettingWithItsDefault() throws IOException {
        Path shipped = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."), "config", "ratchet.properties");
        if (!Files.exists(shipped)) {
            shipped = Path.of("..", "config", "ratchet.properties");
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(shipped)) {
            properties.load(reader);
        }
        assertEquals(Setting.values().length, properties.size());
        for (Setting setting : Setting.values()) {
            assertEquals(setting.defaultValue(), properties.getProperty(setting.key()), setting.key());
        }
        assertEquals(9147, PlayerConfig.load(shipped, Map.of(), Map.of()).port());
    }

    @Test
    void flagsOverrideEnvironmentWhichOverridesTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("ratchet.properties");
        Files.writeString(file, "port=1000\nname=FromFile\nthreads=3\n");
        PlayerConfig fileOnly = PlayerConfig.load(file, Map.of(), Map.of());
        assertEquals(1000, fileOnly.port());
        assertEquals("FromFile", fileOnly.name());
        assertEquals(3, fileOnly.threads());
        assertEquals("mcts", fileOnly.strategy());

        PlayerConfig withEnvironment = PlayerConfig.load(file,
            Map.of("RATCHET_PORT", "2000", "RATCHET_PLAY_MARGIN_MS", "250", "UNRELATED", "x"), Map.of());
        assertEquals(2000, withEnvironment.port());
        assertEquals(250, withEnvironment.playMarginMillis());
        assertEquals("FromFile", withEnvironment.name());

        PlayerConfig withFlags = PlayerConfig.load(file, Map.of("RATCHET_PORT", "2000"),
            Map.of(Setting.PORT, "3000", Setting.NAME, "FromFlag"));
        assertEquals(3000, withFlags.port());
        assertEquals("FromFlag", withFlags.name());
    }

    @Test
    void namesDerivedFromKeys() {
        assertEquals("RATCHET_MAX_BODY_BYTES", Setting.MAX_BODY_BYTES.environmentVariable());
        assertEquals("--max-body-bytes", Setting.MAX_BODY_BYTES.flag());
        assertEquals(Setting.PLAY_MARGIN_MS, Setting.forKey("play.margin.ms"));
    }

    @Test
    void invalidValuesAreRefusedWithTheSettingNamed(@TempDir Path dir) throws IOException {
        assertRefused(() -> PlayerConfig.load(null, Map.of("RATCHET_PORT", "http"), Map.of()), "port must be a whole number");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.PORT, "70000")), "port must be between");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.NAME, "two words")), "name must be a single word");
        assertRefused(() -> PlayerConfig.load(null, Map.of("RATCHET_PLAYOUT", "greedy"), Map.of()),
            "playout must be auto, mast, nst or uniform, found 'greedy'");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EXPLORATION, "NaN")),
            "search.exploration must be a number from 0 to 100, found 'NaN'");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EXPLORATION, "-1")),
            "search.exploration must be a number from 0 to 100");
        assertRefused(() -> PlayerConfig.load(null, Map.of(),
            Map.of(Setting.SEARCH_PRIOR_VISITS, "4", Setting.SEARCH_GRAVE_REFERENCE, "50")),
            "are two ways to value untried moves");
        assertEquals(0.25, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_EXPLORATION", "0.25"), Map.of())
            .searchExploration());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_OPPONENT_EXPLORATION, "0")),
            "search.opponent.exploration must be a number from 0.01 to 100, found '0'");
        assertEquals(4, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_OPPONENT_EXPLORATION", "4"), Map.of())
            .searchOpponentExploration());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_PLAYOUT_SLOW_MILLIS, "-1")),
            "search.playout.slow.millis must be a number from 0 to 60000, found '-1'");
        assertEquals(25, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_PLAYOUT_SLOW_MILLIS", "25"), Map.of())
            .searchPlayoutSlowMillis());
        assertEquals(10, PlayerConfig.load(null, Map.of(), Map.of()).searchPlayoutSlowMillis());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EVALUATION_QUALITY, "0")),
            "search.evaluation.quality must be a number from 0.01 to 1, found '0'");
        assertEquals(0.5, PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EVALUATION_QUALITY, "0.5"))
            .searchEvaluationQuality());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EVALUATION_ASSURANCE, "-1")),
            "search.evaluation.assurance must be a number from 0 to 5, found '-1'");
        assertEquals(1.645, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_EVALUATION_ASSURANCE", "1.645"), Map.of())
            .searchEvaluationAssurance());
        assertEquals(0, PlayerConfig.load(null, Map.of(), Map.of()).searchEvaluationAssurance());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EVALUATION_PLAYOUTS, "20001")),
            "search.evaluation.playouts must be between 0 and 20000, found 20001");
        assertEquals(0, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_EVALUATION_PLAYOUTS", "0"), Map.of())
            .searchEvaluationPlayouts());
        assertEquals(2_000, PlayerConfig.load(null, Map.of(), Map.of()).searchEvaluationPlayouts());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_EVALUATION_CUTOFF, "-1")),
            "search.evaluation.cutoff must be between 0 and 10000, found -1");
        assertEquals(12, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_EVALUATION_CUTOFF", "12"), Map.of())
            .searchEvaluationCutoff());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_FINAL_MOVE, "best")),
            "search.final.move must be visits or recent, found 'best'");
        assertEquals(FinalMove.VISITS, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_FINAL_MOVE", "Visits"), Map.of())
            .searchFinalMove());
        assertEquals(FinalMove.RECENT, PlayerConfig.defaults().searchFinalMove());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_UTILITY, "score")),
            "search.utility must be goal, rank or auto, found 'score'");
        assertEquals(GoalUtility.RANK, PlayerConfig.load(null, Map.of("RATCHET_SEARCH_UTILITY", "Rank"), Map.of())
            .searchUtility());
        assertEquals(GoalUtility.AUTO, PlayerConfig.defaults().searchUtility());
        assertRefused(() -> PlayerConfig.load(null, Map.of(),
                Map.of(Setting.SEARCH_UTILITY, "rank", Setting.SEARCH_LATCHES, "true")),
            "search.latches needs search.utility=goal or auto (latch bounds are goal values)");
        assertTrue(PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_UTILITY, "auto", Setting.SEARCH_LATCHES,
            "true")).searchLatches());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.SEARCH_PUZZLE_WALK, "yes")),
            "search.puzzle.walk must be true or false, found 'yes'");
        assertFalse(PlayerConfig.load(null, Map.of("RATCHET_SEARCH_PUZZLE_WALK", "false"), Map.of()).searchPuzzleWalk());
        assertTrue(PlayerConfig.defaults().searchPuzzleWalk());
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "prot=9147\n");
        assertRefused(() -> PlayerConfig.load(file, Map.of(), Map.of()), "unknown setting 'prot'");
    }

    private interface Load {
        PlayerConfig run() throws IOException;
    }

    private static void assertRefused(Load load, String reason) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, load::run);
        assertTrue(error.getMessage().contains(reason), error.getMessage());
    }

    @Test
    void statusPageAndRecordSettingsAreParsedOnce() throws IOException {
        PlayerConfig defaults = PlayerConfig.defaults();
        assertEquals(9247, defaults.statusPort());
        assertTrue(defaults.statusBind().isLoopbackAddress(), "the page stays on this machine by default");
        assertEquals(Path.of("matches", "player"), defaults.recordsDir());
        assertEquals(200, defaults.recordsKeep());
        PlayerConfig set = PlayerConfig.load(null, Map.of("RATCHET_STATUS_BIND", "0.0.0.0"),
            Map.of(Setting.STATUS_PORT, "0", Setting.RECORDS_DIR, "/tmp/r", Setting.RECORDS_KEEP, "0"));
        assertEquals(0, set.statusPort());
        assertTrue(set.statusBind().isAnyLocalAddress());
        assertEquals(Path.of("/tmp/r"), set.recordsDir());
        assertEquals(0, set.recordsKeep());
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.STATUS_BIND, "example.org")),
            "status.bind must be a numeric IP address");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.STATUS_BIND, "300.1.1.1")),
            "status.bind must be a numeric IP address");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.STATUS_PORT, "-1")),
            "status.port must be between 0 and 65535");
        assertRefused(() -> PlayerConfig.load(null, Map.of(), Map.of(Setting.RECORDS_KEEP, "many")),
            "records.keep must be a whole number");
    }

    @Test
    void zeroThreadsMeansOnePerProcessor() {
        assertEquals(Runtime.getRuntime().availableProcessors(), PlayerConfig.defaults().threads());
    }
}
