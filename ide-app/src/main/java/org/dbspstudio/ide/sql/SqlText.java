package org.dbspstudio.ide.sql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.sql.Script;

/**
 * A SQL text read as the front end reads it ({@link Script}): turns the front end's 1-based
 * {@code line:column} positions and {@link SourceSpan}s into character ranges of the editor and back,
 * and finds the operators a caret or a selection belongs to. No JavaFX.
 */
public final class SqlText {
    /** A character range {@code [start, end)} of the text. */
    public record Range(int start, int end) {
        public int length() {
            return end - start;
        }

        boolean contains(Range r) {
            return start <= r.start && r.end <= end;
        }
    }

    private final String text;
    private final Script script;

    public SqlText(String text) {
        this.text = text;
        this.script = new Script(text);
    }

    public String text() {
        return text;
    }

    /** The offset of 1-based {@code line:column}, clamped to the text and a column past its line's end to that end. */
    public int offset(int line, int column) {
        return script.offset(line, column);
    }

    /** The 1-based line of an offset. */
    public int line(int offset) {
        return script.line(offset);
    }

    /** The 1-based column of an offset. */
    public int column(int offset) {
        return script.column(offset);
    }

    /**
     * The characters of a span (both ends inclusive), without the spaces and comments a statement's
     * span may start with (it begins right after the previous semicolon).
     */
    public Range range(SourceSpan s) {
        int start = offset(s.line(), s.column());
        int end = Math.min(text.length(), offset(s.endLine(), s.endColumn()) + 1);
        int i = script.skipBlank(start, end);
        return i < end ? new Range(i, end) : new Range(start, Math.max(start, end));
    }

    /** The range of every operator with a span, by operator id. */
    public Map<String, Range> ranges(Map<String, SourceSpan> sources) {
        Map<String, Range> out = new LinkedHashMap<>();
        sources.forEach((id, span) -> out.put(id, range(span)));
        return out;
    }

    /**
     * The operators a caret or selection {@code [start, end)} stands for. A selection picks the
     * operators whose SQL lies inside it (selecting a whole view picks all its operators); a caret,
     * or a selection inside one operator's SQL, picks the operators of the innermost span that
     * contains it (the caret in a WHERE clause picks the filter, not the view around it).
     */
    public static List<String> operatorsAt(Map<String, Range> ranges, int start, int end) {
        Range sel = new Range(Math.min(start, end), Math.max(start, end));
        if (sel.length() > 0) {
            List<String> inside = ranges.entrySet().stream()
                    .filter(e -> sel.contains(e.getValue()) && e.getValue().length() > 0)
                    .map(Map.Entry::getKey).toList();
            if (!inside.isEmpty()) {
                return inside;
            }
        }
        // the caret may stand just after the last character of a span (after typing it)
        Range probe = sel.length() > 0 ? sel : new Range(sel.start, sel.start);
        Range best = null;
        for (Range r : ranges.values()) {
            boolean holds = r.start <= probe.start && (probe.length() == 0 ? probe.start <= r.end : probe.end <= r.end);
            if (holds && (best == null || r.length() < best.length())) {
                best = r;
            }
        }
        if (best == null) {
            return List.of();
        }
        Range chosen = best;
        return ranges.entrySet().stream().filter(e -> e.getValue().equals(chosen)).map(Map.Entry::getKey).toList();
    }

    /** Ranges merged where they overlap or touch, in order. */
    public static List<Range> union(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingInt(Range::start));
        List<Range> out = new ArrayList<>();
        for (Range r : sorted) {
            if (!out.isEmpty() && r.start <= out.get(out.size() - 1).end) {
                Range last = out.remove(out.size() - 1);
                out.add(new Range(last.start, Math.max(last.end, r.end)));
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /** The token at or after an offset that an error at that offset should underline (at least one character). */
    public Range errorRange(int line, int column) {
        int at = offset(line, column);
        if (text.isEmpty()) {
            return new Range(0, 0);
        }
        if (at >= text.length()) {
            return new Range(text.length() - 1, text.length());
        }
        for (SqlLexer.Token t : SqlLexer.tokens(text)) {
            if (t.start() <= at && at < t.end() && t.kind() != SqlLexer.Kind.SPACE) {
                return new Range(at, t.end());
            }
        }
        return new Range(at, at + 1);
    }
}
