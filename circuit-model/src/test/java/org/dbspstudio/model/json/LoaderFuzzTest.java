package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.expr.Limits;
import org.dbspstudio.model.fuzz.CaseRunner;
import org.junit.jupiter.api.Test;

/**
 * The loader fuzzer: seeded cases of deep nesting, huge numbers and strings at every place a
 * document has values, bytes that are not UTF-8, and large documents (thousands of operators, in
 * a bounded form). Each case ends within a time limit with a document or a {@link LoadException}
 * that names a position and no internal names. {@code -Dfuzz.seed=N} replays another run.
 */
class LoaderFuzzTest {
    private static final long SEED = Long.getLong("fuzz.seed", 20261201L);
    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final String HEAD = "{\"format\": \"dbsp-studio-circuit\", \"version\": 1,\n";
    private static final String CIRCUIT = "\"circuit\": {\"operators\": [\n"
            + "  {\"id\": \"u\", \"kind\": \"input\", \"params\": {\"name\": \"u\", \"type\": {\"columns\": [\n"
            + "     {\"name\": \"a\", \"type\": \"DECIMAL\", \"nullable\": true}, {\"name\": \"b\", \"type\": \"INTEGER\", \"nullable\": true},\n"
            + "     {\"name\": \"c\", \"type\": \"DOUBLE\", \"nullable\": true}, {\"name\": \"s\", \"type\": \"VARCHAR\", \"nullable\": true}]}}},\n"
            + "  {\"id\": \"f\", \"kind\": \"filter\", \"params\": {\"predicate\": PRED}},\n"
            + "  {\"id\": \"o\", \"kind\": \"output\", \"params\": {\"name\": \"o\"}}],\n"
            + " \"streams\": [{\"from\": \"u.out\", \"to\": \"f.in\"}, {\"from\": \"f.out\", \"to\": \"o.in\"}]},\n"
            + "\"layout\": {\"u\": {\"x\": X, \"y\": 0}},\n"
            + "\"scenario\": {\"u\": [[{\"row\": [A, B, C, S], \"weight\": W}]]}}\n";

    private static final String[] NUMBERS = {"1e999999999", "-1e999999999", "1e-999999999", "1E+2147483647",
        "9223372036854775808", "-9223372036854775809", "0.000001", "1e308", "1e309", "-0", "4.9e-324"};

