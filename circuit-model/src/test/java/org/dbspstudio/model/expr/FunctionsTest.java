package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dbspstudio.model.expr.ExprFixtures.SCOPE;
import static org.dbspstudio.model.expr.ExprFixtures.eval;
import static org.dbspstudio.model.expr.ExprFixtures.sample;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

class FunctionsTest {
    private static ExprType type(String sql) throws ExprException {
        return Expressions.check(sql, SCOPE).type();
    }

    @Test
    void numericFunctions() throws ExprException {
        assertThat(eval("ABS(-i)")).isEqualTo(7L);
        assertThat(eval("ABS(-2.5)")).isEqualTo(new BigDecimal("2.5"));
        assertThat(eval("ABS(-d)")).isEqualTo(2.5);
        assertThat(eval("MOD(i, 3)")).isEqualTo(1L);
        assertThat(eval("MOD(-i, 3)")).isEqualTo(-1L);
        assertThat(eval("FLOOR(d)")).isEqualTo(2.0);
        assertThat(eval("CEIL(d)")).isEqualTo(3.0);
        assertThat(eval("CEILING(-2.5)")).isEqualTo(new BigDecimal("-2"));
        assertThat(eval("FLOOR(-2.5)")).isEqualTo(new BigDecimal("-3"));
        assertThat(eval("FLOOR(i)")).isEqualTo(7L);
        assertThat(eval("ROUND(m, 1)")).isEqualTo(new BigDecimal("1.3"));
        assertThat(eval("ROUND(2.5)")).isEqualTo(new BigDecimal("3"));
        assertThat(eval("ROUND(d)")).isEqualTo(3.0);
        assertThat(eval("ROUND(1234, -2)")).isEqualTo(1200L);
        assertThat(eval("ROUND(1250, -2)")).isEqualTo(1300L);
        assertThat(type("ABS(n)")).isEqualTo(new ExprType(SqlType.BIGINT, true));
        assertThat(eval("ABS(n)", sample(1, null, null, null))).isNull();
        assertThatThrownBy(() -> eval("ABS(-9223372036854775807 - 1)")).hasMessage("integer overflow");
        assertThatThrownBy(() -> eval("MOD(i, 0)")).hasMessage("division by zero");
        assertThatThrownBy(() -> type("ABS(s)")).hasMessage("ABS needs a number, got VARCHAR");
        assertThatThrownBy(() -> type("MOD(i)")).hasMessage("MOD takes 2 arguments, got 1");
    }

    @Test
    void coalesceAndNullif() throws ExprException {
        var nulls = sample(7, null, null, null);
        assertThat(eval("COALESCE(n, i)", nulls)).isEqualTo(7L);
        assertThat(eval("COALESCE(n, 2.5)", nulls)).isEqualTo(new BigDecimal("2.5"));
        assertThat(eval("COALESCE(n, NULL, -1)", nulls)).isEqualTo(-1L);
        assertThat(eval("COALESCE(s, 'none')", nulls)).isEqualTo("none");
        assertThat(eval("COALESCE(n, i)")).isEqualTo(10L);
        assertThat(type("COALESCE(n, i)")).isEqualTo(new ExprType(SqlType.BIGINT, false));
        assertThat(type("COALESCE(n, n)")).isEqualTo(new ExprType(SqlType.BIGINT, true));
        assertThat(eval("NULLIF(i, 7)")).isNull();
        assertThat(eval("NULLIF(i, 8)")).isEqualTo(7L);
        assertThat(type("NULLIF(i, 8)")).isEqualTo(new ExprType(SqlType.INTEGER, true));
        assertThatThrownBy(() -> type("COALESCE(s, 1)")).hasMessageContaining("incompatible types VARCHAR and BIGINT");
    }

