package org.ratchet.player;

import java.util.List;
import org.apache.logging.log4j.Level;
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
public final class LogCapture implements AutoCloseable {
    private record Entry(Level level, String message) {
    }

    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private final LoggerContext context = LoggerContext.getContext(false);
    private final String name;
    private final AbstractAppender appender;

    public LogCapture(String name) {
        this.name = name;
        this.appender = new AbstractAppender("capture-" + name, null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                entries.add(new Entry(event.getLevel(), event.getMessage().getFormattedMessage()));
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
    public List<String> messages() {
        return entries.stream().map(Entry::message).toList();
    }

    /** What was logged at {@code level} so far. */
    public List<String> messagesAt(Level level) {
        return entries.stream().filter(entry -> entry.level() == level).map(Entry::message).toList();
    }

    @Override
    public void close() {
        context.getConfiguration().removeLogger(name);
        context.updateLoggers();
        appender.stop();
    }
}
