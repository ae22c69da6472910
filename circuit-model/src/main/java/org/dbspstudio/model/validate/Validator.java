package org.dbspstudio.model.validate;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.ParamCheck;

/**
 * Checks a circuit and returns its problems as {@link Diagnostic}s, which the IDE and the CLI
 * show alike. In order: wiring and nesting ({@code DUPLICATE_ID}, {@code BAD_ID},
 * {@code UNKNOWN_OPERATOR}, {@code UNKNOWN_PORT}, {@code WRONG_DIRECTION},
 * {@code BOUNDARY_CROSSING}, {@code UNCONNECTED_INPUT}, {@code MULTIPLY_FED},
 * {@code UNUSED_OUTPUT} (warning), {@code MISPLACED_OPERATOR}, {@code DUPLICATE_PORT}),
 * parameters ({@code MISSING_PARAM}, {@code BAD_PARAM}, {@code UNKNOWN_PARAM} (warning)), names
 * ({@code DUPLICATE_NAME}), algebraic loops ({@code ALGEBRAIC_LOOP}, one per loop), then types
 * and expressions ({@code TYPE_MISMATCH}, {@code TYPE_ERROR}, {@code EXPR_ERROR},
 * {@code TYPE_UNKNOWN}).
 *
 * <p>{@code where} names the operator id or the stream id ({@link org.dbspstudio.model.Stream#id()});
 * {@code operators} and {@code streams} list what to highlight.
 */
public final class Validator {
    private Validator() {
    }

    /** Every problem in {@code circuit}, nested circuits included; empty when it is valid. */
    public static List<Diagnostic> validate(Circuit circuit) {
        return check(circuit).diagnostics();
    }

    /**
     * What validation found: the problems and, when the ports could be derived, the inferred
     * types and each level's dependency order.
     *
     * @param types null when the ports could not be derived (parameter errors)
     */
    public record Result(List<Diagnostic> diagnostics, InferredTypes types) {
        public Result {
            diagnostics = List.copyOf(diagnostics);
        }

        /** Whether an error was found (warnings aside). */
        public boolean hasErrors() {
            return Validator.hasErrors(diagnostics);
        }
    }

    /**
     * Validates {@code circuit} and keeps what validation inferred, so that a circuit found
     * valid is compiled from these types and orders instead of deriving them again.
     */
    public static Result check(Circuit circuit) {
        List<Diagnostic> all = new ArrayList<>();
        if (ParamCheck.portsBroken(circuit)) {
            // ports cannot be derived: report the parameters (and names) only
            all.addAll(ParamCheck.check(circuit));
            all.addAll(NameCheck.check(circuit));
            return new Result(all, null);
        }
        all.addAll(StructureCheck.check(circuit));
        all.addAll(ParamCheck.check(circuit));
        all.addAll(NameCheck.check(circuit));
        all.addAll(LoopCheck.check(circuit));
        InferredTypes types = TypeInference.infer(circuit);
        all.addAll(types.diagnostics());
        return new Result(all, types);
    }

    /**
     * The problems of a document: those of its circuit, then its scenario checked against the
     * inputs and its expected outputs against the outputs (names and row shapes).
     */
    public static List<Diagnostic> validate(CircuitDocument document) {
        List<Diagnostic> all = new ArrayList<>(validate(document.circuit()));
        if (!ParamCheck.portsBroken(document.circuit())) {
            all.addAll(ScenarioCheck.check(document, TypeInference.infer(document.circuit())));
        }
        return all;
    }

    /** Whether the list holds an error (warnings aside). */
    public static boolean hasErrors(List<Diagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
