package org.dbspstudio.ide;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails any test of this module during which JavaFX logged a CSS warning or error (an unresolved
 * looked-up colour, a value of the wrong type, a stylesheet that does not parse). Registered for
 * every test through JUnit's extension auto-detection (src/test/resources), so a UI test cannot
 * forget it.
 */
public final class CssWarnings implements BeforeEachCallback, AfterEachCallback {
    private static final Logger CSS_LOG = Logger.getLogger("javafx.css");
    private static final List<String> PROBLEMS = new CopyOnWriteArrayList<>();
    private static final Handler HANDLER = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                PROBLEMS.add(r.getLevel() + " " + new SimpleFormatter().formatMessage(r)
                        + (r.getThrown() == null ? "" : " " + r.getThrown()));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    static {
        CSS_LOG.addHandler(HANDLER);
    }

    /** The CSS warnings logged since the current test started (a live list). */
    public static List<String> problems() {
        return PROBLEMS;
    }

    /** Returns and forgets the warnings logged so far (for a test that provokes one on purpose). */
    public static List<String> take() {
        List<String> out = List.copyOf(PROBLEMS);
        PROBLEMS.removeAll(out);
        return out;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        PROBLEMS.clear();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        List<String> found = take();
        if (!found.isEmpty()) {
            throw new AssertionError("CSS warnings in the log of " + context.getDisplayName() + ": " + found);
        }
    }
}
