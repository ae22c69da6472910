package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jackson's limits (nesting depth, number, string and name lengths) and bytes that are not UTF-8
 * fail with the place where reading stopped and words a user can act on — never Jackson's own
 * names for its settings.
 */
class LoaderLimitsTest {
    private static final String HEAD = Fixtures.HEAD;

    private static LoadException loadError(String text) {
        return Fixtures.loadError(text);
    }

    private static void noInternalNames(LoadException e) {
        assertThat(e.getMessage()).doesNotContain("StreamReadConstraints", "JsonReadFeature", "getMax", "`",
                "Feature '", "ALLOW_");
    }

    @Test
    void tooDeepNestingNamesWhereItStopped() {
        LoadException e = loadError(HEAD + "\"description\": " + "[".repeat(1500) + "]".repeat(1500) + "}");
        noInternalNames(e);
        assertThat(e.detail()).isEqualTo("too large: arrays and objects are nested too deeply (the limit is 1,000 levels)");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isBetween(1000, 1020);
    }

    @Test
    void tooLongNumbersStringsAndNamesNameWhereTheyAre() {
        LoadException n = loadError(HEAD + "\"version\": " + "1".repeat(1500) + "}");
        noInternalNames(n);
        assertThat(n.detail()).isEqualTo("too large: a number is too long (the limit is 1,000 characters)");
        assertThat(n.line()).isEqualTo(2);
        assertThat(n.column()).isPositive();

        LoadException name = loadError(HEAD + "\"" + "k".repeat(60_000) + "\": 1}");
        noInternalNames(name);
        assertThat(name.detail()).isEqualTo("too large: a field name is too long (the limit is 50,000 characters)");
        assertThat(name.line()).isEqualTo(2);
    }

    @Test
    void jacksonsOwnSwitchesAreNotNamed() {
        for (String bad : new String[] {"[NaN]", "[+1]", "/* c */ {}", "[Infinity]"}) {
            LoadException e = loadError(bad);
            noInternalNames(e);
            assertThat(e.detail()).startsWith("malformed JSON");
            assertThat(e.line()).isEqualTo(1);
        }
    }

    @Test
    void bytesThatAreNotUtf8NameTheirOffsetLineAndColumn(@TempDir Path dir) throws Exception {
        byte[] b = (HEAD + "\"name\": \"ab\u00e9\"}").getBytes(StandardCharsets.UTF_8);
        int bad = b.length - 4; // the first byte of é
        b[bad] = (byte) 0xFF;
        Path f = dir.resolve("latin.json");
        Files.write(f, b);
        try {
            DocumentReader.read(f);
            throw new AssertionError("expected a LoadException");
        } catch (LoadException e) {
            assertThat(e.detail()).isEqualTo("the file is not UTF-8 text: invalid byte 0xFF at byte offset " + bad);
            assertThat(e.line()).isEqualTo(2);
            assertThat(e.column()).isEqualTo(12); // "name": "ab is 11 characters
        }
        // a multi-byte character before the bad byte counts as one column
        byte[] c = "{\"é\": \"\u00e9x".getBytes(StandardCharsets.UTF_8);
        byte[] d = java.util.Arrays.copyOf(c, c.length + 1);
        d[c.length] = (byte) 0xC3; // a truncated sequence at the end of the file
        Files.write(f, d);
        try {
            DocumentReader.read(f);
            throw new AssertionError("expected a LoadException");
        } catch (LoadException e) {
            assertThat(e.detail()).isEqualTo("the file is not UTF-8 text: invalid byte 0xC3 at byte offset " + c.length);
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.column()).isEqualTo(10); // {"é": "éx is 9 characters (11 bytes)
        }
    }
}
