package org.dbspstudio.engine.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** The benchmark circuits and their synthetic data (deterministic, seeded). */
final class Workloads {
    private Workloads() {
    }

    static final StreamType ORDERS = StreamType.zset(new RowSchema(List.of(Column.of("oid", SqlType.BIGINT),
            Column.of("cid", SqlType.BIGINT), Column.of("amount", SqlType.BIGINT), Column.of("note", SqlType.VARCHAR))));
    static final StreamType CUSTOMERS = StreamType.zset(new RowSchema(List.of(Column.of("id", SqlType.BIGINT),
            Column.of("name", SqlType.VARCHAR), Column.of("region", SqlType.VARCHAR), Column.of("tier", SqlType.BIGINT))));

    static Operator op(String id, OpKind k, Object... params) {
        return Operator.of(id, k, params);
    }

    static Operator input(String id, StreamType t) {
        return Operator.of(id, OpKind.INPUT, "name", id, "type", t);
    }

    /** B1 as drawn over snapshots: orders → filter → map → plus(·, map of all orders). */
    static Circuit linear() {
        Circuit c = new Circuit().setInputMode(Circuit.InputMode.SNAPSHOTS);
        List<NamedExpr> proj = List.of(new NamedExpr("oid", "oid"), new NamedExpr("cid", "cid"),
                new NamedExpr("amount", "amount * 2"), new NamedExpr("note", "note"));
        c.add(input("orders", ORDERS)).add(op("f", OpKind.FILTER, "predicate", "amount > 100"))
                .add(op("m", OpKind.MAP, "projection", proj)).add(op("m2", OpKind.MAP, "projection", proj))
                .add(op("p", OpKind.PLUS)).add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("orders.out", "f.in").connect("f.out", "m.in").connect("orders.out", "m2.in")
                .connect("m.out", "p.a").connect("m2.out", "p.b").connect("p.out", "out.in");
        return c;
    }

    private static final List<AggCall> AGGS = List.of(new AggCall(AggFunction.COUNT, null, "n"),
            new AggCall(AggFunction.SUM, "amount", "total"));

    private static Operator join(String id) {
        return op(id, OpKind.JOIN, "leftKeys", List.of("id"), "rightKeys", List.of("cid"),
                "projection", List.of(new NamedExpr("region", "l.region"), new NamedExpr("amount", "r.amount")));
    }

    /** B2 as drawn over snapshots: customers ⋈ orders, grouped by region, COUNT and SUM. */
    static Circuit joinAggregateSnapshot() {
        Circuit c = new Circuit().setInputMode(Circuit.InputMode.SNAPSHOTS);
        c.add(input("customers", CUSTOMERS)).add(input("orders", ORDERS)).add(join("j"))
                .add(op("g", OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("region", "region")), "aggregates", AGGS))
                .add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("customers.out", "j.left").connect("orders.out", "j.right").connect("j.out", "g.in")
                .connect("g.out", "out.in");
        return c;
    }

    static Row customer(long id) {
        return Row.of(id, "customer-" + id, "region-" + (id % 50), id % 4);
    }

    static Row order(long oid, Random r, long customers) {
        return Row.of(oid, (long) r.nextInt((int) customers), (long) r.nextInt(500), "n" + (oid % 1000));
    }

    /** Order changes in batches: 85% inserts of new orders, 15% deletions of live ones. */
    static List<List<Change>> orderBatches(Random r, List<Row> live, long nextOid, long customers, int batch, int batches) {
        List<List<Change>> out = new ArrayList<>();
        long oid = nextOid;
        for (int b = 0; b < batches; b++) {
            List<Change> changes = new ArrayList<>(batch);
            for (int i = 0; i < batch; i++) {
                if (r.nextInt(100) < 15 && !live.isEmpty()) {
                    int k = r.nextInt(live.size());
                    Row victim = live.get(k);
                    live.set(k, live.get(live.size() - 1));
                    live.remove(live.size() - 1);
                    changes.add(new Change(victim, -1));
                } else {
                    Row o = order(oid++, r, customers);
                    live.add(o);
                    changes.add(new Change(o, 1));
                }
            }
            out.add(changes);
        }
        return out;
    }
}
