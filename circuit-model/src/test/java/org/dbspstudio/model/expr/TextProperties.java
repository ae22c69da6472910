package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/** LIKE and SUBSTRING against direct oracles; CAST to VARCHAR and back is the identity. */
class TextProperties {
    private static final Scope STRINGS = Scope.of(RowSchema.of(Column.of("s", SqlType.VARCHAR),
            Column.of("p", SqlType.VARCHAR)));

    /** The LIKE oracle: a recursive matcher over the pattern, '!' escaping the next character. */
    static boolean like(String s, int i, String p, int j) {
        if (j == p.length()) {
            return i == s.length();
        }
        char c = p.charAt(j);
        if (c == '!') {
            return i < s.length() && s.charAt(i) == p.charAt(j + 1) && like(s, i + 1, p, j + 2);
        }
        if (c == '%') {
            for (int k = i; k <= s.length(); k++) {
                if (like(s, k, p, j + 1)) {
                    return true;
                }
            }
            return false;
        }
        return i < s.length() && (c == '_' || s.charAt(i) == c) && like(s, i + 1, p, j + 1);
    }

    @Provide
    Arbitrary<String> subjects() {
        return Arbitraries.strings().withChars("ab%_!.*\\$(\n").ofMaxLength(8);
    }

    @Provide
    Arbitrary<String> patterns() {
        return Arbitraries.strings().withChars("ab%_!.*\\$(\n").ofMaxLength(6);
    }

    @Property(tries = 1000)
    void likeAgreesWithRecursiveMatcher(@ForAll("subjects") String s, @ForAll("patterns") String p) throws ExprException {
        TypedExpr e = Expressions.check("s LIKE p ESCAPE '!'", STRINGS);
        String constantSql = "s LIKE '" + p.replace("'", "''") + "' ESCAPE '!'";
        if (danglingEscape(p)) {
            assertThatThrownBy(() -> e.eval(Row.of(s, p))).isInstanceOf(ExprException.class)
                    .hasMessage("LIKE pattern ends with the escape character");
            assertThatThrownBy(() -> Expressions.check(constantSql, STRINGS)).isInstanceOf(ExprException.class);
            return;
        }
        TypedExpr constant = Expressions.check(constantSql, STRINGS);
        boolean expected = like(s, 0, p, 0);
        assertThat(e.eval(Row.of(s, p))).as("'%s' LIKE '%s'", s, p).isEqualTo(expected);
        assertThat(constant.eval(Row.of(s, p))).isEqualTo(expected);
        assertThat(Expressions.check("s NOT LIKE p ESCAPE '!'", STRINGS).eval(Row.of(s, p))).isEqualTo(!expected);
    }

    private static boolean danglingEscape(String p) {
        for (int j = 0; j < p.length(); j++) {
            if (p.charAt(j) == '!') {
                if (j + 1 == p.length()) {
                    return true;
                }
                j++;
            }
        }
        return false;
    }

    @Property(tries = 500)
    void substringIsTheClippedWindow(@ForAll("subjects") String s, @ForAll @IntRange(min = -5, max = 12) int from,
            @ForAll @IntRange(min = 0, max = 12) int len) throws ExprException {
        StringBuilder expected = new StringBuilder();
        for (int k = from; k < from + len; k++) {
            if (k >= 1 && k <= s.length()) {
                expected.append(s.charAt(k - 1));
            }
        }
        TypedExpr e = Expressions.check("SUBSTRING(s FROM " + from + " FOR " + len + ")", STRINGS);
        assertThat(e.eval(Row.of(s, ""))).isEqualTo(expected.toString());
    }

    @Provide
    Arbitrary<Object[]> typedValues() {
        return Arbitraries.oneOf(
                Arbitraries.longs().map(v -> new Object[] {SqlType.BIGINT, v}),
                Arbitraries.integers().map(v -> new Object[] {SqlType.INTEGER, (long) v}),
                Arbitraries.doubles().map(v -> new Object[] {SqlType.DOUBLE, v}),
                Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE)
                        .map(v -> new Object[] {SqlType.DOUBLE, v}),
                Arbitraries.bigDecimals().ofScale(4).map(v -> new Object[] {SqlType.DECIMAL, v}),
                Arbitraries.of(true, false).map(v -> new Object[] {SqlType.BOOLEAN, v}),
                Arbitraries.integers().between(-200000, 2000000).map(d -> new Object[] {SqlType.DATE,
                        LocalDate.ofEpochDay(d)}),
                Arbitraries.longs().between(-5_000_000_000L, 50_000_000_000L).map(sec -> new Object[] {SqlType.TIMESTAMP,
                        LocalDateTime.ofEpochSecond(sec, (int) Math.floorMod(sec * 7919, 1_000_000_000L),
                                java.time.ZoneOffset.UTC)}));
    }

    @Property(tries = 800)
    void castToVarcharAndBackIsTheIdentity(@ForAll("typedValues") Object[] tv) throws ExprException {
        SqlType t = (SqlType) tv[0];
        Object v = tv[1];
        Scope one = Scope.of(RowSchema.of(Column.of("x", t)));
        TypedExpr e = Expressions.check("CAST(CAST(x AS VARCHAR) AS " + t + ")", one);
        Object back = e.eval(Row.of(v));
        if (v instanceof BigDecimal d) {
            assertThat(((BigDecimal) back).compareTo(d)).isZero();
        } else {
            assertThat(back).isEqualTo(v);
        }
    }
}
