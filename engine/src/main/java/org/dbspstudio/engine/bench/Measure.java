package org.dbspstudio.engine.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * Wall-clock and process CPU time of a timed section. The table compares wall-clock times (the
 * engine and DuckDB run in the same process, one after the other, so a shared machine slows both);
 * process CPU time (which includes the JVM's collector threads and any thread DuckDB uses; its
 * resolution is coarse, about 10 ms) is logged beside it for long sections, and so is the CPU time of
 * the thread that ran the engine (its own work, without the collector's threads).
 */
final class Measure {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final long wall;
    private final long cpu;
    private final long thread;

    static Measure start() {
        return new Measure();
    }

    private Measure(long wall, long cpu, long thread) {
        this.wall = wall;
        this.cpu = cpu;
        this.thread = thread;
    }

    private Measure() {
        this(System.nanoTime(), OS.getProcessCpuTime(), THREADS.getCurrentThreadCpuTime());
    }

    /**
     * {wall seconds, process CPU seconds, the calling thread's CPU seconds} since start (measured on
     * the thread that started it); the thread's CPU is the engine's own work, without the collector's.
     */
    double[] stop() {
        return new double[] {(System.nanoTime() - wall) / 1e9, (OS.getProcessCpuTime() - cpu) / 1e9,
                (THREADS.getCurrentThreadCpuTime() - thread) / 1e9};
    }

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length == 0 ? Double.NaN : s[s.length / 2];
    }

    static double p99(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length == 0 ? Double.NaN : s[Math.min(s.length - 1, (int) Math.ceil(s.length * 0.99) - 1)];
    }

    static String seconds(double s) {
        if (s >= 1) {
            return String.format(Locale.ROOT, "%.2f s", s);
        }
        if (s >= 0.001) {
            return String.format(Locale.ROOT, "%.1f ms", s * 1e3);
        }
        return String.format(Locale.ROOT, "%.0f µs", s * 1e6);
    }

    static String rate(double perSecond) {
        if (Double.isInfinite(perSecond) || Double.isNaN(perSecond)) {
            return "— changes/s (no CPU time measured: below the clock's resolution)";
        }
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM changes/s", perSecond / 1e6);
        }
        if (perSecond >= 1e3) {
            return String.format(Locale.ROOT, "%.0fk changes/s", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f changes/s", perSecond);
    }

    /** Speed relative to DuckDB: DuckDB's time over the engine's (above 1: the engine is faster). */
    static String speed(double engineSeconds, double duckSeconds) {
        double r = duckSeconds / engineSeconds;
        return r >= 10 ? String.format(Locale.ROOT, "%.0f×", r) : String.format(Locale.ROOT, "%.2f×", r);
    }

    /** Runs a full collection so that data generated before a timed section is not collected inside it. */
    static void settleHeap() {
        System.gc();
    }

    /** Heap in use after full collections (the live data, as near as the JVM tells). */
    static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
