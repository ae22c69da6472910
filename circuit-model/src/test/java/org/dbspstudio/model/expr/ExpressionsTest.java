package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dbspstudio.model.expr.ExprFixtures.SCOPE;
import static org.dbspstudio.model.expr.ExprFixtures.eval;
import static org.dbspstudio.model.expr.ExprFixtures.sample;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

class ExpressionsTest {

    private static ExprType type(String sql) throws ExprException {
        return Expressions.check(sql, SCOPE).type();
    }

    @Test
    void columnsResolveCaseInsensitivelyToTheirValues() throws ExprException {
        var row = sample(7, null, "x", false);
        assertThat(eval("i", row)).isEqualTo(7L);
        assertThat(eval("I", row)).isEqualTo(7L);
        assertThat(eval("n", row)).isNull();
        assertThat(eval("s", row)).isEqualTo("x");
        assertThat(eval("b", row)).isEqualTo(false);
        assertThat(eval("dt", row)).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(type("i")).isEqualTo(new ExprType(SqlType.INTEGER, false));
        assertThat(type("n")).isEqualTo(new ExprType(SqlType.BIGINT, true));
    }

    @Test
    void literalsHaveTheirTypes() throws ExprException {
        assertThat(type("42")).isEqualTo(new ExprType(SqlType.BIGINT, false));
        assertThat(type("1.5")).isEqualTo(new ExprType(SqlType.DECIMAL, false));
        assertThat(type("1e3")).isEqualTo(new ExprType(SqlType.DOUBLE, false));
        assertThat(type("'abc'")).isEqualTo(new ExprType(SqlType.VARCHAR, false));
        assertThat(type("TRUE")).isEqualTo(new ExprType(SqlType.BOOLEAN, false));
        assertThat(type("DATE '2024-01-02'")).isEqualTo(new ExprType(SqlType.DATE, false));
        assertThat(type("TIMESTAMP '2024-01-02 03:04:05'")).isEqualTo(new ExprType(SqlType.TIMESTAMP, false));
        assertThat(eval("42")).isEqualTo(42L);
        assertThat(eval("-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
        assertThat(eval("1.5")).isEqualTo(new BigDecimal("1.5"));
        assertThat(eval("1e3")).isEqualTo(1000.0);
        assertThat(eval("'it''s'")).isEqualTo("it's");
        assertThat(eval("DATE '2024-01-02'")).isEqualTo(LocalDate.of(2024, 1, 2));
        assertThat(eval("TIMESTAMP '2024-01-02 03:04:05.5'")).isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 500_000_000));
        assertThat(eval("FALSE")).isEqualTo(false);
        assertThat(eval("CAST(NULL AS BIGINT)")).isNull();
    }

    @Test
    void arithmeticPromotesTypes() throws ExprException {
        assertThat(type("i + i").type()).isEqualTo(SqlType.INTEGER);
        assertThat(type("i + 1").type()).isEqualTo(SqlType.BIGINT);
        assertThat(type("i + m").type()).isEqualTo(SqlType.DECIMAL);
        assertThat(type("m * d").type()).isEqualTo(SqlType.DOUBLE);
        assertThat(type("n + 1")).isEqualTo(new ExprType(SqlType.BIGINT, true));
        assertThat(eval("i * 3 - 1")).isEqualTo(20L);
        assertThat(eval("i / 2")).isEqualTo(3L);
        assertThat(eval("-i / 2")).isEqualTo(-3L);
        assertThat(eval("i % 4")).isEqualTo(3L);
        assertThat(eval("i + 0.5")).isEqualTo(new BigDecimal("7.5"));
        assertThat(eval("d * 2")).isEqualTo(5.0);
        assertThat(eval("m / 4")).isEqualTo(new BigDecimal("0.3125"));
        assertThat(eval("1.0 / 3")).isEqualTo(BigDecimal.ONE.divide(new BigDecimal(3), java.math.MathContext.DECIMAL128));
        assertThat(eval("-(i)")).isEqualTo(-7L);
        assertThat(eval("+i")).isEqualTo(7L);
        assertThat(eval("n + 1", sample(1, null, null, null))).isNull();
    }

