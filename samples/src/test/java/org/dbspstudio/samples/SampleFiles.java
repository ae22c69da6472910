package org.dbspstudio.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.json.LoadResult;

/** Finds and loads the sample documents (the {@code *.json} files directly in the samples module folder). */
final class SampleFiles {
    private SampleFiles() {
    }

    /** The samples folder: the module's base directory (surefire's working directory, or {@code basedir}). */
    static Path folder() {
        String basedir = System.getProperty("basedir");
        Path p = basedir != null ? Path.of(basedir) : Path.of("").toAbsolutePath();
        if (!Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("samples"))) {
            p = p.resolve("samples");
        }
        return p;
    }

    /** Every sample file, sorted by name. */
    static List<Path> all() {
        try (Stream<Path> s = Files.list(folder())) {
            return s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads a sample, failing on any load diagnostic (errors and warnings alike). */
    static CircuitDocument load(Path file) {
        try {
            LoadResult r = DocumentReader.read(file);
            if (!r.diagnostics().isEmpty()) {
                throw new AssertionError(file.getFileName() + ": " + r.diagnostics());
            }
            return r.document();
        } catch (LoadException e) {
            throw new AssertionError(file.getFileName() + ": " + e.getMessage(), e);
        }
    }
}
