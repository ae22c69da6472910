package org.dbspstudio.engine.value;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongBinaryOperator;

/**
 * Sums and selections of Z-sets through sorted runs of packed rows, for {@link ZSet} (moved out of
 * it as they were): a sum through a spine ({@link #packedSum}), many changes packed together and
 * sorted once ({@link #plusIntegratedAll}, {@link #packTogether}, {@link #sumOfPacked}), and the
 * rows of one run selected by weights looked up in its order ({@link #selectSorted}).
 */
final class PackedSums {
    private PackedSums() {
    }

    /** {@link ZSet#selectSorted} of {@code z}. */
    static ZSet selectSorted(ZSet z, long[] other, LongBinaryOperator f) {
        if (z.spine == null || z.spine.runs.length != 1) {
            return null;
        }
        Run r = z.spine.runs[0];
        int n = r.n;
        if (other.length != n) {
            throw new IllegalArgumentException("a weight per row expected");
        }
        int stride = r.stride();
        long[] src = r.words;
        long[] rw = r.weights;
        long[] words = new long[n * stride];
        long[] ws = new long[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            long w = f.applyAsLong(rw[i], other[i]);
            if (w != 0) {
                if (stride == 2) {
                    words[2 * k] = src[2 * i];
                    words[2 * k + 1] = src[2 * i + 1];
                } else {
                    System.arraycopy(src, i * stride, words, k * stride, stride);
                }
                ws[k++] = w;
            }
        }
        if (k == 0) {
            return ZSet.EMPTY;
        }
        if (Run.wasteful(k, n)) {
            words = Arrays.copyOf(words, k * stride);
            ws = Arrays.copyOf(ws, k);
        }
        return ZSet.ofSpine(Spine.of(new Run(r.arity, r.tagged, words, ws, k)));
    }

    /**
     * a + signB·b through sorted runs of packed rows: the packed side (else a) is the base spine and
     * the other side becomes one run merged into it; null when the rows cannot be packed (mixed
     * arities, more than 16 columns) or the packed form is off.
     */
    static ZSet packedSum(ZSet a, ZSet b, long signB) {
        if (!ZSet.packed) {
            return null;
        }
        boolean baseIsB = b.spine != null ? a.spine == null || b.size() > a.size() : a.spine == null && b.size() > a.size();
        ZSet base = baseIsB ? b : a;
        ZSet other = baseIsB ? a : b;
        long baseSign = baseIsB ? signB : 1;
        long otherSign = baseIsB ? 1 : signB;
        int arity = base.arity();
        Spine s = base.spine;
        if (s == null) {
            Run r = base.run(arity, baseSign);
            if (r == null) {
                return null;
            }
            s = Spine.of(r);
        } else if (baseSign < 0) {
            s = s.negate();
        }
        Run d = other.run(arity, otherSign);
        if (d == null) {
            return null;
        }
        return ZSet.ofSpine(s.plus(d));
    }

    /** {@link ZSet#plusIntegratedAll}. */
    static ZSet plusIntegratedAll(ZSet base, List<ZSet> changes) {
        int arity = -1;
        long rows = 0;
        int nonEmpty = 0;
        boolean together = ZSet.packed;
        for (ZSet c : changes) {
            if (c.isEmpty()) {
                continue;
            }
            nonEmpty++;
            together &= c.nested == null && c.pending == null;
            if (together) {
                int a = c.arity();
                together = arity < 0 || a == arity;
                arity = a;
                rows += c.size();
            }
        }
        ZSet b = base.solid();
        together &= nonEmpty > 1 && Cells.packable(arity) && rows + b.size() > ZSet.TRIE_THRESHOLD && rows < Integer.MAX_VALUE
                && (b.spine == null || b.spine.arity == arity);
        Run d = together ? packTogether(changes, arity, rows) : null;
        if (d == null) {
            ZSet sum = base;
            for (ZSet c : changes) {
                sum = sum.plusIntegrated(c);
            }
            return sum;
        }
        if (d.n == 0) {
            return base;
        }
        if (b.spine != null) {
            return ZSet.ofSpine(b.spine.plus(d));
        }
        if (b.isEmpty()) {
            return ZSet.ofSpine(Spine.of(d));
        }
        Run br = b.run(arity, 1);
        return br != null ? ZSet.ofSpine(Spine.of(br).plus(d)) : b.plusIntegrated(ZSet.ofSpine(Spine.of(d)));
    }

    /**
     * The rows of {@code changes} (of {@code arity}, none nested or deferred; {@code rows} in all)
     * packed into one buffer — a packed value's runs copied word for word, other rows encoded — then
     * sorted once, summed where equal and cancelled rows dropped: one run. Null when some row cannot
     * be packed with the others.
     */
    static Run packTogether(List<ZSet> changes, int arity, long rows) {
        Run.Builder rb = new Run.Builder(arity, (int) rows);
        boolean[] ok = {true};
        for (ZSet c : changes) {
            if (c.isEmpty()) {
                continue;
            }
            if (c.spine != null && c.spine.arity == arity) {
                for (Run r : c.spine.runs) {
                    rb.addRun(r, 1);
                }
            } else {
                c.forEach((r, w) -> ok[0] &= rb.add(r, w));
            }
        }
        return ok[0] ? rb.buildConsolidated() : null;
    }

    /** {@link ZSet#sumOfPacked}. */
    static ZSet sumOfPacked(List<ZSet> changes, long rows) {
        if (!ZSet.packed) {
            return null;
        }
        int arity = -1;
        boolean anyPacked = false;
        for (ZSet c : changes) {
            if (c.isEmpty()) {
                continue;
            }
            if (c.nested != null || c.pending != null) {
                return null;
            }
            int a = c.arity();
            if (arity >= 0 && a != arity) {
                return null;
            }
            arity = a;
            anyPacked |= c.spine != null;
        }
        if (!anyPacked || !Cells.packable(arity) || rows >= Integer.MAX_VALUE) {
            return null;
        }
        Run r = packTogether(changes, arity, rows);
        return r == null ? null : r.n == 0 ? ZSet.EMPTY : ZSet.ofSpine(Spine.of(r));
    }
}
