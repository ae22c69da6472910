package org.dbspstudio.ide.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Cuts SQL text into tokens for highlighting: keywords, names, quoted names, strings, numbers,
 * comments, operators and punctuation. It never fails: text it does not understand (an unclosed
 * string or comment) runs to the end of the text, as a parser would read it. No JavaFX.
 */
public final class SqlLexer {
    /** What a token is; the editor styles each kind with {@code sql-<kind>}. */
    public enum Kind {
        KEYWORD, TYPE, NAME, QUOTED_NAME, STRING, NUMBER, COMMENT, OPERATOR, PUNCTUATION, SPACE;

        /** The style class of this kind: {@code sql-keyword}, {@code sql-quoted-name}, ... */
        public String styleClass() {
            return "sql-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** A token: {@code text.substring(start, end)}. */
    public record Token(Kind kind, int start, int end) {
    }

    static final Set<String> KEYWORDS = Set.of(
            "ALL", "AND", "ANY", "AS", "ASC", "BETWEEN", "BY", "CASE", "CAST", "CREATE", "CROSS", "CURRENT",
            "DEFAULT", "DELETE", "DESC", "DISTINCT", "DROP", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS",
            "FALSE", "FETCH", "FILTER", "FIRST", "FOLLOWING", "FOR", "FOREIGN", "FROM", "FULL", "GROUP",
            "HAVING", "IF", "IN", "INDEX", "INNER", "INSERT", "INTERSECT", "INTO", "IS", "JOIN", "KEY",
            "LAST", "LATERAL", "LEFT", "LIKE", "LIMIT", "LOCAL", "MATERIALIZED", "NATURAL", "NOT", "NULL",
            "NULLS", "OFFSET", "ON", "OR", "ORDER", "OUTER", "OVER", "PARTITION", "PRECEDING", "PRIMARY",
            "RANGE", "RECURSIVE", "REFERENCES", "REPLACE", "RIGHT", "ROW", "ROWS", "SELECT", "SET", "SOME",
            "TABLE", "THEN", "TRUE", "UNBOUNDED", "UNION", "UNIQUE", "UNKNOWN", "UPDATE", "USING", "VALUES",
            "VIEW", "WHEN", "WHERE", "WINDOW", "WITH");

    static final Set<String> TYPES = Set.of(
            "BIGINT", "BINARY", "BOOL", "BOOLEAN", "CHAR", "CHARACTER", "DATE", "DEC", "DECIMAL", "DOUBLE",
            "FLOAT", "INT", "INTEGER", "INTERVAL", "NUMERIC", "PRECISION", "REAL", "SMALLINT", "STRING",
            "TEXT", "TIME", "TIMESTAMP", "TINYINT", "VARBINARY", "VARCHAR", "VARYING");

    private SqlLexer() {
    }

    /** The tokens of {@code text}, in order, covering it without gaps. */
    public static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int start = i;
            Kind kind;
            if (Character.isWhitespace(c)) {
                while (i < n && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                kind = Kind.SPACE;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
                kind = Kind.COMMENT;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
                kind = Kind.COMMENT;
            } else if (c == '\'' || c == '"' || c == '`') {
                i = closing(text, i, c);
                kind = c == '\'' ? Kind.STRING : Kind.QUOTED_NAME;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1)))) {
                i = number(text, i);
                kind = Kind.NUMBER;
            } else if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_' || text.charAt(i) == '$')) {
                    i++;
                }
                String word = text.substring(start, i).toUpperCase(Locale.ROOT);
                kind = KEYWORDS.contains(word) ? Kind.KEYWORD : TYPES.contains(word) ? Kind.TYPE : Kind.NAME;
            } else if ("(),;.".indexOf(c) >= 0) {
                i++;
                kind = Kind.PUNCTUATION;
            } else {
                i++;
                while (i < n && "<>=!|".indexOf(text.charAt(i)) >= 0 && "<>=!|".indexOf(c) >= 0) {
                    i++;
                }
                kind = Kind.OPERATOR;
            }
            out.add(new Token(kind, start, i));
        }
        return out;
    }

    /** The end of a quoted string or name starting at {@code i} (a doubled quote stays inside). */
    private static int closing(String text, int i, char q) {
        int n = text.length();
        i++;
        while (i < n) {
            if (text.charAt(i) == q) {
                if (i + 1 < n && text.charAt(i + 1) == q) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return n;
    }

    private static int number(String text, int i) {
        int n = text.length();
        while (i < n && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
                j++;
            }
            if (j < n && Character.isDigit(text.charAt(j))) {
                i = j;
                while (i < n && Character.isDigit(text.charAt(i))) {
                    i++;
                }
            }
        }
        return i;
    }
}
