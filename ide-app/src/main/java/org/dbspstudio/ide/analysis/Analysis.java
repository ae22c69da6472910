package org.dbspstudio.ide.analysis;

import java.util.List;
import java.util.function.Function;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;

/** The result of checking a whole document once: inferred types and diagnostics. */
public record Analysis(TypeInfo types, List<Diagnostic> diagnostics) {
    public static final Analysis EMPTY = new Analysis(null, List.of());

    /** Runs type inference and the given checker on the top-level circuit. */
    public static Analysis of(Circuit top, Function<Circuit, List<Diagnostic>> checker) {
        return new Analysis(TypeInfo.infer(top), List.copyOf(checker.apply(top)));
    }

    /** The types of the circuit reached by following nested operator ids, or null. */
    public TypeInfo typesAt(List<String> path) {
        TypeInfo t = types;
        for (String id : path) {
            if (t == null) {
                return null;
            }
            t = t.nested(id);
        }
        return t;
    }
}
