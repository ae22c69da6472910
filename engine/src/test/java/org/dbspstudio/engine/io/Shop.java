package org.dbspstudio.engine.io;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;

/** The test circuit {@code tables/shop.json} (orders → paid orders, totals per customer), its tables, changes and oracle. */
final class Shop {
    static final Path CIRCUIT = Path.of("src/test/resources/tables/shop.json");
    static final RowSchema ORDERS = RowSchema.of(Column.of("id", SqlType.INTEGER), Column.of("customer", SqlType.VARCHAR),
            Column.of("amount", SqlType.DECIMAL), Column.of("paid", SqlType.BOOLEAN), Column.of("day", SqlType.DATE),
            Column.nullable("placed_at", SqlType.TIMESTAMP), Column.nullable("note", SqlType.VARCHAR));
    static final String COLUMNS = "id INTEGER NOT NULL, customer VARCHAR(20), amount DECIMAL(10,2), paid BOOLEAN, day DATE, "
            + "placed_at TIMESTAMP, note VARCHAR";

    private Shop() {
    }

    static CircuitDocument document() throws Exception {
        return DocumentReader.read(java.nio.file.Files.readString(CIRCUIT), CIRCUIT.toString()).document();
    }

    static Simulation simulation() throws Exception {
        return Simulation.compile(document().circuit(), EngineOptions.DEFAULT.withRecordTrace(false).withRetention(2, 0));
    }

    /** A random order. */
    static Row order(Random r, int id) {
        String[] names = {"ann", "bob", "carl", "dora", "Zoë ✓"};
        BigDecimal amount = BigDecimal.valueOf(r.nextInt(2_000_000) - 100_000, 2);
        LocalDate day = LocalDate.of(1990 + r.nextInt(60), 1 + r.nextInt(12), 1 + r.nextInt(28));
        LocalDateTime at = r.nextInt(4) == 0 ? null : day.atTime(r.nextInt(24), r.nextInt(60), r.nextInt(60), r.nextInt(1_000_000) * 1000);
        String note = r.nextInt(3) == 0 ? null : r.nextBoolean() ? "" : "note " + r.nextInt(100);
        return Row.of((long) id, names[r.nextInt(names.length)], amount, r.nextBoolean(), day, at, note);
    }

    /** Random change steps over a bag of orders that stays positive: inserts (some twice), deletions of present rows. */
    static List<List<Change>> changes(long seed, int steps, int perStep) {
        Random r = new Random(seed);
        List<Row> present = new ArrayList<>();
        List<List<Change>> out = new ArrayList<>();
        int id = 0;
        for (int t = 0; t < steps; t++) {
            List<Change> step = new ArrayList<>();
            if (r.nextInt(10) != 0) { // some steps have no changes at all
                int n = 1 + r.nextInt(perStep);
                for (int k = 0; k < n; k++) {
                    if (!present.isEmpty() && r.nextInt(3) == 0) {
                        Row gone = present.remove(r.nextInt(present.size()));
                        step.add(new Change(gone, -1));
                    } else {
                        Row row = order(r, id++ % 40); // ids repeat: rows alike in id differ elsewhere
                        int w = r.nextInt(5) == 0 ? 2 : 1;
                        for (int i = 0; i < w; i++) {
                            present.add(row);
                        }
                        step.add(new Change(row, w));
                    }
                }
            }
            out.add(step);
        }
        return out;
    }

    /** Creates {@code table} as a change table (with weight and step) or a snapshot table, empty. */
    static void create(Connection c, String table, boolean changes) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (" + COLUMNS + (changes ? ", weight INTEGER, step INTEGER" : "") + ")");
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** Appends changes as rows of a change table, step numbers starting at {@code firstStep}. */
    static void append(Connection c, String table, List<List<Change>> steps, int firstStep) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int t = 0; t < steps.size(); t++) {
                for (Change ch : steps.get(t)) {
                    for (int i = 0; i < ORDERS.size(); i++) {
                        Values.bind(ps, i + 1, ORDERS.column(i).type(), ch.row().get(i));
                    }
                    ps.setLong(8, ch.weight());
                    ps.setLong(9, firstStep + t);
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** Each output's contents after running the circuit in memory over these change steps: the oracle. */
    static Map<String, ZSet> expected(List<List<Change>> steps) throws Exception {
        Simulation sim = simulation();
        Scenario s = new Scenario();
        List<StepData> data = new ArrayList<>();
        steps.forEach(st -> data.add(StepData.rows(st)));
        s.put("orders", data);
        sim.setScenario(s);
        Map<String, ZSet> sums = new HashMap<>();
        for (int t = 0; t < steps.size(); t++) {
            sim.step();
            for (String out : sim.outputs()) {
                sums.merge(out, (ZSet) sim.trace().outputChanges(t).get(out), ZSet::plus);
            }
        }
        return sums;
    }

    /** A table's rows as a Z-set (a row present n times has weight n), read with the engine's value types. */
    static ZSet read(Connection c, String table) throws Exception {
        List<DbColumn> cols = Database.describe(c, "SELECT * FROM " + table);
        ZSet.Builder b = ZSet.builder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
            while (rs.next()) {
                Object[] v = new Object[cols.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = Values.read(rs, i + 1, Column.nullable(cols.get(i).name(), cols.get(i).type()), false);
                }
                b.add(Row.wrap(v), 1);
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        return b.build();
    }

    /** Runs the circuit over the database once (up to {@code maxSteps} steps in all, null: every step). */
    static TableRun run(Database db, Map<String, String> sources, Long maxSteps, boolean changelog) throws Exception {
        TableRun run = TableRun.bind(simulation(), db, new TableRun.Options(sources, changelog, false, false, 50, maxSteps));
        run.run(p -> { }, () -> false);
        return run;
    }
}
