package org.dbspstudio.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * The one comparison of stream values used wherever a computed value is checked against an
 * expected one (the {@link Verifier}, the IDE's step-by-step check, the samples' expectations): a
 * value as rows with weights, and the rows on which two values differ.
 */
public final class Comparison {
    private Comparison() {
    }

    /**
     * A value as row → non-zero weight, sorted by row: a Z-set's rows; an indexed Z-set's key
     * followed by the value row; an integer's value under the empty row. Null is the empty map.
     */
    public static Map<Row, Long> rows(StreamValue v) {
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

    /** The rows whose weights differ, sorted by row (empty when the values are equal). */
    public static List<Mismatch.RowDiff> diff(StreamValue expected, StreamValue actual) {
        List<Mismatch.RowDiff> out = new ArrayList<>();
        if (expected != null && expected.equals(actual)) {
            return out;
        }
        Map<Row, Long> e = rows(expected);
        Map<Row, Long> a = rows(actual);
        TreeMap<Row, long[]> all = new TreeMap<>();
        e.forEach((r, w) -> all.computeIfAbsent(r, k -> new long[2])[0] = w);
        a.forEach((r, w) -> all.computeIfAbsent(r, k -> new long[2])[1] = w);
        all.forEach((r, w) -> {
            if (w[0] != w[1]) {
                out.add(new Mismatch.RowDiff(r, w[0], w[1]));
            }
        });
        return out;
    }
}
