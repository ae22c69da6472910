package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Random;
import org.dbspstudio.model.fuzz.CaseRunner;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * The expression fuzzer: 10,000 seeded cases of hostile LIKE patterns (checked against the
 * textbook dynamic program), huge constants, deep nesting and growing strings. Each case must
 * end within a time limit (a hang fails the build, naming the case) with a value that respects
 * the limits of {@link Limits} or an {@link ExprException} — never another exception.
 * {@code -Dfuzz.seed=N} replays another run.
 */
class ExpressionFuzzTest {
    private static final long SEED = Long.getLong("fuzz.seed", 20261201L);
    private static final Duration LIMIT = Duration.ofSeconds(10);
    private static final Row ROW = ExprFixtures.sample(7, 10L, "Hello", true);

    /** Checks and evaluates; returns the value, or null after an ExprException. */
    private static Object outcome(String sql, Row row) {
        TypedExpr e;
        try {
            e = Expressions.check(sql, ExprFixtures.SCOPE);
        } catch (ExprException x) {
            assertThat(x.getMessage()).as(sql).isNotBlank().doesNotContain("Exception");
            return null;
        }
        Object v;
        try {
            v = e.eval(row);
        } catch (ExprException x) {
            assertThat(x.getMessage()).as(sql).isNotBlank().doesNotContain("Exception");
            return null;
        }
        if (v instanceof BigDecimal d) {
            assertThat(Limits.decimalProblem(d)).as(sql).isNull();
            assertThat(d.scale()).as(sql).isLessThanOrEqualTo(Limits.DECIMAL_SCALE);
        }
        if (v instanceof String s) {
            assertThat(s.length()).as(sql).isLessThanOrEqualTo(Limits.VARCHAR_CHARS);
        }
        return v;
    }

