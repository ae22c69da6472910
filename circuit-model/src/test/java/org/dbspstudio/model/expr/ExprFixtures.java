package org.dbspstudio.model.expr;

import java.util.Arrays;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/** A schema with one column of every type, and helpers to evaluate expressions over it. */
final class ExprFixtures {
    /** i INTEGER, n BIGINT NULL, d DOUBLE, m DECIMAL, s VARCHAR NULL, b BOOLEAN NULL, dt DATE, ts TIMESTAMP. */
    static final RowSchema SCHEMA = RowSchema.of(
            Column.of("i", SqlType.INTEGER),
            Column.nullable("n", SqlType.BIGINT),
            Column.of("d", SqlType.DOUBLE),
            Column.of("m", SqlType.DECIMAL),
            Column.nullable("s", SqlType.VARCHAR),
            Column.nullable("b", SqlType.BOOLEAN),
            Column.of("dt", SqlType.DATE),
            Column.of("ts", SqlType.TIMESTAMP));
    static final Scope SCOPE = Scope.of(SCHEMA);

    private ExprFixtures() {
    }

    static Row row(Object... values) {
        return Row.of(values);
    }

    /** A row of SCHEMA with the given values for i, n, s and b and fixed values elsewhere. */
    static Row sample(long i, Long n, String s, Boolean b) {
        return Row.of(Arrays.asList(i, n, 2.5, new java.math.BigDecimal("1.25"), s, b,
                java.time.LocalDate.of(2024, 2, 29), java.time.LocalDateTime.of(2024, 3, 1, 13, 45, 30)));
    }

    static Object eval(String sql, Row row) throws ExprException {
        return Expressions.check(sql, SCOPE).eval(row);
    }

    static Object eval(String sql) throws ExprException {
        return eval(sql, sample(7, 10L, "Hello", true));
    }
}
