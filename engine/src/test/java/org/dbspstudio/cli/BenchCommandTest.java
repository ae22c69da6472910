package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code dbsp bench} with B3 on a small graph, as a process with JAVA_OPTS in its environment (as
 * bin/dbsp leaves it): B3 runs in a JVM of its own under the options chosen for it, or under those
 * JAVA_OPTS replaces them with (the table's footer says so, as that JVM describes itself: its
 * collector and heap); a JVM that cannot start is reported in a line with its exit code, not a stack
 * trace; {@code --in-process} runs B3 in the bench's own JVM. Times are printed, never asserted.
 */
class BenchCommandTest {
    private record Ran(int code, String out, String err) {
    }

    private static Ran bench(String javaOpts, String... args) throws Exception {
        return benchB3(javaOpts, "40,60,3,1,5", args);
    }

    private static Ran benchB3(String javaOpts, String b3, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "bench", "--only", "b3",
                "--b3", b3));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false);
        Map<String, String> env = pb.environment();
        env.remove("JAVA_OPTS");
        if (javaOpts != null) {
            env.put("JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        java.util.concurrent.CompletableFuture<String> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Ran(p.waitFor(), out, err.get());
    }

    @Test
    void b3RunsInAJvmOfItsOwnUnderTheChosenOptions() throws Exception {
        Ran r = bench(null);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("B3 closure 40/60, first step", "B3 closure 40/60, one edge, p99",
                "B3 closure 40/60, 5 edges, median", "JVM options:",
                "  B3: a JVM of its own, " + String.join(" ", org.dbspstudio.engine.bench.WorkloadJvm.options("B3", null))
                        + " (parallel collector, heap up to ");
        assertThat(r.out()).doesNotContain("this JVM");
        assertThat(r.err()).contains("B3: in a JVM of its own: java -Xmx2g -XX:+UseParallelGC",
                "B3: the engine's closure equals DuckDB's");
    }

    @Test
    void javaOptsOverridesTheChosenOptionsInTheWorkloadsJvm() throws Exception {
        Ran r = bench("-Xmx300m -XX:+UseSerialGC");
        assertThat(r.code()).as(r.err()).isZero();
        // as the child JVM describes itself: it ran with the serial collector and that heap
        assertThat(r.out()).containsPattern("  B3: a JVM of its own, .*-XX:TieredStopAtLevel=1 -Xmx300m -XX:\\+UseSerialGC"
                + " \\(serial collector, heap up to (2[6-9][0-9]|300) MB\\)");
        assertThat(r.out()).doesNotContain("-Xmx2g", "-XX:+UseParallelGC");
    }

    @Test
    void aJvmThatCannotStartIsReportedInALineWithItsExitCode() throws Exception {
        Ran r = bench("-XX:+NoSuchOptionInThisTest");
        assertThat(r.code()).isEqualTo(CliSupport.CIRCUIT_ERRORS);
        assertThat(r.err()).contains("NoSuchOptionInThisTest", "dbsp bench: B3: its JVM (java -Xmx2g -XX:+UseParallelGC",
                "-XX:+NoSuchOptionInThisTest) exited with code 1; its messages are above");
        assertThat(r.err()).doesNotContain("\tat ", "Exception", "internal error");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aWorkloadJvmWhoseHeapIsFullIsReportedWithItsCode() throws Exception {
        Ran r = benchB3("-Xmx48m -XX:+UseSerialGC", "2000,3000,1,0,10");
        assertThat(r.code()).as(r.err()).isEqualTo(CliSupport.OUT_OF_MEMORY);
        // the workload's JVM names the workload, operator and step; the bench names that JVM
        assertThat(r.err()).containsPattern("dbsp bench: B3: (operator '[^']+' )?at step 0(, iteration \\[\\d+\\])?: "
                        + "ERROR \\[OUT_OF_MEMORY\\] the Java heap \\(")
                .contains("dbsp bench: B3: its JVM (java ", "-Xmx48m -XX:+UseSerialGC) exited with code 3 (its Java heap was full)")
                .doesNotContain("Exception in thread", "java.lang.OutOfMemoryError", "\tat ");
    }

    @Test
    void inProcessRunsB3InTheBenchsJvm() throws Exception {
        Ran r = bench("-XX:+NoSuchOptionInThisTest", "--in-process");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("B3 closure 40/60, first step", "  B3: this JVM, -Xmx256m (");
        assertThat(r.out()).doesNotContain("a JVM of its own");
    }
}