    private static String sqlString(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    @Test
    void tenThousandCasesEachWithinItsTimeLimit() {
        Random r = new Random(SEED);
        try (CaseRunner runner = new CaseRunner(LIMIT)) {
            for (int k = 0; k < 4000; k++) {
                hostileLike(runner, r);
            }
            for (int k = 0; k < 3000; k++) {
                String sql = number(r, 0);
                runner.run(sql, () -> outcome(sql, ROW));
            }
            for (int k = 0; k < 1000; k++) {
                String sql = nested(r);
                runner.run(sql, () -> outcome(sql, ROW));
            }
            for (int k = 0; k < 2000; k++) {
                String sql = text(r, 0);
                runner.run(sql, () -> outcome(sql, ROW));
            }
            assertThat(runner.cases()).isEqualTo(10_000);
        }
    }

    private static void hostileLike(CaseRunner runner, Random r) {
        String alphabet = r.nextBoolean() ? "a%" : "ab%_!";
        StringBuilder p = new StringBuilder();
        for (int i = r.nextInt(30); i > 0; i--) {
            p.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        boolean esc = alphabet.indexOf('!') >= 0 && r.nextBoolean();
        if (esc && !LikeMatchingTestAccess.validEscapes(p.toString())) {
            p.append('a');
            if (!LikeMatchingTestAccess.validEscapes(p.toString())) {
                esc = false;
            }
        }
        int n = r.nextInt(10) == 0 ? 2000 : r.nextInt(60);
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < n; i++) {
            t.append(r.nextInt(8) == 0 ? 'b' : 'a');
        }
        String pattern = p.toString();
        String text = t.toString();
        boolean escape = esc;
        boolean constant = r.nextBoolean();
        String sql = (constant ? sqlString(text) : "s") + " LIKE " + sqlString(pattern) + (escape ? " ESCAPE '!'" : "");
        runner.run(sql, () -> {
            Object[] u = LikeMatchingTest.unescape(pattern, escape ? (int) '!' : null);
            boolean expected = LikeMatchingTest.oracle(text.codePoints().toArray(), (int[]) u[0], (boolean[]) u[1]);
            Object v = outcome(sql, ExprFixtures.sample(1, null, text, null));
            assertThat(v).as(sql).isEqualTo(expected);
            return null;
        });
    }

    private static final String[] EXPONENTS = {"0", "1", "3", "17", "999", "1000", "1001", "-999", "-1000", "-1001",
        "999999999", "-999999999", "2147483647", "-2147483648", "9999999999"};

    /** A numeric expression over huge and tiny constants, columns and every numeric operation. */
    private static String number(Random r, int depth) {
        if (depth > 3 || r.nextInt(3) == 0) {
            return switch (r.nextInt(9)) {
                case 0 -> "CAST('" + (r.nextBoolean() ? "-" : "") + (1 + r.nextInt(9)) + "e" + EXPONENTS[r.nextInt(EXPONENTS.length)]
                        + "' AS DECIMAL)";
                case 1 -> "9".repeat(1 + r.nextInt(1100));
                case 2 -> "0." + "0".repeat(r.nextInt(1100)) + "1";
                case 3 -> "1e" + EXPONENTS[r.nextInt(EXPONENTS.length)].replace("9999999999", "308");
                case 4 -> "m";
                case 5 -> "i";
                case 6 -> "n";
                case 7 -> "d";
                default -> String.valueOf(r.nextLong());
            };
        }
        String a = number(r, depth + 1);
        String b = number(r, depth + 1);
        return switch (r.nextInt(12)) {
            case 0 -> "(" + a + " + " + b + ")";
            case 1 -> "(" + a + " - " + b + ")";
            case 2, 3 -> "(" + a + " * " + b + ")";
            case 4 -> "(" + a + " / " + b + ")";
            case 5 -> "MOD(" + a + ", " + b + ")";
            case 6 -> (r.nextBoolean() ? "FLOOR(" : "CEIL(") + a + ")";
            case 7 -> "ROUND(" + a + ", " + (r.nextInt(1001) - 500) + ")";
            case 8 -> "ABS(-" + a + ")";
            case 9 -> "CAST(" + a + " AS " + new String[] {"BIGINT", "INTEGER", "DOUBLE", "DECIMAL", "DECIMAL(38, 10)",
                "DECIMAL(2000, 1000)", "DECIMAL(5)"}[r.nextInt(7)] + ")";
            case 10 -> "CAST(CAST(" + a + " AS VARCHAR) AS DECIMAL)";
            default -> "CHAR_LENGTH(CAST(" + a + " AS VARCHAR))";
        };
    }

    /** Expressions nested 1 to 3,000 deep in the ways the parser and the binder recurse. */
    private static String nested(Random r) {
        int d = r.nextInt(20) == 0 ? 500 + r.nextInt(2500) : 1 + r.nextInt(60);
        return switch (r.nextInt(7)) {
            case 0 -> "(".repeat(d) + "i" + ")".repeat(d);
            case 1 -> "NOT ".repeat(d) + "b";
            case 2 -> "i" + " + 1".repeat(d);
            case 3 -> "ABS(".repeat(d) + "d" + ")".repeat(d);
            case 4 -> "CASE WHEN b THEN ".repeat(d) + "1" + " ELSE 0 END".repeat(d);
            case 5 -> "-(".repeat(d) + "i" + ")".repeat(d);
            default -> "s" + " || s".repeat(Math.min(d, 40));
        };
    }

    /** A string expression: concatenation, case, substring and trim with wild arguments. */
    private static String text(Random r, int depth) {
        if (depth > 3 || r.nextInt(3) == 0) {
            return switch (r.nextInt(5)) {
                case 0 -> "s";
                case 1 -> sqlString("x".repeat(r.nextInt(r.nextInt(10) == 0 ? 100_000 : 20)));
                case 2 -> "CAST(" + number(r, 2) + " AS VARCHAR)";
                case 3 -> "''";
                default -> sqlString("ß\uD83D\uDE00é");
            };
        }
        String a = text(r, depth + 1);
        String b = text(r, depth + 1);
        long big = r.nextBoolean() ? r.nextLong() : r.nextInt(40) - 20;
        return switch (r.nextInt(8)) {
            case 0, 1 -> "(" + a + " || " + b + ")";
            case 2 -> "UPPER(" + a + ")";
            case 3 -> "LOWER(" + a + ")";
            case 4 -> "SUBSTRING(" + a + " FROM " + big + (r.nextBoolean() ? " FOR " + Math.abs(big % 1000) : "") + ")";
            case 5 -> "TRIM(BOTH 'x' FROM " + a + ")";
            case 6 -> "CAST(POSITION(" + b + " IN " + a + ") AS VARCHAR)";
            default -> "CASE WHEN " + a + " LIKE " + b + " THEN " + a + " ELSE " + b + " END";
        };
    }
}
