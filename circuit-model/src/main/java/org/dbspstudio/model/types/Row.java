package org.dbspstudio.model.types;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An immutable row of column values (see {@link SqlType} for the Java class of each type).
 * Rows compare by value; {@code BigDecimal}s are normalized so that {@code 1.0 = 1.00}.
 */
public final class Row implements Comparable<Row> {
    public static final Row EMPTY = new Row(new Object[0]);

    private final Object[] values;
    private final int hash;

    private Row(Object[] values) {
        this.values = values;
        this.hash = hash(values);
    }

    /**
     * Mixes the fields' hashes (Murmur3's 32-bit round and finalizer): {@code Arrays.hashCode}
     * maps rows of small integers such as graph edges {@code (src, dst)} onto few values
     * ({@code 31·src + dst}), which made hash tables of a transitive closure mostly collisions.
     */
    private static int hash(Object[] values) {
        int h = values.length;
        for (Object v : values) {
            h = mixField(h, v == null ? 0 : v.hashCode());
        }
        return finishHash(h);
    }

    /**
     * One field's step of {@link #hashCode()}: {@code h} so far (starting at the row's arity) with the
     * field's hash {@code k} mixed in. For code that hashes a row's fields held elsewhere (columns of
     * cells) equal to the row's own hash.
     */
    public static int mixField(int h, int k) {
        k *= 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15);
        k *= 0x1b873593;
        h ^= k;
        return Integer.rotateLeft(h, 13) * 5 + 0xe6546b64;
    }

    /** The last step of {@link #hashCode()}, after every field was mixed in with {@link #mixField}. */
    public static int finishHash(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }

    /** Wraps the array without copying; the caller must not modify it afterwards. */
    public static Row wrap(Object[] values) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] instanceof java.math.BigDecimal d) {
                values[i] = d.signum() == 0 ? java.math.BigDecimal.ZERO : d.stripTrailingZeros();
            } else if (values[i] instanceof Integer n) {
                values[i] = n.longValue();
            }
        }
        return new Row(values);
    }

    public static Row of(Object... values) {
        return wrap(values.clone());
    }

    public static Row of(List<?> values) {
        return wrap(values.toArray());
    }

    public int size() {
        return values.length;
    }

    public Object get(int i) {
        return values[i];
    }

    /** A copy of the values. */
    public Object[] toArray() {
        return values.clone();
    }

    public List<Object> asList() {
        return java.util.Collections.unmodifiableList(Arrays.asList(values));
    }

    /** This row's values followed by {@code other}'s. */
    public Row concat(Row other) {
        Object[] all = Arrays.copyOf(values, values.length + other.values.length);
        System.arraycopy(other.values, 0, all, values.length, other.values.length);
        return new Row(all);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && r.hash == hash && Arrays.equals(r.values, values);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** A total order (NULL first, then by value) so that outputs print deterministically. */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public int compareTo(Row o) {
        int n = Math.min(values.length, o.values.length);
        for (int i = 0; i < n; i++) {
            Object a = values[i];
            Object b = o.values[i];
            if (a == b) {
                continue;
            }
            if (a == null) {
                return -1;
            }
            if (b == null) {
                return 1;
            }
            int c;
            if (a.getClass() == b.getClass() && a instanceof Comparable ca) {
                c = ca.compareTo(b);
            } else {
                c = a.toString().compareTo(b.toString());
            }
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(values.length, o.values.length);
    }

    @Override
    public String toString() {
        return Arrays.stream(values).map(Row::show).collect(Collectors.joining(", ", "(", ")"));
    }

    private static String show(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String s) {
            return s;
        }
        return v.toString();
    }
}
