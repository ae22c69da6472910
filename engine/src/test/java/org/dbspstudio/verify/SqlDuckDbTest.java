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
            CREATE VIEW top3 AS SELECT oid, amount FROM orders ORDER BY amount DESC NULLS LAST, oid LIMIT 3;
            CREATE VIEW page2 AS SELECT uid, amount FROM orders ORDER BY uid NULLS FIRST, amount DESC NULLS FIRST LIMIT 4 OFFSET 2;
            CREATE VIEW top_buyers AS SELECT name FROM users WHERE id IN (SELECT uid FROM orders ORDER BY amount DESC NULLS LAST, uid LIMIT 3);
            CREATE VIEW both_all AS SELECT uid FROM orders INTERSECT ALL SELECT id FROM users;
            CREATE VIEW only_all AS SELECT uid FROM orders EXCEPT ALL SELECT id FROM users;
            CREATE VIEW chain_all AS SELECT dept FROM users EXCEPT ALL SELECT 'hr' INTERSECT ALL SELECT dept FROM users WHERE id > 2;
            CREATE VIEW first2 AS SELECT * FROM (SELECT uid, oid, amount,
                ROW_NUMBER() OVER (PARTITION BY uid ORDER BY amount DESC NULLS LAST, oid) AS rn FROM orders) t WHERE rn <= 2;
            CREATE VIEW ranked AS SELECT dept, name, rk FROM (SELECT dept, name, RANK() OVER (PARTITION BY dept ORDER BY name NULLS FIRST) AS rk
                FROM users) t WHERE rk < 3;
            CREATE VIEW latest AS SELECT uid, amount FROM (SELECT uid, amount, odate,
                DENSE_RANK() OVER (PARTITION BY uid ORDER BY odate DESC) AS dr FROM orders) t WHERE dr = 1 AND amount IS NOT NULL;
            CREATE VIEW distinct_sums AS SELECT uid, SUM(DISTINCT amount) AS s, COUNT(DISTINCT odate) AS days, AVG(DISTINCT amount) AS a
                FROM orders GROUP BY uid;
            CREATE VIEW by_zero AS SELECT oid, oid % (uid - 3) AS m, MOD(uid, oid - 5) AS n FROM orders;
            CREATE VIEW scrambled AS SELECT u.name, o.oid, u2.dept FROM users u, orders o, users u2
                WHERE u2.id = o.uid AND u.dept = u2.dept AND u.id < 4;
            CREATE VIEW scrambled_outer AS SELECT a.name, o.oid, x.amount FROM users a, orders o, users b LEFT JOIN orders x ON x.uid = b.id
                WHERE b.id = o.uid AND a.id = x.oid % 8;
            CREATE VIEW reach AS WITH RECURSIVE r (s, d) AS (
                SELECT uid, oid FROM orders WHERE uid IS NOT NULL
                UNION SELECT r.s, o.oid FROM r JOIN orders o ON r.d = o.uid)
              SELECT s, d FROM r;
            CREATE VIEW reach_count AS WITH RECURSIVE r AS (SELECT id AS x FROM users UNION SELECT x + 1 FROM r WHERE x < 10)
              SELECT x, COUNT(*) AS n FROM r JOIN users ON x = id GROUP BY x;
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

    static final String GRAPH = """
            CREATE TABLE edges (src INT NOT NULL, dst INT NOT NULL);
            CREATE TABLE nodes (id INT NOT NULL, color VARCHAR);
            CREATE VIEW closure AS WITH RECURSIVE tc (s, d) AS (
                SELECT src, dst FROM edges
                UNION SELECT tc.s, e.dst FROM tc JOIN edges e ON tc.d = e.src)
              SELECT s, d FROM tc;
            CREATE VIEW from_red AS WITH RECURSIVE reach (n) AS (
                SELECT id FROM nodes WHERE color = 'red'
                UNION SELECT e.dst FROM reach JOIN edges e ON e.src = reach.n JOIN nodes m ON m.id = e.dst AND m.color IS NOT NULL)
              SELECT n, COUNT(*) AS times FROM reach JOIN edges ON n = src GROUP BY n;
            CREATE VIEW hops AS WITH RECURSIVE h (s, d, k) AS (
                SELECT src, dst, 1 FROM edges
                UNION SELECT h.s, e.dst, h.k + 1 FROM h, edges e WHERE h.d = e.src AND h.k < 3)
              SELECT s, MIN(k) AS shortest, COUNT(DISTINCT d) AS targets FROM h GROUP BY s;
            CREATE VIEW in_reach AS WITH RECURSIVE r (x) AS (
                SELECT MIN(src) FROM edges
                UNION SELECT id FROM nodes WHERE color = 'blue'
                UNION SELECT dst FROM edges WHERE src IN (SELECT x FROM r) AND dst > 1)
              SELECT x FROM r WHERE x IS NOT NULL;
            CREATE VIEW on_closure AS SELECT s, COUNT(*) AS n FROM closure WHERE s = d GROUP BY s;
            """;

    @Test
    void recursiveViewsEqualDuckDbAtEveryStep() throws Exception {
        try (SqlOracle o = new SqlOracle(GRAPH)) {
            Random rnd = new Random(7);
            String[] colors = {"red", "blue", null};
            Map<String, SqlOracle.RowMaker> makers = Map.of(
                    "edges", r -> Row.of((long) r.nextInt(9), (long) r.nextInt(9)),
                    "nodes", r -> Row.of((long) r.nextInt(9), colors[r.nextInt(colors.length)]));
            for (int step = 0; step < 10; step++) {
                o.step(o.randomChanges(rnd, makers, step == 0 ? 8 : 3, step == 0 ? 0 : 2));
            }
            assertThat(o.comparedRows).isGreaterThan(300);
            assertThat(o.nonEmpty).contains("closure", "from_red", "hops", "in_reach", "on_closure");
        }
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
            assertThat(o.nonEmpty).contains("top3", "page2", "top_buyers", "both_all", "only_all", "chain_all", "first2",
                    "ranked", "latest", "distinct_sums", "by_zero",
                    "scrambled", "scrambled_outer");
        }
    }
}
