package org.dbspstudio.engine.ops;

import java.util.Arrays;
import org.dbspstudio.engine.value.NestedTrace;

/**
 * The entries of a nested-time trace by row: for every row (keyed by its packed words, tag word and
 * cells, {@code width} words, as {@link FollowedRows} keys them) its non-zero entries
 * {@code (iteration, weight)}, ascending by iteration — the same map the trace's sorted runs hold,
 * kept beside them by the outer sum that adds to the trace ({@link OuterIntegrate}), so that what an
 * addition must read of its rows (their weights at j and up to j, and their entries after j) is one
 * hash lookup per row instead of a search in every run of the trace (in the largest runs, one to
 * several cache misses per run).
 *
 * <p>An open-addressing table of ids (per slot the key's hash in the high 32 bits and id + 1 in the low
 * ones; linear probing) and per id one record: the key's words, then its first entry (the lowest
 * iteration: iteration and the link to the next entry in one word, the weight in the next), so that
 * the lookup that compares the key also brings the row's first entry into the cache; further entries
 * are pairs of words (iteration and link, weight) in one array, ascending, those that cancel going
 * to a free list. A row whose entries all cancel
 * keeps its id (with no entries). The table refuses to grow beyond {@code maxRows} rows
 * ({@link #add} returns false): the caller then drops it and searches the runs again.
 */
final class TraceIndex {
    /** Words per key: the rows' arity + 1. */
    final int width;
    /** Words per record: the key, then the first entry (iteration and link, weight), then the owner's word ({@link #mark}). */
    private final int rec;
    private final long maxRows;
    private final int hashMask;
    /** Per id, {@link #rec} words: the key's words, then {@code it << 32 | next} and the weight (0: no entry), then the mark. */
    private long[] recs;
    private long[] slots;
    private int mask;
    private int size;
    /** Further entries, two words each: {@code it << 32 | next} (next: the index + 1 of the row's next entry, 0: none), weight. */
    private long[] more;
    /** Entries of {@link #more} allocated (used or free). */
    private int moreUsed;
    /** The index + 1 of the first free entry of {@link #more} (0: none), linked through their first words. */
    private int free;
    /** Non-zero entries held. */
    private long live;

    TraceIndex(int width, long maxRows) {
        this(width, maxRows, -1);
    }

    /** With the keys' hashes masked by {@code hashMask} (tests: colliding keys). */
    TraceIndex(int width, long maxRows, int hashMask) {
        this(width, maxRows, hashMask, 1024);
    }

    /**
     * Sized for {@code rows} rows (at most {@code maxRows}; at least 1,024): its records and table are not
     * grown, nor its keys placed again, until it holds more.
     */
    TraceIndex(int width, long maxRows, int hashMask, long rows) {
        this.width = width;
        this.rec = Math.max(width, 0) + 3; // (a width below 1: a placeholder until the rows' arity is known)
        this.maxRows = maxRows;
        this.hashMask = hashMask;
        int cap = (int) Math.max(1024, Math.min(Math.min(rows, maxRows), Integer.MAX_VALUE / 4 / this.rec));
        recs = new long[cap * rec];
        int table = 2048;
        while (cap * 3L > table * 2L) { // load at most 2/3, as add keeps it
            table *= 2;
        }
        slots = new long[table];
        mask = slots.length - 1;
        more = new long[2 * 256];
    }

    /** The rows held (rows whose entries all cancelled included). */
    int size() {
        return size;
    }

    /** The non-zero entries held. */
    long entries() {
        return live;
    }

    private int hash(long[] k, int at) {
        long h;
        if (width == 3) {
            h = (k[at] * 0x9E3779B97F4A7C15L + k[at + 1]) * 0xBF58476D1CE4E5B9L + k[at + 2];
            h *= 0x94D049BB133111EBL;
        } else {
            h = 0x632BE59BD9B4E019L;
            for (int i = 0; i < width; i++) {
                h = (h ^ k[at + i]) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 32;
            }
        }
        return (int) (h ^ (h >>> 31) ^ (h >>> 45)) & hashMask;
    }

    private boolean same(int id, long[] k, int at) {
        int p = id * rec;
        for (int i = 0; i < width; i++) {
            if (recs[p + i] != k[at + i]) {
                return false;
            }
        }
        return true;
    }

