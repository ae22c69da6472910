package org.dbspstudio.engine.value;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import org.dbspstudio.model.types.Row;

/**
 * Rows packed into 64-bit words, without a boxed object per field: a row of {@code n} columns
 * ({@code 1 ≤ n ≤ 16}) is one <em>tag word</em> (4 bits per column: LONG, NULL, DOUBLE, BOOLEAN or
 * a dictionary id) followed by {@code n} cell words: a BIGINT/INTEGER as itself, a DOUBLE as its
 * bits ({@code Double.doubleToLongBits}, so equal exactly when {@code Double.equals} says so), a
 * BOOLEAN as 0/1, NULL as 0, and every other value (VARCHAR, DECIMAL, DATE, TIMESTAMP) as its id in
 * a process-wide dictionary (interned: equal values, one id). Two rows are equal exactly when their
 * words are, so sorted runs compare, search and merge rows as arrays of longs. A row whose columns
 * are all non-null integers has the tag word 0; runs made only of such rows leave the tag word out.
 *
 * <p>The dictionary keeps every value that was ever part of packed sorted runs (strings of a
 * workload's integrated state), which is the usual price of interning; it is shared by all runs of
 * the process. Arrangements ({@link KeyBatch}) do not use it: their keys are packed by
 * {@link #encodeHashed}, which writes an object's hash instead of an id and leaves the comparison of
 * the objects themselves to the batch, which keeps the key row beside such entries.
 */
final class Cells {
    private Cells() {
    }

    static final int MAX_ARITY = 16;

    static final int LONG = 0;
    static final int NULL = 1;
    static final int DOUBLE = 2;
    static final int BOOLEAN = 3;
    static final int OBJECT = 4;

    private static final ConcurrentHashMap<Object, Integer> IDS = new ConcurrentHashMap<>();
    private static volatile Object[] values = new Object[1024];
    private static int next;

    /** Whether rows of this arity can be packed. */
    static boolean packable(int arity) {
        return arity >= 1 && arity <= MAX_ARITY;
    }

    /** The dictionary id of {@code v}, adding it when new. */
    static int intern(Object v) {
        Integer id = IDS.get(v);
        if (id != null) {
            return id;
        }
        synchronized (Cells.class) {
            id = IDS.get(v);
            if (id != null) {
                return id;
            }
            int i = next++;
            Object[] vs = values;
            if (i == vs.length) {
                vs = Arrays.copyOf(vs, vs.length * 2);
            }
            vs[i] = v;
            values = vs; // published before the id can be seen
            IDS.put(v, i);
            return i;
        }
    }

    /** How many values the dictionary holds. */
    static synchronized int dictionarySize() {
        return next;
    }

    /** The dictionary id of {@code v}, or -1 when no packed row ever held it. */
    static int idOf(Object v) {
        Integer id = IDS.get(v);
        return id == null ? -1 : id;
    }

    static Object value(int id) {
        return values[id];
    }

    /**
     * Writes {@code r}'s tag word and cells at {@code out[at..at+arity]}. With {@code lookupOnly} a
     * value not in the dictionary makes it return false (no packed row holds it: a probe misses).
     */
    static boolean encode(Row r, long[] out, int at, boolean lookupOnly) {
        return encode(r, out, at, lookupOnly ? LOOKUP : INTERN);
    }

    /** How {@link #encode(Row, long[], int, int)} writes an object cell. */
    private static final int INTERN = 0;
    private static final int LOOKUP = 1;
    private static final int HASH = 2;

    private static boolean encode(Row r, long[] out, int at, int objects) {
        int n = r.size();
        long tags = 0;
        for (int i = 0; i < n; i++) {
            Object v = r.get(i);
            long cell;
            int tag;
            if (v instanceof Long l) {
                tag = LONG;
                cell = l;
            } else if (v == null) {
                tag = NULL;
                cell = 0;
            } else if (v instanceof Double d) {
                tag = DOUBLE;
                cell = Double.doubleToLongBits(d);
            } else if (v instanceof Boolean b) {
                tag = BOOLEAN;
                cell = b ? 1 : 0;
            } else {
                tag = OBJECT;
                if (objects == HASH) {
                    cell = v.hashCode();
                } else {
                    int id = objects == LOOKUP ? idOf(v) : intern(v);
                    if (id < 0) {
                        return false;
                    }
                    cell = id;
                }
            }
            tags |= (long) tag << (4 * i);
            out[at + 1 + i] = cell;
        }
        out[at] = tags;
        return true;
    }

    /** Every nibble's bit 2: set exactly in the nibbles of {@link #OBJECT} cells. */
    private static final long OBJECT_BITS = 0x4444444444444444L;

    /** Whether the tag word {@code tags} has an {@link #OBJECT} cell. */
    static boolean hasObject(long tags) {
        return (tags & OBJECT_BITS) != 0;
    }

    /**
     * Writes {@code r}'s tag word and cells at {@code out[at..at+arity]} like {@link #encode}, but an
     * object cell (VARCHAR, DECIMAL, DATE, ...) holds the object's hash code, not a dictionary id:
     * equal objects give equal words, and words that are equal in a row with object cells
     * ({@link #hasObject}) must still be confirmed by {@link #sameObjects}. Nothing is interned.
     */
    static void encodeHashed(Row r, long[] out, int at) {
        encode(r, out, at, HASH);
    }

    /** Whether rows {@code a} and {@code b}, whose hashed words are equal with tag word {@code tags}, have equal object cells. */
    static boolean sameObjects(long tags, Row a, Row b) {
        for (int i = 0; i < a.size(); i++) {
            if ((((tags >>> (4 * i)) & 15) == OBJECT) && !a.get(i).equals(b.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The row of tag word {@code tags} and cells {@code words[at..at+arity)}. */
    static Row decode(long tags, long[] words, int at, int arity) {
        Object[] vs = new Object[arity];
        for (int i = 0; i < arity; i++) {
            long c = words[at + i];
            switch ((int) (tags >>> (4 * i)) & 15) {
                case LONG -> vs[i] = c;
                case NULL -> vs[i] = null;
                case DOUBLE -> vs[i] = Double.longBitsToDouble(c);
                case BOOLEAN -> vs[i] = c != 0;
                default -> vs[i] = value((int) c);
            }
        }
        return Row.wrap(vs);
    }
}
