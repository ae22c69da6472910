package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.dbspstudio.engine.value.IndexedZSet;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZInt;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * Turns stream values into what the debugger shows: table entries (key, row, weight), compact
 * summaries ({@code +3 −1}, {@code 12 rows}, a scalar) and the first rows as text.
 */
public final class ValueRows {
    /** The minus sign used in summaries. */
    public static final String MINUS = "−";

    private ValueRows() {
    }

    /**
     * One element of a value: for an indexed Z-set the key and the row under it, else a null key;
     * for an integer stream an empty row whose weight is the integer.
     */
    public record Entry(Row key, Row row, long weight) {
        /** {@code +1 (1, Alice)}, with the key first for an indexed value. */
        public String text() {
            String w = weight >= 0 ? "+" + weight : MINUS + (-weight);
            return w + " " + (key == null ? "" : key + " → ") + row;
        }
    }

    /** Z-sets with more rows are listed in the engine's (deterministic) order; tables sort them on demand. */
    public static final int SORT_LIMIT = 10_000;

    /**
     * Every element of {@code v} (an integer gives one entry unless zero), sorted by key then row;
     * the rows of a Z-set larger than {@link #SORT_LIMIT} are not sorted.
     */
    public static List<Entry> entries(StreamValue v) {
        List<Entry> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        if (v instanceof ZInt z) {
            if (z.value() != 0) {
                out.add(new Entry(null, Row.EMPTY, z.value()));
            }
        } else if (v instanceof ZSet z) {
            z.forEach((r, w) -> out.add(new Entry(null, r, w)));
            if (out.size() <= SORT_LIMIT) {
                out.sort(Comparator.comparing(Entry::row));
            }
        } else if (v instanceof IndexedZSet ix) {
            for (Row k : ix.sortedKeys()) {
                List<Entry> group = new ArrayList<>();
                ix.get(k).forEach((r, w) -> group.add(new Entry(k, r, w)));
                group.sort(Comparator.comparing(Entry::row));
                out.addAll(group);
            }
        }
        return out;
    }

    /**
     * The listing of {@code now} from {@code previous}, the listing of {@code now − delta} sorted by
     * {@code sort} and keeping the rows whose text contains {@code filter} (null: all): the entries
     * of the rows {@code delta} touches are found in {@code previous} by binary search and left out,
     * the touched rows' entries in {@code now} (filtered, sorted) are put where they sort, and the
     * rows between are copied a block at a time — no comparison or hash per row listed. Rows that
     * {@code sort} ranks equal may come in another order than a new sort's. Null when an entry of
     * a touched row is not where {@code previous} should have it (it is not that listing).
     */
    static List<Entry> merge(List<Entry> previous, ZSet delta, ZSet now, Comparator<Entry> sort, String filter) {
        List<Integer> gone = new ArrayList<>();
        List<Entry> added = new ArrayList<>();
        boolean[] missing = {false};
        delta.forEach((r, dw) -> {
            long w = now.weight(r);
            long before = w - dw;
            if (before != 0 && keeps(new Entry(null, r, before), filter)) {
                int i = indexOf(previous, new Entry(null, r, before), sort);
                if (i < 0) {
                    missing[0] = true;
                } else {
                    gone.add(i);
                }
            }
            if (w != 0 && keeps(new Entry(null, r, w), filter)) {
                added.add(new Entry(null, r, w));
            }
        });
        if (missing[0]) {
            return null;
        }
        gone.sort(null);
        added.sort(sort);
        List<Entry> out = new ArrayList<>(previous.size() - gone.size() + added.size());
        int from = 0;
        int g = 0;
        int a = 0;
        int at = added.isEmpty() ? Integer.MAX_VALUE : insertionPoint(previous, added.get(0), sort);
        while (g < gone.size() || a < added.size()) {
            int nextGone = g < gone.size() ? gone.get(g) : Integer.MAX_VALUE;
            if (at <= nextGone) {
                out.addAll(previous.subList(from, at));
                from = at;
                out.add(added.get(a++));
                at = a < added.size() ? insertionPoint(previous, added.get(a), sort) : Integer.MAX_VALUE;
            } else {
                out.addAll(previous.subList(from, nextGone));
                from = nextGone + 1;
                g++;
            }
        }
        out.addAll(previous.subList(from, previous.size()));
        return out;
    }

    private static boolean keeps(Entry e, String filter) {
        return filter == null || e.text().toLowerCase(java.util.Locale.ROOT).contains(filter);
    }