    /** The id of the row whose words are {@code k[at..at+width)}, or −1. */
    int find(long[] k, int at) {
        int h = hash(k, at);
        long hi = (long) h << 32;
        for (int s = h & mask;; s = (s + 1) & mask) {
            long v = slots[s];
            if (v == 0) {
                return -1;
            }
            if ((v & 0xFFFFFFFF00000000L) == hi && same((int) v - 1, k, at)) {
                return (int) v - 1;
            }
        }
    }

    /**
     * {@code ids[q] = find(k, q * width)} for the n keys side by side in {@code k}: every key's first slot
     * is read before any key is compared, and every id's record before the next pass reads the entries,
     * so the cache misses of the reads overlap.
     */
    void findAll(long[] k, int n, int[] ids) {
        int[] hs = new int[n];
        int[] empty = new int[n];
        int m = mask;
        probeByHash(k, 0, n, hs, new long[n], ids, empty);
        for (int q = 0; q < n; q++) {
            if (ids[q] >= 0 && !same(ids[q], k, q * width)) {
                ids[q] = find(k, q * width); // another key of the same hash first
            }
        }
        placeKeys = k;
        placeMask = m;
        placeHashes = hs;
        placeSlots = empty;
    }

    /**
     * The first two passes of a batched lookup of keys {@code from}..{@code from + c − 1} of {@code k}: every
     * key hashed ({@code hs[q]}) and its first slot read ({@code first[q]}) before any probe, so their cache
     * misses overlap; then each probed by its hash: {@code ids[q]} the id of the first record of that hash
     * (−1: none), {@code empty[q]} the empty slot that ended the probe of a key not held (else −1). Keys of
     * the same hash are not told apart here: the caller compares the record's key ({@link #same}).
     */
    private void probeByHash(long[] k, int from, int c, int[] hs, long[] first, int[] ids, int[] empty) {
        long[] sl = slots;
        int m = mask;
        for (int q = 0; q < c; q++) {
            int h = hash(k, (from + q) * width);
            hs[q] = h;
            first[q] = sl[h & m];
        }
        for (int q = 0; q < c; q++) {
            long hi = (long) hs[q] << 32;
            int id = -1;
            long v = first[q];
            int s = hs[q] & m;
            for (; v != 0; v = sl[s = (s + 1) & m]) {
                if ((v & 0xFFFFFFFF00000000L) == hi) {
                    id = (int) v - 1;
                    break;
                }
            }
            ids[q] = id;
            empty[q] = id < 0 ? s : -1;
        }
    }

    /**
     * What the last {@link #findAll} read, for the {@link #add} of the same keys that usually follows:
     * their keys' array, the mask then, each key's hash and, for a key not held, the empty slot that
     * ended its probe (−1: none). Every slot from a key's first one up to that empty slot was taken, and
     * slots are never emptied, so its place is the first empty slot from there on while the table has
     * not been rehashed: placed from there, without hashing the key or probing again.
     */
    private long[] placeKeys;
    private int placeMask;
    private int[] placeHashes;
    private int[] placeSlots;

    /**
     * Row {@code id}'s mark: a word its owner keeps with the row (0 until set), read where the row's record is
     * read anyway (a leader: which row of its follower's table it is, {@code OuterIntegrate.followedOf}).
     */
    long mark(int id) {
        return recs[id * rec + width + 2];
    }

    /** Sets row {@code id}'s mark (see {@link #mark}). */
    void mark(int id, long v) {
        recs[id * rec + width + 2] = v;
    }

    /** Row {@code id}'s weight at iteration j (0 for id −1). */
    long at(int id, int j) {
        if (id < 0) {
            return 0;
        }
        int p = id * rec + width;
        long w = recs[p + 1];
        if (w == 0) {
            return 0;
        }
        long h = recs[p];
        for (;;) {
            int it = (int) (h >> 32);
            if (it >= j) {
                return it == j ? w : 0;
            }
            int e = (int) h;
            if (e == 0) {
                return 0;
            }
            h = more[2 * (e - 1)];
            w = more[2 * (e - 1) + 1];
        }
    }

    /** Row {@code id}'s weights summed over iterations 0..j (0 for id −1). */
    long upTo(int id, int j) {
        if (id < 0) {
            return 0;
        }
        int p = id * rec + width;
        long w = recs[p + 1];
        if (w == 0) {
            return 0;
        }
        long h = recs[p];
        long sum = 0;
        for (;;) {
            if ((int) (h >> 32) > j) {
                return sum;
            }
            sum = Math.addExact(sum, w);
            int e = (int) h;
            if (e == 0) {
                return sum;
            }
            h = more[2 * (e - 1)];
            w = more[2 * (e - 1) + 1];
        }
    }

