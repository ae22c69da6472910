package org.dbspstudio.samples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.RowValues;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.verify.Comparison;
import org.dbspstudio.verify.Mismatch;

/**
 * Expected output changes as typed values, and comparison of computed values with them,
 * reporting the differing rows.
 */
final class Outcomes {
    private Outcomes() {
    }

    /** The stream type of each named output of a top-level circuit. */
    static Map<String, StreamType> outputTypes(Circuit c) {
        InferredTypes types = TypeInference.infer(c);
        Map<String, StreamType> out = new LinkedHashMap<>();
        for (Operator op : c.operatorsOfKind(OpKind.OUTPUT)) {
            var feed = c.feeding(new PortRef(op.id(), "in"))
                    .orElseThrow(() -> new AssertionError("output " + op.id() + " is not fed"));
            out.put(op.params().string("name"), types.typeOf(feed));
        }
        return out;
    }

    /** One step of an expectation as a value of the output's type (rows coerced to its schema). */
    static StreamValue value(StepData d, StreamType type, String where) {
        if (d instanceof StepData.Scalar s) {
            if (!(type instanceof StreamType.Integers)) {
                throw new AssertionError(where + ": an integer is expected, but the output is " + type);
            }
            return ZInt.of(s.value());
        }
        List<Change> changes = ((StepData.Rows) d).changes();
        if (type instanceof StreamType.Integers) {
            if (!changes.isEmpty()) {
                throw new AssertionError(where + ": rows are expected, but the output is an integer stream");
            }
            return ZInt.ZERO;
        }
        if (!(type instanceof StreamType.ZSet z)) {
            throw new AssertionError(where + ": samples expect Z-set or integer outputs, not " + type);
        }
        List<Change> typed = new ArrayList<>();
        for (Change ch : changes) {
            typed.add(new Change(RowValues.coerce(ch.row(), z.row()), ch.weight()));
        }
        return ZSet.ofChanges(typed);
    }

    /** Null when equal, else a description of every row whose weight differs ({@link Comparison}). */
    static String difference(StreamValue expected, StreamValue actual) {
        List<Mismatch.RowDiff> d = Comparison.diff(expected, actual);
        if (d.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (Mismatch.RowDiff r : d) {
            sb.append("\n    row ").append(r.row()).append(": expected weight ").append(r.expected())
                    .append(", got ").append(r.actual());
        }
        return sb.toString();
    }
}
