package org.dbspstudio.ide.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;

/**
 * The result of checking a whole document once: the model's inferred types (one map for the
 * whole document, nested circuits included, since operator ids are unique) and the diagnostics.
 *
 * @param types       the inferred types, or null when inference was not possible
 * @param diagnostics every problem of the document
 */
public record Analysis(InferredTypes types, List<Diagnostic> diagnostics) {
    public static final Analysis EMPTY = new Analysis(null, List.of());

    public Analysis {
        diagnostics = List.copyOf(diagnostics);
    }

    /** Runs the model's type inference and the given checker on the top-level circuit. */
    public static Analysis of(Circuit top, Function<Circuit, List<Diagnostic>> checker) {
        InferredTypes types;
        try {
            types = TypeInference.infer(top);
        } catch (RuntimeException e) {
            types = null; // the checker reports what is wrong; hover tips just show "type unknown"
        }
        return new Analysis(types, checker.apply(top));
    }

    /** The type on a stream, or null when unknown. */
    public StreamType typeOf(Stream s) {
        return types == null ? null : types.typeOf(s);
    }

    /** The types on the connected, typed input ports of {@code op}, which lives in {@code level}. */
    public Map<String, StreamType> inputTypes(Circuit level, Operator op) {
        Map<String, StreamType> in = new LinkedHashMap<>();
        if (types != null) {
            for (Stream s : level.streamsInto(op.id())) {
                StreamType t = types.typeOf(s);
                if (t != null) {
                    in.putIfAbsent(s.to().port(), t);
                }
            }
        }
        return in;
    }

    /**
     * The first type error the model reports against operator {@code opId} (a mismatch on one of
     * its inputs, or an error in its own typing rule or expressions), or null.
     */
    public String typeError(String opId) {
        if (types == null) {
            return null;
        }
        return types.diagnostics().stream()
                .filter(d -> d.isError() && !d.operators().isEmpty() && d.operators().get(0).equals(opId))
                .map(Diagnostic::message).findFirst().orElse(null);
    }
}