    private static String hugeNumber(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> NUMBERS[r.nextInt(NUMBERS.length)];
            case 1 -> "9".repeat(1 + r.nextInt(1200));
            case 2 -> "0." + "0".repeat(r.nextInt(1200)) + "7";
            default -> "1" + "0".repeat(r.nextInt(1100)) + (r.nextBoolean() ? "" : ".5");
        };
    }

    private static String value(Random r) {
        return switch (r.nextInt(6)) {
            case 0, 1 -> hugeNumber(r);
            case 2 -> "\"" + "x".repeat(r.nextInt(r.nextInt(20) == 0 ? 200_000 : 50)) + "\"";
            case 3 -> "null";
            case 4 -> "[".repeat(1 + r.nextInt(r.nextInt(10) == 0 ? 3000 : 20)) + "1" + "]".repeat(1 + r.nextInt(3000));
            default -> "\"1e999999999\"";
        };
    }

    private static String document(Random r) {
        String text = HEAD + CIRCUIT.replace("@PRED@", r.nextInt(3) == 0 ? value(r) : "\"a > " + hugeNumber(r) + "\"")
                .replace("@X@", r.nextBoolean() ? hugeNumber(r) : "0")
                .replace("@A@", value(r)).replace("@B@", value(r)).replace("@C@", value(r))
                .replace("@S@", r.nextBoolean() ? value(r) : "\"s\"")
                .replace("@W@", r.nextBoolean() ? hugeNumber(r) : "1");
        // sometimes the input's type is broken, so its rows stay untyped
        return r.nextInt(5) == 0 ? text.replace("\"DECIMAL\"", "\"DECIMA\"") : text;
    }

    /** A document or a LoadException with a place and plain words; loaded DECIMALs are within the limits. */
    private static void check(String text) {
        LoadResult res;
        try {
            res = DocumentReader.read(text, "fuzz.json");
        } catch (LoadException e) {
            assertThat(e.detail()).isNotBlank().doesNotContain("StreamReadConstraints", "JsonReadFeature", "`", "Exception");
            assertThat(e.line()).as(e.getMessage()).isPositive();
            return;
        }
        for (List<StepData> steps : res.document().scenario().streams().values()) {
            for (StepData d : steps) {
                if (d instanceof StepData.Rows rows) {
                    for (Change c : rows.changes()) {
                        for (Object v : c.row().asList()) {
                            if (v instanceof BigDecimal b) {
                                assertThat(Limits.decimalProblem(b)).isNull();
                                assertThat(b.scale()).isLessThanOrEqualTo(Limits.DECIMAL_SCALE);
                            }
                        }
                    }
                }
            }
        }
        String written = DocumentWriter.write(res.document());
        try {
            assertThat(DocumentReader.read(written, "again.json").document()).isEqualTo(res.document());
        } catch (LoadException e) {
            throw new AssertionError("a written document does not read back: " + e.getMessage(), e);
        }
    }

    @Test
    void hostileDocumentsEachWithinItsTimeLimit() throws Exception {
        Random r = new Random(SEED);
        List<Path> fixtures = Fixtures.files();
        try (CaseRunner runner = new CaseRunner(LIMIT)) {
            for (int k = 0; k < 1500; k++) {
                String text = document(r);
                runner.run(text, () -> check(text));
            }
            // bytes that are not UTF-8, anywhere in a fixture
            for (int k = 0; k < 1000; k++) {
                byte[] b = Fixtures.text(fixtures.get(r.nextInt(fixtures.size()))).getBytes(StandardCharsets.UTF_8);
                int at = r.nextInt(b.length);
                byte bad = (byte) (0x80 + r.nextInt(0x80));
                b[at] = bad;
                runner.run("byte 0x" + Integer.toHexString(bad & 0xff) + " at " + at, () -> {
                    try {
                        check(DocumentReader.decode(b, "fuzz.json"));
                    } catch (LoadException e) {
                        assertThat(e.detail()).matches("the file is not UTF-8 text: invalid byte 0x[0-9A-F]{2} at byte offset \\d+");
                        int offset = Integer.parseInt(e.detail().replaceAll(".* ", ""));
                        // the first invalid byte: at the replaced one or before it, or up to three bytes after it
                        // when it made a lead byte of a shorter sequence (E2 81 BB with E2 → C3: C3 81 is valid, BB is not)
                        assertThat(offset).isLessThanOrEqualTo(at + 3);
                        try {
                            StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(b, 0, offset));
                        } catch (java.nio.charset.CharacterCodingException before) {
                            throw new AssertionError("a byte before offset " + offset + " is not UTF-8 either", before);
                        }
                        assertThat(String.format("0x%02X", b[offset] & 0xff)).isEqualTo(e.detail().replaceAll(".*byte (0x..) .*", "$1"));
                        assertThat(e.line()).isPositive();
                        assertThat(e.column()).isPositive();
                    }
                });
            }
            // large documents in a bounded form: chains and fans of up to 8,000 operators
            for (int k = 0; k < 10; k++) {
                int n = 500 + r.nextInt(7500);
                boolean fan = r.nextBoolean();
                String text = large(n, fan);
                runner.run(n + " operators (" + (fan ? "fan-in" : "chain") + ")", () -> {
                    try {
                        LoadResult res = DocumentReader.read(text, "big.json");
                        assertThat(res.document().circuit().operators()).hasSize(n + 2);
                        assertThat(res.document().circuit().streams()).hasSize(fan ? n : n + 1);
                    } catch (LoadException e) {
                        throw new AssertionError(e.getMessage(), e);
                    }
                });
            }
            assertThat(runner.cases()).isEqualTo(2510);
        }
    }

    /** i → n0 → … → n(n-1) → o, or n inputs all into o's one port. */
    static String large(int n, boolean fan) {
        StringBuilder sb = new StringBuilder(HEAD).append("\"circuit\": {\"operators\": [\n");
        sb.append("{\"id\": \"i\", \"kind\": \"input\", \"params\": {\"name\": \"i\", \"type\": \"Z\"}},\n");
        for (int i = 0; i < n; i++) {
            sb.append(fan ? "{\"id\": \"n" + i + "\", \"kind\": \"input\", \"params\": {\"name\": \"n" + i + "\", \"type\": \"Z\"}},\n"
                    : "{\"id\": \"n" + i + "\", \"kind\": \"negate\"},\n");
        }
        sb.append("{\"id\": \"o\", \"kind\": \"output\", \"params\": {\"name\": \"o\"}}],\n\"streams\": [\n");
        if (fan) {
            for (int i = 0; i < n; i++) {
                sb.append(i > 0 ? ",\n" : "").append("{\"from\": \"n" + i + ".out\", \"to\": \"o.in\"}");
            }
        } else {
            sb.append("{\"from\": \"i.out\", \"to\": \"n0.in\"}");
            for (int i = 1; i < n; i++) {
                sb.append(",\n{\"from\": \"n" + (i - 1) + ".out\", \"to\": \"n" + i + ".in\"}");
            }
            sb.append(",\n{\"from\": \"n" + (n - 1) + ".out\", \"to\": \"o.in\"}");
        }
        return sb.append("]}}\n").toString();
    }
}
