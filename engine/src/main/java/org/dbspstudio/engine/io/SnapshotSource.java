package org.dbspstudio.engine.io;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;

/**
 * Changes from snapshots: at each step the table (or file) is read whole and the change is its
 * contents minus the contents at the previous step, which this source keeps in memory. Each
 * change applied is also written, in the step's transaction, to a log table of the database
 * ({@link TableSink#logTable}), from which a restarted run replays the steps already done.
 * Cost per step: a full read of the table and a hash of every row (time and memory proportional
 * to the table, not to the change).
 */
final class SnapshotSource implements ChangeSource {
    private final String input;
    private final RowSchema schema;
    private final Relation rel;
    private final String logTable;
    private long logged = -1;
    private ZSet previous = ZSet.EMPTY;

    SnapshotSource(String input, RowSchema schema, Relation rel, String logTable) {
        this.input = input;
        this.schema = schema;
        this.rel = rel;
        this.logTable = logTable;
    }

    /** Steps up to {@code step} were applied by an earlier run: they are replayed from the log. */
    void restoreUpTo(long step) {
        logged = step;
    }

    @Override
    public String input() {
        return input;
    }

    @Override
    public String describe() {
        return rel.describe() + " (snapshots)";
    }

    @Override
    public boolean snapshots() {
        return true;
    }

    @Override
    public long lastStep() {
        return -1;
    }

    @Override
    public NavigableMap<Long, ZSet> read(long from, long to) throws TableException {
        TreeMap<Long, ZSet> out = new TreeMap<>();
        if (to <= logged) {
            replay(from, to, out);
            return out;
        }
        ZSet now = contents();
        ZSet diff = now.minus(previous);
        previous = now;
        if (!diff.isZero()) {
            out.put(to, diff);
        }
        return out;
    }

    private void replay(long from, long to, TreeMap<Long, ZSet> out) throws TableException {
        Database db = rel.db;
        int n = schema.size();
        StringBuilder cols = new StringBuilder();
        for (int i = 0; i < n; i++) {
            cols.append(db.quote(schema.column(i).name())).append(", ");
        }
        String q = "SELECT " + cols + "weight, step FROM " + db.quote(logTable) + " WHERE step > ? AND step <= ?";
        TreeMap<Long, ZSet.Builder> steps = new TreeMap<>();
        try {
            Connection c = db.connection();
            try (PreparedStatement ps = c.prepareStatement(q)) {
                ps.setLong(1, from);
                ps.setLong(2, to);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Object[] v = new Object[n];
                        for (int i = 0; i < n; i++) {
                            v[i] = Values.read(rs, i + 1, schema.column(i), false);
                        }
                        steps.computeIfAbsent(rs.getLong(n + 2), k -> ZSet.builder()).add(Row.wrap(v), rs.getLong(n + 1));
                    }
                }
            }
            c.commit();
        } catch (SQLException | Values.BadValue e) {
            throw new TableException("input '" + input + "': replaying the snapshot changes logged in table '" + logTable
                    + "': " + e.getMessage(), e);
        }
        steps.forEach((k, b) -> {
            ZSet z = b.build();
            out.put(k, z);
            previous = previous.plus(z);
        });
    }

    private ZSet contents() throws TableException {
        String q = "SELECT " + rel.selectList() + " FROM " + rel.sql;
        ZSet.Builder b = ZSet.builder();
        int n = schema.size();
        try {
            Connection c = rel.connection();
            try (PreparedStatement ps = c.prepareStatement(q); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Object[] v = new Object[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = Values.read(rs, i + 1, schema.column(i), rel.text);
                    }
                    b.add(Row.wrap(v), 1);
                }
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        } catch (Values.BadValue e) {
            throw new TableException("input '" + input + "': " + rel.describe() + ": " + e.getMessage(), e);
        } catch (SQLException e) {
            throw new TableException("input '" + input + "': reading " + rel.describe() + ": " + e.getMessage(), e);
        }
        return b.build();
    }
}
