package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.model.CircuitDocument;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Random documents (see {@link RandomDocuments}) write, validate against the schema, and read back equal. */
class DocumentRoundTripProperties {

    @Property(tries = 1500)
    void writeThenReadGivesAnEqualDocumentAndTheSameBytes(@ForAll long seed) throws Exception {
        CircuitDocument doc = RandomDocuments.generate(seed);
        String text = DocumentWriter.write(doc);
        LoadResult back = DocumentReader.read(text, "random.json");
        assertThat(back.diagnostics().stream().filter(d -> !d.code().equals("UNKNOWN_INPUT") && !d.code().equals("UNKNOWN_OUTPUT"))).isEmpty();
        assertThat(back.document()).isEqualTo(doc);
        assertThat(back.document().scenario()).isEqualTo(doc.scenario());
        assertThat(back.document().expected()).isEqualTo(doc.expected());
        assertThat(back.document().layout()).isEqualTo(doc.layout());
        assertThat(DocumentWriter.write(back.document())).isEqualTo(text);
    }

    @Property(tries = 300)
    void writtenDocumentsMatchTheSchema(@ForAll long seed) {
        String text = DocumentWriter.write(RandomDocuments.generate(seed));
        assertThat(SchemaCheck.errors(text)).as(text).isEmpty();
    }
}
