package org.dbspstudio.model.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.dbspstudio.fixtures.FixtureDocuments;

/**
 * The file format's fixture documents ({@link FixtureDocuments#FORMAT}, shared with the other
 * modules' tests through test-fixtures), copied to a temporary folder as files.
 */
final class Fixtures {
    static final Path DIR = FixtureDocuments.copies(FixtureDocuments.FORMAT);

    /** The start of a document, for tests that write the rest. */
    static final String HEAD = "{\"format\": \"dbsp-studio-circuit\", \"version\": 1,\n";

    private Fixtures() {
    }

    /** The error of loading {@code text} (as {@code t.json}); fails the test when it loads. */
    static LoadException loadError(String text) {
        try {
            DocumentReader.read(text, "t.json");
        } catch (LoadException e) {
            return e;
        }
        throw new AssertionError("expected a LoadException for " + (text.length() > 200 ? text.substring(0, 200) + "…" : text));
    }

    static List<Path> files() {
        try (Stream<Path> s = Files.walk(DIR)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
