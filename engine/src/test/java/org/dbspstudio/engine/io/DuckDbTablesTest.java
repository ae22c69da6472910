package org.dbspstudio.engine.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.dbspstudio.cli.Main;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** run --db over DuckDB files: outputs kept as tables equal the engine's own run, for every change source. */
class DuckDbTablesTest {
    @TempDir
    Path dir;

    private Database db(String name) throws Exception {
        return Database.open(dir.resolve(name).toString());
    }

    @Test
    void changeTableRunInThreeGoesEqualsTheEngineInMemory() throws Exception {
        List<List<Change>> steps = Shop.changes(7, 60, 6);
        try (Database db = db("shop.duckdb")) {
            Shop.create(db.connection(), "orders", true);
            Shop.append(db.connection(), "orders", steps, 0);
            TableRun first = Shop.run(db, Map.of(), 20L, true);
            assertThat(first.lastStepWritten()).isEqualTo(19);
            TableRun second = Shop.run(db, Map.of(), 45L, true);
            assertThat(second.resumedAfter()).isEqualTo(19);
            assertThat(second.firstStepWritten()).isEqualTo(20);
            Shop.run(db, Map.of(), null, true);
            Map<String, ZSet> expected = Shop.expected(steps);
            assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(expected.get("paid_orders"));
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(expected.get("totals"));
            assertThat(expected.get("totals").isZero()).isFalse();
            // the change log sums to the contents, and names each step
            ZSet log = ZSet.EMPTY;
            try (Statement s = db.connection().createStatement();
                 var rs = s.executeQuery("SELECT MIN(step), MAX(step) FROM totals_changes")) {
                rs.next();
                assertThat(rs.getLong(1)).isGreaterThanOrEqualTo(0);
                assertThat(rs.getLong(2)).isLessThanOrEqualTo(59);
            }
            db.connection().commit();
            ZSet.Builder b = ZSet.builder();
            Shop.read(db.connection(), "(SELECT customer, total, n FROM totals_changes) q").forEach((r, w) -> { });
            try (Statement s = db.connection().createStatement();
                 var rs = s.executeQuery("SELECT customer, total, n, weight FROM totals_changes")) {
                while (rs.next()) {
                    b.add(Row.of(rs.getString(1), rs.getBigDecimal(2), rs.getLong(3)), rs.getLong(4));
                }
            }
            db.connection().commit();
            log = b.build();
            assertThat(log).isEqualTo(expected.get("totals"));
            // nothing new: no step written
            assertThat(Shop.run(db, Map.of(), null, true).stepsWritten()).isZero();
        }
    }

