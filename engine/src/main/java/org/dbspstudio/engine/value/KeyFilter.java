package org.dbspstudio.engine.value;

/**
 * The keys held at one label of an {@link IterationIndex}, as a set of bits (one per hash value of a key's words, a key's bit set
 * whenever an entry under it is added at the label): a key whose bit is clear has no entry there, so
 * a lookup or join at that label skips it without searching the label's runs. A single-edge step of
 * the closure probes every iteration's label with the edge's source, which has entries at a few of
 * them (or none): the others' runs are not touched. Bits stay set when a key's entries cancel (a
 * superset is sound) until the filter, once an eighth of its bits are set, is rebuilt from the label's
 * runs at least twice as large.
 */
final class KeyFilter {
    /** The least and greatest sizes, in log2 of bits (512 bytes to 512 KiB). */
    static final int MIN_LOG_BITS = 12;
    static final int MAX_LOG_BITS = 22;
    final long[] bits;
    private final int shift;
    /** Bits set. */
    int set;

    KeyFilter(int logBits) {
        bits = new long[1 << (logBits - 6)];
        shift = 64 - logBits;
    }

    /** A size (log2 of bits) for about {@code keys} keys: 16 bits per key, within the bounds. */
    static int logBitsFor(long keys) {
        int log = 64 - Long.numberOfLeadingZeros(Math.max(1, keys) - 1) + 4;
        return Math.max(MIN_LOG_BITS, Math.min(MAX_LOG_BITS, log));
    }

    /** The hash of the {@code s} key words from {@code at}. */
    static long hash(long[] words, int at, int s) {
        long h = 0;
        for (int i = 0; i < s; i++) {
            h = (h ^ words[at + i]) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 31;
        }
        return h * 0xBF58476D1CE4E5B9L;
    }

    void add(long h) {
        int b = (int) (h >>> shift);
        long m = 1L << b;
        int w = b >>> 6;
        if ((bits[w] & m) == 0) {
            bits[w] |= m;
            set++;
        }
    }

    boolean mayHold(long h) {
        int b = (int) (h >>> shift);
        return (bits[b >>> 6] & (1L << b)) != 0;
    }

    /** The number of distinct keys (first {@code s} words) of run r's entries (sorted: equal keys adjacent). */
    static int distinctKeys(Run r, int s) {
        assert !r.tagged : "the index's runs are untagged: a key starts at an entry's first word";
        long[] words = r.words;
        int stride = r.stride();
        int k = r.n == 0 ? 0 : 1;
        for (int e = 1, at = stride; e < r.n; e++, at += stride) {
            for (int i = 0; i < s; i++) {
                if (words[at + i] != words[at - stride + i]) {
                    k++;
                    break;
                }
            }
        }
        return k;
    }

    /** Adds the keys of run r's entries (their first {@code s} words). */
    void addKeys(Run r, int s) {
        assert !r.tagged : "the index's runs are untagged: a key starts at an entry's first word";
        long[] words = r.words;
        int stride = r.stride();
        long prev = 0;
        for (int e = 0, at = 0; e < r.n; e++, at += stride) {
            long h = hash(words, at, s);
            if (e == 0 || h != prev) {
                add(h); // a sorted run's entries under one key are adjacent
                prev = h;
            }
        }
    }

    /** Whether an eighth of the bits are set (and the filter may still grow). */
    boolean crowded() {
        return set > bits.length * 8 && bits.length < 1 << (MAX_LOG_BITS - 6);
    }
}
