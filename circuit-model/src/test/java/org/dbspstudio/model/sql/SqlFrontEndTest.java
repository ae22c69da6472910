package org.dbspstudio.model.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.TypeInference;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;

class SqlFrontEndTest {
    static final String TABLES = """
            CREATE TABLE users (id INT NOT NULL PRIMARY KEY, name VARCHAR(20), dept VARCHAR);
            CREATE TABLE orders (oid INT PRIMARY KEY, uid INT, amount DECIMAL(10,2), odate DATE);
            """;

    static SqlFrontEnd.Result ok(String sql) {
        SqlFrontEnd.Result r = SqlFrontEnd.compile(sql);
        assertThat(r.errors()).as("errors").isEmpty();
        List<Diagnostic> problems = Validator.validate(r.document().circuit());
        assertThat(problems.stream().filter(Diagnostic::isError).map(Diagnostic::format).toList()).isEmpty();
        return r;
    }

    static List<String> errors(String sql) {
        return SqlFrontEnd.compile(sql).errors().stream().map(SqlError::toString).toList();
    }

    @Test
    void tablesAndAViewBecomeInputsAndAnOutput() throws Exception {
        var r = ok(TABLES + "CREATE VIEW Big_Orders AS SELECT u.name, o.amount * 2 AS twice FROM users u JOIN orders o ON u.id = o.uid WHERE o.amount > 100;");
        var c = r.document().circuit();
        assertThat(c.operatorsOfKind(OpKind.INPUT)).extracting(o -> o.params().string("name")).containsExactly("users", "orders");
        assertThat(c.operatorsOfKind(OpKind.OUTPUT)).extracting(o -> o.params().string("name")).containsExactly("big_orders");
        assertThat(c.operatorsOfKind(OpKind.JOIN)).hasSize(1);
        Operator out = c.operatorsOfKind(OpKind.OUTPUT).get(0);
        StreamType t = TypeInference.infer(c).all().get(c.feeding(new org.dbspstudio.model.PortRef(out.id(), "in")).get().from());
        assertThat(((StreamType.ZSet) t).row().names()).containsExactly("name", "twice");
        assertThat(r.document().sources()).containsKeys(c.operatorIds().toArray(new String[0]));
        assertThat(r.document().layout().positions()).containsKeys(c.operatorIds().toArray(new String[0]));
        // the document round-trips through JSON with its source spans
        CircuitDocument back = DocumentReader.read(DocumentWriter.write(r.document()), "x.json").document();
        assertThat(back.sources()).isEqualTo(r.document().sources());
    }

    @Test
    void viewsOnViewsShareOperators() {
        var r = ok(TABLES + """
                CREATE VIEW v1 AS SELECT uid, amount FROM orders WHERE amount > 10;
                CREATE VIEW v2 AS SELECT uid, SUM(amount) AS total FROM v1 GROUP BY uid;
                CREATE VIEW v3 AS SELECT uid FROM v1 UNION SELECT id FROM users;
                """);
        var c = r.document().circuit();
        assertThat(c.operatorsOfKind(OpKind.FILTER)).hasSize(1);
        assertThat(c.operatorsOfKind(OpKind.OUTPUT)).hasSize(3);
    }

    @Test
    void coverage() {
        ok(TABLES + """
                CREATE VIEW a AS SELECT DISTINCT dept FROM users;
                CREATE VIEW b AS SELECT dept, COUNT(*) AS n, AVG(id), MIN(name), MAX(name), COUNT(DISTINCT name) FROM users GROUP BY dept HAVING COUNT(*) > 1;
                CREATE VIEW c AS SELECT * FROM users u LEFT JOIN orders o ON u.id = o.uid AND o.amount > 5;
                CREATE VIEW d AS SELECT * FROM users WHERE id IN (SELECT uid FROM orders);
                CREATE VIEW e AS SELECT * FROM users u WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.uid = u.id);
                CREATE VIEW f AS SELECT name, (SELECT SUM(amount) FROM orders o WHERE o.uid = u.id) AS total FROM users u;
                CREATE VIEW g AS SELECT id FROM users EXCEPT SELECT uid FROM orders;
                CREATE VIEW h AS SELECT id FROM users INTERSECT SELECT uid FROM orders;
                CREATE VIEW i AS VALUES (1, 'a'), (2, 'b');
                CREATE VIEW j AS SELECT CASE WHEN amount IS NULL THEN 0 ELSE amount END AS amt, COALESCE(uid, -1) FROM orders;
                CREATE VIEW k AS SELECT * FROM users u FULL JOIN orders o ON u.id = o.uid;
                CREATE VIEW l AS SELECT id FROM users UNION ALL SELECT uid FROM orders;
                CREATE VIEW m AS SELECT * FROM users, orders WHERE users.id = orders.uid AND odate > DATE '2024-01-01' + INTERVAL '3' DAY;
                """);
    }

