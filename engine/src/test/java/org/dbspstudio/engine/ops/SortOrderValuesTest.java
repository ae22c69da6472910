package org.dbspstudio.engine.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sort-key values of different numeric classes order by value, as SQL's ORDER BY does. */
class SortOrderValuesTest {
    @Test
    void numbersOfDifferentClassesCompareByValueNotByText() {
        assertTrue(SortOrder.compareValues(9L, 10.5) < 0, "9 before 10.5 (by text \"10.5\" < \"9\")");
        assertTrue(SortOrder.compareValues(10.5, 9L) > 0);
        assertTrue(SortOrder.compareValues(new BigDecimal("9.99"), 10L) < 0);
        assertTrue(SortOrder.compareValues(-2L, new BigDecimal("-10")) > 0);
        assertEquals(0, SortOrder.compareValues(2L, new BigDecimal("2.00")));
        assertEquals(0, SortOrder.compareValues(3L, 3.0));
        assertTrue(SortOrder.compareValues(Long.MAX_VALUE, 9.3e18) < 0, "exact, not through double");
        assertTrue(SortOrder.compareValues(Long.MAX_VALUE - 1, new BigDecimal(Long.MAX_VALUE)) < 0);
        assertTrue(SortOrder.compareValues(Double.NEGATIVE_INFINITY, Long.MIN_VALUE) < 0);
        assertTrue(SortOrder.compareValues(Double.POSITIVE_INFINITY, Long.MAX_VALUE) > 0);
    }

    @Test
    void mixedNumbersSortAsTheirValues() {
        List<Object> values = new ArrayList<>(List.of(10L, 9.5, new BigDecimal("100"), -1L, 2.25, new BigDecimal("2.5")));
        values.sort(SortOrder::compareValues);
        assertEquals(List.of(-1L, 2.25, new BigDecimal("2.5"), 9.5, 10L, new BigDecimal("100")), values);
    }

    @Test
    void negativeZeroEqualsZeroSoTheOrderStaysTransitive() {
        assertEquals(0, SortOrder.compareValues(-0.0, 0.0));
        assertEquals(0, SortOrder.compareValues(-0.0, 0L));
        assertEquals(0, SortOrder.compareValues(0L, 0.0));
        assertTrue(SortOrder.compareValues(-0.5, 0.0) < 0);
        assertTrue(SortOrder.compareValues(Double.NaN, 1.0) > 0, "NaN after every number, as in DuckDB");
    }

    @Test
    void valuesOfOneClassKeepTheirNaturalOrder() {
        assertTrue(SortOrder.compareValues("apple", "banana") < 0);
        assertTrue(SortOrder.compareValues(9L, 10L) < 0);
        assertTrue(SortOrder.compareValues(new BigDecimal("1.10"), new BigDecimal("1.2")) < 0);
    }

    /** One sort key: NULLs where NULLS FIRST/LAST says in either direction; DESC reverses the values only. */
    @Test
    void aKeyPlacesNullsAsAskedAndReversesOnlyValuesWhenDescending() {
        assertTrue(SortOrder.compareKey(null, 1L, false, true) < 0);
        assertTrue(SortOrder.compareKey(null, 1L, true, true) < 0, "NULLS FIRST holds under DESC");
        assertTrue(SortOrder.compareKey(null, 1L, false, false) > 0);
        assertTrue(SortOrder.compareKey(1L, null, true, false) < 0, "NULLS LAST holds under DESC");
        assertEquals(0, SortOrder.compareKey(null, null, true, true));
        assertTrue(SortOrder.compareKey(9L, 10.5, false, true) < 0);
        assertTrue(SortOrder.compareKey(9L, 10.5, true, true) > 0);
        assertTrue(SortOrder.compareKey(Double.NaN, 1.0, true, false) < 0, "NaN after every number, first under DESC");
    }
}
