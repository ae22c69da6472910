package org.dbspstudio.engine.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The JVM a closure benchmark (B3, B4) runs in under {@code dbsp bench}: a JVM of its own (a child
 * process of the bench, {@code java OPTIONS -cp CLASSPATH org.dbspstudio.cli.Main bench --in-process
 * --figure-lines --only b3 …}), with the heap issue #11 names for it ({@code -Xmx2g} for B3,
 * {@code -Xmx6g} for B4) and the options chosen by measurement on a 2-core VM whose page faults cost
 * about 30 µs per 4 KiB page (bin/dbsp's comments record the figures): for B3 those
 * {@code bin/dbsp run} gives a run (the parallel collector, the heap started at its maximum, what
 * survives a young collection promoted at once into the old generation, small survivor spaces, the
 * client compiler only), for B4 the parallel collector and the client compiler only with the JVM's
 * heap sizing; for both, on Linux, transparent huge pages for the heap (a fault maps 2 MiB instead
 * of 4 KiB).
 * DuckDB runs beside the workload in that process, as in this one. The options of {@code JAVA_OPTS}
 * (the variable bin/dbsp gives its JVM; the bench reads it from its environment) come after the
 * chosen ones and replace those they concern: a maximum heap, a collector (then the chosen
 * collector's own options go too), an initial heap, a young generation's size, tenuring or survivor
 * spaces, huge pages, or the compilers.
 */
public final class WorkloadJvm {
    private WorkloadJvm() {
    }

    /** The prefix of a figure's line in a child's standard output: then name, engine, DuckDB, speed, tab-separated. */
    public static final String FIGURE = "figure\t";

    /** The prefix of the line in a child's standard output that describes its JVM ({@link #thisJvm}). */
    public static final String JVM = "jvm\t";

    /** What a workload's JVM printed: its figures, and its description of itself ({@link #thisJvm}). */
    public record Ran(List<Benchmarks.Figure> figures, String jvm) {
    }

    /** The main class a child JVM runs. */
    private static final String MAIN = "org.dbspstudio.cli.Main";

    /** The heap issue #11 names for the workload ({@code B3} or {@code B4}). */
    static String heap(String workload) {
        return workload.equalsIgnoreCase("B4") ? "-Xmx6g" : "-Xmx2g";
    }

    /** The options chosen for the workload, before JAVA_OPTS. */
    static List<String> chosen(String workload) {
        return chosen(workload, LINUX);
    }

    /** The collector chosen for every workload's JVM. */
    static final String CHOSEN_COLLECTOR = "-XX:+UseParallelGC";

    /** Whether this JVM runs on Linux (the only system whose JVM knows -XX:+UseTransparentHugePages). */
    static final boolean LINUX = System.getProperty("os.name", "").startsWith("Linux");

    /** The options chosen for the workload on Linux or another system, before JAVA_OPTS. */
    static List<String> chosen(String workload, boolean linux) {
        List<String> o = new ArrayList<>(List.of(heap(workload), CHOSEN_COLLECTOR));
        if (!workload.equalsIgnoreCase("B4")) {
            // not B4's: under -Xmx6g its first step paused 10-25 s in young collections that copied
            // gigabytes into fresh old-generation pages
            o.addAll(List.of("-XX:InitialRAMPercentage=100", "-XX:InitialTenuringThreshold=0", "-XX:MaxTenuringThreshold=0",
                    "-XX:SurvivorRatio=32"));
        }
        if (linux) {
            o.add("-XX:+UseTransparentHugePages");
        }
        o.add("-XX:TieredStopAtLevel=1");
        return o;
    }

    private static final Pattern MAX_HEAP = Pattern.compile("-Xmx.*|-XX:MaxHeapSize=.*|-XX:MaxRAM(Percentage)?=.*");
    private static final Pattern COLLECTOR = Pattern.compile("-XX:[+-]Use[A-Za-z0-9]+GC");
    private static final Pattern INITIAL_HEAP = Pattern.compile("-Xms.*|-XX:InitialHeapSize=.*|-XX:InitialRAMPercentage=.*");
    private static final Pattern YOUNG_SIZE = Pattern.compile("-Xmn.*|-XX:(Max)?NewSize=.*|-XX:NewRatio=.*");
    private static final Pattern SURVIVORS = Pattern.compile("-XX:(Initial|Max)TenuringThreshold=.*|-XX:SurvivorRatio=.*");
    private static final Pattern HUGE_PAGES = Pattern.compile("-XX:[+-]Use(Transparent)?HugePages|-XX:[+-]UseLargePages.*");
    private static final Pattern COMPILERS = Pattern.compile("-XX:[+-]?Tiered.*|-XX:CompileThresholdScaling=.*");

    /**
     * The JVM options of the workload's JVM: the chosen ones that {@code javaOpts} (JAVA_OPTS, split
     * at white space as a shell does with it unquoted; null or blank: none) leaves, then its own.
     */
    public static List<String> options(String workload, String javaOpts) {
        List<String> user = javaOpts == null || javaOpts.isBlank() ? List.of() : List.of(javaOpts.strip().split("\\s+"));
        // another collector than the chosen one (naming the chosen one again keeps its options)
        boolean collector = user.stream().anyMatch(u -> COLLECTOR.matcher(u).matches() && !u.equals(CHOSEN_COLLECTOR));
        List<String> o = new ArrayList<>();
        for (String c : chosen(workload)) {
            boolean replaced = sets(user, MAX_HEAP, c) || sets(user, INITIAL_HEAP, c) || sets(user, YOUNG_SIZE, c)
                    || sets(user, SURVIVORS, c) || sets(user, HUGE_PAGES, c) || sets(user, COMPILERS, c)
                    // the chosen collector's own options go with it
                    || collector && (COLLECTOR.matcher(c).matches() || INITIAL_HEAP.matcher(c).matches()
                            || YOUNG_SIZE.matcher(c).matches() || SURVIVORS.matcher(c).matches());
            if (!replaced) {
                o.add(c);
            }
        }
        o.addAll(user);
        return o;
    }

    /** Whether the chosen option {@code c} is of the kind {@code kind} and the user's options set that kind. */
    private static boolean sets(List<String> user, Pattern kind, String c) {
        Predicate<String> p = kind.asMatchPredicate();
        return p.test(c) && user.stream().anyMatch(p);
    }

    /** The command that starts the workload's JVM: {@code bench --in-process --figure-lines} with {@code benchArgs}. */
    static List<String> command(List<String> options, List<String> benchArgs) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the JVM's own warnings to standard error: standard output carries the figures
        c.add("-Xlog:disable");
        c.add("-Xlog:all=warning:stderr");
        c.addAll(options);
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        c.add(MAIN);
        c.add("bench");
        c.add("--in-process");
        c.add("--figure-lines");
        c.addAll(benchArgs);
        return c;
    }

    /** A workload's JVM that could not start or exited with a code other than 0. */
    public static final class Failed extends Exception {
        private final int code;

        Failed(String message, int code) {
            super(message);
            this.code = code;
        }

        /** The child's exit code; -1 when it did not start. */
        public int code() {
            return code;
        }
    }

    /**
     * Runs {@code bench --only WORKLOAD benchArgs…} in a JVM of its own with {@code options}
     * ({@link #options}) and returns its figures and its description of itself. Its standard error (progress, details) and any line
     * of its standard output that is not a figure go to {@code log} as they come.
     *
     * @throws Failed when it does not start or exits with another code than 0 (the message says which
     *                command and, for code 3, that its heap was full; its own messages went to log)
     */
    public static Ran run(String workload, List<String> options, List<String> benchArgs,
                                              Consumer<String> log) throws Failed {
        List<String> command = command(options, benchArgs);
        String shown = "java " + String.join(" ", options);
        Process p;
        try {
            p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new Failed(workload + ": could not start its JVM (" + command.get(0) + "): " + e.getMessage(), -1);
        }
        Thread stop = new Thread(p::destroyForcibly, "dbsp-bench-stop-" + workload);
        Runtime.getRuntime().addShutdownHook(stop); // the bench stopped (^C): its child with it
        List<Benchmarks.Figure> figures = new ArrayList<>();
        String jvm = null;
        Thread errors = new Thread(() -> forward(p.getErrorStream(), log), "dbsp-bench-stderr-" + workload);
        errors.setDaemon(true);
        errors.start();
        int code;
        try {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l = out.readLine(); l != null; l = out.readLine()) {
                    Benchmarks.Figure f = parse(l);
                    if (f != null) {
                        figures.add(f);
                    } else if (l.startsWith(JVM)) {
                        jvm = l.substring(JVM.length());
                    } else if (!l.isBlank()) {
                        synchronized (log) {
                            log.accept(l);
                        }
                    }
                }
            } catch (IOException e) {
                log.accept(workload + ": reading its JVM's output failed: " + e.getMessage());
            }
            code = p.waitFor();
            errors.join();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new Failed(workload + ": interrupted while its JVM ran (" + shown + ")", -1);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // shutting down already: the hook stops the child
            }
        }
        if (code != 0) {
            throw new Failed(workload + ": its JVM (" + shown + ") " + exitDescription(code) + "; its messages are above", code);
        }
        if (figures.isEmpty()) {
            throw new Failed(workload + ": its JVM (" + shown + ") printed no figures", 1);
        }
        return new Ran(figures, jvm != null ? jvm : String.join(" ", options));
    }

    /** How a workload's JVM ended with {@code code}: above 128 a signal killed it (as a shell reports it). */
    static String exitDescription(int code) {
        if (code > 128 && code < 160) {
            int signal = code - 128;
            return "was killed by signal " + signal + " (exit code " + code + ")"
                    + (signal == 9 ? ": SIGKILL, perhaps the system's out-of-memory killer" : "");
        }
        return "exited with code " + code + (code == 3 ? " (its Java heap was full)" : "");
    }

    private static void forward(java.io.InputStream in, Consumer<String> log) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                synchronized (log) {
                    log.accept(l);
                }
            }
        } catch (IOException e) {
            // the child's standard error closed under us: it ended
        }
    }

    /** A figure as a line of a child's standard output ({@link #FIGURE}, then its four fields tab-separated). */
    public static String line(Benchmarks.Figure f) {
        return FIGURE + String.join("\t", clean(f.name()), clean(f.engine()), clean(f.duckdb()), clean(f.speed()));
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ');
    }

    /** The figure of a line written by {@link #line}, or null for any other line. */
    static Benchmarks.Figure parse(String l) {
        if (!l.startsWith(FIGURE)) {
            return null;
        }
        String[] f = l.substring(FIGURE.length()).split("\t", -1);
        return f.length == 4 ? new Benchmarks.Figure(f[0], f[1], f[2], f[3]) : null;
    }

    /**
     * This JVM's options as the table shows them: those it was started with, without logging,
     * class-data sharing, agents and system properties; then its collector and maximum heap.
     */
    public static String thisJvm() {
        List<String> shown = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!(a.startsWith("-Xlog") || a.startsWith("-Xshare") || a.startsWith("-XX:SharedArchiveFile")
                    || a.startsWith("-XX:ArchiveClassesAtExit") || a.startsWith("-D") || a.startsWith("-javaagent")
                    || a.startsWith("-agent"))) {
                shown.add(a);
            }
        }
        List<String> collectors = new ArrayList<>();
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            collectors.add(b.getName());
        }
        return (shown.isEmpty() ? "the JVM's defaults" : String.join(" ", shown)) + " (" + collector(collectors)
                + ", heap up to " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB)";
    }

    /** The collector's name from its beans' names (G1, parallel, serial, …). */
    static String collector(List<String> beans) {
        String all = String.join(",", beans);
        if (all.contains("G1")) {
            return "G1 collector";
        }
        if (all.contains("PS ")) {
            return "parallel collector";
        }
        if (all.contains("Copy") || all.contains("MarkSweepCompact")) {
            return "serial collector";
        }
        return all.isEmpty() ? "collector unknown" : all;
    }
}
