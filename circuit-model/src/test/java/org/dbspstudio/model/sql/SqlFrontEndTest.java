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
    void errorsNameLineColumnAndConstruct() {
        assertThat(errors(TABLES + "CREATE VIEW v AS SELECT nosuch FROM users;"))
                .singleElement().asString().startsWith("3:25: Column 'nosuch' not found");
        assertThat(errors(TABLES + "CREATE VIEW v AS\n  SELECT id FROM users ORDER BY id LIMIT 3;"))
                .singleElement().asString().contains("4:42").contains("top-k");
        assertThat(errors(TABLES + "CREATE VIEW v AS SELECT SQRT(id) FROM users;"))
                .singleElement().asString().isEqualTo("3:25: unsupported function: SQRT");
        assertThat(errors(TABLES + "CREATE VIEW v AS SELECT id FROM users\nWHERE id = = 3;\nCREATE VIEW w AS SELECT 1;"))
                .singleElement().asString().startsWith("4:");
        assertThat(errors("DROP TABLE x;")).singleElement().asString().startsWith("1:1: unsupported statement: DROP");
    }
}
