package org.dbspstudio.model.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Diagnostics;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;

/** Input names and output names are each unique in a document (compared case-insensitively, as SQL does). */
final class NameCheck {
    private NameCheck() {
    }

    static List<Diagnostic> check(Circuit circuit) {
        List<Diagnostic> out = new ArrayList<>();
        unique(circuit, OpKind.INPUT, "input", out);
        unique(circuit, OpKind.OUTPUT, "output", out);
        return out;
    }

    private static void unique(Circuit circuit, OpKind kind, String what, List<Diagnostic> out) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        circuit.forEachDeep(op -> {
            if (op.kind() == kind && op.params().values().get("name") instanceof String n && !n.isBlank()) {
                byName.computeIfAbsent(n.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(op.id());
            }
        });
        byName.forEach((n, ids) -> {
            if (ids.size() > 1) {
                Operator first = circuit.allOperators().get(ids.get(0));
                out.add(Diagnostic.error("DUPLICATE_NAME", ids.get(1), what + " name '" + first.params().string("name")
                        + "' is used by " + Diagnostics.list(ids, ", ") + "; " + what + " names must be unique", ids));
            }
        });
    }
}
