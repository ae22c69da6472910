package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

/**
 * The full truth tables of AND, OR, NOT and the IS tests over TRUE, FALSE and NULL, checked
 * against Kleene logic written as min/max over FALSE < UNKNOWN < TRUE.
 */
class ThreeValuedLogicTest {
    private static final Scope SCOPE = Scope.of(RowSchema.of(Column.nullable("p", SqlType.BOOLEAN),
            Column.nullable("q", SqlType.BOOLEAN), Column.nullable("x", SqlType.BIGINT)));
    private static final List<Boolean> VALUES = Arrays.asList(false, null, true);

    private static int rank(Boolean b) {
        return b == null ? 1 : b ? 2 : 0;
    }

    private static Boolean of(int rank) {
        return VALUES.get(rank);
    }

    private static Object eval(String sql, Boolean p, Boolean q) throws ExprException {
        return Expressions.check(sql, SCOPE).eval(Row.of(p, q, null));
    }

    @Test
    void andOrNotFollowKleeneLogic() throws ExprException {
        int checked = 0;
        for (Boolean p : VALUES) {
            for (Boolean q : VALUES) {
                assertThat(eval("p AND q", p, q)).as(p + " AND " + q).isEqualTo(of(Math.min(rank(p), rank(q))));
                assertThat(eval("p OR q", p, q)).as(p + " OR " + q).isEqualTo(of(Math.max(rank(p), rank(q))));
                assertThat(eval("NOT (p AND q) = (NOT p OR NOT q)", p, q)).as("De Morgan").isNotEqualTo(false);
                checked++;
            }
            assertThat(eval("NOT p", p, null)).isEqualTo(of(2 - rank(p)));
        }
        assertThat(checked).isEqualTo(9);
    }

    @Test
    void isTestsAreTwoValued() throws ExprException {
        for (Boolean p : VALUES) {
            assertThat(eval("p IS NULL", p, null)).isEqualTo(p == null);
            assertThat(eval("p IS NOT NULL", p, null)).isEqualTo(p != null);
            assertThat(eval("p IS TRUE", p, null)).isEqualTo(Boolean.TRUE.equals(p));
            assertThat(eval("p IS NOT TRUE", p, null)).isEqualTo(!Boolean.TRUE.equals(p));
            assertThat(eval("p IS FALSE", p, null)).isEqualTo(Boolean.FALSE.equals(p));
            assertThat(eval("p IS NOT FALSE", p, null)).isEqualTo(!Boolean.FALSE.equals(p));
        }
    }

    @Test
    void andOrDecideWithoutTheOtherOperand() throws ExprException {
        // FALSE AND <error> is FALSE, TRUE OR <error> is TRUE: the guard pattern works
        assertThat(eval("p AND 1 / x > 0", false, null)).isEqualTo(false);
        assertThat(eval("p OR 1 / x > 0", true, null)).isEqualTo(true);
        assertThat(eval("x IS NOT NULL AND x > 1", null, null)).isEqualTo(false);
    }

    @Test
    void nullPropagatesThroughComparisonsInAndBetween() throws ExprException {
        List<String> nullExprs = new ArrayList<>(List.of("x = 1", "x <> 1", "x < 1", "1 >= x", "x + 1 > 0",
                "x BETWEEN 1 AND 2", "x NOT BETWEEN 1 AND 2", "x IN (1, 2)", "x NOT IN (1, 2)", "1 IN (2, x)",
                "1 NOT IN (2, x)", "5 BETWEEN 1 AND x", "NOT (x = 1)", "p = q"));
        for (String sql : nullExprs) {
            assertThat(eval(sql, null, null)).as(sql).isNull();
            assertThat(Expressions.check(sql, SCOPE).type()).as(sql).isEqualTo(new ExprType(SqlType.BOOLEAN, true));
        }
        assertThat(eval("1 IN (1, x)", null, null)).isEqualTo(true);
        assertThat(eval("1 NOT IN (1, x)", null, null)).isEqualTo(false);
        assertThat(eval("5 BETWEEN 6 AND x", null, null)).isEqualTo(false);
        assertThat(eval("5 NOT BETWEEN 6 AND x", null, null)).isEqualTo(true);
    }
}
