package org.dbspstudio.ide.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.css.CssParser;
import javafx.css.Rule;
import javafx.css.Stylesheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The theme's stylesheet is converted once to JavaFX's binary form and named from then on ({@link BinaryCss}). */
class BinaryCssTest {
    private static final URL PRIMER = BinaryCssTest.class.getResource("/atlantafx/base/theme/primer-light.css");

    @Test
    void theFirstStartNamesTheJarsStylesheetAndConvertsACopyTheNextNamesTheCopy(@TempDir Path cache) throws Exception {
        assertThat(PRIMER).isNotNull();
        assertThat(BinaryCss.cached(PRIMER, cache)).isEqualTo(PRIMER.toExternalForm());
        String next = null;
        for (int i = 0; i < 300 && (next == null || next.equals(PRIMER.toExternalForm())); i++) {
            Thread.sleep(100);
            next = BinaryCss.cached(PRIMER, cache);
        }
        assertThat(next).as("the cached copy after the conversion").startsWith("file:").endsWith(".css");
        Path copy = Path.of(new java.net.URI(next));
        Path binary = copy.resolveSibling(copy.getFileName().toString().replaceFirst("\\.css$", ".bss"));
        assertThat(copy).hasSameBinaryContentAs(Path.of(copyOf(PRIMER, cache)));
        // the binary form holds the same rules: selectors and declared properties as the parsed stylesheet
        Stylesheet parsed = new CssParser().parse(PRIMER);
        Stylesheet loaded = Stylesheet.loadBinary(binary.toUri().toURL());
        assertThat(describe(loaded.getRules())).isEqualTo(describe(parsed.getRules()));
        try (var files = Files.list(cache)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no temporary file left").noneMatch(n -> n.endsWith(".tmp"));
        }
        awaitIdle();
    }

    @Test
    void aCacheThatCannotBeWrittenLeavesTheJarsStylesheet(@TempDir Path dir) throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        Path cache = notAFolder.resolve("css");
        assertThat(BinaryCss.cached(PRIMER, cache)).isEqualTo(PRIMER.toExternalForm());
        awaitIdle();
        assertThat(BinaryCss.cached(PRIMER, cache)).isEqualTo(PRIMER.toExternalForm());
        assertThat(BinaryCss.idle()).as("a failed conversion is not tried again in the same process").isTrue();
        assertThat(Files.exists(cache)).isFalse();
    }

    /** Waits until no conversion runs, so none writes into a folder JUnit is removing. */
    private static void awaitIdle() throws InterruptedException {
        for (int i = 0; i < 600 && !BinaryCss.idle(); i++) {
            Thread.sleep(50);
        }
        assertThat(BinaryCss.idle()).as("the conversion finished").isTrue();
    }

    private static String copyOf(URL u, Path dir) throws Exception {
        Path p = Files.createTempFile(dir, "expected", ".txt");
        try (var in = u.openStream()) {
            Files.copy(in, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return p.toString();
    }

    private static List<String> describe(List<Rule> rules) {
        return rules.stream().map(r -> r.getSelectors() + " " + r.getDeclarations().stream()
                .map(d -> d.getProperty()).toList()).toList();
    }
}
