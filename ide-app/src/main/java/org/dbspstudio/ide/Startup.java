package org.dbspstudio.ide;

import java.util.ArrayList;
import java.util.List;

/**
 * Start-up phases, recorded when {@code -Ddbsp.startupTime=true}: each mark is the time since the
 * JVM started and the CPU time used so far; {@link App} prints them with the first frame.
 */
public final class Startup {
    private static final boolean ON = Boolean.getBoolean("dbsp.startupTime");
    private static final long JVM_START = ProcessHandle.current().info().startInstant()
            .map(java.time.Instant::toEpochMilli).orElse(System.currentTimeMillis());
    private static final List<String> MARKS = new ArrayList<>();

    private Startup() {
    }

    public static boolean enabled() {
        return ON;
    }

    /** Milliseconds since the JVM started. */
    public static long sinceJvmStart() {
        return System.currentTimeMillis() - JVM_START;
    }

    /** CPU milliseconds used by the process so far (-1 if unknown). */
    public static long cpu() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L);
    }

    /** Records a phase (only with {@code -Ddbsp.startupTime=true}). */
    public static synchronized void mark(String phase) {
        if (ON) {
            MARKS.add(phase + " " + sinceJvmStart() + " ms (" + cpu() + " ms CPU)");
        }
    }

    /** The phases recorded so far, in order. */
    public static synchronized List<String> marks() {
        return List.copyOf(MARKS);
    }
}