    @Test
    void everyTypeAndNullRoundTrips() throws Exception {
        List<Change> rows = List.of(
                new Change(Row.of(1L, "Zoë ✓ 'quoted' \"x\"", new BigDecimal("12345678.91"), true, LocalDate.of(1970, 1, 1),
                        LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_000), null), 1),
                new Change(Row.of(-2147483648L, "", new BigDecimal("-0.01"), true, LocalDate.of(2999, 12, 31), null, ""), 2),
                new Change(Row.of(2147483647L, "x", new BigDecimal("0"), false, LocalDate.of(1900, 3, 1),
                        LocalDateTime.of(1969, 12, 31, 0, 0), "n"), 1));
        try (Database db = db("types.duckdb")) {
            Shop.create(db.connection(), "orders", true);
            Shop.append(db.connection(), "orders", List.of(rows), 0);
            Shop.run(db, Map.of(), null, false);
            ZSet paid = Shop.read(db.connection(), "paid_orders");
            assertThat(paid).isEqualTo(ZSet.ofChanges(rows.subList(0, 2)));
            assertThat(paid.weight(rows.get(1).row())).isEqualTo(2);
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(Shop.expected(List.of(rows)).get("totals"));
        }
    }

    @Test
    void snapshotsAreDiffedStepByStepAndReplayedFromTheirLog() throws Exception {
        List<List<Change>> steps = Shop.changes(11, 8, 5);
        try (Database db = db("snap.duckdb")) {
            Shop.create(db.connection(), "orders", false);
            for (int t = 0; t < steps.size(); t++) {
                // the snapshot table moves to the contents after step t
                Connection c = db.connection();
                try (Statement s = c.createStatement()) {
                    s.execute("DELETE FROM orders");
                }
                c.commit();
                List<Change> contents = new ArrayList<>();
                ZSet sum = ZSet.EMPTY;
                for (int u = 0; u <= t; u++) {
                    sum = sum.plus(ZSet.ofChanges(steps.get(u)));
                }
                sum.forEach((r, w) -> {
                    for (int k = 0; k < w; k++) {
                        contents.add(new Change(r, 1));
                    }
                });
                appendSnapshot(c, contents);
                TableRun run = Shop.run(db, Map.of(), null, false); // a new run each time: replays the log
                assertThat(run.lastStepWritten()).isEqualTo(t);
                Map<String, ZSet> expected = Shop.expected(steps.subList(0, t + 1));
                assertThat(Shop.read(db.connection(), "totals")).isEqualTo(expected.get("totals"));
                assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(expected.get("paid_orders"));
            }
        }
    }

    private static void appendSnapshot(Connection c, List<Change> rows) throws Exception {
        try (var ps = c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            for (Change ch : rows) {
                for (int i = 0; i < Shop.ORDERS.size(); i++) {
                    Values.bind(ps, i + 1, Shop.ORDERS.column(i).type(), ch.row().get(i));
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
        c.commit();
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "parquet", "json"})
    void changeFilesReadThroughDuckDbGiveTheSameTables(String format) throws Exception {
        List<List<Change>> steps = Shop.changes(3, 25, 5);
        Path file = dir.resolve("orders." + format);
        try (Database src = db("src.duckdb")) {
            Shop.create(src.connection(), "orders", true);
            Shop.append(src.connection(), "orders", steps, 0);
            try (Statement s = src.connection().createStatement()) {
                s.execute("COPY orders TO '" + file + "' (FORMAT " + format + (format.equals("csv") ? ", HEADER" : "") + ")");
            }
            src.connection().commit();
        }
        try (Database db = db("out.duckdb")) {
            TableRun run = Shop.run(db, Map.of("orders", file.toString()), null, false);
            assertThat(run.sources().get(0).describe()).isEqualTo("file " + file + " (changes)");
            Map<String, ZSet> expected = Shop.expected(steps);
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(expected.get("totals"));
            assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(expected.get("paid_orders"));
        }
    }

    @Test
    void mismatchesAreRefusedBeforeTheFirstStepNamingTableColumnAndBothTypes() throws Exception {
        try (Database db = db("bad.duckdb")) {
            try (Statement s = db.connection().createStatement()) {
                s.execute("CREATE TABLE orders (id VARCHAR, customer VARCHAR, amount DOUBLE, paid BOOLEAN, day DATE, "
                        + "placed_at TIMESTAMPTZ, extra INTEGER)");
            }
            db.connection().commit();
            assertThatThrownBy(() -> Shop.run(db, Map.of(), null, false)).isInstanceOf(TableException.class)
                    .hasMessageContaining("table 'orders' column 'id' is VARCHAR, but input 'orders' has id INTEGER")
                    .hasMessageContaining("table 'orders' column 'amount' is DOUBLE, but input 'orders' has amount DECIMAL")
                    .hasMessageContaining("table 'orders' column 'placed_at': its type TIMESTAMP WITH TIME ZONE is not supported")
                    .hasMessageContaining("table 'orders' has no column 'note' (input 'orders' has note VARCHAR)")
                    .hasMessageContaining("table 'orders' has column 'extra' (INTEGER), which input 'orders' does not have");
            assertThat(db.findTable("totals")).isEmpty(); // nothing created, nothing run
        }
        try (Database db = db("none.duckdb")) {
            assertThatThrownBy(() -> Shop.run(db, Map.of(), null, false))
                    .hasMessageContaining("input 'orders': there is no table 'orders' in");
            assertThatThrownBy(() -> Shop.run(db, Map.of("orders", dir.resolve("missing.csv").toString()), null, false))
                    .hasMessageContaining("missing.csv does not exist");
        }
        try (Database db = db("out.duckdb")) {
            Shop.create(db.connection(), "orders", true);
            try (Statement s = db.connection().createStatement()) {
                s.execute("CREATE TABLE totals (customer VARCHAR, total VARCHAR, n BIGINT)");
            }
            db.connection().commit();
            assertThatThrownBy(() -> Shop.run(db, Map.of(), null, false))
                    .hasMessageContaining("table 'totals' column 'total' is VARCHAR, but the run writes total DECIMAL");
        }
    }

    @Test
    void outputTablesWithRowsButNoProgressAreRefusedUnlessFresh() throws Exception {
        List<List<Change>> steps = Shop.changes(5, 10, 4);
        Path file = dir.resolve("x.duckdb");
        try (Database db = Database.open(file.toString())) {
            Shop.create(db.connection(), "orders", true);
            Shop.append(db.connection(), "orders", steps, 0);
            try (Statement s = db.connection().createStatement()) {
                s.execute("CREATE TABLE paid_orders AS SELECT * EXCLUDE (weight, step) FROM orders");
            }
            db.connection().commit();
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "run", Shop.CIRCUIT.toString(), "--db", file.toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("ERROR [TABLE] table 'paid_orders' already holds rows", "--fresh");
        out = new StringWriter();
        err = new StringWriter();
        code = Main.run(new PrintWriter(out), new PrintWriter(err), "run", Shop.CIRCUIT.toString(), "--db", file.toString(), "--fresh");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("steps 0..9 written to " + file + " (tables paid_orders, totals)");
        try (Database db = Database.open(file.toString())) {
            assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(Shop.expected(steps).get("paid_orders"));
        }
    }

    @Test
    void followPicksUpChangesAppendedToAFileUntilStopped() throws Exception {
        List<List<Change>> steps = Shop.changes(9, 12, 4);
        Path csv = dir.resolve("live.csv");
        writeCsv(csv, steps.subList(0, 5), 0);
        try (Database db = db("live.duckdb")) {
            db.releaseBetweenPolls(true);
            TableRun run = TableRun.bind(Shop.simulation(), db,
                    new TableRun.Options(Map.of("orders", csv.toString()), false, false, true, 20, null));
            Following following = new Following(run);
            following.awaitStep(4);
            writeCsv(csv, steps, 0); // the file grows by steps 5..11 (rewritten whole, as a log shipper might)
            following.awaitStep(11);
            following.stop();
            assertThat(following.thread.isAlive()).isFalse();
            assertThat(following.failed.get()).isNull();
            assertThat(following.written).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
            Map<String, ZSet> expected = Shop.expected(steps);
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(expected.get("totals"));
        }
    }

    /** A child process that opens a DuckDB file, runs one statement and holds the file for a while. */
    public static final class Hold {
        public static void main(String[] a) throws Exception {
            try (Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:" + a[0]); Statement s = c.createStatement()) {
                s.execute(a[1]);
                System.out.println("holding");
                System.out.flush();
                Thread.sleep(Long.parseLong(a[2]));
            }
        }
    }

    @Test
    void followWaitsWhileAnotherProcessHoldsTheFile() throws Exception {
        List<List<Change>> steps = Shop.changes(7, 8, 4);
        assertThat(steps.get(4)).isNotEmpty();
        Path file = dir.resolve("shared.duckdb");
        try (Database db = Database.open(file.toString())) {
            Shop.create(db.connection(), "orders", true);
            Shop.append(db.connection(), "orders", steps.subList(0, 4), 0);
            db.releaseBetweenPolls(true);
            TableRun run = TableRun.bind(Shop.simulation(), db, new TableRun.Options(Map.of(), false, false, true, 20, null));
            db.release();
            Following following = new Following(run);
            following.awaitStep(3);
            // another process takes the file (retrying while the run has it open between its polls),
            // appends step 4's changes and holds the file for 2 s: the run's polls meet the lock and wait
            Path step4 = dir.resolve("step4.csv");
            writeCsv(step4, steps.subList(4, 5), 4);
            String insert = "INSERT INTO orders SELECT * FROM read_csv('" + step4 + "', header = true, all_varchar = true,"
                    + " allow_quoted_nulls = false)";
            Process holder = null;
            for (int attempt = 0; attempt < 200 && holder == null; attempt++) {
                Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                        "-cp", System.getProperty("java.class.path"), Hold.class.getName(), file.toString(), insert, "2000"))
                        .redirectErrorStream(true).start();
                String first = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
                if ("holding".equals(first)) {
                    holder = p;
                } else {
                    p.waitFor(); // the run had the file open: try again
                }
            }
            assertThat(holder).as("the child process never got the file").isNotNull();
            holder.waitFor();
            following.awaitStep(4);
            following.stop();
            assertThat(following.failed.get()).isNull();
            assertThat(following.written).containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(Shop.expected(steps.subList(0, 5)).get("totals"));
        }
    }

    /** A run with --follow on a thread of its own: the steps it wrote, what it threw, and a way to stop it. */
    private static final class Following {
        final List<Long> written = java.util.Collections.synchronizedList(new ArrayList<>());
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        final Thread thread;
        private final AtomicBoolean stop = new AtomicBoolean();

        Following(TableRun run) {
            thread = new Thread(() -> {
                try {
                    run.run(p -> written.add(p.step()), stop::get);
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            thread.start();
        }

        /** Waits until the run has written {@code step} (or failed), and checks that it has not failed. */
        void awaitStep(long step) throws InterruptedException {
            waitFor(() -> written.contains(step) || failed.get() != null);
            assertThat(failed.get()).isNull();
        }

        /** Asks the run to stop and waits for it (10 s at most). */
        void stop() throws InterruptedException {
            stop.set(true);
            thread.join(10_000);
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier cond) throws InterruptedException {
        long end = System.nanoTime() + 60_000_000_000L;
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("waited 60 s");
            }
            Thread.sleep(10);
        }
    }

    /** Writes change steps as a CSV file with a header (the first {@code first} step number). */
    static void writeCsv(Path csv, List<List<Change>> steps, int first) throws Exception {
        StringBuilder sb = new StringBuilder("id,customer,amount,paid,day,placed_at,note,weight,step\n");
        for (int t = 0; t < steps.size(); t++) {
            for (Change c : steps.get(t)) {
                for (Object v : c.row().asList()) {
                    sb.append(v == null ? "" : v instanceof String s ? "\"" + s.replace("\"", "\"\"") + "\""
                            : v instanceof BigDecimal d ? d.toPlainString() : v.toString()).append(',');
                }
                sb.append(c.weight()).append(',').append(first + t).append('\n');
            }
        }
        Path tmp = csv.resolveSibling(csv.getFileName() + ".tmp");
        Files.writeString(tmp, sb);
        Files.move(tmp, csv, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
