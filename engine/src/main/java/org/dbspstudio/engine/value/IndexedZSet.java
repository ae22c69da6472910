package org.dbspstudio.engine.value;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import org.dbspstudio.model.types.Row;

/**
 * An indexed Z-set: a finite map from key rows to non-empty Z-sets (GROUP BY, an index on a key,
 * an arrangement). A group pointwise; immutable and persistent like {@link ZSet}.
 *
 * <p>Two forms. When every key packs into words ({@link Cells}: 1 to 16 columns) the value is an
 * <em>arrangement spine</em>: a few immutable {@link KeyBatch}es (flat hash tables of packed keys,
 * each key's Z-set beside it) whose Z-sets add up. Adding a change appends it as a batch and
 * merges the newest batches while the one before is at most {@link #RATIO} times larger, as
 * {@link Spine} does for rows: about log₄ n batches, each key rewritten O(log n) times over the
 * life of the index, and a new version shares every batch it did not merge with the old one. A
 * lookup probes each batch (the small ones stay in cache) and sums the hits. Keys that cannot be
 * packed fall back to a persistent hash trie of key rows ({@link PMap}).
 */
public final class IndexedZSet implements StreamValue {
    public static final IndexedZSet EMPTY = new IndexedZSet(PMap.empty(), 0);

    /** Merge the newest batch into the one before while that one is at most this many times larger. */
    static final int RATIO = 4;

    /** The trie form (null in the batched form). */
    private final PMap<Row, ZSet> map;
    /** The batched form: oldest (largest) first. */
    private final KeyBatch[] batches;
    private final int keyCount;
    private final long rows;

    private IndexedZSet(PMap<Row, ZSet> map, long rows) {
        this.map = map;
        this.batches = null;
        this.keyCount = map.size();
        this.rows = rows;
    }

    private IndexedZSet(KeyBatch[] batches, int keyCount, long rows) {
        this.map = null;
        this.batches = batches;
        this.keyCount = keyCount;
        this.rows = rows;
    }

    private static IndexedZSet of(KeyBatch b) {
        return b == null ? EMPTY : new IndexedZSet(new KeyBatch[] {b}, b.n, b.rows);
    }

    public static Builder builder() {
        return new Builder(EMPTY);
    }

    /** A key of a row (null: the row is left out, as a row with a NULL join key is). */
    @FunctionalInterface
    public interface KeyOf<E extends Exception> {
        Row key(Row row) throws E;
    }

    /**
     * The index of {@code z}'s rows by {@code keyOf} — each key's Z-set holds the rows of {@code z}
     * with that key, with their weights — built as one batch: each key is packed and found once per
     * row in the batch's own table (no key row hashed or compared as an object), the rows of each key
     * gathered by a counting sort and each key's Z-set built once at its final size (a key of one row
     * of weight 1 holds the row itself). Keys that do not pack go through {@link Builder}.
     */
    public static <E extends Exception> IndexedZSet group(ZSet z, KeyOf<E> keyOf) throws E {
        int size = z.size();
        if (size == 0) {
            return EMPTY;
        }
        Row[] rows = new Row[size];
        long[] ws = new long[size];
        Row[] keys = new Row[size];
        int[] n = {0};
        z.forEachX((r, w) -> {
            Row k = keyOf.key(r);
            if (k != null) {
                rows[n[0]] = r;
                ws[n[0]] = w;
                keys[n[0]++] = k;
            }
        });
        int m = n[0];
        if (m == 0) {
            return EMPTY;
        }
        int arity = keys[0].size();
        boolean packs = Cells.packable(arity);
        for (int i = 1; i < m && packs; i++) {
            packs = keys[i].size() == arity;
        }
        if (!packs) {
            java.util.Map<Row, ZSet.Builder> groups = new java.util.HashMap<>();
            for (int i = 0; i < m; i++) {
                groups.computeIfAbsent(keys[i], x -> ZSet.builder()).add(rows[i], ws[i]);
            }
            Builder b = builder();
            groups.forEach((k, g) -> b.add(k, g.build()));
            return b.build();
        }
        int stride = arity + 1;
        long[] words = new long[m * stride];
        for (int i = 0; i < m; i++) {
            Cells.encodeHashed(keys[i], words, i * stride);
        }
        return batched(arity, words, keys, rows, null, ws, m);
    }

