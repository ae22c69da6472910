package org.dbspstudio.engine.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.model.types.Row;

/** Random rows and the reading of sorted runs shared by the properties of runs and their merges. */
final class RunFixtures {
    private RunFixtures() {
    }

    /**
     * A random row of {@code arity} integers around 0 drawn from {@code domain} values; with
     * {@code odd}, one value in seven is a null or a double instead (rows the packed form tags).
     */
    static Row row(Random rnd, int arity, int domain, boolean odd) {
        Object[] v = new Object[arity];
        for (int c = 0; c < arity; c++) {
            int x = rnd.nextInt(domain);
            v[c] = odd && x % 7 == 0 ? (x % 2 == 0 ? null : (Object) (x + 0.5)) : (Object) (long) (x - domain / 2);
        }
        return Row.wrap(v);
    }

    /** A run's rows, checked to be distinct, ascending and of non-zero weight. */
    static Map<Row, Long> read(Run run) {
        Map<Row, Long> m = new HashMap<>();
        for (int i = 0; i < run.n; i++) {
            assertThat(run.weights[i]).isNotZero();
            assertThat(m.put(run.row(i), run.weights[i])).isNull();
            if (i > 0) {
                assertThat(Run.compare(run, i - 1, run, i)).isNegative();
            }
        }
        return m;
    }

    /** {@code n} random rows of weights in [-2, 2] summed, rows whose sum is 0 left out. */
    static Map<Row, Long> change(Random rnd, int arity, int domain, boolean odd, int n) {
        Map<Row, Long> rows = new HashMap<>();
        for (int i = 0; i < n; i++) {
            long w = rnd.nextInt(5) - 2;
            if (w != 0) {
                rows.merge(row(rnd, arity, domain, odd), w, Long::sum);
            }
        }
        rows.values().removeIf(w -> w == 0);
        return rows;
    }

    /** The rows as one sorted run (every row accepted by the builder). */
    static Run run(int arity, Map<Row, Long> rows) {
        Run.Builder b = new Run.Builder(arity, rows.size());
        rows.forEach((x, w) -> assertThat(b.add(x, w)).isTrue());
        return b.build();
    }
}
