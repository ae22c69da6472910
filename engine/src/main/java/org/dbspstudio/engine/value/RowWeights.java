package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.Row;

/**
 * A mutable table of row → weight (a running sum an operator keeps for itself, as an aggregate
 * keeps its input's rows to know when a row's weight reaches or leaves 0): one hash probe per
 * change, where looking a row up in a running sum held as sorted runs costs a search per run, and
 * the sum must first be added up. Not a value: owned by one operator, never shared.
 */
public final class RowWeights {
    private FlatRows table = new FlatRows(16);

    /** Adds {@code w} to the weight of {@code row} and returns the weight it had before (0: absent). */
    public long add(Row row, long w) {
        return w == 0 ? table.get(row) : table.addGetOld(row, w);
    }

    /**
     * {@link #add(Row, long)} for row {@code i} of a batch of cells, hashed and compared on its cells
     * (its row object is built only when the row is new here).
     */
    public long add(CellBatch b, int i, long w) {
        return w == 0 ? table.get(b.row(i)) : table.addGetOld(b, i, w);
    }

    /** The weight of {@code row} (0: absent). */
    public long weight(Row row) {
        return table.get(row);
    }

    /** The number of rows of non-zero weight. */
    public int size() {
        return table.size;
    }
}
