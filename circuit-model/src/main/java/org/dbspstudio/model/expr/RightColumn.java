package org.dbspstudio.model.expr;

import org.dbspstudio.model.types.Row;

/** Reads column {@code index} of the right row of a join scope; recognized by callers that specialize on it. */
record RightColumn(int index) implements Ev {
    @Override
    public Object eval(Row l, Row r) {
        return r.get(index);
    }
}
