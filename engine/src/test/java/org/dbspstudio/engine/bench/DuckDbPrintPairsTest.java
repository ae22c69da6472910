package org.dbspstudio.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The run benchmark's DuckDB process prints the closure through JDBC where the system has no
 * {@code /dev/stdout}: every row once, as {@code a,b} lines, across the writes it batches (the
 * query here has more rows than one 64K write holds), and nothing else.
 */
class DuckDbPrintPairsTest {
    @Test
    void printsEveryPairOnceAcrossItsBatchedWrites() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DuckDb db = new DuckDb(); PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            db.printPairs("SELECT i, -i * 3 FROM range(20000) t(i) ORDER BY i", out);
        }
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n", -1);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            expected.add(i + "," + (-i * 3));
        }
        expected.add(""); // the last line ends with a newline too
        assertThat(lines).containsExactlyElementsOf(expected);
    }
}