    /** How many entries row {@code id} has after iteration j (0 for id −1). */
    int laterCount(int id, int j) {
        if (id < 0) {
            return 0;
        }
        int p = id * rec + width;
        if (recs[p + 1] == 0) {
            return 0;
        }
        int c = 0;
        long h = recs[p];
        for (;;) {
            c += (int) (h >> 32) > j ? 1 : 0;
            int e = (int) h;
            if (e == 0) {
                return c;
            }
            h = more[2 * (e - 1)];
        }
    }

    /** Row {@code id}'s entries after iteration j, ascending, into {@code its} and {@code ws} (sized by {@link #laterCount}). */
    void later(int id, int j, int[] its, long[] ws) {
        int p = id * rec + width;
        long h = recs[p];
        long w = recs[p + 1];
        int c = 0;
        for (;;) {
            int it = (int) (h >> 32);
            if (it > j) {
                its[c] = it;
                ws[c++] = w;
            }
            int e = (int) h;
            if (e == 0) {
                return;
            }
            h = more[2 * (e - 1)];
            w = more[2 * (e - 1) + 1];
        }
    }

    /**
     * Adds, for q < n, weight {@code ws[q]} at iteration j to the row whose words are
     * {@code k[q * width ..]} (distinct rows), whose id is {@code ids[q]} ({@link #findAll}; −1: not held,
     * then held from now on, its id written there). False, having added nothing, when that would hold
     * more than the maximum number of rows.
     */
    boolean add(long[] k, int n, long[] ws, int j, int[] ids) {
        int fresh = 0;
        for (int q = 0; q < n; q++) {
            fresh += ids[q] < 0 ? 1 : 0;
        }
        if (size + (long) fresh > maxRows) {
            return false;
        }
        if (fresh > 0) {
            while ((long) (size + fresh) * rec > recs.length) {
                recs = Arrays.copyOf(recs, recs.length * 2);
            }
            while ((size + fresh) * 3L > slots.length * 2L) { // load at most 2/3
                rehash(slots.length * 2);
            }
            boolean found = placeKeys == k && placeMask == mask && placeSlots.length >= n;
            int[] hs = new int[fresh];
            int[] from = new int[fresh];
            int[] made = new int[fresh];
            int f = 0;
            for (int q = 0; q < n; q++) {
                if (ids[q] < 0) {
                    int id = size++;
                    int p = id * rec;
                    System.arraycopy(k, q * width, recs, p, width);
                    boolean known = found && placeSlots[q] >= 0;
                    hs[f] = known ? placeHashes[q] : hash(recs, p);
                    from[f] = known ? placeSlots[q] : hs[f] & mask;
                    made[f++] = id;
                    ids[q] = id;
                    if (ws[q] != 0) {
                        recs[p + width] = (long) j << 32; // its only entry, written here
                        recs[p + width + 1] = ws[q];
                        live++;
                    }
                }
            }
            placeKeys = null;
            long[] sl = slots;
            int mk = mask;
            for (int q = 0; q < fresh; q++) {
                int s = from[q];
                while (sl[s] != 0) {
                    s = (s + 1) & mk;
                }
                sl[s] = (long) hs[q] << 32 | (made[q] + 1);
            }
            f = 0;
            for (int q = 0; q < n; q++) {
                if (f < fresh && ids[q] == made[f]) {
                    f++; // added above
                } else if (ws[q] != 0) {
                    addEntry(ids[q], j, ws[q]);
                }
            }
            return true;
        }
        for (int q = 0; q < n; q++) {
            if (ws[q] != 0) {
                addEntry(ids[q], j, ws[q]);
            }
        }
        return true;
    }

    /** How many rows {@link #addReading} looks up, reads and adds together (their records stay in the cache from one to the next). */
    static final int CHUNK = 512;

