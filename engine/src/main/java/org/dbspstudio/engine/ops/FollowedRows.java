package org.dbspstudio.engine.ops;

import java.util.Arrays;
import org.dbspstudio.engine.value.TraceRows;
import org.dbspstudio.model.types.Row;

/**
 * The rows an outer sum follows through one outer step ({@link OuterIntegrate}), keyed by their packed
 * words ({@link TraceRows#keys}: tag word and cells, {@code width} words per row) instead of
 * row objects: an open-addressing table of ids, the keys side by side in one array, and what is
 * followed of each row in arrays indexed by its id (its change so far this step, its weight in
 * S(t, j) at the latest tick it was followed to, its share of the size's change, …). Rows are decoded
 * only when asked ({@link #row}). Also the entries the followed rows have at later iterations from
 * earlier steps ({@link #due}), as (id, weight) lists per iteration.
 */
final class FollowedRows {
    /** Words per key: the rows' arity + 1. */
    final int width;
    private long[] keys;
    /**
     * Open addressing, linear probing: per slot, the key's hash in the high 32 bits and id + 1 in the low
     * ones (0: empty), so a probe compares keys only where the hashes agree.
     */
    private long[] slots;
    private int mask;
    private int size;
    /**
     * The rows placed in {@link #slots} (ids below it): rows are placed when a lookup by words first needs
     * them, so a table whose rows are found by other means (their ids in the leader's index:
     * {@link #stamp}) never hashes them.
     */
    private int placed;
    private static final long[] EMPTY_TABLE = new long[0];
    /** This table's number among the tables made (ids kept elsewhere for one table are told apart by it). */
    final int stamp = STAMPS.incrementAndGet();
    private static final java.util.concurrent.atomic.AtomicInteger STAMPS = new java.util.concurrent.atomic.AtomicInteger();

    long[] change;
    long[] weight;
    byte[] share;
    int[] last;
    /** The last tick at which {@link OuterIntegrate#pairedChanges} met the row among its leader's change (−1: none). */
    int[] inLeaderChange;
    /** The leader's iteration of {@link #dueWeight}, the row's entry there from earlier steps (−1: none marked). */
    int[] dueAt;
    long[] dueWeight;

    /** Per iteration (null: none), the followed rows with entries there from earlier steps: ids and weights. */
    private int[][] dueIds = new int[0][];
    private long[][] dueWs = new long[0][];
    private int[] dueN = new int[0];

    /** The mask of the bits of a key's hash kept (all, −1, but in tests, which make keys collide to exercise their comparison). */
    private final int hashMask;

    /** Rows of {@code width − 1} cells, about {@code expected} of them (sized for as many at once). */
    FollowedRows(int width, int expected) {
        this(width, expected, -1);
    }

    /** With the keys' hashes masked by {@code hashMask} (tests: colliding keys). */
    FollowedRows(int width, int expected, int hashMask) {
        this.width = width;
        this.hashMask = hashMask;
        int cap = Math.max(16, Integer.highestOneBit(Math.max(1, expected)) * 2);
        keys = new long[cap * width];
        slots = EMPTY_TABLE; // (allocated when rows are first placed)
        mask = 0;
        change = new long[cap];
        weight = new long[cap];
        share = new byte[cap];
        last = new int[cap];
        inLeaderChange = new int[cap];
        dueAt = new int[cap];
        dueWeight = new long[cap];
    }

    int size() {
        return size;
    }

    private int hash(long[] k, int at) {
        return mix(k, at) & hashMask;
    }

    private int mix(long[] k, int at) {
        if (width == 3) {
            long h = (k[at] * 0x9E3779B97F4A7C15L + k[at + 1]) * 0xBF58476D1CE4E5B9L + k[at + 2];
            h *= 0x94D049BB133111EBL;
            return (int) (h ^ (h >>> 31) ^ (h >>> 45));
        }
        long h = 0x632BE59BD9B4E019L;
        for (int i = 0; i < width; i++) {
            h = (h ^ k[at + i]) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 32;
        }
        return (int) (h ^ (h >>> 29));
    }

    private boolean same(int id, long[] k, int at) {
        int p = id * width;
        for (int i = 0; i < width; i++) {
            if (keys[p + i] != k[at + i]) {
                return false;
            }
        }
        return true;
    }

