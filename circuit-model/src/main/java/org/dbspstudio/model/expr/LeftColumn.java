package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.Row;

/** Reads column {@code index} of the left (or only) row; recognized by callers that specialize on it. */
record LeftColumn(int index) implements Ev {
    @Override
    public Object eval(Row l, Row r) {
        return l.get(index);
    }
}