    /**
     * {@link #add} of weight {@code ws[q]} at iteration j to the n distinct rows whose words are
     * {@code k[q * width ..]}, each row first read as it was before: for q with {@code read[q]}, its weight
     * at j into {@code at[q]} and up to j into {@code upTo[q]}, and for q with {@code wantLater[q]} (read too)
     * its entries after j, ascending, into {@code laterIts[q]} and {@code laterWs[q]} (left null when it has
     * none). One walk of a row's entries reads all three, and the rows are looked up, read and added
     * {@link #CHUNK} at a time, so the record and entries a lookup brings into the cache are still there
     * when they are read and added to. False, having read and added nothing, when the rows might take the
     * index beyond its maximum number of rows (then {@link #findAll} and {@link #add} tell).
     */
    boolean addReading(long[] k, int n, long[] ws, int j, boolean[] read, boolean[] wantLater, long[] at, long[] upTo,
                       int[][] laterIts, long[][] laterWs) {
        return addReading(k, n, ws, j, read, wantLater, at, upTo, laterIts, laterWs, null, null);
    }

    /** Told row r's id as {@link #addReading} finds it (−1: not held), before it reads {@code read[r]} and {@code wantLater[r]}. */
    @FunctionalInterface
    interface BeforeRead {
        void row(int r, int id);
    }

    /**
     * {@link #addReading}, each row's id (once added: of a row not held before, its new id) written to
     * {@code ids[r]} when not null, and {@code before} (when not null) told each row's id before that row is read,
     * so it may set what is read of it.
     */
    boolean addReading(long[] k, int n, long[] ws, int j, boolean[] read, boolean[] wantLater, long[] at, long[] upTo,
                       int[][] laterIts, long[][] laterWs, int[] idsOut, BeforeRead before) {
        if (size + (long) n > maxRows) {
            return false;
        }
        placeKeys = null;
        int c = Math.min(CHUNK, n);
        int[] hs = new int[c];
        long[] first = new long[c];
        int[] ids = new int[c];
        int[] empty = new int[c];
        for (int from = 0; from < n; from += CHUNK) {
            c = Math.min(CHUNK, n - from);
            room(c); // (no rehash between the lookups and the placement of the rows not held)
            long[] sl = slots;
            int m = mask;
            probeByHash(k, from, c, hs, first, ids, empty);
            long touched = 0;
            for (int q = 0; q < c; q++) {
                // the keys compared (each record read, its misses overlapping the others'), and each row's
                // second entry read too, so that the walks below find them in the cache
                int id = ids[q];
                if (id >= 0 && !same(id, k, (from + q) * width)) {
                    ids[q] = id = find(k, (from + q) * width); // another key of the same hash first
                }
                if (id >= 0) {
                    int e = (int) recs[id * rec + width];
                    touched += e == 0 ? 0 : more[2 * (e - 1)];
                }
            }
            sink = touched;
            for (int q = 0; q < c; q++) {
                int r = from + q;
                int id = ids[q];
                long w = ws[r];
                if (before != null) {
                    before.row(r, id);
                }
                if (id < 0) {
                    // not held: read as nothing, held from now on (placed from the empty slot its probe ended at)
                    at[r] = 0;
                    upTo[r] = 0;
                    id = size++;
                    int p = id * rec;
                    System.arraycopy(k, r * width, recs, p, width);
                    if (w != 0) {
                        recs[p + width] = (long) j << 32;
                        recs[p + width + 1] = w;
                        live++;
                    }
                    int s = empty[q] >= 0 ? empty[q] : hs[q] & m;
                    while (sl[s] != 0) {
                        s = (s + 1) & m;
                    }
                    sl[s] = (long) hs[q] << 32 | (id + 1);
                    if (idsOut != null) {
                        idsOut[r] = id;
                    }
                    continue;
                }
                if (idsOut != null) {
                    idsOut[r] = id;
                }
                if (read[r] || wantLater[r]) {
                    readRow(id, j, r, wantLater[r], at, upTo, laterIts, laterWs);
                }
                if (w != 0) {
                    addEntry(id, j, w);
                }
            }
        }
        return true;
    }

    /** What the reads ahead of {@link #addReading}'s walks summed (kept, so they are not left out). */
    @SuppressWarnings("unused")
    private long sink;

    /** Scratch for {@link #readRow}: a row's entries after j. */
    private int[] laterItsScratch = new int[16];
    private long[] laterWsScratch = new long[16];

