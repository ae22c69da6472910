package org.dbspstudio.engine;

import java.util.HashMap;
import java.util.Map;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/** The plain maps of row → weight that property tests compare the engine's values with. */
final class WeightMaps {
    private WeightMaps() {
    }

    /** {@code a + sign · b}, zero weights dropped. */
    static Map<Row, Long> plus(Map<Row, Long> a, Map<Row, Long> b, long sign) {
        Map<Row, Long> m = new HashMap<>(a);
        b.forEach((r, w) -> m.merge(r, sign * w, Long::sum));
        m.values().removeIf(w -> w == 0);
        return m;
    }

    /** The value's rows and weights, read one by one (not through its size or its equality). */
    static Map<Row, Long> rows(StreamValue v) {
        Map<Row, Long> m = new HashMap<>();
        ((ZSet) v).forEach((r, w) -> m.merge(r, w, Long::sum));
        m.values().removeIf(w -> w == 0);
        return m;
    }
}