    @Test
    void stringFunctions() throws ExprException {
        assertThat(eval("UPPER(s)")).isEqualTo("HELLO");
        assertThat(eval("lower(s)")).isEqualTo("hello");
        assertThat(eval("CHAR_LENGTH(s)")).isEqualTo(5L);
        assertThat(eval("CHARACTER_LENGTH('a😀b')")).isEqualTo(3L);
        assertThat(eval("s || ' ' || 'world'")).isEqualTo("Hello world");
        assertThat(eval("s || i")).isEqualTo("Hello7");
        assertThat(eval("s || NULL")).isNull();
        assertThat(eval("SUBSTRING(s FROM 2 FOR 3)")).isEqualTo("ell");
        assertThat(eval("SUBSTRING(s FROM 2)")).isEqualTo("ello");
        assertThat(eval("SUBSTRING(s FROM 0 FOR 2)")).isEqualTo("H");
        assertThat(eval("SUBSTRING(s FROM -5 FOR 3)")).isEqualTo("");
        assertThat(eval("SUBSTRING(s FROM 4 FOR 100)")).isEqualTo("lo");
        assertThat(eval("SUBSTRING(s, 9)")).isEqualTo("");
        assertThat(eval("SUBSTRING('a😀bc' FROM 2 FOR 2)")).isEqualTo("😀b");
        assertThat(eval("TRIM('  x y  ')")).isEqualTo("x y");
        assertThat(eval("TRIM(LEADING FROM '  x  ')")).isEqualTo("x  ");
        assertThat(eval("TRIM(TRAILING FROM '  x  ')")).isEqualTo("  x");
        assertThat(eval("TRIM(BOTH 'xy' FROM 'xyaxbyx')")).isEqualTo("axb");
        assertThat(eval("POSITION('l' IN s)")).isEqualTo(3L);
        assertThat(eval("POSITION('z' IN s)")).isEqualTo(0L);
        assertThat(eval("POSITION('' IN s)")).isEqualTo(1L);
        assertThat(eval("POSITION('l' IN s FROM 4)")).isEqualTo(4L);
        assertThat(eval("UPPER(s)", sample(1, null, null, null))).isNull();
        assertThat(type("UPPER(s)")).isEqualTo(new ExprType(SqlType.VARCHAR, true));
        assertThatThrownBy(() -> eval("SUBSTRING(s FROM 1 FOR -1)")).hasMessageContaining("negative substring length");
        assertThatThrownBy(() -> type("UPPER(i)")).hasMessage("cannot apply UPPER to INTEGER");
        assertThatThrownBy(() -> type("i || 1")).hasMessage("cannot apply || to INTEGER and BIGINT");
    }

    @Test
    void likePatterns() throws ExprException {
        assertThat(eval("s LIKE 'H%'")).isEqualTo(true);
        assertThat(eval("s LIKE 'h%'")).isEqualTo(false);
        assertThat(eval("s LIKE '_ello'")).isEqualTo(true);
        assertThat(eval("s LIKE '_llo'")).isEqualTo(false);
        assertThat(eval("s NOT LIKE '%x%'")).isEqualTo(true);
        assertThat(eval("'a.c' LIKE 'a.c'")).isEqualTo(true);
        assertThat(eval("'abc' LIKE 'a.c'")).isEqualTo(false);
        assertThat(eval("'50%' LIKE '50!%' ESCAPE '!'")).isEqualTo(true);
        assertThat(eval("'500' LIKE '50!%' ESCAPE '!'")).isEqualTo(false);
        assertThat(eval("'a\nb' LIKE 'a%b'")).isEqualTo(true);
        assertThat(eval("s LIKE s")).isEqualTo(true);
        assertThat(eval("s LIKE NULL")).isNull();
        assertThat(eval("s LIKE 'H%'", sample(1, null, null, null))).isNull();
        assertThatThrownBy(() -> eval("s LIKE 'x' ESCAPE 'ab'")).hasMessageContaining("escape must be one character");
    }

