package org.dbspstudio.ide.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.sql.SqlFrontEnd;
import org.junit.jupiter.api.Test;

/**
 * The pieces of the SQL tab that need no screen: the highlighter's tokens, spans as text ranges,
 * which operators a caret or a selection stands for, and the positions kept across a
 * regeneration — each checked on the front end's real output.
 */
class SqlTextTest {
    private static final String SQL = """
            CREATE TABLE orders (id INT NOT NULL PRIMARY KEY, customer VARCHAR, amount INT);
            -- the big ones
            CREATE VIEW big AS
              SELECT id, amount FROM orders WHERE amount > 100;
            """;

    private static String slice(String s, SqlText.Range r) {
        return s.substring(r.start(), r.end());
    }

    @Test
    void tokensCoverTheTextAndKnowKeywordsStringsCommentsAndNumbers() {
        String s = "SELECT 'it''s', \"Q\", 1.5e3 FROM t -- done\n/* x */ WHERE a <> 2";
        List<SqlLexer.Token> ts = SqlLexer.tokens(s);
        int at = 0;
        for (SqlLexer.Token t : ts) {
            assertThat(t.start()).isEqualTo(at);
            at = t.end();
        }
        assertThat(at).isEqualTo(s.length());
        Map<String, SqlLexer.Kind> kinds = new java.util.HashMap<>();
        ts.forEach(t -> kinds.put(s.substring(t.start(), t.end()), t.kind()));
        assertThat(kinds).containsEntry("SELECT", SqlLexer.Kind.KEYWORD).containsEntry("'it''s'", SqlLexer.Kind.STRING)
                .containsEntry("\"Q\"", SqlLexer.Kind.QUOTED_NAME).containsEntry("1.5e3", SqlLexer.Kind.NUMBER)
                .containsEntry("-- done", SqlLexer.Kind.COMMENT).containsEntry("/* x */", SqlLexer.Kind.COMMENT)
                .containsEntry("<>", SqlLexer.Kind.OPERATOR).containsEntry("t", SqlLexer.Kind.NAME);
        // an unclosed string runs to the end, as the parser reads it
        List<SqlLexer.Token> open = SqlLexer.tokens("SELECT 'abc");
        assertThat(open.get(open.size() - 1)).isEqualTo(new SqlLexer.Token(SqlLexer.Kind.STRING, 7, 11));
    }

    @Test
    void spansBecomeTheTextOfTheirOperatorsWithoutTheLeadingCommentAndTheCaretPicksTheInnermost() {
        SqlFrontEnd.Result r = SqlFrontEnd.compile(SQL);
        assertThat(r.errors()).isEmpty();
        SqlText t = new SqlText(SQL);
        Map<String, SqlText.Range> ranges = t.ranges(r.document().sources());
        assertThat(slice(SQL, ranges.get("big_filter"))).isEqualTo("amount > 100");
        assertThat(slice(SQL, ranges.get("big_out"))).startsWith("CREATE VIEW big AS").endsWith("amount > 100");
        assertThat(slice(SQL, ranges.get("orders"))).startsWith("CREATE TABLE orders").endsWith("amount INT)");

        int inWhere = SQL.indexOf("> 100");
        assertThat(SqlText.operatorsAt(ranges, inWhere, inWhere)).containsExactly("big_filter");
        int inView = SQL.indexOf("CREATE VIEW") + 3;
        assertThat(SqlText.operatorsAt(ranges, inView, inView)).containsExactly("big_out");
        // a selection of the whole view picks every operator of it, and not the table
        int from = SQL.indexOf("CREATE VIEW");
        assertThat(SqlText.operatorsAt(ranges, from, SQL.length())).containsExactlyInAnyOrder(
                r.document().sources().keySet().stream().filter(id -> id.startsWith("big_")).toArray(String[]::new));
        // the comment between statements belongs to no operator
        int comment = SQL.indexOf("the big");
        assertThat(SqlText.operatorsAt(ranges, comment, comment)).isEmpty();
    }

    @Test
    void positionsAndLinesRoundTrip() {
        SqlText t = new SqlText(SQL);
        for (int i = 0; i < SQL.length(); i++) {
            assertThat(t.offset(t.line(i), t.column(i))).isEqualTo(i);
        }
        assertThat(t.errorRange(4, 39)).satisfies(e -> assertThat(slice(SQL, e)).isEqualTo("amount"));
        assertThat(SqlText.union(List.of(new SqlText.Range(5, 9), new SqlText.Range(0, 3), new SqlText.Range(2, 6))))
                .containsExactly(new SqlText.Range(0, 9));
    }

    @Test
    void operatorsThatStayKeepTheirPlacesAndNewOnesGoRightOfTheirInputsWithoutOverlap() {
        SqlFrontEnd.Result first = SqlFrontEnd.compile(SQL);
        KeptPositions kept = new KeptPositions();
        Layout shown = kept.place(first.document().circuit(), first.document().layout());
        assertThat(shown.positions()).isEqualTo(first.document().layout().positions());
        shown.put("big_out", 900, 500); // the user moved it
        kept.remember(shown);

        SqlFrontEnd.Result second = SqlFrontEnd.compile(SQL + """
                CREATE VIEW small AS SELECT id FROM orders WHERE amount < 10;
                """);
        assertThat(second.errors()).isEmpty();
        Layout next = kept.place(second.document().circuit(), second.document().layout());
        for (String id : first.document().circuit().operatorIds()) {
            assertThat(next.get(id)).as(id).isEqualTo(shown.get(id));
        }
        List<String> added = second.document().circuit().operatorIds().stream()
                .filter(id -> !first.document().circuit().contains(id)).toList();
        assertThat(added).contains("small_out");
        Layout.Point orders = next.get("orders");
        for (String id : added) {
            assertThat(next.get(id).x()).as(id + " right of the input").isGreaterThan(orders.x());
        }
        var c = second.document().circuit();
        for (String n : added) {
            for (String o : c.operatorIds()) {
                if (o.equals(n)) {
                    continue;
                }
                Layout.Point a = next.get(n);
                Layout.Point b = next.get(o);
                double aw = org.dbspstudio.ide.canvas.Geometry.width(c.op(n));
                double ah = org.dbspstudio.ide.canvas.Geometry.height(c.op(n));
                double bw = org.dbspstudio.ide.canvas.Geometry.width(c.op(o));
                double bh = org.dbspstudio.ide.canvas.Geometry.height(c.op(o));
                boolean overlap = a.x() < b.x() + bw && b.x() < a.x() + aw && a.y() < b.y() + bh && b.y() < a.y() + ah;
                assertThat(overlap).as(n + " overlaps " + o).isFalse();
            }
        }
    }
}
