/**
 * The expression language of DBSP Studio: SQL scalar expressions used by filter predicates,
 * projections, join and grouping keys, aggregate arguments and scalar functions.
 *
 * <p><b>Pipeline.</b> {@link org.dbspstudio.model.expr.Expressions#check} parses the text with
 * Apache Calcite's parser (case-insensitive names, {@code !=} and {@code %} allowed), converts the
 * parse tree into the project's own tree ({@link org.dbspstudio.model.expr.Ast}), type-checks it
 * against a {@link org.dbspstudio.model.expr.Scope} and compiles it into a tree of closures:
 * columns are resolved to (row, index) once, constant subtrees are folded, no reflection, code
 * generation or script engine is involved. Errors are
 * {@link org.dbspstudio.model.expr.ExprException}s naming the offending fragment.
 *
 * <p><b>Supported.</b>
 * <ul>
 * <li>Column references {@code x}, and {@code l.x} / {@code r.x} in join scopes (unknown or
 *     ambiguous names are errors).</li>
 * <li>Literals: integers (BIGINT; beyond 64 bits DECIMAL), {@code 1.5} (DECIMAL), {@code 1e3}
 *     (DOUBLE), {@code 'text'}, TRUE, FALSE, NULL, {@code DATE '2024-01-01'},
 *     {@code TIMESTAMP '2024-01-01 10:00:00'}, {@code INTERVAL 'n' YEAR|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND}
 *     (only added to or subtracted from a DATE or TIMESTAMP).</li>
 * <li>{@code + - * / %} and unary minus with INTEGER → BIGINT → DECIMAL → DOUBLE promotion;
 *     integer overflow and division by zero (for every numeric type) are evaluation errors;
 *     integer division truncates toward zero; DECIMAL division keeps 34 digits;
 *     DATE ± integer days.</li>
 * <li>{@code = <> != < <= > >=}, IS [NOT] DISTINCT FROM, BETWEEN, [NOT] IN (list), [NOT] LIKE
 *     [ESCAPE]; a string literal compared with a DATE or TIMESTAMP is read as one.</li>
 * <li>AND, OR, NOT with three-valued logic (AND/OR skip their right operand once the left one
 *     decides), IS [NOT] NULL/TRUE/FALSE/UNKNOWN.</li>
 * <li>CASE (searched and simple), CAST(x AS BOOLEAN|INTEGER|BIGINT|DOUBLE|DECIMAL[(p,s)]|
 *     VARCHAR[(n)]|DATE|TIMESTAMP) (casting DOUBLE or DECIMAL to an integer truncates), COALESCE,
 *     NULLIF.</li>
 * <li>ABS, MOD, FLOOR, CEIL/CEILING, ROUND(x[, digits]); UPPER, LOWER, CHAR_LENGTH,
 *     SUBSTRING(s FROM a [FOR b]), TRIM([BOTH|LEADING|TRAILING] [chars] FROM s),
 *     POSITION(a IN b [FROM c]), {@code ||} (strings count code points);
 *     EXTRACT(YEAR|QUARTER|MONTH|DAY|DOW|DOY|HOUR|MINUTE|SECOND FROM d).</li>
 * </ul>
 * Anything else (subqueries, aggregates, non-deterministic functions such as CURRENT_DATE, ...)
 * is rejected as {@code unsupported: <fragment>}.
 *
 * <p><b>Values</b> at runtime follow {@link org.dbspstudio.model.types.SqlType}: INTEGER and
 * BIGINT are {@code Long}, DOUBLE {@code Double}, DECIMAL {@code BigDecimal}, VARCHAR
 * {@code String}, DATE {@code LocalDate}, TIMESTAMP {@code LocalDateTime}, NULL {@code null}.
 */
package org.dbspstudio.model.expr;
