package org.dbspstudio.ide.debug;

import java.util.List;

/**
 * The inspector table's rows: a list whose contents are swapped whole (a listing, or a large
 * value's pages), so the table keeps its sort order and columns and reads only the rows it shows.
 */
final class SwappedRows extends javafx.collections.ObservableListBase<ValueRows.Entry> {
    private List<ValueRows.Entry> rows = List.of();

    /**
     * Shows {@code next} instead of the rows shown: one change, the old rows replaced by the new,
     * made without a step per row (JavaFX's change builder takes a removed list a row at a
     * time, which cost milliseconds per step for a value of 50,000 rows).
     */
    void setAll(List<ValueRows.Entry> next) {
        List<ValueRows.Entry> old = rows;
        rows = next;
        if (old.isEmpty() && next.isEmpty()) {
            return;
        }
        fireChange(new Swap(this, old, next.size()));
    }

    /** The change of a whole list: the {@code removed} rows replaced by {@code added} rows, from index 0. */
    private static final class Swap extends javafx.collections.ListChangeListener.Change<ValueRows.Entry> {
        private final List<ValueRows.Entry> removed;
        private final int added;
        private boolean at;

        Swap(javafx.collections.ObservableList<ValueRows.Entry> list, List<ValueRows.Entry> removed, int added) {
            super(list);
            this.removed = java.util.Collections.unmodifiableList(removed);
            this.added = added;
        }

        @Override
        public boolean next() {
            boolean first = !at;
            at = true;
            return first;
        }

        @Override
        public void reset() {
            at = false;
        }

        @Override
        public int getFrom() {
            check();
            return 0;
        }

        @Override
        public int getTo() {
            check();
            return added;
        }

        @Override
        public List<ValueRows.Entry> getRemoved() {
            check();
            return removed;
        }

        @Override
        protected int[] getPermutation() {
            check();
            return new int[0];
        }

        private void check() {
            if (!at) {
                throw new IllegalStateException("call next() before reading a change");
            }
        }
    }

    @Override
    public void clear() {
        setAll(List.of());
    }

    @Override
    public ValueRows.Entry get(int i) {
        return rows.get(i);
    }

    @Override
    public int size() {
        return rows.size();
    }
}