    @Test
    void recursiveQueriesBecomeNestedCircuits() {
        var r = ok("""
                CREATE TABLE edges (src INT NOT NULL, dst INT NOT NULL);
                CREATE VIEW closure AS WITH RECURSIVE tc (s, d) AS (
                  SELECT src, dst FROM edges
                  UNION SELECT tc.s, e.dst FROM tc JOIN edges e ON tc.d = e.src)
                SELECT s, d FROM tc;
                """);
        var c = r.document().circuit();
        assertThat(c.operatorsOfKind(OpKind.NESTED)).hasSize(1);
        var child = c.operatorsOfKind(OpKind.NESTED).get(0).child();
        assertThat(child.operatorsOfKind(OpKind.DELTA0)).extracting(o -> o.params().string("port")).containsExactly("edges");
        assertThat(child.operatorsOfKind(OpKind.INTEGRAL)).extracting(o -> o.params().string("port")).containsExactly("tc");
        assertThat(child.operatorsOfKind(OpKind.DELAY)).hasSize(1);
        assertThat(child.operatorsOfKind(OpKind.DISTINCT)).hasSize(1);
        assertThat(child.operatorsOfKind(OpKind.JOIN)).hasSize(1);
        assertThat(r.document().sources()).containsKeys(child.operatorIds().toArray(new String[0]));
        assertThat(r.views()).extracting(SqlFrontEnd.View::columns).containsExactly(List.of("s", "d"));
    }