    /** The id of the row whose words are {@code k[at..at+width)}, or −1 when it is not followed. */
    int find(long[] k, int at) {
        placeAll();
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
     * {@code ids[q] = find(k, q * width)} for the n keys side by side in {@code k}: the first slot of
     * every key is read before any key is compared, so that the reads' cache misses overlap instead of
     * each waiting for the one before.
     */
    void findAll(long[] k, int n, int[] ids) {
        placeAll();
        int[] hs = new int[n];
        long[] first = new long[n];
        long[] sl = slots;
        int m = mask;
        for (int q = 0; q < n; q++) {
            int h = hash(k, q * width);
            hs[q] = h;
            first[q] = sl[h & m];
        }
        // then the first slot holding each key's hash (ids to confirm), and then the keys compared, so
        // that the reads of the keys overlap too
        for (int q = 0; q < n; q++) {
            long hi = (long) hs[q] << 32;
            int id = -1;
            long v = first[q];
            for (int s = hs[q] & m; v != 0; v = sl[s = (s + 1) & m]) {
                if ((v & 0xFFFFFFFF00000000L) == hi) {
                    id = (int) v - 1;
                    break;
                }
            }
            ids[q] = id;
        }
        for (int q = 0; q < n; q++) {
            if (ids[q] >= 0 && !same(ids[q], k, q * width)) {
                ids[q] = find(k, q * width); // another key of the same hash first
            }
        }
    }

    /**
     * Follows the rows whose words are {@code k[which[q] * width ..]} for q < m (none followed yet, all
     * distinct): {@code ids[q]} their ids, given in order: the keys copied and hashed first, then
     * placed.
     */
    void addAll(long[] k, int[] which, int m, int[] ids) {
        while (size + m > change.length) {
            grow();
        }
        for (int q = 0; q < m; q++) {
            int id = size + q;
            System.arraycopy(k, which[q] * width, keys, id * width, width);
            inLeaderChange[id] = -1;
            dueAt[id] = -1;
            last[id] = -1;
            ids[q] = id;
        }
        size += m;
    }

    /**
     * Places the rows not placed yet ({@link #placed}), hashed first, then placed, the table grown first
     * (load at most 2/3).
     */
    private void placeAll() {
        int m = size - placed;
        if (slots == EMPTY_TABLE) {
            int cap = 32;
            while (size * 3L > cap * 2L || cap < 2 * change.length) { // (twice the rows the arrays hold)
                cap *= 2;
            }
            slots = new long[cap];
            mask = cap - 1;
        }
        if (m == 0) {
            return;
        }
        while (size * 3L > slots.length * 2L) {
            rehash(slots.length * 2);
        }
        int[] hs = new int[m];
        for (int q = 0; q < m; q++) {
            hs[q] = hash(keys, (placed + q) * width);
        }
        long[] sl = slots;
        int mk = mask;
        for (int q = 0; q < m; q++) {
            int s = hs[q] & mk;
            while (sl[s] != 0) {
                s = (s + 1) & mk;
            }
            sl[s] = (long) hs[q] << 32 | (placed + q + 1);
        }
        placed = size;
    }

    /** Follows the row whose words are {@code k[at..at+width)} (not followed yet): its id, all it holds zero. */
    int add(long[] k, int at) {
        int id = size;
        if (id == change.length) {
            grow();
        }
        System.arraycopy(k, at, keys, id * width, width);
        inLeaderChange[id] = -1;
        dueAt[id] = -1;
        last[id] = -1;
        size++;
        return id;
    }

    /**
     * Doubles the table: the old slots are read in order and each entry goes to its place by the hash it
     * holds (no key is read), so the writes go to two sweeping regions of the new table, not all over it.
     */
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

    private void grow() {
        int cap = change.length * 2;
        keys = Arrays.copyOf(keys, cap * width);
        change = Arrays.copyOf(change, cap);
        weight = Arrays.copyOf(weight, cap);
        share = Arrays.copyOf(share, cap);
        last = Arrays.copyOf(last, cap);
        inLeaderChange = Arrays.copyOf(inLeaderChange, cap);
        dueAt = Arrays.copyOf(dueAt, cap);
        dueWeight = Arrays.copyOf(dueWeight, cap);
    }

    /** The rows' words, row {@code id}'s at {@code id * width} (shared: not to be changed; replaced as the table grows). */
    long[] keys() {
        return keys;
    }

    /** The row of id {@code id}, decoded from its words. */
    Row row(int id) {
        return TraceRows.decode(keys, id * width, width - 1);
    }

    /** Records that row {@code id} has the entry {@code w} at iteration {@code it} from earlier steps. */
    void addDue(int it, int id, long w) {
        if (it >= dueN.length) {
            int n = Math.max(it + 1, dueN.length * 2);
            dueIds = Arrays.copyOf(dueIds, n);
            dueWs = Arrays.copyOf(dueWs, n);
            dueN = Arrays.copyOf(dueN, n);
        }
        int[] ids = dueIds[it];
        int m = dueN[it];
        if (ids == null) {
            ids = new int[8];
            dueIds[it] = ids;
            dueWs[it] = new long[8];
        } else if (m == ids.length) {
            dueIds[it] = ids = Arrays.copyOf(ids, m * 2);
            dueWs[it] = Arrays.copyOf(dueWs[it], m * 2);
        }
        ids[m] = id;
        dueWs[it][m] = w;
        dueN[it] = m + 1;
    }

    /** How many rows have entries due at iteration {@code it}. */
    int dueCount(int it) {
        return it < dueN.length ? dueN[it] : 0;
    }

    /** The ids of the rows due at {@code it} (the first {@link #dueCount} of them). */
    int[] dueIds(int it) {
        return dueIds[it];
    }

    /** Their entries at {@code it}. */
    long[] dueWeights(int it) {
        return dueWs[it];
    }

    /** Forgets the rows due at {@code it} (read once, at that tick). */
    void clearDue(int it) {
        if (it < dueN.length) {
            dueIds[it] = null;
            dueWs[it] = null;
            dueN[it] = 0;
        }
    }
}
