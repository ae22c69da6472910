package org.dbspstudio.model.sql;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Positions for a generated acyclic circuit: each operator in the column of its longest path from
 * an input (left to right), stacked in the order operators were created within a column.
 */
final class Layering {
    static final double COLUMN = 220;
    static final double ROW = 110;
    static final double MARGIN = 40;

    private Layering() {
    }

    static Layout layout(Circuit c) {
        Map<String, Integer> level = new HashMap<>();
        List<String> ids = c.operatorIds();
        // operators are created after their inputs, so one pass in creation order suffices;
        // repeat until stable for safety
        boolean changed = true;
        for (int round = 0; changed && round < ids.size() + 1; round++) {
            changed = false;
            for (Stream s : c.streams()) {
                int from = level.getOrDefault(s.from().op(), 0);
                int to = level.getOrDefault(s.to().op(), 0);
                if (to < from + 1) {
                    level.put(s.to().op(), from + 1);
                    changed = true;
                }
            }
        }
        Map<Integer, Integer> rows = new HashMap<>();
        Layout layout = new Layout();
        for (Operator op : c.operators()) {
            int l = level.getOrDefault(op.id(), 0);
            int r = rows.merge(l, 1, Integer::sum) - 1;
            layout.put(op.id(), MARGIN + l * COLUMN, MARGIN + r * ROW);
        }
        return layout;
    }
}
