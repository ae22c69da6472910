package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.NotKept;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.sql.SqlFrontEnd;
import org.dbspstudio.model.types.Row;

/**
 * Integrals whose running sums are not kept (compiled without a trace, read only by operators using
 * their change): incremental circuits of SQL views — an aggregate over a join (B2), over a table,
 * over another aggregate, beside a join or a DISTINCT reading the same sums, grouped by computed
 * expressions, with HAVING — run without a trace, checked at every step against D of the snapshot
 * circuit recomputed from the tables without delta tracking ({@code Q^Δ(Δs) = D(Q(I(Δs)))}), with
 * random inserts and deletes on both tables. Reading a sum that is not kept throws, so an integral
 * wrongly found unread fails here rather than giving a wrong answer.
 */
class NotKeptSumsProperties {

    static final String TABLES = "CREATE TABLE customers (id BIGINT, region VARCHAR, tier BIGINT);\n"
            + "CREATE TABLE orders (oid BIGINT, cid BIGINT, amount BIGINT, note VARCHAR);\n";

    static final List<String> VIEWS = List.of(
            // B2: the join output's sum is read by the aggregate alone
            "CREATE VIEW v AS SELECT region, count(*) AS n, sum(amount) AS total FROM customers JOIN orders"
                    + " ON customers.id = orders.cid GROUP BY region",
            // a table's sum read by an aggregate, and the same table joined
            "CREATE VIEW v AS SELECT cid, count(*) AS n, min(amount) AS lo, avg(amount) AS m FROM orders GROUP BY cid;\n"
                    + "CREATE VIEW w AS SELECT o.oid, c.region FROM orders o JOIN customers c ON c.id = o.cid",
            // an aggregate over an aggregate, HAVING, a global aggregate
            "CREATE VIEW v AS SELECT n, count(*) AS k FROM (SELECT cid, count(*) AS n FROM orders GROUP BY cid) t GROUP BY n;\n"
                    + "CREATE VIEW w AS SELECT tier, sum(id) AS s FROM customers GROUP BY tier HAVING count(*) > 1;\n"
                    + "CREATE VIEW x AS SELECT count(*) AS n, max(amount) AS hi FROM orders",
            // computed grouping, DISTINCT and an aggregate over the same join
            "CREATE VIEW v AS SELECT amount % 3 AS r, count(DISTINCT cid) AS k FROM orders GROUP BY amount % 3;\n"
                    + "CREATE VIEW w AS SELECT DISTINCT region FROM customers JOIN orders ON customers.id = orders.cid;\n"
                    + "CREATE VIEW x AS SELECT region, sum(amount) AS s FROM customers JOIN orders ON customers.id = orders.cid"
                    + " GROUP BY region",
            // an aggregate's output joined with a table
            "CREATE VIEW v AS SELECT c.region, t.n FROM customers c JOIN (SELECT cid, count(*) AS n FROM orders GROUP BY cid) t"
                    + " ON c.id = t.cid");

    private static Row customer(Random r) {
        return Row.of((long) r.nextInt(6), r.nextInt(8) == 0 ? null : "region-" + r.nextInt(3), (long) r.nextInt(3));
    }

    private static Row order(Random r) {
        return Row.of((long) r.nextInt(10), r.nextInt(10) == 0 ? null : (long) r.nextInt(7), (long) r.nextInt(9) - 3,
                "n" + r.nextInt(3));
    }

    /** Inserts of new rows and deletions of present ones (a table stays a bag of positive multiplicities). */
    private static ZSet change(Random r, Map<Row, Long> now, boolean customers) {
        List<Change> cs = new ArrayList<>();
        List<Row> present = new ArrayList<>(now.keySet());
        int deletes = present.isEmpty() ? 0 : r.nextInt(Math.min(present.size(), 4) + 1);
        for (int i = 0; i < deletes; i++) {
            cs.add(new Change(present.remove(r.nextInt(present.size())), -1));
        }
        int inserts = r.nextInt(customers ? 4 : 9);
        for (int i = 0; i < inserts; i++) {
            cs.add(new Change(customers ? customer(r) : order(r), 1));
        }
        ZSet z = ZSet.ofChanges(cs);
        z.forEach((row, w) -> now.merge(row, w, (a, b) -> a + b == 0 ? null : a + b));
        return z;
    }

    @Property(tries = 150)
    void incrementalViewsWithoutATraceEqualTheDifferenceOfSnapshots(@ForAll long seed,
                                                                  @ForAll @IntRange(min = 0, max = 4) int script,
                                                                  @ForAll @IntRange(min = 1, max = 12) int steps)
            throws EngineException {
        SqlFrontEnd.Result sql = SqlFrontEnd.compile(TABLES + VIEWS.get(script) + ";\n");
        assertThat(sql.errors()).isEmpty();
        Circuit snap = sql.document().circuit();
        Simulation inc = Simulation.compile(Incrementalizer.incrementalize(snap).incremental(),
                EngineOptions.DEFAULT.withRecordTrace(false));
        Simulation whole = Simulation.compile(snap, EngineOptions.DEFAULT.withDeltaTracking(false).withRecordTrace(false));
        Random r = new Random(seed);
        Map<Row, Long> customers = new HashMap<>();
        Map<Row, Long> orders = new HashMap<>();
        Map<String, ZSet> prev = new HashMap<>();
        for (int t = 0; t < steps; t++) {
            Map<String, StreamValue> in = Map.of("customers", change(r, customers, true), "orders", change(r, orders, false));
            inc.stepWith(in);
            whole.stepWith(in);
            for (var e : whole.lastOutputs().entrySet()) {
                ZSet now = (ZSet) e.getValue();
                ZSet before = prev.getOrDefault(e.getKey(), ZSet.EMPTY);
                assertThat(inc.lastOutputs().get(e.getKey())).as("%s at step %d", e.getKey(), t).isEqualTo(now.minus(before));
                prev.put(e.getKey(), now);
            }
        }
    }

    @Example
    void readingASumNotKeptThrowsNamingTheIntegral() {
        ZSet v = NotKept.value("j_I");
        assertThatThrownBy(v::size).isInstanceOf(IllegalStateException.class).hasMessageContaining("j_I");
        assertThatThrownBy(() -> v.forEach((row, w) -> { })).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> v.plusDeferred(ZSet.of(Row.of(1L), 1))).isInstanceOf(IllegalStateException.class);
    }
}
