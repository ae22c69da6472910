package org.dbspstudio.model.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
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
import org.junit.jupiter.api.Test;

/** What each operator becomes in SQL, and what is refused (naming the operator and why). */
class SqlExportTest {
    private static final StreamType T = StreamType.zset(RowSchema.of(Column.of("id", SqlType.INTEGER),
            Column.nullable("name", SqlType.VARCHAR), Column.of("amount", SqlType.DOUBLE)));

    /** input t → op → output out. */
    private static Circuit unary(Operator op) {
        return new Circuit()
                .add(Operator.of("t", OpKind.INPUT, "name", "t", "type", T))
                .add(op)
                .add(Operator.of("out", OpKind.OUTPUT, "name", "result"))
                .connect("t.out", op.id() + "." + op.inputPorts().get(0))
                .connect(op.id() + ".out", "out.in");
    }

    private static String sql(Circuit c, Dialect d) throws ExportException {
        return SqlExport.export(c, d, "test").text();
    }

    @Test
    void expressionsAreWrittenWithQuotedKeywordsAndParentheses() throws Exception {
        Circuit c = unary(Operator.of("f", OpKind.FILTER, "predicate",
                "amount > 1.5 AND name LIKE 'A%' OR id IN (1, 2) AND CASE WHEN name IS NULL THEN 'x' ELSE name END <> 'it''s'"));
        assertThat(sql(c, Dialect.FELDERA)).contains("CREATE VIEW \"result\" AS\nSELECT *\nFROM t\nWHERE "
                + "(((amount > 1.5) AND (name LIKE 'A%')) OR ((id IN (1, 2)) AND "
                + "(CASE WHEN (name IS NULL) THEN 'x' ELSE name END <> 'it''s')));");
        assertThat(sql(c, Dialect.FLINK)).contains("CREATE VIEW `result` AS").contains("  name STRING,");
    }

    @Test
    void mapsCastsAndFunctions() throws Exception {
        Circuit c = unary(Operator.of("m", OpKind.MAP, "projection", List.of(
                new NamedExpr("id", "id"), new NamedExpr("n", "UPPER(TRIM(name))"),
                new NamedExpr("s", "SUBSTRING(name FROM 2 FOR 3)"), new NamedExpr("c", "CAST(id AS VARCHAR)"),
                new NamedExpr("d", "COALESCE(amount, 0) * -2"))));
        assertThat(sql(c, Dialect.FLINK)).contains("SELECT id, UPPER(TRIM(BOTH ' ' FROM name)) AS n, "
                + "SUBSTRING(name FROM 2 FOR 3) AS s, CAST(id AS STRING) AS c, (COALESCE(amount, 0) * -2) AS d\nFROM t");
    }

    @Test
    void globalAggregatesKeepTheirRowOnFlink() throws Exception {
        Circuit c = unary(Operator.of("a", OpKind.AGGREGATE, "aggregates", List.of(
                new AggCall(AggFunction.COUNT, null, "n"), new AggCall(AggFunction.SUM, "id", "total"),
                new AggCall(AggFunction.AVG, "id", "mean"))));
        assertThat(sql(c, Dialect.FELDERA)).contains(
                "SELECT COUNT(*) AS n, SUM(CAST(id AS BIGINT)) AS total, AVG(CAST(id AS DOUBLE)) AS mean\nFROM t;");
        assertThat(sql(c, Dialect.FLINK)).contains("SELECT COALESCE(g.n, 0) AS n, g.total AS total, g.mean AS mean\n"
                + "FROM (VALUES (1)) AS u(dbsp_one)\nLEFT JOIN (SELECT 1 AS dbsp_one, COUNT(*) AS n");
    }

    @Test
    void constantsAreTypedValues() throws Exception {
        StreamType type = StreamType.zset(RowSchema.of(Column.of("k", SqlType.VARCHAR), Column.nullable("v", SqlType.BIGINT)));
        Circuit c = new Circuit()
                .add(Operator.of("c", OpKind.CONSTANT, "type", type, "rows",
                        List.of(new Change(Row.of("a", 1L), 2), new Change(Row.of("b", null), 1))))
                .add(Operator.of("out", OpKind.OUTPUT, "name", "result"))
                .connect("c.out", "out.in");
        assertThat(sql(c, Dialect.FELDERA)).contains("FROM (VALUES (CAST('a' AS VARCHAR), CAST(1 AS BIGINT)), "
                + "(CAST('a' AS VARCHAR), CAST(1 AS BIGINT)), (CAST('b' AS VARCHAR), CAST(NULL AS BIGINT))) AS v(k, v)");
    }

    @Test
    void negationIsRefusedNamingTheOperator() {
        Circuit c = new Circuit()
                .add(Operator.of("t", OpKind.INPUT, "name", "t", "type", T))
                .add(Operator.of("u", OpKind.INPUT, "name", "u", "type", T))
                .add(Operator.of("sub", OpKind.MINUS))
                .add(Operator.of("out", OpKind.OUTPUT, "name", "result"))
                .connect("t.out", "sub.a").connect("u.out", "sub.b").connect("sub.out", "out.in");
        assertThatThrownBy(() -> sql(c, Dialect.FELDERA)).isInstanceOf(ExportException.class)
                .hasMessageStartingWith("sub: Minus may produce negative weights");
    }

    @Test
    void streamCalculusOnTablesIsRefused() {
        Circuit c = unary(Operator.of("prev", OpKind.DELAY));
        assertThatThrownBy(() -> sql(c, Dialect.FLINK)).isInstanceOf(ExportException.class)
                .hasMessageStartingWith("prev: z⁻¹ works over the steps; SQL views have no notion of time");
        Circuit idx = unary(Operator.of("g", OpKind.INDEX, "keys", List.of(new NamedExpr("id", "id"))));
        assertThatThrownBy(() -> sql(idx, Dialect.FELDERA)).hasMessageStartingWith("g: an indexed Z-set has no SQL form");
    }

    @Test
    void aNestedCircuitMustReadItsInputsThroughI() {
        Circuit child = new Circuit()
                .add(Operator.of("enter", OpKind.DELTA0, "port", "x"))
                .add(Operator.of("d", OpKind.DISTINCT))
                .add(Operator.of("leave", OpKind.INTEGRAL, "port", "y"))
                .connect("enter.out", "d.in").connect("d.out", "leave.in");
        Circuit c = new Circuit()
                .add(Operator.of("t", OpKind.INPUT, "name", "t", "type", T))
                .add(Operator.nested("n", child))
                .add(Operator.of("out", OpKind.OUTPUT, "name", "result"))
                .connect("t.out", "n.x").connect("n.y", "out.in");
        assertThatThrownBy(() -> sql(c, Dialect.FELDERA)).isInstanceOf(ExportException.class)
                .hasMessageStartingWith("enter: δ₀ feeds d directly");
        assertThatThrownBy(() -> sql(c, Dialect.FLINK)).hasMessageStartingWith("n: nested circuit (recursion)");
    }

    @Test
    void namesThatCollideAreMadeUnique() throws Exception {
        Circuit c = unary(Operator.of("t2", OpKind.DISTINCT));
        c.add(Operator.of("x", OpKind.OUTPUT, "name", "t")).connect("t.out", "x.in");
        String text = sql(c, Dialect.FELDERA);
        assertThat(text).contains("CREATE TABLE t (", "CREATE VIEW \"result\" AS\nSELECT DISTINCT *\nFROM t;",
                "CREATE VIEW t_out AS\nSELECT *\nFROM t;");
    }
}
