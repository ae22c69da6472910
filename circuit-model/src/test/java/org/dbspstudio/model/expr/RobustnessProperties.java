package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.dbspstudio.model.types.Row;

/**
 * Whatever the text, {@link Expressions#check} returns a typed expression or throws an
 * {@link ExprException}, and a checked expression evaluates to a value of its type or throws one.
 */
class RobustnessProperties {
    private static final Row ROW = ExprFixtures.sample(7, null, "Hello", null);

    @Provide
    Arbitrary<String> tokenSoup() {
        Arbitrary<String> token = Arbitraries.of("i", "n", "d", "m", "s", "b", "dt", "ts", "l.i", "x", "1", "0",
                "-1", "2.5", "1e3", "'a%'", "''", "NULL", "TRUE", "FALSE", "DATE '2024-01-01'",
                "TIMESTAMP '2024-01-01 00:00:00'", "INTERVAL '1' DAY", "+", "-", "*", "/", "%", "||", "=", "<>",
                "<", ">=", "AND", "OR", "NOT", "IS", "NULL", "IN", "(", ")", ",", "BETWEEN", "LIKE", "CASE", "WHEN",
                "THEN", "ELSE", "END", "CAST", "AS", "INTEGER", "VARCHAR", "DECIMAL(5,2)", "COALESCE", "NULLIF",
                "ABS", "ROUND", "UPPER", "SUBSTRING", "FROM", "FOR", "TRIM", "POSITION", "EXTRACT", "YEAR",
                "CURRENT_DATE", "'", "\"", "?", "[", ".", "DISTINCT");
        return token.list().ofMaxSize(12).map(ts -> String.join(" ", ts));
    }

    @Property(tries = 300)
    void tokenSoupNeverCrashes(@ForAll("tokenSoup") String sql) {
        Statistics.label("outcome").collect(outcome(sql));
    }

    @Property(tries = 100)
    void arbitraryTextNeverCrashes(@ForAll String sql) {
        outcome(sql);
    }

    private static String outcome(String sql) {
        TypedExpr e;
        try {
            e = Expressions.check(sql, ExprFixtures.SCOPE);
        } catch (ExprException ex) {
            assertThat(ex.getMessage()).isNotBlank();
            return "rejected";
        }
        try {
            Object v = e.eval(ROW);
            if (v == null) {
                assertThat(e.type().nullable()).as(sql).isTrue();
                return "NULL";
            }
            Class<?> expected = switch (e.type().type()) {
                case BOOLEAN -> Boolean.class;
                case INTEGER, BIGINT -> Long.class;
                case DOUBLE -> Double.class;
                case DECIMAL -> java.math.BigDecimal.class;
                case VARCHAR -> String.class;
                case DATE -> java.time.LocalDate.class;
                case TIMESTAMP -> java.time.LocalDateTime.class;
            };
            assertThat(v).as(sql).isInstanceOf(expected);
            return "value";
        } catch (ExprException ex) {
            return "evaluation error";
        }
    }
}
