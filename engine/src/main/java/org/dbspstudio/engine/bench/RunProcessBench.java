package org.dbspstudio.engine.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.rewrite.Incrementalizer;

/**
 * "run": the command line as users start it. Writes the circuit that {@code incrementalize}
 * produces from the drawn transitive closure ({@link Closure}) with a scenario (a random graph at
 * step 0, then single-edge changes) to a file, and times, from start to exit, a child process
 * {@code JAVA_OPTS=-Xmx2g bin/dbsp run FILE --format csv} (its output to a file) beside a child
 * process {@code java -Xmx2g …} that starts DuckDB (in-memory, one thread), loads the same graph
 * from a CSV file, computes its closure once with a recursive CTE and prints its pairs
 * ({@link DuckDbClosure}, its output to a file): both processes start a JVM, load the graph,
 * compute the closure and print it. A third process, DuckDB printing only the number of pairs (what
 * the figure compared with before), is timed in each round for the log. {@code bin/dbsp} is the
 * launcher that started this benchmark ({@code DBSP_LAUNCHER}, set by it) or, when the benchmark
 * runs from the command-line jar started otherwise ({@code java -jar engine/target/…-cli.jar bench}),
 * the {@code bin/dbsp} of the checkout that jar was built in: with its JVM options and its
 * class-data archive (written by one untimed {@code run FILE --steps 0} first, as any earlier run
 * would have). Without either (the benchmark started from a class path, e.g. by a test) the run
 * process is {@code java -Xmx2g -cp … org.dbspstudio.cli.Main run FILE --format csv}. Both start from the same
 * jar or class path. The run's step-0 output is checked to hold the pairs DuckDB printed, each once
 * with weight 1, and DuckDB's count to be their number.
 */
final class RunProcessBench {
    private RunProcessBench() {
    }

    /** The heap both child processes get. */
    static final String HEAP = "-Xmx2g";

