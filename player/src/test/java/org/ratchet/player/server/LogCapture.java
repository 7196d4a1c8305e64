package org.ratchet.player.server;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Collects the messages logged under a logger name (a class or a package) while it is open, so tests can
 * check what the player writes to its log. The loggers' levels and other appenders are left as they are.
 */
final class LogCapture implements AutoCloseable {
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final LoggerContext context = LoggerContext.getContext(false);
    private final String name;
    private final AbstractAppender appender;

    LogCapture(String name) {
        this.name = name;
        this.appender = new AbstractAppender("capture-" + name, null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                messages.add(event.getMessage().getFormattedMessage());
            }
        };
        appender.start();
        Configuration configuration = context.getConfiguration();
        // A logger config of its own for the name: level inherited (null), events still passed to the parents.
        LoggerConfig capturing = new LoggerConfig(name, null, true);
        capturing.addAppender(appender, null, null);
        configuration.addLogger(name, capturing);
        context.updateLoggers();
    }

    /** Everything logged so far. */
    List<String> messages() {
        return List.copyOf(messages);
    }

    @Override
    public void close() {
        context.getConfiguration().removeLogger(name);
        context.updateLoggers();
        appender.stop();
    }
}
