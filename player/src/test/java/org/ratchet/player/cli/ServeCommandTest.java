package org.ratchet.player.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ratchet.player.config.Setting;
import picocli.CommandLine;

class ServeCommandTest {

    @Test
    void everySettingHasAFlag() {
        CommandLine.Model.CommandSpec spec = new CommandLine(new ServeCommand()).getCommandSpec();
        for (Setting setting : Setting.values()) {
            assertNotNull(spec.findOption(setting.flag()), setting.flag());
        }
        assertNotNull(spec.findOption("--config"));
    }

    /** Option descriptions are format strings to picocli: each setting's must print as written, percent signs too. */
    @Test
    void helpPrintsEverySettingsDescriptionAsWritten() {
        CommandLineRun run = CommandLineRun.of("serve", "--help");
        assertEquals(0, run.exit());
        assertFalse(run.err().contains("Could not format"), run.err());
        String help = run.out().replaceAll("\\s+", ""); // the help wraps long lines, within words too
        for (Setting setting : Setting.values()) {
            assertTrue(help.contains(setting.description().replaceAll("\\s+", "")), setting.flag());
        }
    }

    @Test
    void invalidSettingsStopBeforeListening() {
        assertEquals(2, Ratchet.run("serve", "--port", "http"));
        assertEquals(2, Ratchet.run("serve", "--play-margin-ms", "-5"));
        assertEquals(2, Ratchet.run("serve", "--config", "no/such/file.properties"));
        assertEquals(2, Ratchet.run("serve", "--strategy", "telepathy"));
        assertEquals(2, Ratchet.run("serve", "--engine", "abacus"));
        assertEquals(2, Ratchet.run("serve", "--compile-max-seconds", "0"));
        assertEquals(2, Ratchet.run("serve", "--compile-memory-percent", "99"));
    }
}
