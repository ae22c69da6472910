package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.model.types.Row;
import org.junit.jupiter.api.Test;

/**
 * Views translated by the SQL front end, run by the engine on random change streams (inserts and
 * deletes over several steps), equal at every step to DuckDB's answer on the same tables — for
 * the snapshot circuit and for its incrementalized version.
 */
class SqlDuckDbTest {
    static final String SHOP = """
            CREATE TABLE users (id INT NOT NULL, name VARCHAR, dept VARCHAR);
            CREATE TABLE orders (oid INT NOT NULL, uid INT, amount DECIMAL(10, 2), odate DATE);
            CREATE VIEW projected AS SELECT id * 2 + 1 AS x, UPPER(name) AS n, dept IS NULL AS nodept FROM users;
            CREATE VIEW filtered AS SELECT * FROM orders WHERE amount > 20 AND (uid < 5 OR odate >= DATE '2024-01-03');
            CREATE VIEW joined AS SELECT u.name, o.amount FROM users u JOIN orders o ON u.id = o.uid;
            CREATE VIEW comma_join AS SELECT u.dept, o.oid FROM users u, orders o WHERE u.id = o.uid AND o.amount < 50;
            CREATE VIEW theta AS SELECT u.id, o.oid FROM users u JOIN orders o ON u.id < o.uid AND o.amount > 40;
            CREATE VIEW per_dept AS SELECT dept, COUNT(*) AS n, SUM(o.amount) AS total, MIN(o.amount) AS lo,
                MAX(o.amount) AS hi, AVG(o.amount) AS mean, COUNT(o.amount) AS priced
              FROM users u JOIN orders o ON u.id = o.uid GROUP BY dept;
            CREATE VIEW busy AS SELECT uid, COUNT(*) AS n FROM orders GROUP BY uid HAVING COUNT(*) > 1;
            CREATE VIEW totals AS SELECT COUNT(*) AS n, SUM(amount) AS s, AVG(id) AS a FROM orders, users WHERE uid = id;
            CREATE VIEW depts AS SELECT DISTINCT dept FROM users;
            CREATE VIEW distinct_names AS SELECT dept, COUNT(DISTINCT name) AS names FROM users GROUP BY dept;
            CREATE VIEW all_ids AS SELECT id FROM users UNION ALL SELECT uid FROM orders;
            CREATE VIEW some_ids AS SELECT id FROM users UNION SELECT uid FROM orders;
            CREATE VIEW idle AS SELECT id FROM users EXCEPT SELECT uid FROM orders;
            CREATE VIEW active AS SELECT id FROM users INTERSECT SELECT uid FROM orders;
            CREATE VIEW consts AS VALUES (1, 'one'), (2, 'two'), (2, 'two');
            CREATE VIEW left_joined AS SELECT u.id, u.name, o.oid, o.amount FROM users u LEFT JOIN orders o ON u.id = o.uid;
            CREATE VIEW left_theta AS SELECT u.id, o.oid FROM users u LEFT JOIN orders o ON u.id = o.uid AND o.amount > 30;
            CREATE VIEW right_joined AS SELECT u.name, o.oid FROM users u RIGHT JOIN orders o ON u.id = o.uid;
            CREATE VIEW full_joined AS SELECT u.name, o.oid FROM users u FULL OUTER JOIN orders o ON u.id = o.uid;
            CREATE VIEW in_sub AS SELECT name FROM users WHERE id IN (SELECT uid FROM orders WHERE amount > 30);
            CREATE VIEW not_in_sub AS SELECT name FROM users WHERE id NOT IN (SELECT uid FROM orders);
            CREATE VIEW exists_sub AS SELECT name FROM users u WHERE EXISTS (SELECT 1 FROM orders o WHERE o.uid = u.id AND o.amount > u.id);
            CREATE VIEW not_exists_sub AS SELECT name FROM users u WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.uid = u.id);
            CREATE VIEW scalar_sub AS SELECT name, (SELECT SUM(amount) FROM orders o WHERE o.uid = u.id) AS spent FROM users u;
            CREATE VIEW above_avg AS SELECT oid FROM orders o WHERE amount > (SELECT AVG(amount) FROM orders o2 WHERE o2.uid = o.uid);
            CREATE VIEW cased AS SELECT oid, CASE WHEN amount IS NULL THEN 'none' WHEN amount > 50 THEN 'big' ELSE 'small' END AS size,
                COALESCE(uid, -1) AS u, NULLIF(uid, 3) AS not3 FROM orders;
            CREATE VIEW nulls AS SELECT oid FROM orders WHERE uid IS NULL OR amount IS NOT NULL AND NOT (uid = 2);
            CREATE VIEW on_view AS SELECT dept, n FROM per_dept WHERE n > 1;
            """;

    static Row user(Random r) {
        String[] names = {"ann", "bob", "cy", "dee", null};
        String[] depts = {"hr", "it", "ops", null};
        return Row.of((long) r.nextInt(8), names[r.nextInt(names.length)], depts[r.nextInt(depts.length)]);
    }

    static Row order(Random r) {
        return Row.of((long) r.nextInt(30), r.nextInt(6) == 0 ? null : (long) r.nextInt(9),
                r.nextInt(7) == 0 ? null : BigDecimal.valueOf(r.nextInt(8000), 2),
                LocalDate.of(2024, 1, 1 + r.nextInt(6)));
    }

    @Test
    void everyViewEqualsDuckDbAtEveryStep() throws Exception {
        try (SqlOracle o = new SqlOracle(SHOP)) {
            Random rnd = new Random(42);
            Map<String, SqlOracle.RowMaker> makers = Map.of("users", SqlDuckDbTest::user, "orders", SqlDuckDbTest::order);
            for (int step = 0; step < 8; step++) {
                o.step(o.randomChanges(rnd, makers, step == 0 ? 10 : 4, step == 0 ? 0 : 3));
            }
            assertThat(o.comparedRows).isGreaterThan(500);
        }
    }
}
