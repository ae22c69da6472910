package org.dbspstudio.ide.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentReader;
import org.junit.jupiter.api.Test;

/** The IDE's sample list is the repository's samples folder, with the documents' own names and descriptions. */
class SampleCatalogTest {
    private static Path repositorySamples() {
        Path here = Path.of("").toAbsolutePath();
        Path p = here.resolve("../samples").normalize();
        return Files.isDirectory(p) ? p : here.resolve("samples");
    }

    @Test
    void theClassPathCarriesEverySampleOfTheRepository() throws Exception {
        List<SampleCatalog.Sample> shipped = SampleCatalog.load();
        List<SampleCatalog.Sample> repo = SampleCatalog.fromFolder(repositorySamples());
        long files;
        try (var list = Files.list(repositorySamples())) {
            files = list.filter(f -> f.getFileName().toString().endsWith(".json")).count();
        }
        assertThat(repo).hasSize((int) files).hasSizeGreaterThanOrEqualTo(12);
        assertThat(shipped).extracting(SampleCatalog.Sample::file)
                .containsExactlyElementsOf(repo.stream().map(SampleCatalog.Sample::file).toList());
        for (SampleCatalog.Sample s : shipped) {
            CircuitDocument d = DocumentReader.read(repositorySamples().resolve(s.file())).document();
            assertThat(s.name()).isEqualTo(d.name());
            assertThat(s.description()).isEqualTo(d.description()).isNotBlank();
            assertThat(s.document()).isEqualTo(d);
        }
    }

    @Test
    void titlesAreNumberedLikeTheFiles() {
        List<SampleCatalog.Sample> all = SampleCatalog.load();
        assertThat(all.get(0).title()).startsWith("1 · ");
        assertThat(all.get(11).title()).startsWith("12 · ");
    }

    @Test
    void aMissingFolderHasNoSamples() {
        assertThat(SampleCatalog.fromFolder(Path.of("no-such-folder-here"))).isEmpty();
    }
}
