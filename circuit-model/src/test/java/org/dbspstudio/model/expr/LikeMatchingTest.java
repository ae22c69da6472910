package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.dbspstudio.model.expr.ExprFixtures.eval;
import static org.dbspstudio.model.expr.ExprFixtures.sample;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * LIKE runs without backtracking: patterns that take a backtracking regular expression
 * exponential time ({@code '%a%a%a…%b'}) answer at once, on a column and folded as a constant.
 */
class LikeMatchingTest {
    private static final String HOSTILE = "'%a%a%a%a%a%a%a%a%a%a%a%a%b'";

    @Test
    void hostilePatternOnAColumnAnswersAtOnce() {
        String row = "a".repeat(40);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThat(eval("s LIKE " + HOSTILE, sample(1, null, row, null))).isEqualTo(false);
            assertThat(eval("s LIKE " + HOSTILE, sample(1, null, row + "b", null))).isEqualTo(true);
            // 40 segments over a 100,000-character row
            String many = "'" + "%a".repeat(40) + "%b'";
            assertThat(eval("s LIKE " + many, sample(1, null, "a".repeat(100_000), null))).isEqualTo(false);
        });
    }

    @Test
    void hostilePatternWithConstantsOnBothSidesIsFoldedAtOnce() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            TypedExpr e = Expressions.check("'" + "a".repeat(40) + "' LIKE " + HOSTILE, ExprFixtures.SCOPE);
            assertThat(e.eval(sample(1, null, null, null))).isEqualTo(false);
            assertThat(Expressions.check("'" + "a".repeat(60) + "b' NOT LIKE " + HOSTILE, ExprFixtures.SCOPE)
                    .eval(sample(1, null, null, null))).isEqualTo(false);
        });
    }

    @Test
    void wildcardsEscapesAndAnchors() throws ExprException {
        assertThat(eval("'' LIKE ''")).isEqualTo(true);
        assertThat(eval("'' LIKE '%'")).isEqualTo(true);
        assertThat(eval("'' LIKE '_'")).isEqualTo(false);
        assertThat(eval("'abc' LIKE 'abc'")).isEqualTo(true);
        assertThat(eval("'abcd' LIKE 'abc'")).isEqualTo(false);
        assertThat(eval("'abc' LIKE 'a%%c'")).isEqualTo(true);
        assertThat(eval("'ab' LIKE 'a%b%'")).isEqualTo(true);
        assertThat(eval("'aXbXc' LIKE '%b%c'")).isEqualTo(true);
        assertThat(eval("'abab' LIKE '%ab'")).isEqualTo(true);
        assertThat(eval("'aab' LIKE 'a%ab'")).isEqualTo(true);
        assertThat(eval("'ab' LIKE 'a%ab'")).isEqualTo(false); // the segments must not overlap
        assertThat(eval("'abc' LIKE '_%_'")).isEqualTo(true);
        assertThat(eval("'a' LIKE '_%_'")).isEqualTo(false);
        assertThat(eval("'a%b' LIKE 'a\\%b' ESCAPE '\\'")).isEqualTo(true);
        assertThat(eval("'axb' LIKE 'a\\%b' ESCAPE '\\'")).isEqualTo(false);
        assertThat(eval("'a_b' LIKE 'a!_b' ESCAPE '!'")).isEqualTo(true);
        assertThat(eval("'a!b' LIKE 'a!!b' ESCAPE '!'")).isEqualTo(true);
        assertThat(eval("'x%' LIKE '%!%' ESCAPE '!'")).isEqualTo(true);
        // one code point per _, also outside the BMP
        assertThat(eval("'a\uD83D\uDE00b' LIKE 'a_b'")).isEqualTo(true);
        assertThat(eval("'\uD83D\uDE00' LIKE '__'")).isEqualTo(false);
        assertThatThrownBy(() -> eval("'a' LIKE 'a!' ESCAPE '!'")).hasMessageContaining("ends with the escape character");
    }

    @Test
    void similarToIsRefusedAsUnsupported() {
        assertThatThrownBy(() -> Expressions.check("s SIMILAR TO '(a|b)*c'", ExprFixtures.SCOPE))
                .isInstanceOf(ExprException.class).hasMessageStartingWith("unsupported");
    }

    /** The reference: the textbook dynamic program over (text position, pattern position). */
    static boolean oracle(int[] text, int[] pat, boolean[] literal) {
        boolean[][] m = new boolean[text.length + 1][pat.length + 1];
        m[0][0] = true;
        for (int j = 1; j <= pat.length; j++) {
            m[0][j] = m[0][j - 1] && pat[j - 1] == '%' && !literal[j - 1];
        }
        for (int i = 1; i <= text.length; i++) {
            for (int j = 1; j <= pat.length; j++) {
                int p = pat[j - 1];
                if (p == '%' && !literal[j - 1]) {
                    m[i][j] = m[i][j - 1] || m[i - 1][j];
                } else {
                    m[i][j] = m[i - 1][j - 1] && ((p == '_' && !literal[j - 1]) || p == text[i - 1]);
                }
            }
        }
        return m[text.length][pat.length];
    }

    /** Pattern text with escapes into code points and whether each is literal. */
    static Object[] unescape(String pattern, Integer escape) {
        int[] cps = pattern.codePoints().toArray();
        int[] out = new int[cps.length];
        boolean[] lit = new boolean[cps.length];
        int n = 0;
        for (int i = 0; i < cps.length; i++) {
            if (escape != null && cps[i] == escape) {
                i++;
                out[n] = cps[i];
                lit[n++] = true;
            } else {
                out[n++] = cps[i];
            }
        }
        return new Object[] {java.util.Arrays.copyOf(out, n), java.util.Arrays.copyOf(lit, n)};
    }

    @Test
    void agreesWithTheDynamicProgramOnRandomPatterns() throws ExprException {
        java.util.Random r = new java.util.Random(15);
        String alphabet = "ab%_!";
        for (int k = 0; k < 3000; k++) {
            StringBuilder p = new StringBuilder();
            for (int i = r.nextInt(9); i > 0; i--) {
                p.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            if (p.length() > 0 && p.charAt(p.length() - 1) == '!') {
                p.append('a');
            }
            boolean esc = r.nextBoolean();
            String pattern = esc ? p.toString().replaceAll("!(.)", "!$1") : p.toString();
            if (esc && !LikeMatchingTestAccess.validEscapes(pattern)) {
                continue;
            }
            StringBuilder t = new StringBuilder();
            for (int i = r.nextInt(10); i > 0; i--) {
                t.append("ab%_!".charAt(r.nextInt(r.nextInt(4) == 0 ? 5 : 2)));
            }
            Object[] u = unescape(pattern, esc ? (int) '!' : null);
            boolean expected = oracle(t.toString().codePoints().toArray(), (int[]) u[0], (boolean[]) u[1]);
            boolean actual = LikePattern.compile(pattern, esc ? "!" : null, "", "").matches(t.toString());
            assertThat(actual).as("'%s' LIKE '%s'%s", t, pattern, esc ? " ESCAPE '!'" : "").isEqualTo(expected);
        }
    }
}
