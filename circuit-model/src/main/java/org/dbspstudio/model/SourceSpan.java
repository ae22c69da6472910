package org.dbspstudio.model;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in a source text (a SQL script) an operator came from: from {@code line:column} to
 * {@code endLine:endColumn}, both inclusive and 1-based. Written in a document's {@code sources}
 * section as {@code "3:8-5:20"}.
 */
public record SourceSpan(int line, int column, int endLine, int endColumn) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9}):(\\d{1,9})-(\\d{1,9}):(\\d{1,9})");

    public SourceSpan {
        if (line < 1 || column < 1 || endLine < line || (endLine == line && endColumn < column)) {
            throw new IllegalArgumentException("not a source span: " + line + ":" + column + "-" + endLine + ":" + endColumn);
        }
    }

    /** Parses {@code line:col-line:col}. */
    public static Optional<SourceSpan> parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new SourceSpan(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code line:column} lies inside this span. */
    public boolean contains(int l, int c) {
        boolean afterStart = l > line || (l == line && c >= column);
        boolean beforeEnd = l < endLine || (l == endLine && c <= endColumn);
        return afterStart && beforeEnd;
    }

    @Override
    public String toString() {
        return line + ":" + column + "-" + endLine + ":" + endColumn;
    }
}
