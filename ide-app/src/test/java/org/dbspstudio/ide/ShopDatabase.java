package org.dbspstudio.ide;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A DuckDB file with the change tables of sample 6 (users ⋈ orders): {@code users} and the orders
 * under a name of the caller's choosing, each row with its weight and step, the changes of the
 * sample's scenario.
 */
public final class ShopDatabase {
    private ShopDatabase() {
    }

    /**
     * Creates {@code db} with {@code users} and {@code ordersTable} (the sample's changes), then runs
     * {@code more} statements (other tables the caller wants beside them).
     */
    public static Path create(Path db, String ordersTable, String... more) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE users (id INTEGER, name VARCHAR, weight INTEGER, step INTEGER)");
            s.execute("INSERT INTO users VALUES (1, 'Alice', 1, 0), (2, 'Bob', 1, 0), (1, 'Alice', -1, 3), (1, 'Alicia', 1, 3)");
            s.execute("CREATE TABLE " + ordersTable + " (user_id INTEGER, item VARCHAR, weight INTEGER, step INTEGER)");
            s.execute("INSERT INTO " + ordersTable
                    + " VALUES (1, 'book', 1, 0), (1, 'pen', 1, 0), (2, 'laptop', 1, 1), (1, 'book', -1, 2)");
            for (String sql : more) {
                s.execute(sql);
            }
        }
        return db;
    }
}
