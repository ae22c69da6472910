package org.dbspstudio.engine.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** run --db against a real PostgreSQL server started for the test (a throw-away cluster on 127.0.0.1). */
class PostgresTablesTest {
    private static PostgresServer pg;

    @BeforeAll
    static void start() throws Exception {
        pg = PostgresServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void changeTableWithEveryTypeEqualsTheEngineInMemoryAndResumes() throws Exception {
        List<List<Change>> steps = new java.util.ArrayList<>(Shop.changes(17, 40, 6));
        steps.set(0, new java.util.ArrayList<>(steps.get(0)));
        steps.get(0).add(new Change(Row.of(-2147483648L, "Zoë ✓ 'q' \"x\"", new BigDecimal("-12345678.91"), true,
                LocalDate.of(1900, 3, 1), LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_000), null), 2));
        String url = pg.createDatabase("changes");
        try (Connection c = java.sql.DriverManager.getConnection(url)) {
            Shop.create(c, "orders", true);
            Shop.append(c, "orders", steps, 0);
        }
        try (Database db = Database.open(url)) {
            assertThat(db.dialect()).isEqualTo(Database.Dialect.POSTGRESQL);
            assertThat(Shop.run(db, Map.of(), 15L, true).lastStepWritten()).isEqualTo(14);
            TableRun rest = Shop.run(db, Map.of(), null, true);
            assertThat(rest.resumedAfter()).isEqualTo(14);
            Map<String, ZSet> expected = Shop.expected(steps);
            assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(expected.get("paid_orders"));
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(expected.get("totals"));
            assertThat(expected.get("paid_orders").weight(steps.get(0).get(steps.get(0).size() - 1).row())).isEqualTo(2);
            assertThat(db.rowCount("orders")).isGreaterThan(0);
        }
    }

    @Test
    void snapshotTableIsDiffedAndMismatchesAreRefused() throws Exception {
        String url = pg.createDatabase("snap");
        Row a = Row.of(1L, "ann", new BigDecimal("10.50"), true, LocalDate.of(2024, 1, 2), null, "n");
        Row b = Row.of(2L, "bob", new BigDecimal("3"), false, LocalDate.of(2024, 1, 3), LocalDateTime.of(2024, 1, 3, 8, 0), null);
        try (Connection c = java.sql.DriverManager.getConnection(url); Statement s = c.createStatement()) {
            Shop.create(c, "orders", false);
            s.execute("INSERT INTO orders VALUES (1, 'ann', 10.50, true, DATE '2024-01-02', NULL, 'n')");
        }
        try (Database db = Database.open(url)) {
            Shop.run(db, Map.of(), null, false);
            assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(ZSet.of(a, 1));
        }
        try (Connection c = java.sql.DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("INSERT INTO orders VALUES (2, 'bob', 3, false, DATE '2024-01-03', TIMESTAMP '2024-01-03 08:00', NULL)");
            s.execute("UPDATE orders SET paid = false WHERE id = 1");
        }
        try (Database db = Database.open(url)) {
            TableRun run = Shop.run(db, Map.of(), null, false);
            assertThat(run.lastStepWritten()).isEqualTo(1);
            assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(ZSet.EMPTY);
            Row aUnpaid = Row.of(1L, "ann", new BigDecimal("10.50"), false, LocalDate.of(2024, 1, 2), null, "n");
            assertThat(Shop.read(db.connection(), "totals")).isEqualTo(Shop.expected(List.of(List.of(new Change(a, 1)),
                    List.of(new Change(a, -1), new Change(aUnpaid, 1), new Change(b, 1)))).get("totals"));
        }
        String bad = pg.createDatabase("bad");
        try (Connection c = java.sql.DriverManager.getConnection(bad); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id INTEGER, customer TEXT, amount REAL, paid BOOLEAN, day DATE, "
                    + "placed_at TIMESTAMPTZ, note BYTEA)");
        }
        try (Database db = Database.open(bad)) {
            assertThatThrownBy(() -> Shop.run(db, Map.of(), null, false)).isInstanceOf(TableException.class)
                    .hasMessageContaining("table 'orders' column 'amount' is float4, but input 'orders' has amount DECIMAL")
                    .hasMessageContaining("table 'orders' column 'placed_at': its type timestamptz is not supported")
                    .hasMessageContaining("table 'orders' column 'note': its type bytea is not supported");
        }
    }
}