    @Test
    void inAndBetween() throws ExprException {
        assertThat(eval("i IN (1, 7, 9)")).isEqualTo(true);
        assertThat(eval("i IN (1.5, 7.0)")).isEqualTo(true);
        assertThat(eval("i NOT IN (1, 2)")).isEqualTo(true);
        assertThat(eval("s IN ('a', 'Hello')")).isEqualTo(true);
        assertThat(eval("dt IN ('2024-02-29', '2024-03-01')")).isEqualTo(true);
        assertThat(eval("i BETWEEN 7 AND 8")).isEqualTo(true);
        assertThat(eval("i BETWEEN 8 AND 7")).isEqualTo(false);
        assertThat(eval("i NOT BETWEEN 1 AND 6")).isEqualTo(true);
        assertThat(eval("d BETWEEN 2 AND 2.5")).isEqualTo(true);
        assertThat(eval("dt BETWEEN DATE '2024-01-01' AND '2024-12-31'")).isEqualTo(true);
        assertThatThrownBy(() -> type("i IN (1, 'x')")).hasMessage("cannot apply IN to INTEGER and VARCHAR")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("'x'"));
    }

    @Test
    void dateFunctions() throws ExprException {
        assertThat(eval("EXTRACT(YEAR FROM dt)")).isEqualTo(2024L);
        assertThat(eval("EXTRACT(MONTH FROM dt)")).isEqualTo(2L);
        assertThat(eval("EXTRACT(DAY FROM dt)")).isEqualTo(29L);
        assertThat(eval("EXTRACT(QUARTER FROM ts)")).isEqualTo(1L);
        assertThat(eval("EXTRACT(DOY FROM ts)")).isEqualTo(61L);
        assertThat(eval("EXTRACT(DOW FROM DATE '2024-03-03')")).isEqualTo(1L);
        assertThat(eval("EXTRACT(DOW FROM DATE '2024-03-09')")).isEqualTo(7L);
        assertThat(eval("EXTRACT(HOUR FROM ts)")).isEqualTo(13L);
        assertThat(eval("EXTRACT(MINUTE FROM ts)")).isEqualTo(45L);
        assertThat(eval("EXTRACT(SECOND FROM ts)")).isEqualTo(30L);
        assertThat(type("EXTRACT(YEAR FROM dt)")).isEqualTo(new ExprType(SqlType.BIGINT, false));
        assertThat(eval("dt + 1")).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(eval("1 + dt")).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(eval("dt - i")).isEqualTo(LocalDate.of(2024, 2, 22));
        assertThat(eval("dt + 366 = DATE '2025-03-01'")).isEqualTo(true);
        assertThatThrownBy(() -> type("EXTRACT(HOUR FROM dt)")).hasMessage("cannot apply EXTRACT(HOUR) to DATE");
        assertThatThrownBy(() -> type("1 - dt")).hasMessage("cannot apply - to BIGINT and DATE");
        assertThatThrownBy(() -> type("dt + dt")).hasMessage("cannot apply + to DATE and DATE");
        assertThatThrownBy(() -> type("EXTRACT(YEAR FROM s)")).hasMessage("cannot apply EXTRACT(YEAR) to VARCHAR");
    }

    @Test
    void intervalsShiftDatesAndTimestamps() throws ExprException {
        assertThat(eval("dt + INTERVAL '1' DAY")).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(eval("dt - INTERVAL '1' YEAR")).isEqualTo(LocalDate.of(2023, 2, 28));
        assertThat(eval("INTERVAL '2' MONTH + dt")).isEqualTo(LocalDate.of(2024, 4, 29));
        assertThat(eval("dt + INTERVAL -'1' WEEK")).isEqualTo(LocalDate.of(2024, 2, 22));
        assertThat(eval("dt + INTERVAL '90' MINUTE")).isEqualTo(java.time.LocalDateTime.of(2024, 2, 29, 1, 30));
        assertThat(eval("ts - INTERVAL '30' SECOND")).isEqualTo(java.time.LocalDateTime.of(2024, 3, 1, 13, 45));
        assertThat(type("dt + INTERVAL '1' HOUR").type()).isEqualTo(SqlType.TIMESTAMP);
        assertThatThrownBy(() -> type("INTERVAL '1' DAY")).hasMessageContaining("can only be added");
        assertThatThrownBy(() -> type("i + INTERVAL '1' DAY")).hasMessage("cannot apply + to INTEGER and INTERVAL");
        assertThatThrownBy(() -> type("INTERVAL '1' DAY - dt")).hasMessageContaining("can only be added");
        assertThatThrownBy(() -> type("dt + INTERVAL '1:30' HOUR TO MINUTE")).hasMessageStartingWith("unsupported: ");
    }

    @Test
    void isDistinctFromTreatsNullsAsValues() throws ExprException {
        var nulls = sample(7, null, null, null);
        assertThat(eval("n IS DISTINCT FROM NULL", nulls)).isEqualTo(false);
        assertThat(eval("n IS NOT DISTINCT FROM NULL", nulls)).isEqualTo(true);
        assertThat(eval("n IS DISTINCT FROM i", nulls)).isEqualTo(true);
        assertThat(eval("i IS DISTINCT FROM 7.0", nulls)).isEqualTo(false);
        assertThat(eval("n IS NOT DISTINCT FROM 10")).isEqualTo(true);
        assertThat(type("n IS DISTINCT FROM i")).isEqualTo(new ExprType(SqlType.BOOLEAN, false));
        assertThatThrownBy(() -> type("s IS DISTINCT FROM 1")).hasMessage("cannot apply IS DISTINCT FROM to VARCHAR and BIGINT");
    }
}
