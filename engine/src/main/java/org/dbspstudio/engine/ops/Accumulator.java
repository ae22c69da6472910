package org.dbspstudio.engine.ops;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.TreeMap;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.types.SqlType;

/**
 * The running state of one aggregate function over one group, updated per row change in O(1)
 * (COUNT, SUM, AVG) or O(log n) (MIN, MAX: an ordered multiset of the values of the rows of
 * positive weight; COUNT(DISTINCT): each value's total weight, counting the values whose weight
 * is positive — the per-value H of docs/theory.md §4). Semantics: COUNT is the sum of weights (of
 * rows whose argument is not NULL), SUM the weighted sum, AVG their quotient, MIN/MAX over the rows
 * of positive weight, COUNT(DISTINCT) the non-NULL values of positive total weight; SUM, AVG,
 * MIN and MAX are NULL when no row with a non-NULL argument is present (AVG also when its count is 0).
 */
final class Accumulator {
    private final AggFunction fn;
    private final SqlType argType;
    private long count;
    private long presentNonNull;
    private long longSum;
    private double doubleSum;
    private BigDecimal decimalSum = BigDecimal.ZERO;
    private final TreeMap<Object, Long> values;
    /** COUNT(DISTINCT): each non-NULL value's total weight over the group's rows, and how many are positive. */
    private final TreeMap<Object, Long> valueWeights;
    private long distinct;

    @SuppressWarnings({"unchecked", "rawtypes"})
    Accumulator(AggFunction fn, SqlType argType) {
        this.fn = fn;
        this.argType = argType;
        this.values = fn == AggFunction.MIN || fn == AggFunction.MAX
                ? new TreeMap<>((a, b) -> ((Comparable) a).compareTo(b)) : null;
        this.valueWeights = fn == AggFunction.COUNT_DISTINCT // compared, not hashed: DECIMAL 1.0 and 1.00 are one value
                ? new TreeMap<>((a, b) -> ((Comparable) a).compareTo(b)) : null;
    }

    /**
     * A row whose argument value is {@code v} (null for NULL or COUNT(*) without argument) changed
     * weight from {@code oldW} to {@code newW}.
     */
    void update(Object v, boolean star, long oldW, long newW) {
        long delta = Math.subtractExact(newW, oldW);
        if (star) {
            count = Math.addExact(count, delta);
            return;
        }
        if (v == null) {
            return;
        }
        if (oldW == 0 && newW != 0) {
            presentNonNull++;
        } else if (oldW != 0 && newW == 0) {
            presentNonNull--;
        }
        count = Math.addExact(count, delta);
        switch (fn) {
            case SUM, AVG -> add(v, delta);
            case COUNT_DISTINCT -> {
                long before = valueWeights.getOrDefault(v, 0L);
                long after = Math.addExact(before, delta);
                if (after == 0) {
                    valueWeights.remove(v);
                } else {
                    valueWeights.put(v, after);
                }
                distinct += (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
            }
            case MIN, MAX -> {
                if (oldW <= 0 && newW > 0) {
                    values.merge(v, 1L, Long::sum);
                } else if (oldW > 0 && newW <= 0) {
                    values.computeIfPresent(v, (k, n) -> n == 1 ? null : n - 1);
                }
            }
            default -> {
            }
        }
    }

    /**
     * {@link #update} for a non-NULL integer argument {@code v} (a cell of a batch's integer column):
     * COUNT, SUM and AVG over BIGINT or INTEGER without boxing it; the others box it.
     */
    void updateLong(long v, long oldW, long newW) {
        boolean integral = argType == SqlType.BIGINT || argType == SqlType.INTEGER;
        if (!integral || !(fn == AggFunction.COUNT || fn == AggFunction.SUM || fn == AggFunction.AVG)) {
            update(v, false, oldW, newW);
            return;
        }
        long delta = Math.subtractExact(newW, oldW);
        if (oldW == 0 && newW != 0) {
            presentNonNull++;
        } else if (oldW != 0 && newW == 0) {
            presentNonNull--;
        }
        count = Math.addExact(count, delta);
        if (fn != AggFunction.COUNT) {
            longSum = Math.addExact(longSum, Math.multiplyExact(v, delta));
        }
    }

    private void add(Object v, long w) {
        switch (argType) {
            case DOUBLE -> doubleSum += ((Number) v).doubleValue() * w;
            case DECIMAL -> decimalSum = decimalSum.add(((BigDecimal) v).multiply(BigDecimal.valueOf(w)));
            default -> longSum = Math.addExact(longSum, Math.multiplyExact(((Number) v).longValue(), w));
        }
    }

    /** The aggregate's value (SQL NULL as null). */
    Object result() {
        return switch (fn) {
            case COUNT -> count;
            case COUNT_DISTINCT -> distinct;
            case SUM -> presentNonNull == 0 ? null : sum();
            case AVG -> {
                if (presentNonNull == 0 || count == 0) {
                    yield null;
                }
                if (argType == SqlType.DECIMAL) {
                    yield decimalSum.divide(BigDecimal.valueOf(count), MathContext.DECIMAL64);
                }
                yield (argType == SqlType.DOUBLE ? doubleSum : (double) longSum) / count;
            }
            case MIN -> values.isEmpty() ? null : values.firstKey();
            case MAX -> values.isEmpty() ? null : values.lastKey();
        };
    }

    private Object sum() {
        return switch (argType) {
            case DOUBLE -> doubleSum;
            case DECIMAL -> decimalSum;
            default -> longSum;
        };
    }
}
