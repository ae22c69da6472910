package org.dbspstudio.model.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * The head of {@code WITH RECURSIVE name [(columns)] AS (seed UNION step) body}, found by hand
 * (Calcite's parser has no recursive WITH): where the seed, the recursive step and the body are.
 * As in PostgreSQL and DuckDB the query splits at its last top-level {@code UNION}: everything
 * before it is the seed (it may itself be a union), the part after it the recursive step.
 */
final class Recursive {
    record Cte(String name, List<String> columns, int seedStart, int seedEnd, int stepStart, int stepEnd,
               int bodyStart, boolean unionAll, Tokens.Token union) {
    }

    private Recursive() {
    }

    static Cte parse(Tokens t) throws SqlException {
        t.expect("WITH");
        t.expect("RECURSIVE");
        Tokens.Token nameTok = t.name("the name of the recursive query");
        List<String> cols = null;
        if (t.accept('(')) {
            cols = new ArrayList<>();
            do {
                cols.add(t.name("a column name").name());
            } while (t.accept(','));
            t.expect(')');
        }
        t.expect("AS");
        Tokens.Token open = t.peek();
        t.expect('(');
        int depth = 1;
        Tokens.Token union = null;
        Tokens.Token afterUnion = null;
        Tokens.Token except = null;
        Tokens.Token trailing = null;
        boolean all = false;
        Tokens.Token close;
        while (true) {
            Tokens.Token x = t.next();
            if (x.kind() == Tokens.Kind.END) {
                throw t.error(open, "unterminated WITH RECURSIVE: no ')' closes this '('");
            }
            if (x.isPunct('(')) {
                depth++;
            } else if (x.isPunct(')')) {
                depth--;
                if (depth == 0) {
                    close = x;
                    break;
                }
            } else if (depth == 1 && x.is("UNION")) {
                union = x;
                except = null;
                trailing = null;
                all = false;
                if (t.peek().is("ALL")) {
                    all = true;
                    t.next();
                } else if (t.peek().is("DISTINCT")) {
                    t.next();
                }
                afterUnion = t.peek();
            } else if (depth == 1 && (x.is("EXCEPT") || x.is("MINUS"))) {
                except = x;
            } else if (depth == 1 && union != null && trailing == null
                    && (x.is("ORDER") || x.is("LIMIT") || x.is("OFFSET") || x.is("FETCH"))) {
                trailing = x;
            }
        }
        if (union == null) {
            throw t.error(open, "WITH RECURSIVE needs a query of the form (seed UNION recursive step)");
        }
        if (except != null) {
            throw t.error(except, "unsupported: in WITH RECURSIVE the query must end in UNION recursive step, not "
                    + except.text().toUpperCase(java.util.Locale.ROOT));
        }
        if (trailing != null) {
            throw t.error(trailing, "unsupported: " + trailing.text().toUpperCase(java.util.Locale.ROOT)
                    + " on a recursive query (order and limit the query that reads it)");
        }
        if (afterUnion == close) {
            throw t.error(union, "WITH RECURSIVE needs a recursive step after UNION");
        }
        if (t.peek().isPunct(',')) {
            throw t.error(t.peek(), "unsupported: more than one query after WITH RECURSIVE");
        }
        Tokens.Token body = t.peek();
        if (body.kind() == Tokens.Kind.END) {
            throw t.error(body, "WITH RECURSIVE needs a query after the recursive one");
        }
        return new Cte(nameTok.name(), cols, open.end(), union.start(), afterUnion.start(), close.start(), body.start(),
                all, union);
    }
}