    /**
     * {@link #group} by plain columns ({@code cols}: each key value is the row's value in that
     * column, a row with a NULL there left out, as {@code KeyFn.key} does for plain column
     * references): each key's words are written straight from the row's fields, with no key row
     * built, hashed and encoded per row; only a key holding an object (text, decimal, date: its
     * words hold the object's hash, confirmed by the objects) keeps a key row. Equal to
     * {@code group(z, row -> the values of cols, or null)}.
     */
    public static IndexedZSet groupByColumns(ZSet z, int[] cols) {
        int arity = cols.length;
        if (!Cells.packable(arity)) {
            return group(z, r -> columnKey(r, cols));
        }
        int size = z.size();
        if (size == 0) {
            return EMPTY;
        }
        int stride = arity + 1;
        Row[] rows = new Row[size];
        int[] hs = new int[size];
        long[] ws = new long[size];
        long[] words = new long[size * stride];
        Row[][] keys = {null};
        int[] n = {0};
        z.forEach((r, w) -> {
            int i = n[0];
            int at = i * stride;
            boolean integers = true;
            for (int c = 0; c < arity; c++) {
                Object v = r.get(cols[c]);
                if (v instanceof Long l) {
                    words[at + 1 + c] = l;
                } else if (v == null) {
                    return; // a NULL key matches nothing: the row is left out
                } else {
                    integers = false;
                }
            }
            if (integers) {
                words[at] = 0; // the tag word of integer cells
            } else {
                Row key = columnKey(r, cols);
                Cells.encodeHashed(key, words, at);
                if (keys[0] == null) {
                    keys[0] = new Row[size];
                }
                keys[0][i] = key;
            }
            rows[i] = r;
            hs[i] = r.hashCode(); // read now, while the row is in cache
            ws[i] = w;
            n[0] = i + 1;
        });
        return n[0] == 0 ? EMPTY : batched(arity, words, keys[0], rows, hs, ws, n[0]);
    }

    /** The values of {@code cols} in {@code r} as a row, or null when one is NULL. */
    private static Row columnKey(Row r, int[] cols) {
        Object[] v = new Object[cols.length];
        for (int c = 0; c < cols.length; c++) {
            v[c] = r.get(cols[c]);
            if (v[c] == null) {
                return null;
            }
        }
        return Row.wrap(v);
    }

    /** The first capacity of the key table of {@link #batched} (it doubles as keys are found). */
    static final int FIRST_KEYS = 1024;

