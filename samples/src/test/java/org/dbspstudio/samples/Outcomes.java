package org.dbspstudio.samples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dbspstudio.engine.value.IndexedZSet;
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
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.InferredTypes;
import org.dbspstudio.model.typing.TypeInference;

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

    /** Row → weight (the integer value of a Z stream under the empty row). */
    static Map<Row, Long> flatten(StreamValue v) {
        Map<Row, Long> m = new TreeMap<>();
        if (v instanceof ZInt z) {
            if (z.value() != 0) {
                m.put(Row.EMPTY, z.value());
            }
        } else if (v instanceof ZSet z) {
            z.forEach(m::put);
        } else if (v instanceof IndexedZSet ix) {
            ix.forEach((k, z) -> z.forEach((r, w) -> m.merge(k.concat(r), w, Long::sum)));
            m.values().removeIf(w -> w == 0);
        }
        return m;
    }

    /** Null when equal, else a description of every row whose weight differs. */
    static String difference(StreamValue expected, StreamValue actual) {
        Map<Row, Long> e = flatten(expected);
        Map<Row, Long> a = flatten(actual);
        if (e.equals(a)) {
            return null;
        }
        TreeMap<Row, long[]> rows = new TreeMap<>();
        e.forEach((r, w) -> rows.computeIfAbsent(r, k -> new long[2])[0] = w);
        a.forEach((r, w) -> rows.computeIfAbsent(r, k -> new long[2])[1] = w);
        StringBuilder sb = new StringBuilder();
        rows.forEach((r, w) -> {
            if (w[0] != w[1]) {
                sb.append("\n    row ").append(r).append(": expected weight ").append(w[0])
                        .append(", got ").append(w[1]);
            }
        });
        return sb.toString();
    }
}
