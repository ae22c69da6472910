package org.dbspstudio.engine.io;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.RowSchema;

/** Reading tables for people (the IDE's Data panel): previews, and a source's changes as scenario steps. */
public final class Tables {
    private Tables() {
    }

    /** A table's column names and first rows, as text (NULL for SQL NULL). */
    public record Preview(List<String> columns, List<List<String>> rows) {
    }

    public static Preview preview(Database db, String table, int limit) throws SQLException {
        Connection c = db.connection();
        List<String> cols = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            s.setMaxRows(limit);
            try (ResultSet rs = s.executeQuery("SELECT * FROM " + db.quote(table) + " LIMIT " + limit)) {
                ResultSetMetaData md = rs.getMetaData();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    cols.add(md.getColumnLabel(i));
                }
                while (rs.next()) {
                    List<String> r = new ArrayList<>();
                    for (int i = 1; i <= cols.size(); i++) {
                        String v = rs.getString(i);
                        r.add(v == null ? "NULL" : v);
                    }
                    rows.add(r);
                }
            }
        }
        c.commit();
        return new Preview(cols, rows);
    }

    /**
     * What a source holds for an input, as steps of changes: a change table's or file's steps after
     * {@code after}, or a snapshot's rows as one step (step 0, each row with weight 1). The binding
     * is checked as for a run (naming table, column and both types).
     */
    public record Steps(boolean snapshot, NavigableMap<Long, List<Change>> steps) {
    }

    public static Steps read(Database db, String input, RowSchema schema, String spec, long after) throws TableException {
        Relation rel = Relation.bind(db, input, schema, spec);
        NavigableMap<Long, ZSet> m;
        if (rel.changes) {
            TableSource src = new TableSource(input, schema, rel);
            long last = src.lastStep();
            m = last <= after ? new TreeMap<>() : src.read(after, last);
        } else {
            m = new SnapshotSource(input, schema, rel, null).read(-1, 0);
        }
        NavigableMap<Long, List<Change>> out = new TreeMap<>();
        m.forEach((k, z) -> out.put(k, z.toChanges()));
        return new Steps(!rel.changes, out);
    }
}