    /** Row {@code id}'s weight at j, up to j and (when {@code later}) its entries after j, into the r-th places, in one walk. */
    private void readRow(int id, int j, int r, boolean later, long[] at, long[] upTo, int[][] laterIts, long[][] laterWs) {
        int p = id * rec + width;
        long w = recs[p + 1];
        long a = 0;
        long u = 0;
        int c = 0;
        if (w != 0) {
            long h = recs[p];
            for (;;) {
                int it = (int) (h >> 32);
                if (it <= j) {
                    u = Math.addExact(u, w);
                    if (it == j) {
                        a = w;
                    }
                } else if (later) {
                    if (c == laterItsScratch.length) {
                        laterItsScratch = Arrays.copyOf(laterItsScratch, 2 * c);
                        laterWsScratch = Arrays.copyOf(laterWsScratch, 2 * c);
                    }
                    laterItsScratch[c] = it;
                    laterWsScratch[c++] = w;
                } else {
                    break;
                }
                int e = (int) h;
                if (e == 0) {
                    break;
                }
                h = more[2 * (e - 1)];
                w = more[2 * (e - 1) + 1];
            }
        }
        at[r] = a;
        upTo[r] = u;
        if (c > 0) {
            laterIts[r] = Arrays.copyOf(laterItsScratch, c);
            laterWs[r] = Arrays.copyOf(laterWsScratch, c);
        }
    }

    /** Grows the records and the table so that {@code m} more rows fit (load at most 2/3). */
    private void room(int m) {
        while ((long) (size + m) * rec > recs.length) {
            recs = Arrays.copyOf(recs, recs.length * 2);
        }
        while ((size + m) * 3L > slots.length * 2L) {
            rehash(slots.length * 2);
        }
    }

    /**
     * Adds the entries of {@code m} distinct rows, row r's words at {@code k[r * width ..]} and its entries at
     * positions {@code start[r]} to {@code start[r + 1] − 1} of {@code its} and {@code ws} (a slice of one
     * run of a trace: {@code NestedTrace.forEachRun}); {@code unheld}: the caller knows that no row of them is held
     * (they are not looked up). False, having added no row, when that would hold more than the maximum
     * number of rows.
     */
    boolean addRows(long[] k, int m, int[] start, int[] its, long[] ws, boolean unheld) {
        if (unheld) {
            return placeRows(k, m, start, its, ws);
        }
        int[] ids = new int[m];
        findAll(k, m, ids);
        if (!add(k, m, new long[m], 0, ids)) { // the rows not held yet, with no entry
            return false;
        }
        for (int r = 0; r < m; r++) {
            for (int e = start[r]; e < start[r + 1]; e++) {
                if (ws[e] != 0) {
                    addEntry(ids[r], its[e], ws[e]);
                }
            }
        }
        placeKeys = null; // the caller reuses k for the next slice: no later add takes this lookup's slots for it
        return true;
    }

    /**
     * {@link #addRows} of rows none of which is held: each row's record and entries written as they come
     * (its first non-zero entry in the record, the others linked after it in the order given, ascending),
     * without walking a list, then the rows placed in the table by their hashes.
     */
    private boolean placeRows(long[] k, int m, int[] start, int[] its, long[] ws) {
        if (size + (long) m > maxRows) {
            return false;
        }
        room(m);
        placeKeys = null;
        int[] hs = new int[m];
        int from = size;
        for (int r = 0; r < m; r++) {
            int id = size++;
            int p = id * rec;
            System.arraycopy(k, r * width, recs, p, width);
            hs[r] = hash(recs, p);
            long[] link = recs; // the word holding the link to the next entry
            int linkAt = -1;
            for (int e = start[r]; e < start[r + 1]; e++) {
                long w = ws[e];
                if (w == 0) {
                    continue;
                }
                live++;
                if (linkAt < 0) {
                    recs[p + width] = (long) its[e] << 32;
                    recs[p + width + 1] = w;
                    link = recs;
                    linkAt = p + width;
                    continue;
                }
                int x = newEntry();
                if (link != recs) {
                    link = more; // (newEntry may have replaced it)
                }
                more[2 * (x - 1)] = (long) its[e] << 32;
                more[2 * (x - 1) + 1] = w;
                link[linkAt] |= x;
                link = more;
                linkAt = 2 * (x - 1);
            }
        }
        long[] sl = slots;
        int mk = mask;
        for (int r = 0; r < m; r++) {
            int s = hs[r] & mk;
            while (sl[s] != 0) {
                s = (s + 1) & mk;
            }
            sl[s] = (long) hs[r] << 32 | (from + r + 1);
        }
        return true;
    }