    @Test
    void recursionThatIsNotALeastFixpointIsRefused() {
        String t = "CREATE TABLE edges (src INT NOT NULL, dst INT NOT NULL);\n";
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION ALL SELECT src FROM r) SELECT * FROM r;"))
                .singleElement().asString().startsWith("2:61: unsupported: WITH RECURSIVE … UNION ALL");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT COUNT(*) FROM r) SELECT * FROM r;"))
                .singleElement().asString().contains("unsupported: in WITH RECURSIVE the recursive step").contains("aggregate function");
        // PostgreSQL's split: the last top-level UNION decides (here UNION ALL, so bag recursion)
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT dst FROM edges UNION ALL SELECT src FROM r) SELECT * FROM r;"))
                .singleElement().asString().startsWith("2:89: unsupported: WITH RECURSIVE … UNION ALL");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT src FROM r EXCEPT SELECT dst FROM edges) SELECT * FROM r;"))
                .singleElement().asString().startsWith("2:85: unsupported: in WITH RECURSIVE the query must end in UNION");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT src FROM r ORDER BY src LIMIT 2) SELECT * FROM r;"))
                .singleElement().asString().startsWith("2:85: unsupported: ORDER on a recursive query");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src, dst FROM edges UNION SELECT a.src, b.dst FROM r a JOIN r b ON a.dst = b.src) SELECT * FROM r;"))
                .singleElement().asString().startsWith("2:72: unsupported: the recursive step joins r with itself");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT dst FROM edges WHERE dst NOT IN (SELECT src FROM r)) SELECT * FROM r;"))
                .singleElement().asString().startsWith("2:67: unsupported: in WITH RECURSIVE the recursive step").contains("NOT IN / NOT EXISTS");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT e.dst FROM edges e LEFT JOIN r ON r.src = e.src) SELECT * FROM r;"))
                .singleElement().asString().contains("LEFT join");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT r.src, dst FROM r JOIN edges ON r.src = dst) SELECT * FROM r;"))
                .singleElement().asString().contains("the recursive step of r has 2 columns but its seed has 1");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT src / 2.5 FROM r) SELECT * FROM r;"))
                .singleElement().asString().contains("column 1 (src) of the recursive step is DECIMAL but the seed's is INTEGER");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT src FROM r), s AS (SELECT 1) SELECT * FROM r;"))
                .singleElement().asString().contains("unsupported: more than one query after WITH RECURSIVE");
        assertThat(errors(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT src FROM r UNION SELECT dst FROM edges) SELECT * FROM r;"))
                .singleElement().asString().contains("r is read before the last UNION of its recursive query");
        // what does not depend on r may use anything
        ok(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT r.src + 1 FROM r"
                + " JOIN (SELECT src, COUNT(*) AS n FROM edges GROUP BY src) c ON c.src = r.src WHERE r.src < 5) SELECT * FROM r;");
        // nothing of a refused view is left behind
        var r = SqlFrontEnd.compile(t + "CREATE VIEW v AS WITH RECURSIVE r AS (SELECT src FROM edges UNION SELECT COUNT(*) FROM r) SELECT * FROM r;");
        assertThat(r.document().circuit().operatorIds()).containsExactly("edges");
        assertThat(r.document().sources()).containsOnlyKeys("edges");
    }

    @Test
    void limitsSetOperationsOnBagsAndRanksUseTheirOperators() {
        var r = ok(TABLES + """
                CREATE VIEW a AS SELECT oid FROM orders ORDER BY amount DESC LIMIT 3;
                CREATE VIEW b AS SELECT oid FROM orders ORDER BY oid LIMIT 3 OFFSET 2;
                CREATE VIEW c AS SELECT uid FROM orders INTERSECT ALL SELECT id FROM users;
                CREATE VIEW d AS SELECT uid FROM orders EXCEPT ALL SELECT id FROM users;
                CREATE VIEW e AS SELECT * FROM (SELECT uid, RANK() OVER (PARTITION BY uid ORDER BY amount) AS r FROM orders) t WHERE r <= 2;
                CREATE VIEW f AS SELECT oid FROM orders ORDER BY oid LIMIT 0;
                """);
        var c = r.document().circuit();
        assertThat(c.operatorsOfKind(OpKind.TOP_K)).extracting(o -> o.params().integer("k")).containsExactlyInAnyOrder(3L, 5L, 2L);
        assertThat(c.operatorsOfKind(OpKind.INTERSECT)).singleElement().satisfies(o -> assertThat(o.params().bool("all")).isTrue());
        assertThat(c.operatorsOfKind(OpKind.EXCEPT)).singleElement().satisfies(o -> assertThat(o.params().bool("all")).isTrue());
        assertThat(c.operatorsOfKind(OpKind.TOP_K)).filteredOn(o -> !o.params().strings("partitionBy").isEmpty())
                .singleElement().satisfies(o -> assertThat(o.params().string("rank")).isEqualTo("rank"));
        String u = TABLES + "CREATE VIEW v AS ";
        assertThat(errors(u + "SELECT oid FROM orders LIMIT 3;")).singleElement().asString().contains("LIMIT/OFFSET without ORDER BY");
        assertThat(errors(u + "SELECT oid FROM orders ORDER BY oid OFFSET 3;")).singleElement().asString().contains("OFFSET without LIMIT");
        assertThat(errors(u + "SELECT uid, SUM(oid) OVER (ORDER BY oid) FROM orders;")).singleElement().asString()
                .contains("unsupported: window functions other than ROW_NUMBER, RANK and DENSE_RANK");
        assertThat(errors(u + "SELECT uid, ROW_NUMBER() OVER (ORDER BY oid) FROM orders;")).singleElement().asString()
                .contains("unsupported: window functions other than one ROW_NUMBER, RANK or DENSE_RANK bounded by WHERE");
        assertThat(errors(u + "SELECT * FROM (SELECT uid, ROW_NUMBER() OVER (ORDER BY oid) AS n FROM orders) t WHERE n >= 2;"))
                .singleElement().asString().contains("a condition on ROW_NUMBER() other than <= k");
        assertThat(errors(u + "SELECT * FROM (SELECT uid, ROW_NUMBER() OVER (PARTITION BY uid) AS n FROM orders) t WHERE n <= 2;"))
                .singleElement().asString().contains("OVER without ORDER BY");
    }

    @Test
    void tablesListedWithoutACommonPredicateAreJoinedOnKeysNotMultiplied() {
        var r = ok(TABLES + """
                CREATE VIEW v AS SELECT u.name, o.oid, u2.dept FROM users u, orders o, users u2
                  WHERE u2.id = o.uid AND u.dept = u2.dept AND u.id < 4;
                """);
        assertThat(r.document().circuit().operatorsOfKind(OpKind.PRODUCT)).isEmpty();
        assertThat(r.document().circuit().operatorsOfKind(OpKind.JOIN)).hasSize(2);
    }

    @Test
    void errorsNameLineColumnAndConstruct() {
        assertThat(errors(TABLES + "CREATE VIEW v AS SELECT nosuch FROM users;"))
                .singleElement().asString().startsWith("3:25: Column 'nosuch' not found");
        assertThat(errors(TABLES + "CREATE VIEW v AS\n  SELECT id FROM users LIMIT 3;"))
                .singleElement().asString().contains("4:30").contains("LIMIT/OFFSET without ORDER BY");
        assertThat(errors(TABLES + "CREATE VIEW v AS SELECT SQRT(id) FROM users;"))
                .singleElement().asString().isEqualTo("3:25: unsupported function: SQRT");
        assertThat(errors(TABLES + "CREATE VIEW v AS SELECT id FROM users\nWHERE id = = 3;\nCREATE VIEW w AS SELECT 1;"))
                .singleElement().asString().startsWith("4:");
        assertThat(errors("DROP TABLE x;")).singleElement().asString().startsWith("1:1: unsupported statement: DROP");
    }
}
