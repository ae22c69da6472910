package org.dbspstudio.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One ORDER BY key of a top-k operator: an expression, its direction and where NULLs go. Written
 * in a parameter as SQL writes it: {@code "score DESC"}, {@code "name"}, {@code "t ASC NULLS LAST"}.
 * NULL is the smallest value unless {@code NULLS FIRST}/{@code NULLS LAST} says otherwise: first
 * in ascending order, last in descending order.
 */
public record SortKey(String expr, boolean descending, boolean nullsFirst) {
    private static final Pattern SUFFIX = Pattern.compile(
            "(?is)^(.*?)(?:\\s+(ASC|DESC))?(?:\\s+NULLS\\s+(FIRST|LAST))?\\s*$");

    /** Parses {@code expr [ASC|DESC] [NULLS FIRST|LAST]}. */
    public static SortKey parse(String text) {
        Matcher m = SUFFIX.matcher(text == null ? "" : text);
        if (!m.matches()) {
            return new SortKey(text, false, true);
        }
        boolean desc = m.group(2) != null && m.group(2).equalsIgnoreCase("DESC");
        boolean nullsFirst = m.group(3) == null ? !desc : m.group(3).equalsIgnoreCase("FIRST");
        return new SortKey(m.group(1).trim(), desc, nullsFirst);
    }

    /** Parses each entry of an {@code orderBy} parameter. */
    public static List<SortKey> parseAll(List<String> texts) {
        List<SortKey> out = new ArrayList<>();
        if (texts != null) {
            for (String t : texts) {
                out.add(parse(t));
            }
        }
        return out;
    }

    /** As SQL writes it, with the NULL placement explicit: {@code score DESC NULLS LAST}. */
    public String sql(String exprSql) {
        return exprSql + (descending ? " DESC" : " ASC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }

    @Override
    public String toString() {
        return expr + (descending ? " DESC" : "");
    }

    /** The rank functions a top-k operator filters by. */
    public enum Rank {
        /** Each copy of a row its own position: exactly k copies per partition (when there are k). */
        ROW_NUMBER,
        /** 1 + the copies sorting strictly before (peers share a rank; ranks skip after ties). */
        RANK,
        /** 1 + the distinct ORDER BY values strictly before (no gaps). */
        DENSE_RANK;

        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Rank fromJson(String s) {
            return valueOf(s.toUpperCase(Locale.ROOT));
        }
    }
}