    /**
     * The index of {@code trace}'s entries (built from its runs, {@link NestedTrace#forEachRun}: the rows of its
     * first run placed without a lookup, those of the others looked up a slice at a time), sized for the rows it
     * holds and a quarter more; null when it holds no row, or more than {@code maxRows} rows.
     */
    static TraceIndex of(NestedTrace trace, long maxRows) {
        TraceIndex[] made = {null};
        boolean[] ok = {true};
        long sized = trace.rowsAtMost();
        trace.forEachRun((width, keys, rows, start, its, ws, firstRun) -> {
            if (ok[0] && rows > 0) {
                if (made[0] == null) {
                    // sized for the rows the trace holds at most (about as many: one run holds most entries) and a
                    // quarter more, for the rows later steps add
                    made[0] = new TraceIndex(width, maxRows, -1, sized + sized / 4);
                }
                // the first run's rows are distinct and held by no earlier slice: added without looking them up
                ok[0] = made[0].width == width && made[0].addRows(keys, rows, start, its, ws, firstRun);
            }
        });
        return ok[0] ? made[0] : null;
    }

    /** Adds w at iteration j to row id's entries (kept ascending; an entry that cancels is removed). */
    private void addEntry(int id, int j, long w) {
        int p = id * rec + width;
        long h = recs[p];
        long fw = recs[p + 1];
        if (fw == 0) { // no entry (then none further either)
            recs[p] = (long) j << 32;
            recs[p + 1] = w;
            live++;
            return;
        }
        int fit = (int) (h >> 32);
        if (j < fit) {
            // the first entry moves to a further one, linked first
            int x = newEntry();
            more[2 * (x - 1)] = h;
            more[2 * (x - 1) + 1] = fw;
            recs[p] = (long) j << 32 | x;
            recs[p + 1] = w;
            live++;
            return;
        }
        if (j == fit) {
            long s = Math.addExact(fw, w);
            if (s != 0) {
                recs[p + 1] = s;
                return;
            }
            live--;
            int e = (int) h;
            if (e == 0) {
                recs[p] = 0;
                recs[p + 1] = 0;
            } else { // the next entry becomes the first
                recs[p] = more[2 * (e - 1)];
                recs[p + 1] = more[2 * (e - 1) + 1];
                release(e);
            }
            return;
        }
        // after the first entry: prev is the word holding the link to e (in recs or in more)
        long[] prevArr = recs;
        int prevAt = p;
        int e = (int) h;
        while (e != 0 && (int) (more[2 * (e - 1)] >> 32) < j) {
            prevArr = more;
            prevAt = 2 * (e - 1);
            e = (int) more[prevAt];
        }
        if (e != 0 && (int) (more[2 * (e - 1)] >> 32) == j) {
            long s = Math.addExact(more[2 * (e - 1) + 1], w);
            if (s != 0) {
                more[2 * (e - 1) + 1] = s;
                return;
            }
            live--;
            int next = (int) more[2 * (e - 1)];
            prevArr[prevAt] = (prevArr[prevAt] & 0xFFFFFFFF00000000L) | (next & 0xFFFFFFFFL);
            release(e);
            return;
        }
        int x = newEntry(); // (may replace more: prevArr is read again below when it was more)
        if (prevArr != recs) {
            prevArr = more;
        }
        more[2 * (x - 1)] = (long) j << 32 | (e & 0xFFFFFFFFL);
        more[2 * (x - 1) + 1] = w;
        prevArr[prevAt] = (prevArr[prevAt] & 0xFFFFFFFF00000000L) | x;
        live++;
    }

    private void release(int e) {
        more[2 * (e - 1)] = free;
        more[2 * (e - 1) + 1] = 0;
        free = e;
    }

    /** A free further entry's index + 1. */
    private int newEntry() {
        if (free != 0) {
            int x = free;
            free = (int) more[2 * (x - 1)];
            return x;
        }
        if (2 * (moreUsed + 1) > more.length) {
            more = Arrays.copyOf(more, more.length * 2);
        }
        return ++moreUsed;
    }

    /** Doubles the table, each entry placed by the hash its slot holds (no key read). */
    private void rehash(int cap) {
        long[] old = slots;
        long[] sl = new long[cap];
        int m = cap - 1;
        for (long v : old) {
            if (v != 0) {
                int s = (int) (v >>> 32) & m;
                while (sl[s] != 0) {
                    s = (s + 1) & m;
                }
                sl[s] = v;
            }
        }
        slots = sl;
        mask = m;
    }
}
