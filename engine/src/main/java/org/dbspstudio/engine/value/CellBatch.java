package org.dbspstudio.engine.value;

import java.util.Objects;
import org.dbspstudio.model.types.Row;

/**
 * A batch of distinct rows of one arity held as columns of cells, each row with a non-zero weight:
 * a column whose every value is a non-null {@code Long} is a {@code long[]} (a LONG column), any
 * other column an {@code Object[]} of the values themselves (strings, decimals, NULLs, ...). This is
 * the form of the changes a source hands to a circuit ({@link ZSet#ofChanges}) and of what the
 * linear operators make of them: a filter evaluates its predicate on the cells and keeps the rows
 * it passes, a map computes its integer columns as columns and shares the columns it copies, and a
 * sum of two batches concatenates them and consolidates on the cells — no row object per change.
 * Operators that need rows read them: the batch's own rows when it was built from rows
 * ({@link #rows}), else rows decoded from the cells.
 *
 * <p>Immutable once built: the arrays may be shared between batches (a map copies a column by
 * sharing its array; a negation shares everything but the weights).
 */
public final class CellBatch {
    /** Batches of at most this many columns (a row's hash mixes every cell). */
    public static final int MAX_ARITY = 64;

    final int arity;
    final int n;
    final long[][] longs;
    final Object[][] objects;
    final long[] weights;
    /** The rows themselves (row i equals {@link #row(int)}), when the batch was built from rows; else null. */
    final Row[] rows;

    private CellBatch(int arity, int n, long[][] longs, Object[][] objects, long[] weights, Row[] rows) {
        this.arity = arity;
        this.n = n;
        this.longs = longs;
        this.objects = objects;
        this.weights = weights;
        this.rows = rows;
    }

    public int arity() {
        return arity;
    }

    public int size() {
        return n;
    }

    /** Whether column {@code c} is a LONG column (every value a non-null {@code Long}, held in {@link #longs(int)}). */
    public boolean isLong(int c) {
        return longs[c] != null;
    }

    /** A LONG column's values (shared: do not modify). */
    public long[] longs(int c) {
        return longs[c];
    }

    /** A column's values as objects when it is not a LONG column (shared: do not modify); else null. */
    public Object[] objects(int c) {
        return objects[c];
    }

    /** Row {@code i}'s value in column {@code c}. */
    public Object value(int c, int i) {
        long[] l = longs[c];
        return l != null ? (Object) l[i] : objects[c][i];
    }

    /** Row {@code i}'s weight. */
    public long weight(int i) {
        return weights[i];
    }

    /** Row {@code i} (the batch's own row when it has them, else decoded from the cells). */
    public Row row(int i) {
        if (rows != null) {
            return rows[i];
        }
        Object[] v = new Object[arity];
        for (int c = 0; c < arity; c++) {
            long[] l = longs[c];
            v[c] = l != null ? (Object) l[i] : objects[c][i];
        }
        return Row.wrap(v);
    }

    /**
     * Row {@code i}'s {@link Row#hashCode()}, computed from its cells (Murmur3's 32-bit round per
     * field's hash, then its finalizer, as {@code Row} does): a table of row objects can be probed with
     * the batch's rows without building them.
     */
    public int rowHash(int i) {
        int h = arity;
        for (int c = 0; c < arity; c++) {
            long[] l = longs[c];
            int k;
            if (l != null) {
                k = Long.hashCode(l[i]);
            } else {
                Object v = objects[c][i];
                k = v == null ? 0 : v.hashCode();
            }
            h = Row.mixField(h, k);
        }
        return Row.finishHash(h);
    }

