package org.dbspstudio.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code dbsp run} prints exactly the bytes it printed before its printing was made faster: every
 * sample in {@code samples/} in the csv, table and json formats, a circuit of awkward values
 * ({@code run-output/values.json}: strings with commas, quotes, empty, "null", NULLs, doubles,
 * decimals, booleans, Long.MIN_VALUE, non-ASCII) with and without {@code --trace}, and the
 * transitive closure's trace (nested iterations). The expected files under
 * {@code src/test/resources/org/dbspstudio/cli/run-output} were written by {@code dbsp run} as it
 * was at commit 1a6810e (autoflushed println per row).
 */
class RunOutputTest {
    private static final Path SAMPLES = Path.of("../samples");
    private static final String EXPECTED = "/org/dbspstudio/cli/run-output/";

    @TestFactory
    Stream<DynamicTest> printsTheSameBytesAsBefore() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.list(SAMPLES)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(19);
        for (Path f : files) {
            String name = f.getFileName().toString().replace(".json", "");
            for (String format : List.of("csv", "table", "json")) {
                tests.add(dynamicTest(name + " " + format, () -> check(f, name + "." + format, "--format", format)));
            }
        }
        Path values = values();
        for (String format : List.of("csv", "table", "json")) {
            tests.add(dynamicTest("values " + format, () -> check(values, "values." + format, "--format", format)));
            tests.add(dynamicTest("values --trace " + format,
                    () -> check(values, "values.trace." + format, "--trace", "--format", format)));
        }
        Path closure = SAMPLES.resolve("05-transitive-closure.json");
        for (String format : List.of("csv", "table")) {
            tests.add(dynamicTest("closure --trace " + format,
                    () -> check(closure, "05-transitive-closure.trace." + format, "--trace", "--format", format)));
        }
        return tests.stream();
    }

    /** The command line as a process (Main.main and its standard output), byte for byte. */
    @Test
    void aProcessPrintsTheSameBytes() throws Exception {
        for (String format : List.of("csv", "table")) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dfile.encoding=UTF-8", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                    "run", values().toString(), "--format", format)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            assertThat(p.waitFor()).isZero();
            assertThat(out).as(format).isEqualTo(expected("values." + format).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void check(Path file, String expected, String... options) {
        List<String> args = new ArrayList<>(List.of("run", file.toString()));
        args.addAll(List.of(options));
        Main.Captured r = Main.capture(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(expected(expected));
    }

    private static Path values() throws IOException {
        Path dir = Files.createTempDirectory("run-output");
        Path f = dir.resolve("values.json");
        Files.writeString(f, expected("values.json-source"), StandardCharsets.UTF_8);
        return f;
    }

    private static String expected(String name) {
        String resource = EXPECTED + (name.equals("values.json-source") ? "values.json" : name + ".out");
        try (InputStream in = RunOutputTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
