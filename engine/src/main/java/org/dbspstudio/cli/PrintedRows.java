package org.dbspstudio.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dbspstudio.engine.value.CellBatch;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.LongColumns;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;

/**
 * The rows of a printed value with their weights, in the order {@code run} prints them: that of
 * {@link Row#compareTo} (rows equal in it keep the order the value gave them, as
 * {@link ZSet#toChanges} sorts). When every row of a Z-set has the same number of values and every
 * value is an integer (a {@code Long}: Row's order is then that of the longs, column by column),
 * the rows are held as columns of longs and sorted as the engine sorts packed rows, without
 * a {@link Change} or {@link Row} per row: the closure of 2,000 nodes prints 1.25M rows at its
 * first step, which as Change objects sorted by {@link Row#compareTo} stayed reachable (and were
 * copied by the collector) while they were sorted and printed. Other values are held as the
 * sorted Change list. Both are the printer's own: they may be printed on another thread while the
 * engine runs the next step.
 */
final class PrintedRows {
    /** The rows' columns when every value is a Long, else null. */
    private final long[][] columns;
    private final long[] weights;
    /** Row positions in printing order (with {@link #columns}). */
    private final int[] order;
    /** The sorted rows when they are not all Longs, else null. */
    private final List<Change> changes;
    private final int size;

    private PrintedRows(long[][] columns, long[] weights, int[] order, int size) {
        this.columns = columns;
        this.weights = weights;
        this.order = order;
        this.changes = null;
        this.size = size;
    }

    private PrintedRows(List<Change> changes) {
        this.columns = null;
        this.weights = null;
        this.order = null;
        this.changes = changes;
        this.size = changes.size();
    }

    /** The rows of a Z-set or an indexed Z-set (an indexed row is its key followed by its value). */
    static PrintedRows of(StreamValue v) {
        if (v instanceof ZSet z) {
            PrintedRows longs = longs(z);
            return longs != null ? longs : new PrintedRows(z.toChanges());
        }
        List<Change> l = new ArrayList<>();
        IndexedZSet ix = (IndexedZSet) v;
        for (Row k : ix.sortedKeys()) {
            for (Change c : ix.get(k).toChanges()) {
                l.add(new Change(k.concat(c.row()), c.weight()));
            }
        }
        return new PrintedRows(l);
    }

    int size() {
        return size;
    }

    /**
     * Roughly the bytes held (what {@link PrintBacklog} counts): 8 per value and weight and 4 for
     * the printing order of a row held in columns of longs; for rows held as objects, each row's
     * Change, Row and array of values, and each value's object (a String with its characters).
     */
    long bytes() {
        if (columns != null) {
            return (long) size * (8L * (columns.length + 1) + 4);
        }
        long b = 0;
        for (Change c : changes) {
            b += ROW_BYTES;
            for (Object x : c.row().asList()) {
                b += valueBytes(x);
            }
        }
        return b;
    }

    /** A Change (with its weight), its Row and the Row's array header, and the list's reference to it. */
    static final long ROW_BYTES = 24 + 16 + 16 + 8;

    /** The bytes of a value held by a row: its reference, and its object unless shared (null, booleans). */
    static long valueBytes(Object x) {
        if (x == null || x instanceof Boolean) {
            return 8;
        }
        if (x instanceof String str) {
            return 8 + 24 + 16 + 2L * str.length(); // String, its array (Latin-1 or UTF-16: counted as UTF-16)
        }
        if (x instanceof java.math.BigDecimal) {
            return 8 + 40 + 24;
        }
        return 8 + 16; // Long, Double, ...
    }

    /** Whether the rows are columns of longs: {@link #value} then reads them without boxing. */
    boolean longs() {
        return columns != null;
    }

    int arity(int i) {
        return columns != null ? columns.length : changes.get(i).row().size();
    }

    long weight(int i) {
        return columns != null ? weights[order[i]] : changes.get(i).weight();
    }

    /** Value {@code c} of the {@code i}-th row printed; only when {@link #longs()}. */
    long value(int i, int c) {
        return columns[c][order[i]];
    }

    /** The {@code i}-th row printed. */
    Row row(int i) {
        if (columns == null) {
            return changes.get(i).row();
        }
        Object[] v = new Object[columns.length];
        for (int c = 0; c < v.length; c++) {
            v[c] = columns[c][order[i]];
        }
        return Row.wrap(v);
    }

    /** The rows as columns of longs and sorted, or null when some value is not a Long or the rows differ in length. */
    private static PrintedRows longs(ZSet z) {
        int n = z.size();
        CellBatch cells = z.cells();
        if (cells != null) {
            int arity = cells.arity();
            long[][] cols = new long[arity][];
            for (int c = 0; c < arity; c++) {
                if (!cells.isLong(c)) {
                    return null;
                }
                cols[c] = cells.longs(c).clone(); // the engine's arrays: read later, maybe on another thread
            }
            long[] w = new long[cells.size()];
            int[] positions = new int[w.length];
            for (int i = 0; i < w.length; i++) {
                w[i] = cells.weight(i);
                positions[i] = i;
            }
            return new PrintedRows(cols, w, LongColumns.sortedOrder(cols, positions), w.length);
        }
        long[][] packed = z.integerColumns();
        if (packed != null) {
            int k = packed.length - 1;
            long[][] columns = Arrays.copyOf(packed, k);
            int[] positions = new int[packed[k].length];
            for (int i = 0; i < positions.length; i++) {
                positions[i] = i;
            }
            return new PrintedRows(columns, packed[k], LongColumns.sortedOrder(columns, positions), positions.length);
        }
        Columns cols = new Columns(n);
        z.forEach(cols::add);
        if (cols.mixed) {
            return null;
        }
        int[] positions = new int[cols.n];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        long[][] columns = cols.columns == null ? new long[0][] : cols.columns;
        return new PrintedRows(columns, cols.weights, LongColumns.sortedOrder(columns, positions), cols.n);
    }

    /** Rows copied into columns of longs as a Z-set gives them; {@code mixed} once one does not fit. */
    private static final class Columns {
        long[][] columns;
        long[] weights;
        int n;
        boolean mixed;

        Columns(int expected) {
            weights = new long[Math.max(1, expected)];
        }

        void add(Row row, long weight) {
            if (mixed) {
                return;
            }
            int arity = row.size();
            if (columns == null) {
                columns = new long[arity][weights.length];
            } else if (columns.length != arity) {
                mixed = true;
                return;
            }
            if (n == weights.length) {
                int cap = n * 2;
                weights = Arrays.copyOf(weights, cap);
                for (int c = 0; c < arity; c++) {
                    columns[c] = Arrays.copyOf(columns[c], cap);
                }
            }
            for (int c = 0; c < arity; c++) {
                if (!(row.get(c) instanceof Long l)) {
                    mixed = true;
                    return;
                }
                columns[c][n] = l;
            }
            weights[n++] = weight;
        }
    }
}