    /**
     * One key batch of the {@code m} rows (with weights {@code ws}) whose packed keys are
     * {@code words} ({@code arity + 1} words each, as {@link Cells#encodeHashed} writes them);
     * {@code keys} holds the key rows of keys with an object cell (or is null when there is none):
     * each key found once per row in the batch's own table, the rows of each key gathered by a
     * counting sort and each key's Z-set built once at its final size (a key of one row of weight 1
     * holds the row itself). The rows are distinct (a Z-set's); with their hash codes {@code hs}
     * given (else null), a key's Z-set is filled without reading its rows again.
     */
    private static IndexedZSet batched(int arity, long[] words, Row[] keys, Row[] rows, int[] hs, long[] ws, int m) {
        int stride = arity + 1;
        // the keys are usually far fewer than the rows (B3: about 2,000 destinations for 60,000 facts):
        // the table starts small and doubles, rather than starting at the rows' count
        KeyBatch.Builder kb = new KeyBatch.Builder(arity, Math.min(m, FIRST_KEYS));
        int[] entry = new int[m];
        for (int i = 0; i < m; i++) {
            int at = i * stride;
            entry[i] = kb.entry(words, at, KeyBatch.hash(words, at, stride), keys == null ? null : keys[i]);
        }
        int e = kb.size();
        int[] start = new int[e + 1];
        for (int i = 0; i < m; i++) {
            start[entry[i] + 1]++;
        }
        for (int k = 0; k < e; k++) {
            start[k + 1] += start[k];
        }
        int[] at = Arrays.copyOf(start, e);
        int[] order = new int[m];
        for (int i = 0; i < m; i++) {
            order[at[entry[i]]++] = i;
        }
        for (int k = 0; k < e; k++) {
            int from = start[k];
            int to = start[k + 1];
            if (to - from == 1 && ws[order[from]] == 1) {
                kb.set(k, rows[order[from]]);
            } else if (hs != null) {
                kb.set(k, ZSet.ofDistinct(rows, hs, ws, order, from, to));
            } else {
                ZSet.Builder g = ZSet.builder(to - from);
                for (int q = from; q < to; q++) {
                    g.add(rows[order[q]], ws[order[q]]);
                }
                kb.set(k, g.build());
            }
        }
        return of(kb.build());
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The packed words of {@code key} for lookups in batches of this arity, or null when no batch can hold it. */
    private static long[] probe(Row key, int arity) {
        if (key.size() != arity) {
            return null;
        }
        long[] p = new long[arity + 1];
        Cells.encodeHashed(key, p, 0);
        return p;
    }

    /** The Z-set under {@code key} (empty when absent). */
    public ZSet get(Row key) {
        if (map != null) {
            ZSet z = map.get(key);
            return z == null ? ZSet.EMPTY : z;
        }
        long[] p = probe(key, batches[0].arity);
        return p == null ? ZSet.EMPTY : get(p, KeyBatch.hash(p, 0, p.length), key);
    }

    private ZSet get(long[] p, int h, Row key) {
        ZSet found = null;
        ZSet.Builder sum = null;
        for (KeyBatch b : batches) {
            int k = b.find(p, h, key);
            if (k >= 0) {
                if (found == null) {
                    found = b.set(k);
                } else {
                    if (sum == null) {
                        sum = ZSet.builder().addAll(found);
                    }
                    sum.addAll(b.set(k));
                }
            }
        }
        return sum != null ? sum.build() : found == null ? ZSet.EMPTY : found;
    }

    /**
     * Visits the rows under {@code key} with their weights, without building their Z-set: a key held
     * in several batches is visited once per batch (its rows' weights there), so a row may come
     * more than once and its weights add up to its weight under the key. Returns the number of
     * visits.
     */
    public <E extends Exception> long forEachUnder(Row key, ZSet.RowWeightX<E> action) throws E {
        if (map != null) {
            ZSet z = map.get(key);
            if (z == null) {
                return 0;
            }
            z.forEachX(action);
            return z.size();
        }
        long[] p = probe(key, batches[0].arity);
        if (p == null) {
            return 0;
        }
        return forEachInBatches(p, key, action);
    }

    /**
     * How many visits {@link #forEachUnder(Row, ZSet.RowWeightX)} would make under {@code key} (the
     * rows under it in each batch holding it), without visiting them.
     */
    public long visitsUnder(Row key) {
        if (map != null) {
            ZSet z = map.get(key);
            return z == null ? 0 : z.size();
        }
        long[] p = probe(key, batches[0].arity);
        if (p == null) {
            return 0;
        }
        int h = KeyBatch.hash(p, 0, p.length);
        long n = 0;
        for (KeyBatch b : batches) {
            int k = b.find(p, h, key);
            if (k >= 0) {
                n += b.size(k);
            }
        }
        return n;
    }

    /**
     * {@link #forEachUnder(Row, ZSet.RowWeightX)} for a key of non-null integers given packed:
     * {@code p[0]} 0 (the tag word of integer cells), then the key's values; no key row is built
     * (a join probing with a batch of cells).
     */
    public <E extends Exception> long forEachUnderIntegers(long[] p, ZSet.RowWeightX<E> action) throws E {
        if (map != null || batches[0].arity != p.length - 1) {
            Object[] v = new Object[p.length - 1];
            for (int i = 0; i < v.length; i++) {
                v[i] = p[i + 1];
            }
            return forEachUnder(Row.wrap(v), action);
        }
        return forEachInBatches(p, null, action);
    }

    /**
     * The rows under packed key {@code p} in every batch, handed to {@code action}; {@code key} is
     * the key row, or null when the key holds only integers (its words alone decide a match).
     */
    private <E extends Exception> long forEachInBatches(long[] p, Row key, ZSet.RowWeightX<E> action) throws E {
        int h = KeyBatch.hash(p, 0, p.length);
        long n = 0;
        for (KeyBatch b : batches) {
            int k = b.find(p, h, key);
            if (k >= 0) {
                b.forEach(k, action);
                n += b.size(k);
            }
        }
        return n;
    }

    /** The key batches of the batched form, shared (never to be changed); null for the trie form. */
    KeyBatch[] keyBatches() {
        return batches;
    }

    /** Number of keys. */
    public int keyCount() {
        return keyCount;
    }

    @Override
    public long rows() {
        return rows;
    }

    @Override
    public boolean isZero() {
        return keyCount == 0;
    }

    /** Whether this value is held as batches of packed keys (else a trie of key rows). */
    public boolean batched() {
        return batches != null;
    }

    /** The number of batches of the batched form (0 for the trie form). */
    public int batchCount() {
        return batches == null ? 0 : batches.length;
    }

    /** The batches merged into one new batch (not kept: a caller that needs it once builds it once). */
    private KeyBatch merged() {
        KeyBatch m = batches[0];
        for (int i = 1; i < batches.length && m != null; i++) {
            m = KeyBatch.merge(m, batches[i]);
        }
        return m;
    }

    /**
     * Visits every key with its Z-set. The batched form reads its batches in place, without a
     * merged copy: a key is visited at its first batch, its Z-set summed with its hits in the later
     * batches, and skipped when it sums to nothing or an earlier batch holds it.
     */
    public void forEach(BiConsumer<Row, ZSet> action) {
        if (map != null) {
            map.forEach(action);
            return;
        }
        int stride = batches[0].arity + 1;
        long[] p = new long[stride];
        for (int i = 0; i < batches.length; i++) {
            KeyBatch b = batches[i];
            entries:
            for (int k = 0; k < b.n; k++) {
                if (batches.length == 1) {
                    action.accept(b.key(k), b.set(k));
                    continue;
                }
                ZSet z = b.set(k);
                {
                    System.arraycopy(b.words, k * stride, p, 0, stride);
                    int h = b.hashes[k];
                    Row key = b.keyRow(k);
                    for (int j = 0; j < i; j++) {
                        if (batches[j].find(p, h, key) >= 0) {
                            continue entries;
                        }
                    }
                    ZSet.Builder sum = null;
                    for (int j = i + 1; j < batches.length; j++) {
                        int e = batches[j].find(p, h, key);
                        if (e >= 0) {
                            if (sum == null) {
                                sum = z.toBuilder();
                            }
                            sum.addAll(batches[j].set(e));
                        }
                    }
                    if (sum != null) {
                        z = sum.build();
                        if (z.isEmpty()) {
                            continue;
                        }
                    }
                }
                action.accept(b.key(k), z);
            }
        }
    }

    /** The trie form of this value. */
    private PMap<Row, ZSet> trie() {
        if (map != null) {
            return map;
        }
        PMap.Editor<Row, ZSet> e = new PMap.Editor<>(PMap.empty());
        forEach((k, z) -> e.merge(k, z, (a, b) -> b));
        return e.build();
    }

    /**
     * This plus a batch of the same arity: counts the keys and rows that appear or cancel (a lookup
     * per key of the batch), then appends it and merges the newest batches geometrically.
     */
    /**
     * The key's Z-sets in this arrangement's batches, unsummed, into {@code out} (in batch order);
     * returns how many batches hold the key.
     */
    private int parts(long[] p, int h, Row key, ZSet[] out) {
        int n = 0;
        for (KeyBatch b : batches) {
            int k = b.find(p, h, key);
            if (k >= 0) {
                out[n++] = b.set(k);
            }
        }
        return n;
    }

    /**
     * For key entry k of change {@code d}, whose key this arrangement holds in {@code np} batches
     * ({@code parts}): how many rows its change adds (rows that appear minus rows that cancel), and
     * how the number of keys changes (+1: the key's rows had all cancelled across the batches and the
     * change brings some; −1: the change cancels all of them; else 0). Each row's earlier weight is the
     * sum of its weights in the parts, so no summed Z-set is built; the parts' rows are read only until
     * one shows the key non-empty before and after the change.
     */
    private static long[] countAcross(KeyBatch d, int k, ZSet[] parts, int np) {
        int[] delta = {0};
        boolean[] fresh = {false};
        d.forEach(k, (r, w) -> {
            long ow = 0;
            for (int q = 0; q < np; q++) {
                ow = Math.addExact(ow, parts[q].weight(r));
            }
            if (ow == 0) {
                delta[0]++;
                fresh[0] = true;
            } else if (Math.addExact(ow, w) == 0) {
                delta[0]--;
            }
        });
        // before: some row of the parts sums to non-zero; after: some row sums to non-zero with the change
        // (or the change brings a row that had none)
        boolean[] before = {false};
        boolean[] after = {fresh[0]};
        ZSet change = d.set(k);
        for (int q = 0; q < np && !(before[0] && after[0]); q++) {
            parts[q].forEach((r, w) -> {
                if (!(before[0] && after[0])) {
                    long sum = 0;
                    for (int x = 0; x < np; x++) {
                        sum = Math.addExact(sum, parts[x].weight(r));
                    }
                    before[0] |= sum != 0;
                    after[0] |= Math.addExact(sum, change.weight(r)) != 0;
                }
            });
        }
        return new long[] {delta[0], (after[0] ? 1 : 0) - (before[0] ? 1 : 0)};
    }

    private IndexedZSet withBatch(KeyBatch d) {
        if (d == null) {
            return this;
        }
        if (isZero()) {
            return of(d);
        }
        int keys = keyCount;
        long rs = rows;
        int stride = d.arity + 1;
        long[] p = new long[stride];
        ZSet[] parts = new ZSet[batches.length];
        for (int k = 0; k < d.n; k++) {
            System.arraycopy(d.words, k * stride, p, 0, stride);
            int np = parts(p, d.hashes[k], d.keyRow(k), parts);
            if (np == 0) {
                keys++;
                rs += d.size(k);
                continue;
            }
            if (np > 1) {
                // the key in several batches: its rows' earlier weights summed from them, not one Z-set built
                long[] counted = countAcross(d, k, parts, np);
                rs += counted[0];
                keys += (int) counted[1];
                continue;
            }
            ZSet old = parts[0];
            int[] delta = {0};
            d.forEach(k, (r, w) -> {
                long ow = old.weight(r);
                if (ow == 0) {
                    delta[0]++;
                } else if (Math.addExact(ow, w) == 0) {
                    delta[0]--;
                }
            });
            rs += delta[0];
            if (old.size() + delta[0] == 0) {
                keys--;
            }
        }
        if (keys == 0) {
            return EMPTY;
        }
        KeyBatch[] bs = Arrays.copyOf(batches, batches.length + 1);
        bs[batches.length] = d;
        int k = bs.length;
        while (k >= 2 && bs[k - 2].n <= RATIO * (long) bs[k - 1].n) {
            KeyBatch m = KeyBatch.merge(bs[k - 2], bs[k - 1]);
            if (m == null) {
                k -= 2; // everything in the two batches cancelled
            } else {
                bs[k - 2] = m;
                k--;
            }
        }
        return new IndexedZSet(Arrays.copyOf(bs, k), keys, rs);
    }

    /** This value as one batch of {@code arity}, or null when it cannot be (trie keys that do not pack). */
    private KeyBatch asBatch(int arity) {
        if (batches != null) {
            return batches[0].arity == arity ? merged() : null;
        }
        KeyBatch.Builder b = new KeyBatch.Builder(arity, keyCount);
        long[] p = new long[arity + 1];
        boolean[] ok = {true};
        map.forEach((k, z) -> {
            if (ok[0] && k.size() == arity && Cells.packable(arity)) {
                Cells.encodeHashed(k, p, 0);
                b.put(p, 0, KeyBatch.hash(p, 0, p.length), k, z);
            } else {
                ok[0] = false;
            }
        });
        return ok[0] ? b.build() : null;
    }

    @Override
    public IndexedZSet plus(StreamValue other) {
        IndexedZSet o = (IndexedZSet) other;
        if (o.isZero()) {
            return this;
        }
        if (isZero()) {
            return o;
        }
        IndexedZSet big = keyCount >= o.keyCount ? this : o;
        IndexedZSet small = big == this ? o : this;
        if (big.batches != null || small.batches != null) {
            IndexedZSet base = big.batches != null ? big : small;
            IndexedZSet added = base == big ? small : big;
            KeyBatch d = added.asBatch(base.batches[0].arity);
            if (d != null) {
                return base.withBatch(d);
            }
        }
        PMap.Editor<Row, ZSet> e = new PMap.Editor<>(big.trie());
        long[] rs = {big.rows};
        small.forEach((k, z) -> rs[0] += Builder.addTo(e, k, z));
        PMap<Row, ZSet> m = e.build();
        return m.isEmpty() ? EMPTY : new IndexedZSet(m, rs[0]);
    }

    @Override
    public IndexedZSet negate() {
        if (batches != null) {
            KeyBatch[] bs = new KeyBatch[batches.length];
            for (int i = 0; i < bs.length; i++) {
                bs[i] = batches[i].negate();
            }
            return new IndexedZSet(bs, keyCount, rows);
        }
        Builder b = builder();
        map.forEach((k, z) -> b.add(k, z.negate()));
        return b.build();
    }

    /** Keys sorted, for deterministic output. */
    public List<Row> sortedKeys() {
        List<Row> keys = new ArrayList<>(keyCount);
        forEach((k, z) -> keys.add(k));
        keys.sort(Comparator.naturalOrder());
        return keys;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof IndexedZSet z) || z.keyCount != keyCount) {
            return false;
        }
        boolean[] eq = {true};
        forEach((k, v) -> eq[0] &= v.equals(z.get(k)));
        return eq[0];
    }

    @Override
    public int hashCode() {
        int[] h = {0};
        forEach((k, v) -> h[0] += k.hashCode() ^ v.hashCode());
        return h[0];
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (Row k : sortedKeys()) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(k).append(" → ").append(get(k));
        }
        return sb.append('}').toString();
    }

    /**
     * Accumulates (key, row, weight) triples or whole Z-sets per key: into a new batch of packed
     * keys (added to the base as one batch by {@link #build()}), or into a transient copy of a
     * trie when the base is a trie or some key does not pack.
     */
    public static final class Builder {
        /** What the builder adds to: the value it started from, then what it built last. */
        private IndexedZSet base;
        private PMap.Editor<Row, ZSet> editor;
        private long rows;
        private KeyBatch.Builder batch;
        private long[] scratch;

        private Builder(IndexedZSet base) {
            this.base = base;
            if (base.map != null && !base.map.isEmpty()) {
                editor = new PMap.Editor<>(base.map);
                rows = base.rows;
            }
        }

        /** Adds z under key in a trie editor; returns the change in rows. */
        static long addTo(PMap.Editor<Row, ZSet> editor, Row key, ZSet z) {
            ZSet old = editor.get(key);
            long before = old == null ? 0 : old.size();
            ZSet now = old == null ? z : old.plus(z);
            editor.merge(key, now, (a, b) -> b.isEmpty() ? null : b);
            return now.size() - before;
        }

        public Builder add(Row key, ZSet z) {
            if (z.isEmpty()) {
                return this;
            }
            if (editor == null) {
                int arity = base.batches != null ? base.batches[0].arity : batch != null ? batch.arity : key.size();
                if (key.size() == arity && Cells.packable(arity)) {
                    if (batch == null) {
                        batch = new KeyBatch.Builder(arity, 16);
                        scratch = new long[arity + 1];
                    }
                    Cells.encodeHashed(key, scratch, 0);
                    batch.put(scratch, 0, KeyBatch.hash(scratch, 0, scratch.length), key, z);
                    return this;
                }
                toTrie();
            }
            rows += addTo(editor, key, z);
            return this;
        }

        /** Moves to the trie form: the base's entries and those added so far. */
        private void toTrie() {
            editor = new PMap.Editor<>(base.trie());
            rows = base.rows;
            if (batch != null) {
                KeyBatch b = batch.build();
                batch = null;
                if (b != null) {
                    for (int k = 0; k < b.n; k++) {
                        rows += addTo(editor, b.key(k), b.set(k));
                    }
                }
            }
        }

        public Builder add(Row key, Row row, long weight) {
            if (weight == 1 && editor == null && batch != null && key.size() == batch.arity) {
                Cells.encodeHashed(key, scratch, 0);
                batch.put(scratch, 0, KeyBatch.hash(scratch, 0, scratch.length), key, row);
                return this;
            }
            return weight == 0 ? this : add(key, ZSet.of(row, weight));
        }

        public IndexedZSet build() {
            if (editor != null) {
                PMap<Row, ZSet> m = editor.build();
                return m.isEmpty() ? EMPTY : new IndexedZSet(m, rows);
            }
            if (batch == null) {
                return base;
            }
            KeyBatch b = batch.build();
            batch = null;
            base = base.batches != null ? base.withBatch(b) : of(b);
            return base;
        }
    }
}