    /** Whether row {@code i} equals {@code r} ({@link Row#equals}), compared on its cells. */
    public boolean sameRow(int i, Row r) {
        if (r.size() != arity) {
            return false;
        }
        for (int c = 0; c < arity; c++) {
            long[] l = longs[c];
            if (l != null) {
                if (!(r.get(c) instanceof Long x) || x != l[i]) {
                    return false;
                }
            } else if (!Objects.equals(objects[c][i], r.get(c))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The batch of {@code rows} (distinct, of one arity, at most {@link #MAX_ARITY} columns) with
     * their weights (non-zero), {@code n} of them; null when the rows cannot form one (mixed arities).
     */
    static CellBatch ofRows(Row[] rows, long[] weights, int n) {
        if (n == 0) {
            return null;
        }
        int arity = rows[0].size();
        if (arity == 0 || arity > MAX_ARITY) {
            return null;
        }
        for (int i = 1; i < n; i++) {
            if (rows[i].size() != arity) {
                return null;
            }
        }
        long[][] longs = new long[arity][];
        Object[][] objects = new Object[arity][];
        for (int c = 0; c < arity; c++) {
            long[] l = new long[n];
            boolean allLong = true;
            for (int i = 0; i < n; i++) {
                if (rows[i].get(c) instanceof Long x) {
                    l[i] = x;
                } else {
                    allLong = false;
                    break;
                }
            }
            if (allLong) {
                longs[c] = l;
            } else {
                Object[] o = new Object[n];
                for (int i = 0; i < n; i++) {
                    o[i] = rows[i].get(c);
                }
                objects[c] = o;
            }
        }
        return new CellBatch(arity, n, longs, objects, weights.length == n ? weights : java.util.Arrays.copyOf(weights, n),
                rows.length == n ? rows : java.util.Arrays.copyOf(rows, n));
    }

    /**
     * A batch of {@code n} rows given as columns ({@code longs[c]} or {@code objects[c]} set for each
     * column, each of at least {@code n} entries) and weights (none 0). With {@code distinct} the
     * caller knows the rows are distinct; otherwise equal rows are consolidated (weights added,
     * rows whose weights cancel dropped). Null when no row is left.
     */
    public static CellBatch of(int n, long[][] longs, Object[][] objects, long[] weights, boolean distinct) {
        if (n == 0) {
            return null;
        }
        CellBatch b = new CellBatch(longs.length, n, longs, objects, weights, null);
        return distinct ? b : b.consolidated(false);
    }

    /**
     * {@link #of} for rows that may repeat and that differ in their object cells as often as in their
     * integer cells (a join's output of a text column beside an integer one): consolidated hashing
     * every cell at once, without first trying the integer cells alone.
     */
    public static CellBatch ofMixed(int n, long[][] longs, Object[][] objects, long[] weights) {
        if (n == 0) {
            return null;
        }
        return new CellBatch(longs.length, n, longs, objects, weights, null).consolidated(true);
    }

    /** The rows at positions {@code sel[0..k)} (ascending), with their weights; this batch when all are kept. */
    public CellBatch select(int[] sel, int k) {
        if (k == n) {
            return this;
        }
        if (k == 0) {
            return null;
        }
        long[][] l = new long[arity][];
        Object[][] o = new Object[arity][];
        for (int c = 0; c < arity; c++) {
            if (longs[c] != null) {
                long[] src = longs[c];
                long[] dst = new long[k];
                for (int j = 0; j < k; j++) {
                    dst[j] = src[sel[j]];
                }
                l[c] = dst;
            } else {
                Object[] src = objects[c];
                Object[] dst = new Object[k];
                for (int j = 0; j < k; j++) {
                    dst[j] = src[sel[j]];
                }
                o[c] = dst;
            }
        }
        long[] w = new long[k];
        Row[] rs = rows == null ? null : new Row[k];
        for (int j = 0; j < k; j++) {
            w[j] = weights[sel[j]];
            if (rs != null) {
                rs[j] = rows[sel[j]];
            }
        }
        return new CellBatch(arity, k, l, o, w, rs);
    }

    /** The same rows with weights negated (the columns are shared). */
    CellBatch negate() {
        long[] w = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = Math.negateExact(weights[i]);
        }
        return new CellBatch(arity, n, longs, objects, w, rows);
    }

    /**
     * a + sign·b, consolidated on the cells; null when nothing is left. The arities must be equal.
     * When each column has one kind in both batches, the smaller batch is hashed and the larger one
     * probes it: the result is the larger batch's columns, shared, with new weights, when every row
     * of the smaller one is also in it and no weight cancels (a filtered and an unfiltered image of
     * the same change, added); else the rows left are copied. Otherwise the rows are concatenated
     * and consolidated.
     */
    static CellBatch plus(CellBatch a, CellBatch b, long sign) {
        boolean sameKinds = true;
        for (int c = 0; c < a.arity; c++) {
            sameKinds &= (a.longs[c] != null) == (b.longs[c] != null);
        }
        if (sameKinds) {
            boolean hasLong = false;
            boolean hasObject = false;
            for (int c = 0; c < a.arity; c++) {
                hasLong |= a.longs[c] != null;
                hasObject |= a.longs[c] == null;
            }
            CellBatch r = hasLong && hasObject ? probePlus(a, b, sign, true) : null;
            return r != null ? r : probePlus(a, b, sign, false);
        }
        return concatPlus(a, b, sign);
    }

    /** Whether row i of x and row j of y (batches with the same column kinds) have equal cells. */
    private static boolean same(CellBatch x, int i, CellBatch y, int j) {
        for (int c = 0; c < x.arity; c++) {
            long[] l = x.longs[c];
            if (l != null) {
                if (l[i] != y.longs[c][j]) {
                    return false;
                }
            } else if (!Objects.equals(x.objects[c][i], y.objects[c][j])) {
                return false;
            }
        }
        return true;
    }

    /**
     * a + sign·b by hashing the smaller batch and probing it with the larger (see {@link #plus});
     * null when hashing by LONG cells alone ({@code longsOnly}) met many rows of equal hash but unequal cells.
     */
    private static CellBatch probePlus(CellBatch a, CellBatch b, long sign, boolean longsOnly) {
        boolean bigIsA = a.n >= b.n; // (by position, not identity: a batch may be added to itself)
        CellBatch big = bigIsA ? a : b;
        CellBatch small = bigIsA ? b : a;
        long bigSign = bigIsA ? 1 : sign;
        long smallSign = bigIsA ? sign : 1;
        int cap = 4;
        while (cap < small.n * 2) {
            cap <<= 1;
        }
        int mask = cap - 1;
        int[] slots = new int[cap];
        int[] hashes = new int[cap];
        for (int j = 0; j < small.n; j++) {
            int h = small.hash(j, longsOnly);
            int s = h & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
            slots[s] = j + 1;
            hashes[s] = h;
        }
        long[] w = new long[big.n];
        boolean[] matched = new boolean[small.n];
        int unmatched = small.n;
        int zeros = 0;
        int clashes = 0;
        for (int i = 0; i < big.n; i++) {
            long x = bigSign < 0 ? Math.negateExact(big.weights[i]) : big.weights[i];
            int h = big.hash(i, longsOnly);
            int s = h & mask;
            while (true) {
                int e = slots[s];
                if (e == 0) {
                    break;
                }
                if (hashes[s] == h) {
                    if (same(big, i, small, e - 1)) {
                        long y = small.weights[e - 1];
                        x = Math.addExact(x, smallSign < 0 ? Math.negateExact(y) : y);
                        matched[e - 1] = true;
                        unmatched--;
                        break;
                    }
                    if (longsOnly && ++clashes > (big.n >> 3) + 8) {
                        return null;
                    }
                }
                s = (s + 1) & mask;
            }
            w[i] = x;
            if (x == 0) {
                zeros++;
            }
        }
        if (unmatched == 0 && zeros == 0) {
            return new CellBatch(big.arity, big.n, big.longs, big.objects, w, big.rows);
        }
        int n = big.n - zeros + unmatched;
        if (n == 0) {
            return null;
        }
        int arity = big.arity;
        long[][] l = new long[arity][];
        Object[][] o = new Object[arity][];
        for (int c = 0; c < arity; c++) {
            if (big.longs[c] != null) {
                l[c] = new long[n];
            } else {
                o[c] = new Object[n];
            }
        }
        long[] nw = new long[n];
        Row[] rs = big.rows != null && small.rows != null ? new Row[n] : null;
        int k = 0;
        for (int i = 0; i < big.n; i++) {
            if (w[i] != 0) {
                for (int c = 0; c < arity; c++) {
                    if (l[c] != null) {
                        l[c][k] = big.longs[c][i];
                    } else {
                        o[c][k] = big.objects[c][i];
                    }
                }
                nw[k] = w[i];
                if (rs != null) {
                    rs[k] = big.rows[i];
                }
                k++;
            }
        }
        for (int j = 0; j < small.n; j++) {
            if (!matched[j]) {
                for (int c = 0; c < arity; c++) {
                    if (l[c] != null) {
                        l[c][k] = small.longs[c][j];
                    } else {
                        o[c][k] = small.objects[c][j];
                    }
                }
                long y = small.weights[j];
                nw[k] = smallSign < 0 ? Math.negateExact(y) : y;
                if (rs != null) {
                    rs[k] = small.rows[j];
                }
                k++;
            }
        }
        return new CellBatch(arity, n, l, o, nw, rs);
    }

    /**
     * The sum of batches of one arity: their rows one after the other, consolidated on the cells
     * (no row object read or hashed); null when nothing is left. A column is an integer column when
     * it is one in every batch.
     */
    static CellBatch sum(java.util.List<CellBatch> bs) {
        int n = 0;
        int arity = bs.get(0).arity;
        boolean allRows = true;
        for (CellBatch b : bs) {
            if (b.arity != arity) {
                throw new IllegalArgumentException("batches of arities " + arity + " and " + b.arity);
            }
            n += b.n;
            allRows &= b.rows != null;
        }
        long[][] l = new long[arity][];
        Object[][] o = new Object[arity][];
        for (int c = 0; c < arity; c++) {
            boolean allLong = true;
            for (CellBatch b : bs) {
                allLong &= b.longs[c] != null;
            }
            int at = 0;
            if (allLong) {
                long[] x = new long[n];
                for (CellBatch b : bs) {
                    System.arraycopy(b.longs[c], 0, x, at, b.n);
                    at += b.n;
                }
                l[c] = x;
            } else {
                Object[] x = new Object[n];
                for (CellBatch b : bs) {
                    for (int i = 0; i < b.n; i++) {
                        x[at + i] = b.value(c, i);
                    }
                    at += b.n;
                }
                o[c] = x;
            }
        }
        long[] w = new long[n];
        Row[] rs = allRows ? new Row[n] : null;
        int at = 0;
        for (CellBatch b : bs) {
            System.arraycopy(b.weights, 0, w, at, b.n);
            if (rs != null) {
                System.arraycopy(b.rows, 0, rs, at, b.n);
            }
            at += b.n;
        }
        return new CellBatch(arity, n, l, o, w, rs).consolidated();
    }

    /** a + sign·b: the two batches' rows one after the other, consolidated on the cells; null when nothing is left. */
    private static CellBatch concatPlus(CellBatch a, CellBatch b, long sign) {
        int n = a.n + b.n;
        int arity = a.arity;
        long[][] l = new long[arity][];
        Object[][] o = new Object[arity][];
        for (int c = 0; c < arity; c++) {
            if (a.longs[c] != null && b.longs[c] != null) {
                long[] x = new long[n];
                System.arraycopy(a.longs[c], 0, x, 0, a.n);
                System.arraycopy(b.longs[c], 0, x, a.n, b.n);
                l[c] = x;
            } else {
                Object[] x = new Object[n];
                for (int i = 0; i < a.n; i++) {
                    x[i] = a.value(c, i);
                }
                for (int i = 0; i < b.n; i++) {
                    x[a.n + i] = b.value(c, i);
                }
                o[c] = x;
            }
        }
        long[] w = new long[n];
        System.arraycopy(a.weights, 0, w, 0, a.n);
        for (int i = 0; i < b.n; i++) {
            w[a.n + i] = sign < 0 ? Math.negateExact(b.weights[i]) : b.weights[i];
        }
        Row[] rs = null;
        if (a.rows != null && b.rows != null) {
            rs = new Row[n];
            System.arraycopy(a.rows, 0, rs, 0, a.n);
            System.arraycopy(b.rows, 0, rs, a.n, b.n);
        }
        return new CellBatch(arity, n, l, o, w, rs).consolidated();
    }

    private static int mix(long h) {
        h *= 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29) ^ (h >>> 43));
    }

    /**
     * The hash of row i's cells: of its LONG cells only when {@code longsOnly} (no object is read:
     * equal rows still hash equal, rows differing only in object cells collide), else of all.
     */
    private int hash(int i, boolean longsOnly) {
        long h = 0;
        for (int c = 0; c < arity; c++) {
            long[] l = longs[c];
            long x;
            if (l != null) {
                x = l[i];
            } else if (longsOnly) {
                continue;
            } else {
                x = Objects.hashCode(objects[c][i]);
            }
            h = (h + x) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 31;
        }
        return mix(h);
    }

    /** Whether rows i and j have equal cells. */
    private boolean same(int i, int j) {
        for (int c = 0; c < arity; c++) {
            long[] l = longs[c];
            if (l != null) {
                if (l[i] != l[j]) {
                    return false;
                }
            } else if (!Objects.equals(objects[c][i], objects[c][j])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Equal rows summed into their first occurrence, rows of weight 0 dropped; null when none is
     * left. Rows are hashed by their LONG cells alone when the batch has some (reading no object);
     * should many rows differ only in their object cells (probes passing over rows of equal hash),
     * it starts again hashing every cell.
     */
    private CellBatch consolidated() {
        return consolidated(false);
    }

    /** {@link #consolidated()}; with {@code everyCell}, hashing every cell from the start. */
    private CellBatch consolidated(boolean everyCell) {
        boolean hasLong = false;
        for (int c = 0; c < arity; c++) {
            hasLong |= longs[c] != null;
        }
        boolean hasObject = false;
        for (int c = 0; c < arity; c++) {
            hasObject |= longs[c] == null;
        }
        long[] w = hasLong && hasObject && !everyCell ? consolidate(true) : null;
        if (w == null) {
            w = consolidate(false);
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (w[i] != 0) {
                k++;
            }
        }
        CellBatch all = new CellBatch(arity, n, longs, objects, w, rows);
        if (k == n) {
            return all;
        }
        int[] sel = new int[k];
        k = 0;
        for (int i = 0; i < n; i++) {
            if (w[i] != 0) {
                sel[k++] = i;
            }
        }
        return all.select(sel, k);
    }

    /**
     * The weights after summing equal rows into their first occurrence (0 at the others); null when
     * hashing by LONG cells alone ({@code longsOnly}) met more than n/8 rows of equal hash but unequal cells.
     */
    private long[] consolidate(boolean longsOnly) {
        int cap = 4;
        while (cap < n * 2) {
            cap <<= 1;
        }
        int mask = cap - 1;
        int[] slots = new int[cap]; // position + 1, 0 = free
        int[] hashes = new int[cap];
        long[] w = weights.clone();
        int clashes = 0;
        for (int i = 0; i < n; i++) {
            int h = hash(i, longsOnly);
            int s = h & mask;
            while (true) {
                int e = slots[s];
                if (e == 0) {
                    slots[s] = i + 1;
                    hashes[s] = h;
                    break;
                }
                if (hashes[s] == h) {
                    if (same(e - 1, i)) {
                        w[e - 1] = Math.addExact(w[e - 1], w[i]);
                        w[i] = 0;
                        break;
                    }
                    if (longsOnly && ++clashes > (n >> 3) + 8) {
                        return null;
                    }
                }
                s = (s + 1) & mask;
            }
        }
        return w;
    }
}
