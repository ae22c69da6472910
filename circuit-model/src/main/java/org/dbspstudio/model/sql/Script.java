package org.dbspstudio.model.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * A SQL script cut into statements at the semicolons that are outside strings, quoted names and
 * comments, with a way to turn offsets into 1-based {@code line:column} and back. The front end
 * reads scripts through it, and the IDE maps the front end's positions onto its editor with it.
 */
public final class Script {
    /** One statement: its text is {@code text.substring(start, end)} (without the semicolon). */
    public record Statement(int start, int end) {
    }

    final String text;
    private final int[] lineStarts;

    public Script(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    public String text() {
        return text;
    }

    /** The 1-based line of an offset. */
    public int line(int offset) {
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo + 1;
    }

    /** The 1-based column of an offset. */
    public int column(int offset) {
        return offset - lineStarts[line(offset) - 1] + 1;
    }

    /** The offset of 1-based {@code line:column}, clamped to the text and a column past its line's end to that end. */
    public int offset(int line, int column) {
        if (line < 1) {
            return 0;
        }
        if (line > lineStarts.length) {
            return text.length();
        }
        int lineEnd = line < lineStarts.length ? lineStarts[line] : text.length();
        return Math.min(lineEnd, lineStarts[line - 1] + Math.max(0, column - 1));
    }

    /** The first offset in {@code [from, end)} that is neither white space nor in a comment, else {@code end}. */
    public int skipBlank(int from, int end) {
        int i = from;
        while (i < end) {
            if (Character.isWhitespace(text.charAt(i))) {
                i++;
            } else if (text.startsWith("--", i)) {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? end : nl + 1;
            } else if (text.startsWith("/*", i)) {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? end : close + 2;
            } else {
                break;
            }
        }
        return Math.min(i, end);
    }

    /**
     * The text of {@code [start, end)} preceded by enough newlines and spaces that a parser's
     * line:column positions in it are positions in the whole script.
     */
    String positioned(int start, int end) {
        int line = line(start);
        int col = column(start);
        StringBuilder sb = new StringBuilder(line + col + end - start);
        sb.append("\n".repeat(line - 1)).append(" ".repeat(col - 1)).append(text, start, end);
        return sb.toString();
    }

    /** The statements, in order; blank ones (only spaces and comments) are left out. */
    public List<Statement> statements() {
        List<Statement> out = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = text.length();
        boolean content = false;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
                continue;
            }
            if (c == '\'' || c == '"' || c == '`' || c == '[') {
                char q = c == '[' ? ']' : c;
                i++;
                while (i < n) {
                    if (text.charAt(i) == q) {
                        if (q != ']' && i + 1 < n && text.charAt(i + 1) == q) {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i++;
                }
                i++;
                content = true;
                continue;
            }
            if (c == ';') {
                if (content) {
                    out.add(new Statement(start, i));
                }
                start = i + 1;
                content = false;
                i++;
                continue;
            }
            if (!Character.isWhitespace(c)) {
                content = true;
            }
            i++;
        }
        if (content) {
            out.add(new Statement(start, n));
        }
        return out;
    }
}
