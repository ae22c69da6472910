package org.dbspstudio.ide.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.LoadException;

/**
 * The sample circuits shipped with the IDE (File → Open Sample): the {@code *.json} documents of
 * the repository's {@code samples/} folder, copied by the build to the class path folder
 * {@code samples/}. Each entry carries the document's own name and description, so the IDE shows
 * exactly what the files (and {@code samples/README.md}) say. When the class path has no samples
 * (running from sources without a build), the folder named by the system property
 * {@code dbsp.samples}, or {@code samples/} under the working directory, is read instead.
 */
public final class SampleCatalog {
    /** The class path folder holding the samples. */
    public static final String RESOURCE_FOLDER = "samples";

    /** One sample: its file name, its document's name and description, and the document text. */
    public record Sample(String file, String name, String description, String json) {
        /** Parses the document afresh (each call gives an independent copy). */
        public CircuitDocument document() throws LoadException {
            return DocumentReader.read(json, file).document();
        }

        /** The menu title, e.g. "6 · users ⋈ orders, step by step". */
        public String title() {
            String number = file.length() > 2 && Character.isDigit(file.charAt(0)) && Character.isDigit(file.charAt(1))
                    ? Integer.parseInt(file.substring(0, 2)) + " · " : "";
            return number + name;
        }
    }

    private SampleCatalog() {
    }

    /** Every sample, sorted by file name; empty when none can be found. */
    public static List<Sample> load() {
        List<Sample> fromClassPath = fromClassPath();
        if (!fromClassPath.isEmpty()) {
            return fromClassPath;
        }
        String prop = System.getProperty("dbsp.samples");
        return fromFolder(prop != null ? Path.of(prop) : Path.of("samples"));
    }

    /** The samples of a folder (its {@code *.json} files, sorted by name). */
    public static List<Sample> fromFolder(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            List<Sample> out = new ArrayList<>();
            for (Path p : files.filter(SampleCatalog::isSample).sorted().toList()) {
                out.add(sample(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8)));
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the samples in " + folder, e);
        }
    }

    private static List<Sample> fromClassPath() {
        URL url = SampleCatalog.class.getClassLoader().getResource(RESOURCE_FOLDER);
        if (url == null) {
            return List.of();
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                FileSystem fs;
                try {
                    fs = FileSystems.newFileSystem(uri, Map.of());
                } catch (FileSystemAlreadyExistsException e) {
                    fs = FileSystems.getFileSystem(uri);
                }
                return fromFolder(fs.getPath(RESOURCE_FOLDER));
            }
            return "file".equals(uri.getScheme()) ? fromFolder(Path.of(uri)) : List.of();
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot read the samples at " + url, e);
        }
    }

    private static boolean isSample(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json");
    }

    /** Reads the name and description of a sample document (a broken sample is an error, not skipped). */
    static Sample sample(String file, String json) {
        try {
            CircuitDocument d = DocumentReader.read(json, file).document();
            return new Sample(file, d.name().isBlank() ? file : d.name(), d.description(), json);
        } catch (LoadException e) {
            throw new IllegalStateException("sample " + file + " cannot be read: " + e.getMessage(), e);
        }
    }
}
