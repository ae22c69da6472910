package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.Row;

/**
 * The conversions between a {@link ZSet}'s rows held as columns of cells ({@link CellBatch}) and
 * its rows held as objects in a flat table ({@link FlatRows}).
 */
final class CellConversions {
    private CellConversions() {
    }

    /**
     * The rows of a flat table of rows of one arity (of at most {@link CellBatch#MAX_ARITY}) as a
     * batch of cells, its weights beside them; null when the rows cannot be held as cells.
     */
    static CellBatch cellsOf(FlatRows f) {
        Row[] rows = new Row[f.size];
        long[] w = new long[f.size];
        int k = 0;
        for (int i = 0; i < f.used; i++) {
            if (f.weights[i] != 0) {
                rows[k] = f.keys[i];
                w[k++] = f.weights[i];
            }
        }
        return CellBatch.ofRows(rows, w, k);
    }

    /** The rows of a batch of cells (distinct: added without consolidating) in a flat table. */
    static FlatRows flatOf(CellBatch cells) {
        FlatRows f = new FlatRows(cells.n);
        for (int i = 0; i < cells.n; i++) {
            f.add(cells.row(i), cells.weights[i]);
        }
        return f;
    }
}
