package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The repository explains itself: every relative link of its Markdown files resolves inside it. */
class DocumentationLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");

    @Test
    void markdownLinksResolveInsideTheRepository() throws IOException {
        Path root = SampleFiles.folder().toAbsolutePath().getParent().normalize();
        List<String> broken = new ArrayList<>();
        List<Path> docs;
        try (Stream<Path> s = Files.walk(root)) {
            docs = s.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> root.relativize(p).toString().split("[/\\\\]")[0].matches("[^.].*"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/node_modules/"))
                    .toList();
        }
        assertThat(docs).extracting(p -> root.relativize(p).toString()).contains("README.md", "docs/theory.md",
                "docs/json-format.md", "samples/README.md");
        for (Path doc : docs) {
            String text = Files.readString(doc);
            if (text.contains("shared/docs") || text.contains("/work/")) {
                broken.add(root.relativize(doc) + ": points outside the repository");
            }
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // a web address
                }
                Path resolved = doc.getParent().resolve(target).normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    broken.add(root.relativize(doc) + ": " + target);
                }
            }
        }
        assertThat(broken).isEmpty();
    }
}
