package org.dbspstudio.model.json;

import java.util.List;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;

/**
 * A loaded document and the problems found while loading it (unknown operator kinds, unknown or
 * ill-typed parameters, scenario values that do not fit their input, ...). The document is usable
 * even when there are errors: the offending parts were left out, as each diagnostic says.
 */
public record LoadResult(CircuitDocument document, List<Diagnostic> diagnostics) {
    public LoadResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