    @Test
    void overflowAndDivisionByZeroAreEvaluationErrors() throws ExprException {
        var row = sample(7, Long.MAX_VALUE, null, null);
        assertThatThrownBy(() -> eval("n + 1", row)).isInstanceOf(ExprException.class).hasMessageContaining("overflow");
        assertThatThrownBy(() -> eval("n * 2", row)).hasMessageContaining("overflow");
        assertThatThrownBy(() -> eval("-n - 2", row)).hasMessageContaining("overflow");
        assertThatThrownBy(() -> eval("-9223372036854775808 / -1")).hasMessageContaining("overflow");
        assertThatThrownBy(() -> eval("i * i * i * i * i * i * i * i * i * i * i * i")).hasMessageContaining("INTEGER overflow");
        assertThatThrownBy(() -> eval("i / 0")).isInstanceOf(ExprException.class)
                .hasMessage("division by zero")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("i / 0"));
        assertThatThrownBy(() -> eval("i % (i - 7)")).hasMessage("division by zero");
        assertThatThrownBy(() -> eval("d / 0")).hasMessage("division by zero");
        assertThatThrownBy(() -> eval("m / 0.0")).hasMessage("division by zero");
    }

    @Test
    void comparisonsAcrossNumericTypesAndNulls() throws ExprException {
        assertThat(eval("i = 7")).isEqualTo(true);
        assertThat(eval("i <> 7")).isEqualTo(false);
        assertThat(eval("i != 8")).isEqualTo(true);
        assertThat(eval("i < 7.5")).isEqualTo(true);
        assertThat(eval("d >= 2.5")).isEqualTo(true);
        assertThat(eval("d > m")).isEqualTo(true);
        assertThat(eval("m <= 1.25")).isEqualTo(true);
        assertThat(eval("1.50 = 1.5")).isEqualTo(true);
        assertThat(eval("s = 'Hello'")).isEqualTo(true);
        assertThat(eval("s < 'Help'")).isEqualTo(true);
        assertThat(eval("dt < ts")).isEqualTo(true);
        assertThat(eval("dt = '2024-02-29'")).isEqualTo(true);
        assertThat(eval("ts > '2024-03-01 13:00'")).isEqualTo(true);
        assertThat(eval("b = TRUE")).isEqualTo(true);
        assertThat(eval("n = 1", sample(1, null, null, null))).isNull();
        assertThat(eval("i = NULL")).isNull();
        assertThat(eval("-0e0 = 0e0")).isEqualTo(true);
    }

    @Test
    void isNullAndIsTrueNeverReturnNull() throws ExprException {
        var nulls = sample(1, null, null, null);
        assertThat(eval("n IS NULL", nulls)).isEqualTo(true);
        assertThat(eval("n IS NOT NULL", nulls)).isEqualTo(false);
        assertThat(eval("i IS NULL", nulls)).isEqualTo(false);
        assertThat(eval("b IS TRUE", nulls)).isEqualTo(false);
        assertThat(eval("b IS NOT TRUE", nulls)).isEqualTo(true);
        assertThat(eval("b IS FALSE", nulls)).isEqualTo(false);
        assertThat(eval("b IS NOT FALSE", nulls)).isEqualTo(true);
        assertThat(eval("b IS UNKNOWN", nulls)).isEqualTo(true);
        assertThat(type("n IS NULL")).isEqualTo(new ExprType(SqlType.BOOLEAN, false));
        assertThat(eval("b IS TRUE")).isEqualTo(true);
    }

    @Test
    void caseSearchedAndSimple() throws ExprException {
        String searched = "CASE WHEN i > 10 THEN 'big' WHEN i > 5 THEN 'medium' ELSE 'small' END";
        assertThat(eval(searched, sample(20, null, null, null))).isEqualTo("big");
        assertThat(eval(searched, sample(7, null, null, null))).isEqualTo("medium");
        assertThat(eval(searched, sample(1, null, null, null))).isEqualTo("small");
        assertThat(type(searched)).isEqualTo(new ExprType(SqlType.VARCHAR, false));
        String simple = "CASE i WHEN 1 THEN 10 WHEN 2 THEN 2.5 END";
        assertThat(type(simple)).isEqualTo(new ExprType(SqlType.DECIMAL, true));
        assertThat(eval(simple, sample(1, null, null, null))).isEqualTo(BigDecimal.TEN);
        assertThat(eval(simple, sample(2, null, null, null))).isEqualTo(new BigDecimal("2.5"));
        assertThat(eval(simple, sample(3, null, null, null))).isNull();
        // a NULL condition is not TRUE
        assertThat(eval("CASE WHEN b THEN 1 ELSE 2 END", sample(1, null, null, null))).isEqualTo(2L);
        // the branch not taken is not evaluated
        assertThat(eval("CASE WHEN i <> 0 THEN 10 / i ELSE 0 END", sample(0, null, null, null))).isEqualTo(0L);
        assertThat(eval("CASE WHEN i <> 0 THEN 10 / i ELSE 0 END", sample(5, null, null, null))).isEqualTo(2L);
    }

    @Test
    void castsBetweenTypes() throws ExprException {
        assertThat(eval("CAST(i AS VARCHAR)")).isEqualTo("7");
        assertThat(eval("CAST(d AS BIGINT)")).isEqualTo(2L);
        assertThat(eval("CAST(-2.9 AS INTEGER)")).isEqualTo(-2L);
        assertThat(eval("CAST('12' AS INTEGER) + 1")).isEqualTo(13L);
        assertThat(eval("CAST(' 1.5 ' AS DECIMAL)")).isEqualTo(new BigDecimal("1.5"));
        assertThat(eval("CAST(1.005 AS DECIMAL(10, 2))")).isEqualTo(new BigDecimal("1.01"));
        assertThat(eval("CAST(i AS DOUBLE) / 2")).isEqualTo(3.5);
        assertThat(eval("CAST('2024-05-06' AS DATE)")).isEqualTo(LocalDate.of(2024, 5, 6));
        assertThat(eval("CAST(ts AS DATE)")).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(eval("CAST(dt AS TIMESTAMP)")).isEqualTo(LocalDateTime.of(2024, 2, 29, 0, 0));
        assertThat(eval("CAST(ts AS VARCHAR)")).isEqualTo("2024-03-01 13:45:30");
        assertThat(eval("CAST(b AS VARCHAR)")).isEqualTo("TRUE");
        assertThat(eval("CAST('true' AS BOOLEAN)")).isEqualTo(true);
        assertThat(eval("CAST(s AS VARCHAR(3))")).isEqualTo("Hel");
        assertThat(eval("CAST(NULL AS VARCHAR)")).isNull();
        assertThat(type("CAST(n AS INTEGER)")).isEqualTo(new ExprType(SqlType.INTEGER, true));
        assertThatThrownBy(() -> eval("CAST('x1' AS INTEGER)")).hasMessageContaining("cannot cast 'x1'");
        assertThatThrownBy(() -> eval("CAST(3000000000 AS INTEGER)")).hasMessageContaining("out of range for INTEGER");
        assertThatThrownBy(() -> eval("CAST(1e30 AS BIGINT)")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> type("CAST(b AS INTEGER)")).hasMessage("cannot cast BOOLEAN to INTEGER");
        assertThatThrownBy(() -> type("CAST(dt AS DOUBLE)")).hasMessage("cannot cast DATE to DOUBLE");
    }

    @Test
    void typeErrorsNameTheFragment() {
        assertThatThrownBy(() -> type("'name' + 1"))
                .isInstanceOf(ExprException.class)
                .hasMessage("cannot apply + to VARCHAR and BIGINT")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("'name' + 1"));
        assertThatThrownBy(() -> type("i > 1 AND s * 2 > 3"))
                .hasMessage("cannot apply * to VARCHAR and BIGINT")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("s * 2"));
        assertThatThrownBy(() -> type("i AND b")).hasMessage("cannot apply AND to INTEGER and BOOLEAN");
        assertThatThrownBy(() -> type("NOT i")).hasMessage("cannot apply NOT to INTEGER");
        assertThatThrownBy(() -> type("s = 1")).hasMessage("cannot apply = to VARCHAR and BIGINT");
        assertThatThrownBy(() -> type("CASE WHEN i THEN 1 END")).hasMessageContaining("CASE condition 'i' is INTEGER");
        assertThatThrownBy(() -> type("CASE WHEN b THEN 1 ELSE 'x' END")).hasMessageContaining("incompatible types BIGINT and VARCHAR");
        assertThatThrownBy(() -> type("NULL")).hasMessageContaining("CAST(NULL AS <type>)");
        assertThatThrownBy(() -> type("dt = 'soon'")).hasMessage("'soon' is not a DATE");
        assertThatThrownBy(() -> type("CASE i WHEN 1 THEN 'a' WHEN 'two' THEN 'b' END"))
                .hasMessage("cannot apply = to INTEGER and VARCHAR")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("'two'"));
    }

    @Test
    void unknownColumnsAreNamed() {
        assertThatThrownBy(() -> type("amount > 1"))
                .hasMessageStartingWith("unknown column 'amount'")
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("amount"));
        assertThatThrownBy(() -> type("x.i")).hasMessageStartingWith("unknown column 'x.i'");
    }

    @Test
    void parseErrorsGiveThePosition() {
        assertThatThrownBy(() -> type("i +"))
                .isInstanceOf(ExprException.class)
                .hasMessageStartingWith("syntax error: ")
                .hasMessageContaining("line 1, column 3");
        assertThatThrownBy(() -> type("i + * 2"))
                .satisfies(e -> assertThat(((ExprException) e).fragment()).isEqualTo("+ * 2"));
        assertThatThrownBy(() -> type("  ")).hasMessage("empty expression");
        assertThatThrownBy(() -> type("i i i")).hasMessageStartingWith("syntax error");
    }

    @Test
    void unsupportedConstructsAreRejected() {
        assertThatThrownBy(() -> type("CURRENT_DATE")).hasMessageStartingWith("unsupported: CURRENT_DATE");
        assertThatThrownBy(() -> type("RAND() > 0.5")).hasMessage("unsupported: RAND()");
        assertThatThrownBy(() -> type("SUM(i)")).hasMessage("unsupported: SUM(i)");
        assertThatThrownBy(() -> type("i IN (SELECT 1)")).hasMessageStartingWith("unsupported: ");
        assertThatThrownBy(() -> type("?")).hasMessageStartingWith("unsupported: ");
        assertThatThrownBy(() -> type("i BETWEEN SYMMETRIC 1 AND 2")).hasMessageStartingWith("unsupported: ");
    }

    @Test
    void absurdlyDeepExpressionsAreErrorsNotCrashes() throws ExprException {
        String deep = "(".repeat(100_000) + "1" + ")".repeat(100_000);
        assertThatThrownBy(() -> type(deep)).isInstanceOf(ExprException.class);
        String sum = "i" + " + 1".repeat(300);
        assertThat(eval(sum)).isEqualTo(307L);
    }

    @Test
    void quotedNamesAndCommentsParse() throws ExprException {
        assertThat(eval("\"i\" + 1 -- a comment")).isEqualTo(8L);
        assertThat(eval("/* c */ i\n  * 2")).isEqualTo(14L);
    }
}
