package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.dbspstudio.model.expr.ExprFixtures.eval;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Constants that used to throw ArithmeticException out of the checker (an "internal error") or
 * build a billion-character string: every one is now a clear error at the sub-expression at fault,
 * found without ever materializing the value.
 */
class ConstantLimitsTest {
    private static final String HUGE = "CAST('1e999999999' AS DECIMAL)";

    /** The expression checks (folding what it can) and its evaluation fails with an ExprException at {@code fragment}. */
    private static void failsAt(String sql, String fragment, String message) {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            TypedExpr e = Expressions.check(sql, ExprFixtures.SCOPE);
            assertThatThrownBy(() -> e.eval(ExprFixtures.sample(1, null, "x", null)))
                    .isInstanceOfSatisfying(ExprException.class, x -> {
                        assertThat(x.getMessage()).contains(message);
                        assertThat(x.fragment()).isEqualTo(fragment);
                        assertThat(x.describe()).doesNotContain("ArithmeticException", "BigInteger");
                    });
        });
    }

    @Test
    void hugeDecimalsAreOutOfRangeWhereTheyAreMade() {
        String msg = "DECIMAL value out of range: 1E+999999999 has more than 1000 digits before the decimal point";
        failsAt(HUGE + " + 1", HUGE, msg);
        failsAt("FLOOR(" + HUGE + ")", HUGE, msg);
        failsAt("CAST(" + HUGE + " AS BIGINT)", HUGE, msg);
        failsAt("CAST(" + HUGE + " AS VARCHAR)", HUGE, msg);
        failsAt("CAST(m * " + HUGE + " AS VARCHAR)", HUGE, msg);
    }

    @Test
    void arithmeticThatLeavesTheRangeFailsAtTheOperation() {
        String big = "CAST('9e999' AS DECIMAL)";
        failsAt(big + " * " + big, big + " * " + big, "more than 1000 digits before the decimal point");
        failsAt(big + " * 10 + m", big + " * 10", "DECIMAL value out of range");
    }

    @Test
    void anOversizedLiteralIsRefusedWhenChecked() {
        String nines = "9".repeat(1001);
        assertThatThrownBy(() -> Expressions.check("m + " + nines, ExprFixtures.SCOPE))
                .isInstanceOfSatisfying(ExprException.class, x -> {
                    assertThat(x.getMessage()).isEqualTo("DECIMAL value out of range: a number of 1001 digits has more"
                            + " than 1000 digits before the decimal point");
                    assertThat(x.fragment()).isEqualTo(nines);
                });
    }

    @Test
    void doublesOverflowToInfinityAsIEEESays() throws ExprException {
        assertThat(eval("1e2147483647 * 1e2147483647")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThatThrownBy(() -> eval("CAST(1e2147483647 * 1e2147483647 AS DECIMAL)"))
                .isInstanceOf(ExprException.class).hasMessageContaining("cannot cast Infinity to DECIMAL");
    }

    @Test
    void tinyDecimalsRoundToTheLastKeptPlace() throws ExprException {
        assertThat(eval("CAST('1e-999999999' AS DECIMAL)")).isEqualTo(BigDecimal.ZERO);
        BigDecimal third = (BigDecimal) eval("1 / CAST('3e999' AS DECIMAL)");
        assertThat(third.scale()).isLessThanOrEqualTo(Limits.DECIMAL_SCALE);
        assertThat(third.compareTo(new BigDecimal("3E-1000"))).isZero();
    }

    @Test
    void oversizedTypesAreRefusedWhenChecked() {
        assertThatThrownBy(() -> Expressions.check("CAST(m AS DECIMAL(1000000, 999999))", ExprFixtures.SCOPE))
                .isInstanceOfSatisfying(ExprException.class, x -> {
                    assertThat(x.getMessage()).contains("DECIMAL(1000000, 999999) is too large");
                    assertThat(x.fragment()).isEqualTo("CAST(m AS DECIMAL(1000000, 999999))");
                });
    }

    @Test
    void stringsStopGrowingAtTheLimit() {
        // one concat of two 6M-character values
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            String six = "y".repeat(6_000_000);
            TypedExpr e = Expressions.check("s || s", ExprFixtures.SCOPE);
            assertThatThrownBy(() -> e.eval(ExprFixtures.sample(1, null, six, null)))
                    .isInstanceOf(ExprException.class).hasMessageContaining("VARCHAR value too long");
            assertThat(((String) e.eval(ExprFixtures.sample(1, null, "ab", null)))).isEqualTo("abab");
        });
    }
}
