package org.dbspstudio.model.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/**
 * Random trees of BIGINT arithmetic, comparisons, AND/OR/NOT, IS NULL and CASE over nullable
 * columns agree with a direct Java oracle (exact BigInteger arithmetic, Kleene logic), including
 * which rows overflow or divide by zero.
 */
class ArithmeticOracleProperties {
    static final RowSchema SCHEMA = RowSchema.of(Column.nullable("a", SqlType.BIGINT),
            Column.nullable("b", SqlType.BIGINT), Column.nullable("c", SqlType.BIGINT));
    static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** An evaluation error of the oracle; {@code message} as the expression language reports it. */
    static final class OracleError extends Exception {
        OracleError(String message) {
            super(message);
        }
    }

    sealed interface Node {
        String sql();

        Object eval(Long[] row) throws OracleError;
    }

    record Col(int index) implements Node {
        public String sql() {
            return "abc".substring(index, index + 1);
        }

        public Object eval(Long[] row) {
            return row[index];
        }
    }

    record Lit(long value) implements Node {
        /** Long.MIN_VALUE is written as a difference: Calcite folds {@code -(-9223372036854775808)} into a DECIMAL literal. */
        public String sql() {
            if (value == Long.MIN_VALUE) {
                return "(-9223372036854775807 - 1)";
            }
            return value < 0 ? "(" + value + ")" : Long.toString(value);
        }

        public Object eval(Long[] row) {
            return value;
        }
    }

    record Arith(String op, Node x, Node y) implements Node {
        public String sql() {
            return "(" + x.sql() + " " + op + " " + y.sql() + ")";
        }

        public Object eval(Long[] row) throws OracleError {
            Object p = x.eval(row);
            if (p == null) {
                return null;
            }
            Object q = y.eval(row);
            if (q == null) {
                return null;
            }
            BigInteger u = BigInteger.valueOf((Long) p);
            BigInteger v = BigInteger.valueOf((Long) q);
            BigInteger r = switch (op) {
                case "+" -> u.add(v);
                case "-" -> u.subtract(v);
                case "*" -> u.multiply(v);
                default -> {
                    if (v.signum() == 0) {
                        throw new OracleError("division by zero");
                    }
                    yield op.equals("/") ? u.divide(v) : u.remainder(v);
                }
            };
            if (r.compareTo(MIN) < 0 || r.compareTo(MAX) > 0) {
                throw new OracleError("integer overflow");
            }
            return r.longValue();
        }
    }

    record Neg(Node x) implements Node {
        public String sql() {
            return "(-" + x.sql() + ")";
        }

        public Object eval(Long[] row) throws OracleError {
            Object p = x.eval(row);
            if (p == null) {
                return null;
            }
            if ((Long) p == Long.MIN_VALUE) {
                throw new OracleError("integer overflow");
            }
            return -(Long) p;
        }
    }

    record IfThen(Node cond, Node then, Node otherwise) implements Node {
        public String sql() {
            return "CASE WHEN " + cond.sql() + " THEN " + then.sql() + " ELSE " + otherwise.sql() + " END";
        }

        public Object eval(Long[] row) throws OracleError {
            return Boolean.TRUE.equals(cond.eval(row)) ? then.eval(row) : otherwise.eval(row);
        }
    }

    record Compare(String op, Node x, Node y) implements Node {
        public String sql() {
            return "(" + x.sql() + " " + op + " " + y.sql() + ")";
        }

        public Object eval(Long[] row) throws OracleError {
            Object p = x.eval(row);
            if (p == null) {
                return null;
            }
            Object q = y.eval(row);
            if (q == null) {
                return null;
            }
            long u = (Long) p;
            long v = (Long) q;
            return switch (op) {
                case "=" -> u == v;
                case "<>" -> u != v;
                case "<" -> u < v;
                case "<=" -> u <= v;
                case ">" -> u > v;
                default -> u >= v;
            };
        }
    }

    /** Kleene logic on FALSE = 0 < UNKNOWN = 1 < TRUE = 2: AND is min, OR is max. */
    static int k(Object b) {
        return b == null ? 1 : (Boolean) b ? 2 : 0;
    }

    static Object unk(int k) {
        return k == 1 ? null : k == 2;
    }

    record Logic(String op, Node x, Node y) implements Node {
        public String sql() {
            return "(" + x.sql() + " " + op + " " + y.sql() + ")";
        }

