package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/**
 * {@code column op constant} over integer columns is evaluated by one specialized closure
 * ({@code Numbers.columnLong}); the same expression with the constant read from a column goes
 * through the general closures of each operand. Both must give the same value, the same NULL and
 * the same error (overflow, division by zero, INTEGER range) on every row, and a projection's
 * plain column references read the column itself.
 */
class ColumnConstantProperties {
    private static final RowSchema SCHEMA = RowSchema.of(Column.nullable("a", SqlType.BIGINT),
            Column.nullable("i", SqlType.INTEGER), Column.of("k", SqlType.BIGINT), Column.of("j", SqlType.INTEGER));

    private static Object outcome(TypedExpr e, Row row) {
        try {
            return e.eval(row);
        } catch (ExprException x) {
            return "error: " + x.getMessage();
        }
    }

    @Property(tries = 2000)
    void columnOpConstantAgreesWithTheGeneralPath(@ForAll("ops") String op, @ForAll("columns") String column,
            @ForAll("longs") Long a, @ForAll("ints") Long i, @ForAll("constants") long k, @ForAll("ints") Long j,
            @ForAll boolean constantIsInteger) throws ExprException {
        long constant = constantIsInteger ? (j == null ? 7 : j) : k;
        String literal = constant < 0 ? "(" + constant + ")" : Long.toString(constant);
        if (constant == Long.MIN_VALUE) {
            literal = "(-9223372036854775807 - 1)";
        }
        if (constantIsInteger) {
            literal = "CAST(" + literal + " AS INTEGER)";
        }
        String other = constantIsInteger ? "j" : "k";
        if (constantIsInteger && constant != (int) constant) {
            return; // not an INTEGER value
        }
        Scope scope = Scope.of(SCHEMA);
        TypedExpr special = Expressions.check(column + " " + op + " " + literal, scope);
        TypedExpr general = Expressions.check(column + " " + op + " " + other, scope);
        Row row = Row.of(a, i, constantIsInteger ? 0L : constant, constantIsInteger ? constant : 0L);
        assertThat(special.type().type()).isEqualTo(general.type().type());
        assertThat(outcome(special, row)).isEqualTo(outcome(general, row));
    }

    @Property(tries = 200)
    void plainColumnsAreReported(@ForAll("columns") String column) throws ExprException {
        Scope scope = Scope.join(SCHEMA, SCHEMA);
        int index = "ai".indexOf(column);
        assertThat(Expressions.check("l." + column, scope).plainColumn()).isEqualTo(index);
        assertThat(Expressions.check("r." + column, scope).plainColumn()).isEqualTo(1 << 16 | index);
        assertThat(Expressions.check("r." + column + " + 1", scope).plainColumn()).isEqualTo(-1);
        Row left = Row.of(1L, 2L, 3L, 4L);
        Row right = Row.of(5L, 6L, 7L, 8L);
        assertThat(Expressions.check("r." + column, scope).eval(left, right)).isEqualTo(right.get(index));
    }

    @Provide
    Arbitrary<String> ops() {
        return Arbitraries.of("+", "-", "*", "/", "%");
    }

    @Provide
    Arbitrary<String> columns() {
        return Arbitraries.of("a", "i");
    }

    @Provide
    Arbitrary<Long> longs() {
        return constants().injectNull(0.1);
    }

    @Provide
    Arbitrary<Long> constants() {
        return Arbitraries.oneOf(Arbitraries.longs().between(-20, 20),
                Arbitraries.of(0L, 1L, -1L, 2L, Long.MAX_VALUE, Long.MIN_VALUE, 3037000500L, 1L << 32),
                Arbitraries.longs());
    }

    @Provide
    Arbitrary<Long> ints() {
        return Arbitraries.oneOf(Arbitraries.longs().between(-20, 20),
                Arbitraries.of(0L, 1L, -1L, (long) Integer.MAX_VALUE, (long) Integer.MIN_VALUE, 46341L),
                Arbitraries.integers().map(Integer::longValue)).injectNull(0.1);
    }
}
