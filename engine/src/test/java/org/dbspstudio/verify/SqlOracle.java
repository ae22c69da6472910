package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.sql.SqlFrontEnd;

/**
 * Differential test harness: a SQL script translated by the front end and run by the engine (the
 * snapshot circuit and the incrementalized one) on random change streams, compared after every
 * step with DuckDB (embedded, in-memory) computing the same views on the same accumulated tables,
 * as bags. Numbers compare by value to 9 significant digits (DuckDB's and the engine's result
 * types differ, e.g. AVG of a DECIMAL).
 */
final class SqlOracle implements AutoCloseable {
    /** Makes a random row of a table. */
    interface RowMaker extends Function<Random, Row> {
    }

    private final String script;
    private final SqlFrontEnd.Result translated;
    private final SqlViews views;
    private final Connection duck;
    private final Map<String, Map<Row, Long>> contents = new LinkedHashMap<>();
    private final Map<String, Integer> columns = new HashMap<>();
    int comparedRows;
    int steps;
    /** The views whose DuckDB answer at the last step has a row with a value other than NULL. */
    final java.util.Set<String> nonEmpty = new java.util.TreeSet<>();

    SqlOracle(String script) throws Exception {
        this.script = script;
        this.translated = SqlFrontEnd.compile(script);
        assertThat(translated.errors()).as("translation errors").isEmpty();
        this.views = new SqlViews(translated);
        Class.forName("org.duckdb.DuckDBDriver");
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute("SET threads=1");
            for (String st : script.split(";")) {
                if (!st.isBlank()) {
                    s.execute(st);
                }
            }
        }
        for (SqlFrontEnd.Table t : translated.tables()) {
            contents.put(t.name(), new LinkedHashMap<>());
            columns.put(t.name(), t.schema().size());
        }
    }

    SqlFrontEnd.Result translated() {
        return translated;
    }

    /** The current contents of a table (row → multiplicity). */
    Map<Row, Long> contents(String table) {
        return contents.get(table);
    }

    /** Random changes: per table, {@code inserts} new rows and up to {@code deletes} deletions of present rows. */
    Map<String, ZSet> randomChanges(Random rnd, Map<String, RowMaker> makers, int inserts, int deletes) {
        Map<String, ZSet> changes = new LinkedHashMap<>();
        for (var e : makers.entrySet()) {
            Map<Row, Long> now = contents.get(e.getKey());
            ZSet.Builder b = ZSet.builder();
            List<Row> present = new ArrayList<>(now.keySet());
            for (int i = 0; i < deletes && !present.isEmpty(); i++) {
                b.add(present.remove(rnd.nextInt(present.size())), -1);
            }
            for (int i = 0; i < inserts; i++) {
                b.add(e.getValue().apply(rnd), 1);
            }
            changes.put(e.getKey(), b.build());
        }
        return changes;
    }

    /** Applies one step of changes to the engine and to DuckDB, then compares every view. */
    void step(Map<String, ZSet> changes) throws Exception {
        steps++;
        for (var e : changes.entrySet()) {
            Map<Row, Long> now = contents.get(e.getKey());
            e.getValue().forEach((row, w) -> {
                long n = now.getOrDefault(row, 0L) + w;
                if (n < 0) {
                    throw new IllegalStateException("deleting a row that is not there: " + row);
                }
                if (n == 0) {
                    now.remove(row);
                } else {
                    now.put(row, n);
                }
            });
        }
        views.step(changes);
        for (var e : contents.entrySet()) {
            try (Statement s = duck.createStatement()) {
                s.execute("DELETE FROM " + e.getKey());
            }
            if (e.getValue().isEmpty()) {
                continue;
            }
            int n = columns.get(e.getKey());
            String marks = String.join(", ", java.util.Collections.nCopies(n, "?"));
            try (PreparedStatement ps = duck.prepareStatement("INSERT INTO " + e.getKey() + " VALUES (" + marks + ")")) {
                for (var rw : e.getValue().entrySet()) {
                    for (long k = 0; k < rw.getValue(); k++) {
                        for (int i = 0; i < n; i++) {
                            Object v = rw.getKey().get(i);
                            ps.setObject(i + 1, v instanceof LocalDate d ? java.sql.Date.valueOf(d)
                                    : v instanceof BigDecimal b && b.scale() < 0 ? b.setScale(0) : v);
                        }
                        ps.addBatch();
                    }
                }
                ps.executeBatch();
            }
        }
        for (SqlFrontEnd.View v : translated.views()) {
            Map<List<String>, Long> expected = new TreeMap<>(SqlOracle::compare);
            try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + v.name())) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) {
                        row.add(canon(rs.getObject(i)));
                    }
                    expected.merge(row, 1L, Long::sum);
                }
            }
            comparedRows += expected.size();
            if (expected.keySet().stream().anyMatch(r -> r.stream().anyMatch(x -> !x.equals("NULL")))) {
                nonEmpty.add(v.name());
            } else {
                nonEmpty.remove(v.name());
            }
            assertThat(bag(views.snapshot(v.name()))).as("step %d view %s: snapshot circuit vs DuckDB", steps, v.name())
                    .isEqualTo(expected);
            assertThat(bag(views.incremental(v.name()))).as("step %d view %s: incremental circuit vs DuckDB", steps, v.name())
                    .isEqualTo(expected);
        }
    }

    private static int compare(List<String> a, List<String> b) {
        return String.join("\u0001", a).compareTo(String.join("\u0001", b));
    }

    static Map<List<String>, Long> bag(ZSet z) {
        Map<List<String>, Long> m = new TreeMap<>(SqlOracle::compare);
        z.forEach((row, w) -> {
            List<String> r = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                r.add(canon(row.get(i)));
            }
            m.merge(r, w, Long::sum);
        });
        m.values().removeIf(w -> w == 0);
        return m;
    }

    static String canon(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Number n) {
            BigDecimal d = n instanceof BigDecimal b ? b : n instanceof Double || n instanceof Float
                    ? BigDecimal.valueOf(n.doubleValue()) : BigDecimal.valueOf(n.longValue());
            d = d.round(new MathContext(9));
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        if (v instanceof String s) {
            return "'" + s + "'";
        }
        return v.toString();
    }

    @Override
    public void close() throws Exception {
        duck.close();
    }
}
