package org.dbspstudio.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The "run" benchmark on a small graph: both child processes start from this class path, the
 * {@code dbsp run} process prints the closure at step 0 (checked against the pairs DuckDB prints
 * and its count inside the benchmark, which throws when they differ) and the figure compares the two. Times are printed,
 * never asserted.
 */
class RunProcessBenchTest {
    @Test
    void runsTheCommandLineAndDuckDbAsProcessesAndComparesThem() throws Exception {
        List<String> log = new ArrayList<>();
        List<Benchmarks.Figure> f = Benchmarks.runProcess(40, 60, 3, 1, 300, log::add);
        assertThat(f).hasSize(1);
        assertThat(f.get(0).name()).startsWith("run closure 40/60 + 3 edges, process -Xmx2g");
        assertThat(f.get(0).engine()).as(String.join("\n", log)).contains("× DuckDB's");
        assertThat(f.get(0).duckdb()).contains("recursive CTE");
        assertThat(log).anyMatch(l -> l.startsWith("run round 0:") && l.contains("equal")
                && l.contains("DuckDB printing only their number"));
    }

    /**
     * Started as {@code java -jar ROOT/engine/target/…-cli.jar bench}, the benchmark runs
     * {@code ROOT/bin/dbsp} (the command users run, with its JVM options); from a class directory,
     * another jar, or a checkout without bin/dbsp, it has no launcher.
     */
    @Test
    void findsTheLauncherBesideTheCommandLineJar(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root) throws Exception {
        java.nio.file.Path target = java.nio.file.Files.createDirectories(root.resolve("engine/target"));
        java.nio.file.Path jar = java.nio.file.Files.createFile(target.resolve("engine-0.1.0-SNAPSHOT-cli.jar"));
        java.nio.file.Path other = java.nio.file.Files.createFile(target.resolve("engine-0.1.0-SNAPSHOT.jar"));
        java.nio.file.Path classes = java.nio.file.Files.createDirectories(target.resolve("classes"));
        assertThat(RunProcessBench.besideJar(source(jar))).isNull(); // no bin/dbsp yet
        java.nio.file.Path dbsp = java.nio.file.Files.createFile(java.nio.file.Files.createDirectories(root.resolve("bin"))
                .resolve("dbsp"));
        assertThat(dbsp.toFile().setExecutable(true)).isTrue();
        assertThat(RunProcessBench.besideJar(source(jar))).isEqualTo(dbsp.toString());
        assertThat(RunProcessBench.ownJar(source(jar))).isEqualTo(jar.toString());
        assertThat(RunProcessBench.besideJar(source(other))).isNull();
        assertThat(RunProcessBench.besideJar(source(classes))).isNull();
        assertThat(RunProcessBench.ownJar(source(classes))).isNull();
        assertThat(RunProcessBench.besideJar(null)).isNull();
    }

    /** The pairs compared between the two processes' outputs: only the lines with the prefix, packed and sorted. */
    @Test
    void readsThePairsOfEitherOutput(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path run = dir.resolve("run.csv");
        java.nio.file.Files.writeString(run, "output,step,weight,values...\nreach,0,1,7,3\nreach,0,1,2,2147483647\n"
                + "reach,0,2,1,1\nreach,1,1,0,0\nreach,0,1,2,5\n");
        assertThat(RunProcessBench.pairs(run, "reach,0,1,")).containsExactly(2L << 32 | 5, 2L << 32 | Integer.MAX_VALUE, 7L << 32 | 3);
        java.nio.file.Path duck = dir.resolve("duck.csv");
        java.nio.file.Files.writeString(duck, "7,3\n2,5\n2,2147483647\n");
        assertThat(RunProcessBench.pairs(duck, "")).containsExactly(RunProcessBench.pairs(run, "reach,0,1,"));
        java.nio.file.Files.writeString(duck, "7,3\n-2,5\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunProcessBench.pairs(duck, ""))
                .hasMessageContaining("-2,5");
    }

    private static java.security.CodeSource source(java.nio.file.Path p) throws java.net.MalformedURLException {
        return new java.security.CodeSource(p.toUri().toURL(), (java.security.cert.Certificate[]) null);
    }
}
