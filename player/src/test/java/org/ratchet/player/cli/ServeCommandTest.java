package org.ratchet.player.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
