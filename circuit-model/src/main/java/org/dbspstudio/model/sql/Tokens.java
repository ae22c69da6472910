package org.dbspstudio.model.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A small tokenizer for the statement forms parsed by hand (CREATE TABLE, the head of CREATE VIEW). */
final class Tokens {
    enum Kind { WORD, QUOTED, NUMBER, STRING, PUNCT, END }

    record Token(Kind kind, String text, int start, int end) {
        /** Whether this is the unquoted keyword {@code kw} (case-insensitive). */
        boolean is(String kw) {
            return kind == Kind.WORD && text.equalsIgnoreCase(kw);
        }

        boolean isPunct(char c) {
            return kind == Kind.PUNCT && text.charAt(0) == c;
        }

        /** The name it denotes: unquoted names are lower-cased, quoted ones kept as written. */
        String name() {
            return kind == Kind.WORD ? text.toLowerCase(Locale.ROOT) : text;
        }
    }

    private final Script script;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;

    Tokens(Script script, int start, int end) throws SqlException {
        this.script = script;
        String s = script.text;
        int i = start;
        while (i < end) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < end && s.charAt(i + 1) == '-') {
                while (i < end && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < end && s.charAt(i + 1) == '*') {
                int close = s.indexOf("*/", i + 2);
                i = close < 0 || close >= end ? end : close + 2;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i + 1;
                while (j < end && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_' || s.charAt(j) == '$')) {
                    j++;
                }
                tokens.add(new Token(Kind.WORD, s.substring(i, j), i, j));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i + 1;
                while (j < end && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                    j++;
                }
                tokens.add(new Token(Kind.NUMBER, s.substring(i, j), i, j));
                i = j;
            } else if (c == '"' || c == '\'' || c == '`' || c == '[') {
                char q = c == '[' ? ']' : c;
                StringBuilder sb = new StringBuilder();
                int j = i + 1;
                boolean closed = false;
                while (j < end) {
                    char d = s.charAt(j);
                    if (d == q) {
                        if (q != ']' && j + 1 < end && s.charAt(j + 1) == q) {
                            sb.append(q);
                            j += 2;
                            continue;
                        }
                        closed = true;
                        break;
                    }
                    sb.append(d);
                    j++;
                }
                if (!closed) {
                    throw new SqlException(script.line(i), script.column(i), "unterminated " + (c == '\'' ? "string" : "quoted name"));
                }
                tokens.add(new Token(c == '\'' ? Kind.STRING : Kind.QUOTED, sb.toString(), i, j + 1));
                i = j + 1;
            } else {
                tokens.add(new Token(Kind.PUNCT, String.valueOf(c), i, i + 1));
                i++;
            }
        }
        tokens.add(new Token(Kind.END, "", end, end));
    }

    Token peek() {
        return tokens.get(pos);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    Token next() {
        Token t = tokens.get(pos);
        if (t.kind() != Kind.END) {
            pos++;
        }
        return t;
    }

    boolean accept(String kw) {
        if (peek().is(kw)) {
            pos++;
            return true;
        }
        return false;
    }

    boolean accept(char punct) {
        if (peek().isPunct(punct)) {
            pos++;
            return true;
        }
        return false;
    }

    void expect(String kw) throws SqlException {
        if (!accept(kw)) {
            throw error(peek(), "expected " + kw + ", found " + describe(peek()));
        }
    }

    void expect(char punct) throws SqlException {
        if (!accept(punct)) {
            throw error(peek(), "expected '" + punct + "', found " + describe(peek()));
        }
    }

    Token name(String what) throws SqlException {
        Token t = peek();
        if (t.kind() != Kind.WORD && t.kind() != Kind.QUOTED) {
            throw error(t, "expected " + what + ", found " + describe(t));
        }
        return next();
    }

    static String describe(Token t) {
        return t.kind() == Kind.END ? "the end of the statement" : "'" + t.text() + "'";
    }

    SqlException error(Token t, String message) {
        return new SqlException(script.line(t.start()), script.column(t.start()), message);
    }
}