    /**
     * @param rounds  how many times each process is timed (alternately); the medians are compared
     * @param timeout seconds after which the run process is stopped (the figure says so)
     */
    static List<Benchmarks.Figure> run(int nodes, int edges, int singles, int rounds, int timeout, Consumer<String> log)
            throws IOException, SQLException {
        Path dir = Files.createTempDirectory("dbsp-bench-run");
        try {
            Scenario sc = Closure.workload(nodes, edges, singles, 0, 0, 42);
            Circuit inc = Incrementalizer.incrementalize(Closure.transitiveClosure()).incremental();
            Path doc = dir.resolve("closure.json");
            DocumentWriter.write(new CircuitDocument("closure " + nodes + "/" + edges, inc).setScenario(sc), doc);
            Path csv = dir.resolve("edges.csv");
            StringBuilder sb = new StringBuilder("src,dst\n");
            for (Change c : ((StepData.Rows) sc.at("edges", 0)).changes()) {
                sb.append(c.row().get(0)).append(',').append(c.row().get(1)).append('\n');
            }
            Files.writeString(csv, sb.toString(), StandardCharsets.UTF_8);
            String launcher = launcher();
            List<String> run = launcher != null
                    ? List.of(launcher, "run", doc.toString(), "--format", "csv")
                    : command("org.dbspstudio.cli.Main", "run", doc.toString(), "--format", "csv");
            List<String> duck = command(DuckDbClosure.class.getName(), csv.toString());
            List<String> duckCount = command(DuckDbClosure.class.getName(), csv.toString(), "--count");
            log.accept("run: " + nodes + " nodes, " + edges + " edges, then " + singles + " single-edge changes; "
                    + (launcher != null ? "JAVA_OPTS=" + HEAP + " " + launcher + " run "
                            : String.join(" ", run.subList(0, 2)) + " -cp (this class path) org.dbspstudio.cli.Main run ")
                    + doc.getFileName() + " --format csv");
            if (launcher != null) {
                // the launcher's class-data archive for run, as any earlier run leaves it (untimed)
                int code = exec(List.of(launcher, "run", doc.toString(), "--steps", "0"), dir.resolve("warm.out"),
                        dir.resolve("warm.err"), timeout);
                log.accept("run: an untimed " + launcher + " run --steps 0 first (exit code " + code
                        + "), which leaves the launcher's class-data archive for run");
            }
            double[] engine = new double[rounds];
            double[] db = new double[rounds];
            double[] dbCount = new double[rounds];
            long pairs = -1;
            for (int r = 0; r < rounds; r++) {
                Path out = dir.resolve("run.csv");
                Path err = dir.resolve("run.err");
                long t0 = System.nanoTime();
                int code = exec(run, out, err, timeout);
                engine[r] = (System.nanoTime() - t0) / 1e9;
                if (code == TIMED_OUT) {
                    log.accept("run: the dbsp run process did not finish within " + timeout + " s; stopped");
                    return List.of(new Benchmarks.Figure(name(nodes, edges, singles), "not done after " + timeout + " s",
                            "—", "—"));
                }
                if (code != 0) {
                    String why = Files.readString(err, StandardCharsets.UTF_8).strip();
                    log.accept("run: the dbsp run process exited with " + code + ": " + why);
                    String figure = code == 3 ? "out of memory (" + firstLine(why) + ")" : "exit code " + code;
                    return List.of(new Benchmarks.Figure(name(nodes, edges, singles), figure, "—", "—"));
                }
                Path dout = dir.resolve("duck.out");
                db[r] = execDuckDb(duck, dout, dir.resolve("duck.err"), timeout, "the DuckDB process");
                Path cout = dir.resolve("count.out");
                dbCount[r] = execDuckDb(duckCount, cout, dir.resolve("count.err"), timeout,
                        "the DuckDB --count process");
                long[] duckPairs = pairs(dout, "");
                long[] runPairs = pairs(out, "reach,0,1,");
                pairs = duckPairs.length;
                long counted = Long.parseLong(Files.readString(cout, StandardCharsets.UTF_8).strip());
                if (stepRows(out, 0) != runPairs.length || !java.util.Arrays.equals(runPairs, duckPairs) || counted != pairs) {
                    throw new IllegalStateException("run: dbsp run printed " + stepRows(out, 0) + " rows at step 0 ("
                            + runPairs.length + " pairs of weight 1), DuckDB printed " + duckPairs.length + " pairs and counted "
                            + counted + (runPairs.length == duckPairs.length ? ": they differ" : ""));
                }
                log.accept(String.format("run round %d: dbsp run process %s, DuckDB process %s (closure %d pairs, equal;"
                        + " DuckDB printing only their number %s)",
                        r, Measure.seconds(engine[r]), Measure.seconds(db[r]), pairs, Measure.seconds(dbCount[r])));
            }
            double e = Measure.median(engine);
            double d = Measure.median(db);
            log.accept("run: DuckDB printing only the number of pairs, median " + Measure.seconds(Measure.median(dbCount))
                    + String.format(java.util.Locale.ROOT, " (dbsp run %.1f× that)", e / Measure.median(dbCount)));
            return List.of(new Benchmarks.Figure(name(nodes, edges, singles), Measure.seconds(e)
                    + String.format(java.util.Locale.ROOT, " (%.1f× DuckDB's)", e / d),
                    Measure.seconds(d) + " (start, load, recursive CTE, print)", Measure.speed(e, d)));
        } finally {
            deleteAll(dir);
        }
    }

