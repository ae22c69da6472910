package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Outer joins with a {@code projection} over {@code l.*} and {@code r.*}: the padded side's columns
 * are NULL in the expressions (and typed nullable), as in SQL's {@code SELECT … FROM a LEFT JOIN b};
 * at every step of random bag streams the engine equals DuckDB, and the incremental circuit
 * (Proposition J3 with the padding projected) outputs {@code D} of the snapshot output.
 */
class OuterJoinProjectionTest {
    private static final int RUNS = 20;
    private static final int STEPS = 10;
    private static final List<NamedExpr> PROJECTION = List.of(new NamedExpr("lk", "l.k"), new NamedExpr("rk", "r.k"),
            new NamedExpr("vw", "COALESCE(l.v, 0) * 10 + COALESCE(r.w, 0)"), new NamedExpr("matched", "r.k IS NOT NULL"));

    @ParameterizedTest
    @ValueSource(strings = {"left_join", "right_join", "full_join"})
    void projectedOuterJoinsAgreeWithDuckDbAndIncrementalize(String kind) throws Exception {
        OpKind k = OpKind.fromJson(kind).orElseThrow();
        StreamType ta = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT), Column.nullable("v", SqlType.BIGINT))));
        StreamType tb = StreamType.zset(new RowSchema(List.of(Column.of("k", SqlType.BIGINT), Column.of("w", SqlType.BIGINT))));
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", ta));
        c.add(Operator.of("b", OpKind.INPUT, "name", "b", "type", tb));
        c.add(Operator.of("op", k, "leftKeys", List.of("k"), "rightKeys", List.of("k"), "projection", PROJECTION));
        c.add(Operator.of("out", OpKind.OUTPUT, "name", "out"));
        c.connect("a.out", "op.left").connect("b.out", "op.right").connect("op.out", "out.in");
        assertThat(Validator.validate(c).stream().filter(Diagnostic::isError).toList()).isEmpty();
        RowSchema out = ((StreamType.ZSet) TypeInference.infer(c).typeOf(new org.dbspstudio.model.PortRef("op", "out"))).row();
        assertThat(out.column(1).nullable()).as("r.k is NULL when padded").isEqualTo(k != OpKind.RIGHT_JOIN);
        assertThat(out.column(0).nullable()).as("l.k is NULL when padded").isEqualTo(k != OpKind.LEFT_JOIN);
        assertThat(out.column(2).nullable()).as("COALESCE(…) + COALESCE(…)").isFalse();

        RewriteResult r = Incrementalizer.incrementalize(c);
        assertThat(Validator.validate(r.incremental()).stream().filter(Diagnostic::isError).toList()).as(r.explain()).isEmpty();
        assertThat(r.explain()).contains("Outer join").doesNotContain("Fallback");
        String sql = "SELECT l.k, r.k, COALESCE(l.v, 0) * 10 + COALESCE(r.w, 0), r.k IS NOT NULL FROM a l "
                + k.json().replace("_join", "").toUpperCase() + " JOIN b r ON l.k = r.k";
        CircuitOracle.check(c, r.incremental(), List.of(new CircuitOracle.Table("a", "k BIGINT, v BIGINT", (rnd, ca) -> change(rnd, ca, true)),
                new CircuitOracle.Table("b", "k BIGINT, w BIGINT", (rnd, cb) -> change(rnd, cb, false))), sql,
                new Random(kind.hashCode()), RUNS, STEPS);
    }

    private static ZSet change(Random rnd, Map<Row, Long> contents, boolean nullable) {
        ZSet.Builder b = ZSet.builder();
        int n = rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            Row row = Row.of((long) rnd.nextInt(4), nullable && rnd.nextInt(4) == 0 ? null : (long) rnd.nextInt(3));
            long have = contents.getOrDefault(row, 0L) + b.weightOf(row);
            b.add(row, have > 0 && rnd.nextBoolean() ? -1 : 1);
        }
        return b.build();
    }
}
