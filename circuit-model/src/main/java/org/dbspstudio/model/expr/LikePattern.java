package org.dbspstudio.model.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * A compiled SQL LIKE pattern: {@code %} matches any string, {@code _} one character (code point),
 * an optional escape character makes the next character literal.
 *
 * <p>Matching never backtracks. The pattern is split at its {@code %} signs into segments of
 * literal characters and {@code _}. The first segment must match at the start, the last at the
 * end, and every segment in between is placed at its leftmost match after the previous one:
 * leftmost placement leaves the most room for what follows, so when it fails no other placement
 * succeeds. The cost is at most (string length × pattern length) character comparisons, whatever
 * the pattern — {@code '%a%a%a…%b'} included — instead of the exponential time of a backtracking
 * regular expression.
 */
final class LikePattern {
    /** Code points of each segment; {@link #ANY} stands for {@code _}. */
    private final int[][] segments;
    private static final int ANY = -1;

    private LikePattern(int[][] segments) {
        this.segments = segments;
    }

    /**
     * Compiles {@code pattern}; {@code escape} is null or a one-character string.
     *
     * @throws ExprException when the escape is not one character or the pattern ends with it
     */
    static LikePattern compile(String pattern, String escape, String sql, String frag) throws ExprException {
        if (escape != null && escape.codePointCount(0, escape.length()) != 1) {
            throw new ExprException("LIKE escape must be one character, got '" + Limits.clip(escape) + "'", sql, frag);
        }
        int esc = escape == null ? -2 : escape.codePointAt(0);
        List<int[]> segs = new ArrayList<>();
        int[] cur = new int[pattern.length()];
        int n = 0;
        for (int i = 0; i < pattern.length(); ) {
            int cp = pattern.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == esc) {
                if (i >= pattern.length()) {
                    throw new ExprException("LIKE pattern ends with the escape character", sql, frag);
                }
                int next = pattern.codePointAt(i);
                i += Character.charCount(next);
                cur[n++] = next;
            } else if (cp == '%') {
                segs.add(java.util.Arrays.copyOf(cur, n));
                n = 0;
            } else if (cp == '_') {
                cur[n++] = ANY;
            } else {
                cur[n++] = cp;
            }
        }
        segs.add(java.util.Arrays.copyOf(cur, n));
        // segs has one more entry than there are %: the text before the first %, between, after the last
        return new LikePattern(segs.toArray(new int[0][]));
    }

    /** Whether {@code s} matches the whole pattern. */
    boolean matches(String s) {
        int[] text = s.codePoints().toArray();
        int last = segments.length - 1;
        if (last == 0) {
            // no %: the one segment must match the whole text
            return text.length == segments[0].length && matchesAt(segments[0], text, 0);
        }
        int[] first = segments[0];
        int[] end = segments[last];
        if (first.length + end.length > text.length) {
            return false;
        }
        if (!matchesAt(first, text, 0) || !matchesAt(end, text, text.length - end.length)) {
            return false;
        }
        int pos = first.length;
        int limit = text.length - end.length;
        for (int k = 1; k < last; k++) {
            int[] seg = segments[k];
            int at = find(seg, text, pos, limit);
            if (at < 0) {
                return false;
            }
            pos = at + seg.length;
        }
        return true;
    }

    /** The leftmost {@code i >= from} where {@code seg} matches {@code text[i..i+len)} within {@code limit}, or -1. */
    private static int find(int[] seg, int[] text, int from, int limit) {
        for (int i = from; i + seg.length <= limit; i++) {
            if (matchesAt(seg, text, i)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean matchesAt(int[] seg, int[] text, int at) {
        for (int j = 0; j < seg.length; j++) {
            int p = seg[j];
            if (p != ANY && p != text[at + j]) {
                return false;
            }
        }
        return true;
    }
}
