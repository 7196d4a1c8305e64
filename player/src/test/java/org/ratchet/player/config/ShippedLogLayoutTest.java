package org.ratchet.player.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shipped logging configuration (config/log4j2.xml, also the jar's default) bounds every line in one
 * place, whatever it quotes: a megabyte of input gives one line of a few kilobytes.
 */
class ShippedLogLayoutTest {
    private static LoggerContext context;
    private static Appender stderr;

    @BeforeAll
    static void loadShippedConfiguration() throws Exception {
        URL shipped = ShippedLogLayoutTest.class.getResource("/log4j2.xml");
        assertNotNull(shipped, "log4j2.xml is on the class path");
        context = new LoggerContext("shipped-layout");
        Configuration configuration = ConfigurationFactory.getInstance()
            .getConfiguration(context, ConfigurationSource.fromUri(shipped.toURI()));
        configuration.initialize();
        stderr = configuration.getAppenders().get("stderr");
        assertNotNull(stderr, "the shipped configuration has the stderr appender");
    }

    @AfterAll
    static void stop() {
        context.stop();
    }

    private static String line(String format, Object argument, Throwable thrown) {
        LogEvent event = Log4jLogEvent.newBuilder().setLoggerName("org.ratchet.player.match.Match")
            .setLevel(Level.ERROR).setMessage(new ParameterizedMessage(format, argument)).setThrown(thrown).build();
        return stderr.getLayout().toSerializable(event).toString();
    }

    @Test
    void aHugeQuotedInputGivesOneBoundedLine() {
        String megabyteSymbol = "x".repeat(1_000_000);
        String line = line("match m: role {} is not a role of the game", megabyteSymbol,
            new IllegalStateException("rule\n" + megabyteSymbol));
        assertTrue(line.length() < 8_200, "line of " + line.length() + " characters");
        assertEquals(line.length() - 1, line.indexOf('\n'), "one line, ended once");
        assertTrue(line.contains("role xxxx"), line.substring(0, 200));
        assertTrue(line.contains("..."), "a cut is marked");
        assertTrue(line.contains("IllegalStateException: rule\\nxxx"), "the exception's line break is escaped");
    }

    @Test
    void inputCannotForgeALogLine() {
        String line = line("unreadable message refused: {}", "(info)\n2026-01-01 00:00:00.000 ERROR forged", null);
        assertEquals(line.length() - 1, line.indexOf('\n'), line);
        assertTrue(line.endsWith("(info)\\n2026-01-01 00:00:00.000 ERROR forged\n"), line);
    }
}
