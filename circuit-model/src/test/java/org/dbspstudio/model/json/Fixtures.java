package org.dbspstudio.model.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The committed fixture documents under src/test/resources/fixtures. */
final class Fixtures {
    static final Path DIR = Path.of("src/test/resources/fixtures");

    private Fixtures() {
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