    /** The index of {@code e}'s row in {@code sorted} (sorted by {@code sort}, {@code e} with the weight listed), or −1. */
    private static int indexOf(List<Entry> sorted, Entry e, Comparator<Entry> sort) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sort.compare(sorted.get(mid), e) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < sorted.size() && sort.compare(sorted.get(i), e) == 0; i++) {
            if (sorted.get(i).row().equals(e.row())) {
                return i;
            }
        }
        return -1;
    }

    /** The first index of {@code sorted} whose entry sorts after {@code e}. */
    private static int insertionPoint(List<Entry> sorted, Entry e, Comparator<Entry> sort) {
        int lo = 0;
        int hi = sorted.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sort.compare(sorted.get(mid), e) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Thrown by a listing that its caller no longer wants (a newer one was asked for). */
    static final class Cancelled extends RuntimeException {
        Cancelled() {
            super(null, null, false, false);
        }
    }

    /**
     * {@link #entries(StreamValue)}, checking {@code cancelled} every few thousand rows and
     * throwing {@link Cancelled} when it says so.
     */
    static List<Entry> entries(StreamValue v, java.util.function.BooleanSupplier cancelled) {
        onList.accept(v == null ? 0 : v.rows());
        if (!(v instanceof ZSet z) || z.size() <= SORT_LIMIT) {
            if (cancelled.getAsBoolean()) {
                throw new Cancelled();
            }
            return entries(v);
        }
        List<Entry> out = new ArrayList<>(z.size());
        z.forEach((r, w) -> {
            if ((out.size() & 4095) == 0 && cancelled.getAsBoolean()) {
                throw new Cancelled();
            }
            out.add(new Entry(null, r, w));
        });
        return out;
    }

    /**
     * The first {@code max} entries of a Z-set of more than {@link #SORT_LIMIT} rows, in the order
     * {@link #entries} lists them (the engine's), reading no further.
     */
    static List<Entry> firstEntries(ZSet z, int max) {
        List<Entry> out = new ArrayList<>(max);
        if (z.size() <= SORT_LIMIT) {
            throw new IllegalArgumentException("a Z-set of at most " + SORT_LIMIT + " rows is listed sorted");
        }
        try {
            // forEach, not forEachX: stopped by an unchecked exception, it reads no further than the
            // rows listed in every form (forEachX lists a trie's every row before the first)
            z.forEach((r, w) -> {
                if (out.size() >= max) {
                    throw new Enough();
                }
                out.add(new Entry(null, r, w));
            });
        } catch (Enough e) {
            // the first rows are listed
        }
        return out;
    }

    private static final class Enough extends RuntimeException {
        Enough() {
            super(null, null, false, false);
        }
    }

    /** {@link #summary} of {@code v}, counting the weights of its {@code entries} (listed already) instead of reading it again. */
    static String summary(StreamValue v, List<Entry> entries, boolean asChange) {
        if (!(v instanceof ZSet) || v.isZero()) {
            return summary(v, asChange);
        }
        long pos = 0;
        for (Entry e : entries) {
            if (e.weight() > 0) {
                pos++;
            }
        }
        return fromCounts(pos, entries.size() - pos, asChange);
    }

    /**
     * A compact summary: the integer for {@code Z}; for Z-sets {@code N rows} when every weight
     * is positive and {@code asChange} is false, else {@code +p −n} (rows with positive and
     * negative weights; a zero part is left out); {@code ∅} for an empty value; indexed values add their key count.
     */
    public static String summary(StreamValue v, boolean asChange) {
        if (v == null) {
            return "—";
        }
        if (v instanceof ZInt z) {
            return Long.toString(z.value());
        }
        if (v.isZero()) {
            return "∅";
        }
        long[] pn = new long[2];
        String keys = "";
        if (v instanceof ZSet z) {
            pn = counts(z);
        } else if (v instanceof IndexedZSet ix) {
            onCount.accept(ix.rows());
            long[] sum = pn;
            ix.forEach((k, z) -> count(z, sum));
            keys = ix.keyCount() + (ix.keyCount() == 1 ? " key, " : " keys, ");
        }
        return keys + fromCounts(pn[0], pn[1], asChange);
    }

    /** The summary of a non-empty Z-set with {@code pos} rows of positive and {@code neg} of negative weight. */
    static String fromCounts(long pos, long neg, boolean asChange) {
        if (pos + neg == 0) {
            return "∅";
        }
        if (!asChange && neg == 0) {
            return pos + (pos == 1 ? " row" : " rows");
        }
        if (neg == 0) {
            return "+" + pos;
        }
        return (pos == 0 ? "" : "+" + pos + " ") + MINUS + neg;
    }

    private static void count(ZSet z, long[] pn) {
        z.forEach((r, w) -> pn[w > 0 ? 0 : 1]++);
    }

    /**
     * Called with a value's number of rows before it is counted row by row (the debugger's tests
     * check that no large value is counted on the JavaFX thread).
     */
    static volatile java.util.function.LongConsumer onCount = rows -> { };

    /** Called with a value's number of rows before the inspector lists all of them (tests check which steps do). */
    static volatile java.util.function.LongConsumer onList = rows -> { };

    /** The rows of {@code z} with positive and with negative weights, counted row by row. */
    static long[] counts(ZSet z) {
        onCount.accept(z.size());
        long[] pn = new long[2];
        count(z, pn);
        return pn;
    }

    /** The first {@code max} entries as lines, with a last line saying how many more there are. */
    public static String firstRows(StreamValue v, int max) {
        if (v == null) {
            return "no value";
        }
        if (v instanceof ZInt z) {
            return "value " + z.value();
        }
        // a large Z-set is listed in its own order: its first rows are read, not all of them
        List<Entry> all = v instanceof ZSet z && z.size() > SORT_LIMIT ? firstEntries(z, max) : entries(v);
        if (all.isEmpty()) {
            return "empty";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(max, all.size()); i++) {
            sb.append(i == 0 ? "" : "\n").append(all.get(i).text());
        }
        if (v.rows() > max) {
            sb.append("\n… ").append(v.rows() - max).append(" more");
        }
        return sb.toString();
    }

    /** Total absolute weight of positive and negative entries: {@code [insertions, deletions]}. */
    public static long[] weights(StreamValue v) {
        long[] pn = new long[2];
        if (v != null) {
            onCount.accept(v.rows());
        }
        if (v instanceof ZSet z) {
            // read in the engine's order: no entry, text or sort per row
            z.forEach((r, w) -> pn[w > 0 ? 0 : 1] += Math.abs(w));
            return pn;
        }
        for (Entry e : entries(v)) {
            pn[e.weight() > 0 ? 0 : 1] += Math.abs(e.weight());
        }
        return pn;
    }
}
