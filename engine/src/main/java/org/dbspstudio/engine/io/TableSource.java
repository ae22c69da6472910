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

/** Changes from a change table or file: the input's columns plus {@code weight} and {@code step}. */
final class TableSource implements ChangeSource {
    private final String input;
    private final RowSchema schema;
    private final Relation rel;

    TableSource(String input, RowSchema schema, Relation rel) {
        this.input = input;
        this.schema = schema;
        this.rel = rel;
    }

    @Override
    public String input() {
        return input;
    }

    @Override
    public String describe() {
        return rel.describe() + " (changes)";
    }

    @Override
    public boolean snapshots() {
        return false;
    }

    @Override
    public long lastStep() throws TableException {
        String q = "SELECT MAX(" + stepExpr() + ") FROM " + rel.sql;
        try {
            Connection c = rel.connection();
            try (PreparedStatement ps = c.prepareStatement(q); ResultSet rs = ps.executeQuery()) {
                rs.next();
                long n = rs.getLong(1);
                boolean none = rs.wasNull();
                commit(c);
                return none ? -1 : n;
            }
        } catch (SQLException e) {
            throw new TableException("input '" + input + "': reading " + rel.describe() + ": " + e.getMessage(), e);
        }
    }

    private String stepExpr() {
        return rel.text ? "CAST(" + rel.db.quote(rel.step) + " AS BIGINT)" : rel.db.quote(rel.step);
    }

    private static void commit(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    @Override
    public NavigableMap<Long, ZSet> read(long from, long to) throws TableException {
        String q = "SELECT " + rel.selectList() + " FROM " + rel.sql + " WHERE " + stepExpr() + " > ? AND " + stepExpr() + " <= ?";
        TreeMap<Long, ZSet.Builder> steps = new TreeMap<>();
        int n = schema.size();
        long stepNo = from;
        try {
            Connection c = rel.connection();
            try (PreparedStatement ps = c.prepareStatement(q)) {
                ps.setLong(1, from);
                ps.setLong(2, to);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        stepNo = rs.getLong(n + 2);
                        if (rs.wasNull()) {
                            throw new TableException("input '" + input + "': " + rel.describe() + " has a row whose step is NULL");
                        }
                        Object[] v = new Object[n];
                        for (int i = 0; i < n; i++) {
                            v[i] = Values.read(rs, i + 1, schema.column(i), rel.text);
                        }
                        long w = weight(rs, n + 1);
                        if (w != 0) {
                            steps.computeIfAbsent(stepNo, k -> ZSet.builder()).add(Row.wrap(v), w);
                        }
                    }
                }
            }
            commit(c);
        } catch (Values.BadValue e) {
            throw new TableException("input '" + input + "': " + rel.describe() + " at step " + stepNo + ": " + e.getMessage(), e);
        } catch (SQLException e) {
            throw new TableException("input '" + input + "': reading " + rel.describe() + " at steps " + (from + 1) + ".." + to + ": "
                    + e.getMessage(), e);
        }
        TreeMap<Long, ZSet> out = new TreeMap<>();
        steps.forEach((k, b) -> out.put(k, b.build()));
        return out;
    }

    private long weight(ResultSet rs, int i) throws SQLException, Values.BadValue {
        if (rel.text) {
            String s = rs.getString(i);
            try {
                return Long.parseLong(s == null ? "" : s.trim());
            } catch (NumberFormatException e) {
                throw new Values.BadValue("weight '" + s + "' is not an integer");
            }
        }
        long w = rs.getLong(i);
        if (rs.wasNull()) {
            throw new Values.BadValue("a row's weight is NULL");
        }
        return w;
    }
}
