package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options bin/dbsp gives the commands it starts: bin/dbsp runs with a stand-in {@code java}
 * first on the PATH that prints its arguments, and {@code DBSP_JAR} naming a jar to run as it is
 * (nothing is built), {@code DBSP_CDS=off} (no class-data archive).
 */
class LauncherTest {
    private static final Path DBSP = Path.of("..", "bin", "dbsp").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** The arguments bin/dbsp gives java for {@code args}, with {@code javaOpts} as JAVA_OPTS. */
    private List<String> javaArguments(String javaOpts, String... args) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n", StandardCharsets.UTF_8);
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Path jar = dir.resolve("dbsp-cli.jar");
        if (!Files.exists(jar)) {
            Files.createFile(jar);
        }
        List<String> command = new ArrayList<>(List.of("bash", DBSP.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("PATH", bin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("DBSP_JAR", jar.toString());
        env.put("DBSP_CDS", "off");
        env.put("JAVA_OPTS", javaOpts);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        List<String> lines = out.lines().toList();
        assertThat(lines).as(out).containsSubsequence("-jar", jar.toString());
        return lines;
    }

    @Test
    void runPromotesWhatSurvivesAYoungCollectionAndKeepsTheSurvivorSpacesSmall() throws Exception {
        List<String> a = javaArguments("-Xmx2g", "run", "closure.json", "--format", "csv");
        assertThat(a).contains("-XX:+UseParallelGC", "-XX:InitialRAMPercentage=100", "-XX:InitialTenuringThreshold=0",
                "-XX:MaxTenuringThreshold=0", "-XX:SurvivorRatio=32", "-XX:TieredStopAtLevel=1",
                "-XX:CompileThresholdScaling=0.1", "-Xmx2g");
        assertThat(a).doesNotContain("-XX:MaxTenuringThreshold=1", "-XX:InitialTenuringThreshold=1");
        assertThat(a.subList(a.indexOf("-jar") + 2, a.size())).containsExactly("run", "closure.json", "--format", "csv");
    }

    @Test
    void whatJavaOptsSetsIsLeftToIt() throws Exception {
        List<String> tenuring = javaArguments("-Xmx2g -XX:MaxTenuringThreshold=3", "run", "c.json");
        assertThat(tenuring).contains("-XX:+UseParallelGC", "-XX:MaxTenuringThreshold=3");
        assertThat(tenuring).noneMatch(s -> s.startsWith("-XX:SurvivorRatio=") || s.equals("-XX:MaxTenuringThreshold=0"));
        List<String> survivors = javaArguments("-XX:SurvivorRatio=6", "run", "c.json");
        assertThat(survivors).noneMatch(s -> s.contains("TenuringThreshold") || s.equals("-XX:SurvivorRatio=32"));
        List<String> g1 = javaArguments("-XX:+UseG1GC", "run", "c.json");
        assertThat(g1).noneMatch(s -> s.contains("TenuringThreshold") || s.contains("SurvivorRatio")
                || s.equals("-XX:+UseParallelGC") || s.startsWith("-XX:InitialRAMPercentage"));
        assertThat(javaArguments("-XX:TieredStopAtLevel=4", "run", "c.json")).doesNotContain("-XX:TieredStopAtLevel=1")
                .noneMatch(s -> s.startsWith("-XX:CompileThresholdScaling"));
        List<String> scaling = javaArguments("-XX:CompileThresholdScaling=0.5", "run", "c.json");
        assertThat(scaling).contains("-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.5")
                .doesNotContain("-XX:CompileThresholdScaling=0.1");
    }

    private static final boolean LINUX = System.getProperty("os.name").startsWith("Linux");

    @Test
    void benchMapsTheHeapInHugePagesOnLinux() throws Exception {
        assertThat(javaArguments("", "run", "c.json")).doesNotContain("-XX:+UseTransparentHugePages");
        for (String command : List.of("bench")) {
            List<String> a = javaArguments("", command, "c.json");
            if (LINUX) {
                assertThat(a).as(command).contains("-XX:+UseTransparentHugePages");
            } else {
                assertThat(a).as(command).doesNotContain("-XX:+UseTransparentHugePages");
            }
            assertThat(javaArguments("-XX:-UseTransparentHugePages", command, "c.json")).as(command)
                    .doesNotContain("-XX:+UseTransparentHugePages").contains("-XX:-UseTransparentHugePages");
            assertThat(javaArguments("-XX:+UseLargePages", command, "c.json")).as(command)
                    .doesNotContain("-XX:+UseTransparentHugePages");
        }
    }

    @Test
    void benchRunsItsOwnWorkloadsUnderTheParallelCollector() throws Exception {
        List<String> bench = javaArguments("", "bench", "--only", "b1,b2");
        assertThat(bench).contains("-XX:+UseParallelGC")
                .noneMatch(s -> s.contains("TenuringThreshold") || s.contains("SurvivorRatio") || s.contains("Tiered")
                        || s.startsWith("-XX:InitialRAMPercentage"));
        assertThat(javaArguments("-XX:+UseG1GC", "bench")).doesNotContain("-XX:+UseParallelGC").contains("-XX:+UseG1GC");
    }

    @Test
    void otherCommandsAndFollowKeepTheJvmDefaults() throws Exception {
        List<String> validate = javaArguments("", "validate", "c.json");
        assertThat(validate).noneMatch(s -> s.startsWith("-XX:"));
        List<String> follow = javaArguments("", "run", "c.json", "--db", "x.duckdb", "--follow");
        assertThat(follow).doesNotContain("-XX:TieredStopAtLevel=1").noneMatch(s -> s.startsWith("-XX:CompileThresholdScaling"));
    }
}