        public Object eval(Long[] row) throws OracleError {
            Object p = x.eval(row);
            int decisive = op.equals("AND") ? 0 : 2;
            if (k(p) == decisive) {
                return unk(decisive);
            }
            Object q = y.eval(row);
            return unk(op.equals("AND") ? Math.min(k(p), k(q)) : Math.max(k(p), k(q)));
        }
    }

    record Not(Node x) implements Node {
        public String sql() {
            return "(NOT " + x.sql() + ")";
        }

        public Object eval(Long[] row) throws OracleError {
            return unk(2 - k(x.eval(row)));
        }
    }

    record IsNull(Node x, boolean negated) implements Node {
        public String sql() {
            return "(" + x.sql() + (negated ? " IS NOT NULL)" : " IS NULL)");
        }

        public Object eval(Long[] row) throws OracleError {
            return (x.eval(row) == null) != negated;
        }
    }

    private final List<Arbitrary<Node>> ints = new ArrayList<>();
    private final List<Arbitrary<Node>> bools = new ArrayList<>();

    private Arbitrary<Node> ints(int depth) {
        while (ints.size() <= depth) {
            int d = ints.size();
            Arbitrary<Node> leaf = Arbitraries.oneOf(
                    Arbitraries.integers().between(0, 2).map(Col::new),
                    values().map(Lit::new));
            if (d == 0) {
                ints.add(leaf);
                continue;
            }
            Arbitrary<Node> sub = ints(d - 1);
            Arbitrary<Node> arith = Combinators.combine(Arbitraries.of("+", "-", "*", "/", "%"), sub, sub).as(Arith::new);
            Arbitrary<Node> neg = sub.map(Neg::new);
            Arbitrary<Node> cases = Combinators.combine(bools(d - 1), sub, sub).as(IfThen::new);
            ints.add(Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(2, leaf), net.jqwik.api.Tuple.of(5, arith),
                    net.jqwik.api.Tuple.of(1, neg), net.jqwik.api.Tuple.of(1, cases)));
        }
        return ints.get(depth);
    }

    private Arbitrary<Node> bools(int depth) {
        while (bools.size() <= depth) {
            int d = bools.size();
            Arbitrary<Node> sub = ints(d);
            Arbitrary<Node> cmp = Combinators.combine(Arbitraries.of("=", "<>", "<", "<=", ">", ">="), sub, sub).as(Compare::new);
            Arbitrary<Node> isNull = Combinators.combine(sub, Arbitraries.of(true, false)).as(IsNull::new);
            if (d == 0) {
                bools.add(Arbitraries.oneOf(cmp, isNull));
                continue;
            }
            Arbitrary<Node> bsub = bools(d - 1);
            Arbitrary<Node> logic = Combinators.combine(Arbitraries.of("AND", "OR"), bsub, bsub).as(Logic::new);
            bools.add(Arbitraries.oneOf(cmp, isNull, logic, bsub.map(Not::new)));
        }
        return bools.get(depth);
    }

    private static Arbitrary<Long> values() {
        return Arbitraries.oneOf(
                Arbitraries.longs().between(-20, 20),
                Arbitraries.of(0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32, -(1L << 32), 3037000500L),
                Arbitraries.longs());
    }

    @Provide
    Arbitrary<Node> intTrees() {
        return ints(4);
    }

    @Provide
    Arbitrary<Node> boolTrees() {
        return bools(3);
    }

    @Provide
    Arbitrary<List<Long>> rows() {
        return values().injectNull(0.15).list().ofSize(3);
    }

    private static void agree(Node n, List<Long> values, SqlType expectedType) throws ExprException {
        TypedExpr e = Expressions.check(n.sql(), Scope.of(SCHEMA));
        assertThat(e.type().type()).isEqualTo(expectedType);
        Long[] row = values.toArray(new Long[0]);
        Object expected;
        try {
            expected = n.eval(row);
        } catch (OracleError err) {
            try {
                Object got = e.eval(Row.of(Arrays.asList((Object[]) row)));
                fail("expected '" + err.getMessage() + "' from " + n.sql() + " over " + values + " but got " + got);
            } catch (ExprException ex) {
                assertThat(ex.getMessage()).isEqualTo(err.getMessage());
            }
            Statistics.label("outcome").collect(err.getMessage());
            return;
        }
        assertThat(e.eval(Row.of(Arrays.asList((Object[]) row)))).as(n.sql() + " over " + values).isEqualTo(expected);
        Statistics.label("outcome").collect(expected == null ? "NULL" : "value");
        if (expected == null) {
            assertThat(e.type().nullable()).as("NULL from a NOT NULL expression " + n.sql()).isTrue();
        }
    }

    @Property(tries = 800)
    void integerArithmeticAgreesWithExactOracle(@ForAll("intTrees") Node n, @ForAll("rows") List<Long> row)
            throws ExprException {
        agree(n, row, SqlType.BIGINT);
    }

    @Property(tries = 800)
    void predicatesAgreeWithKleeneOracle(@ForAll("boolTrees") Node n, @ForAll("rows") List<Long> row)
            throws ExprException {
        agree(n, row, SqlType.BOOLEAN);
    }

    @Property(tries = 500)
    void mixedNumericComparisonsAgreeWithBigDecimal(@ForAll long a, @ForAll("decimals") BigDecimal m,
            @ForAll("ops") String op) throws ExprException {
        RowSchema s = RowSchema.of(Column.of("a", SqlType.BIGINT), Column.of("m", SqlType.DECIMAL));
        TypedExpr e = Expressions.check("a " + op + " m", Scope.of(s));
        int c = BigDecimal.valueOf(a).compareTo(m);
        boolean expected = switch (op) {
            case "=" -> c == 0;
            case "<>" -> c != 0;
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            default -> c >= 0;
        };
        assertThat(e.eval(Row.of(a, m))).isEqualTo(expected);
        TypedExpr sum = Expressions.check("a + m * 2 - a", Scope.of(s));
        assertThat(((BigDecimal) sum.eval(Row.of(a, m))).compareTo(m.multiply(BigDecimal.valueOf(2)))).isZero();
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        return Arbitraries.oneOf(Arbitraries.bigDecimals().between(BigDecimal.valueOf(-1e20), BigDecimal.valueOf(1e20)).ofScale(3),
                Arbitraries.longs().map(BigDecimal::valueOf));
    }

    @Provide
    Arbitrary<String> ops() {
        return Arbitraries.of("=", "<>", "<", "<=", ">", ">=");
    }

    @Property(tries = 500)
    void mixedTypeArithmeticFollowsPromotion(@ForAll("smallLongs") long a, @ForAll("decimals") BigDecimal m,
            @ForAll double d, @ForAll("arith") String op) throws ExprException {
        RowSchema s = RowSchema.of(Column.of("a", SqlType.BIGINT), Column.of("m", SqlType.DECIMAL),
                Column.of("d", SqlType.DOUBLE));
        Row row = Row.of(a, m, d);
        BigDecimal am = BigDecimal.valueOf(a);
        TypedExpr e1 = Expressions.check("a " + op + " m", Scope.of(s));
        assertThat(e1.type().type()).isEqualTo(SqlType.DECIMAL);
        if (m.signum() == 0 && (op.equals("/") || op.equals("%"))) {
            assertThatThrownBy(() -> e1.eval(row)).hasMessage("division by zero");
        } else {
            BigDecimal expected = switch (op) {
                case "+" -> am.add(m);
                case "-" -> am.subtract(m);
                case "*" -> am.multiply(m);
                case "/" -> am.divide(m, java.math.MathContext.DECIMAL128);
                default -> am.remainder(m);
            };
            assertThat(((BigDecimal) e1.eval(row)).compareTo(expected)).as("%s %s %s", a, op, m).isZero();
        }
        TypedExpr e2 = Expressions.check("m " + op + " d", Scope.of(s));
        assertThat(e2.type().type()).isEqualTo(SqlType.DOUBLE);
        if (d == 0 && (op.equals("/") || op.equals("%"))) {
            assertThatThrownBy(() -> e2.eval(row)).hasMessage("division by zero");
        } else {
            double x = m.doubleValue();
            double expected = switch (op) {
                case "+" -> x + d;
                case "-" -> x - d;
                case "*" -> x * d;
                case "/" -> x / d;
                default -> x % d;
            };
            assertThat(e2.eval(row)).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<Long> smallLongs() {
        return Arbitraries.longs().between(-1_000_000_000L, 1_000_000_000L);
    }

    @Provide
    Arbitrary<String> arith() {
        return Arbitraries.of("+", "-", "*", "/", "%");
    }
}
