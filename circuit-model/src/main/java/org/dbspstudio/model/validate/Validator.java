package org.dbspstudio.model.validate;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;

/**
 * Checks a circuit and returns its problems as {@link Diagnostic}s (the IDE and the CLI show them
 * alike): structure and nesting, parameters, names, algebraic loops, then types and expressions.
 */
public final class Validator {
    private Validator() {
    }

    /** Every problem in {@code circuit}, nested circuits included; empty when it is valid. */
    public static List<Diagnostic> validate(Circuit circuit) {
        List<Diagnostic> all = new ArrayList<>();
        all.addAll(StructureCheck.check(circuit));
        all.addAll(ParamCheck.check(circuit));
        all.addAll(NameCheck.check(circuit));
        all.addAll(LoopCheck.check(circuit));
        all.addAll(TypeInference.infer(circuit).diagnostics());
        return all;
    }

    /** The problems of a document's circuit. */
    public static List<Diagnostic> validate(CircuitDocument document) {
        return validate(document.circuit());
    }

    /** Whether the list holds an error (warnings aside). */
    public static boolean hasErrors(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