    /** {@code java -Xmx2g -cp CLASSPATH MAIN ARGS…} with this JVM's java and class path (the CLI jar when run from it). */
    private static List<String> command(String main, String... args) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.add(HEAP);
        c.add("-cp");
        c.add(System.getProperty("java.class.path"));
        c.add(main);
        c.addAll(List.of(args));
        return c;
    }

    /**
     * bin/dbsp when it started this benchmark (it sets DBSP_LAUNCHER); else, when this class runs
     * from the command-line jar in {@code ROOT/engine/target}, {@code ROOT/bin/dbsp} if it is
     * there (the command users run: a run process started without it would lack its JVM options);
     * else null.
     */
    static String launcher() {
        String l = System.getenv("DBSP_LAUNCHER");
        if (l != null && Files.isExecutable(Path.of(l))) {
            return l;
        }
        return besideJar(RunProcessBench.class.getProtectionDomain().getCodeSource());
    }

    /** The jar file this code runs from, or null (a class directory, or unknown). */
    static String ownJar(java.security.CodeSource source) {
        try {
            if (source == null || source.getLocation() == null) {
                return null;
            }
            Path jar = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(jar) && jar.getFileName().toString().endsWith(".jar") ? jar.toString() : null;
        } catch (java.net.URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    /** {@code ROOT/bin/dbsp} for code run from {@code ROOT/engine/target/NAME-cli.jar}, when it is executable; else null. */
    static String besideJar(java.security.CodeSource source) {
        String own = ownJar(source);
        if (own == null) {
            return null;
        }
        Path jar = Path.of(own);
        Path target = jar.getParent();
        if (!jar.getFileName().toString().endsWith("-cli.jar") || target == null || target.getFileName() == null
                || !target.getFileName().toString().equals("target") || target.getParent() == null
                || target.getParent().getParent() == null) {
            return null;
        }
        Path dbsp = target.getParent().getParent().resolve("bin").resolve("dbsp");
        return Files.isRegularFile(dbsp) && Files.isExecutable(dbsp) ? dbsp.toString() : null;
    }

    private static String name(int nodes, int edges, int singles) {
        return "run closure " + nodes + "/" + edges + " + " + singles + " edges, process " + HEAP + ", start to exit";
    }

    private static final int TIMED_OUT = -1;

    /** Runs a DuckDB process to its end: its time in seconds; an error naming it when it fails. */
    private static double execDuckDb(List<String> command, Path out, Path err, int timeout, String what)
            throws IOException, SQLException {
        long t = System.nanoTime();
        int code = exec(command, out, err, timeout);
        double seconds = (System.nanoTime() - t) / 1e9;
        if (code != 0) {
            throw new SQLException(what + " exited with " + code + ": "
                    + Files.readString(err, StandardCharsets.UTF_8).strip());
        }
        return seconds;
    }

    private static int exec(List<String> command, Path out, Path err, int timeout) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("JAVA_OPTS", HEAP); // read by bin/dbsp; the java commands carry it themselves
        String jar = ownJar(RunProcessBench.class.getProtectionDomain().getCodeSource());
        if (jar != null) {
            pb.environment().put("DBSP_JAR", jar); // bin/dbsp runs this jar, as it is
        }
        Process p = pb.start();
        try {
            if (!p.waitFor(timeout, java.util.concurrent.TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly); // the JVM under bin/dbsp
                p.destroyForcibly().waitFor();
                return TIMED_OUT;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + command.get(command.size() - 1), e);
        }
    }

    /** Rows printed for step {@code t} in a {@code run --format csv} output (lines "output,step,weight,values…"). */
    private static long stepRows(Path csv, int t) throws IOException {
        String prefix = "reach," + t + ",";
        try (Stream<String> lines = Files.lines(csv, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith(prefix)).count();
        }
    }

    /**
     * The pairs of the lines of {@code csv} that start with {@code prefix} and then hold two
     * integers {@code a,b} (each in 0..2^31-1, as the benchmark's node numbers), packed into one long
     * each and sorted.
     */
    static long[] pairs(Path csv, String prefix) throws IOException {
        long[] p = new long[1 << 16];
        int n = 0;
        try (java.io.BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                if (!l.startsWith(prefix)) {
                    continue;
                }
                int comma = l.indexOf(',', prefix.length());
                long a = Long.parseLong(l, prefix.length(), comma, 10);
                long b = Long.parseLong(l, comma + 1, l.length(), 10);
                if (a < 0 || b < 0 || a > Integer.MAX_VALUE || b > Integer.MAX_VALUE) {
                    throw new IllegalStateException(csv + ": a pair of node numbers outside 0..2^31-1: " + l);
                }
                if (n == p.length) {
                    p = java.util.Arrays.copyOf(p, 2 * n);
                }
                p[n++] = a << 32 | b;
            }
        }
        p = java.util.Arrays.copyOf(p, n);
        java.util.Arrays.sort(p);
        return p;
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    private static void deleteAll(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory: left for the system to clean
        }
    }
}
