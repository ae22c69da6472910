package org.dbspstudio.engine.value;

import java.util.Arrays;
import org.dbspstudio.model.types.Row;

/**
 * A large Z-set as a few immutable sorted runs ({@link Run}) whose weights add up — the spine of
 * Differential Dataflow's arrangements and Feldera's traces. Adding a change appends it as a run
 * and merges the newest runs while the one before is not more than {@link #RATIO} times larger, so
 * run sizes fall geometrically (about log₄ n runs), every row is rewritten O(log n) times over the
 * life of a sum, and a new version shares every run it did not merge with the old one: the sums of
 * successive steps (and of successive inner iterations) hold their changes, not copies. With a
 * fuel ({@link #withFuel}; off by default), a merge larger than the addition's share of work is
 * done a slice per addition ({@link MergingRuns}): {@link #runs} then holds its two inputs until it
 * completes. A row may appear in several runs; its
 * weight is the sum, and {@link #size} counts the rows whose sum is not 0.
 */
final class Spine {
    /** Merge the newest run into the one before while that one is at most this many times larger. */
    static final int RATIO = 4;

    final int arity;
    /** The runs readers see, oldest (largest) first: {@code list.runs}. */
    final Run[] runs;
    final int size;
    /** The runs and the merges in flight among them. */
    private final MergingRuns list;

    private Spine(int arity, MergingRuns list, int size) {
        this.arity = arity;
        this.list = list;
        this.runs = list.runs;
        this.size = size;
    }

    static Spine of(Run r) {
        return new Spine(r.arity, MergingRuns.of(r), r.n);
    }

    /** The packed form of {@code r} for lookups, or null when no row of this spine can equal it. */
    long[] probe(Row r) {
        if (r.size() != arity) {
            return null;
        }
        long[] p = new long[arity + 1];
        return Cells.encode(r, p, 0, true) ? p : null;
    }

    long weight(Row r) {
        long[] p = probe(r);
        return p == null ? 0 : weight(p);
    }

    long weight(long[] p) {
        long w = 0;
        for (Run run : runs) {
            w += run.weight(p);
        }
        return w;
    }

    /**
     * The weights of many rows, {@code out[k]} for {@code rows[k]}, looked up together: the packable
     * rows are sorted once and every run is swept in their order (each found by galloping from the
     * previous one), instead of a binary search per row and run.
     */
    long[] weights(Row[] rows) {
        int n = rows.length;
        long[] out = new long[n];
        int s = arity + 1;
        long[] buf = new long[n * s];
        int[] at = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (rows[i].size() == arity && Cells.encode(rows[i], buf, k * s, true)) {
                at[k++] = i; // else it cannot be stored here: weight 0
            }
        }
        if (k == 0) {
            return out;
        }
        int[] order = new int[k];
        boolean anyTag = false;
        for (int i = 0; i < k; i++) {
            order[i] = i;
            anyTag |= buf[i * s] != 0;
        }
        RowSort.sort(order, buf, s);
        // distinct probes (a row asked twice is looked up once): probe[i] is sorted row i's; probes of
        // integers only leave the tag word out, as runs of such rows do, so they are compared in place
        int stride = anyTag ? s : arity;
        int skip = anyTag ? 0 : 1;
        long[] words = new long[k * stride];
        int[] probe = new int[k];
        int u = 0;
        for (int i = 0; i < k; i++) {
            int from = order[i] * s + skip;
            if (u > 0 && Arrays.equals(buf, from, from + stride, words, (u - 1) * stride, u * stride)) {
                probe[i] = u - 1;
                continue;
            }
            System.arraycopy(buf, from, words, u * stride, stride);
            probe[i] = u++;
        }
        Run probes = new Run(arity, anyTag, words, new long[u], u);
        long[] acc = new long[u];
        for (Run run : runs) {
            run.addWeightsOf(probes, acc);
        }
        for (int i = 0; i < k; i++) {
            out[at[order[i]]] = acc[probe[i]];
        }
        return out;
    }

    /**
     * This + d (a run of the same arity): merges the newest runs, then counts the rows that appear or
     * cancel. When every run was merged into one, its entries are the sum's rows and nothing is
     * searched; else each row of d is found in the runs after the merge (its weight there less d's is its
     * weight before), which are no more than the runs before.
     */
    Spine plus(Run d) {
        MergingRuns next = list.plus(d);
        Run[] rs = next.runs;
        if (rs.length <= 1) {
            int s = rs.length == 0 ? 0 : rs[0].n;
            return s == 0 ? null : new Spine(arity, next, s);
        }
        int s = size;
        long[] now = new long[d.n];
        for (Run run : rs) {
            run.addWeightsOf(d, now);
        }
        for (int i = 0; i < d.n; i++) {
            long old = Math.subtractExact(now[i], d.weights[i]);
            if (old == 0) {
                s++;
            } else if (now[i] == 0) {
                s--;
            }
        }
        return s == 0 ? null : new Spine(arity, next, s);
    }

    /** This + d when the caller knows the number of rows of non-zero weight of the sum ({@code s}). */
    Spine plus(Run d, int s) {
        return plus(d, s, null);
    }

    /** {@link #plus(Run, int)}, {@code sums} reading the merges of d's entries ({@link MergingRuns#plus(Run, RunMerge.RowSums)}). */
    Spine plus(Run d, int s, RunMerge.RowSums sums) {
        if (s == 0) {
            if (sums != null) {
                sums.covered = null;
            }
            return null;
        }
        return new Spine(arity, list.plus(d, sums), s);
    }

    /**
     * This + d when the caller knows {@code s}, merged by size classes ({@link MergingRuns#plusTiered}:
     * fewer entries rewritten, more runs to search) — for a spine read little.
     */
    Spine plusTiered(Run d, int s) {
        if (s == 0) {
            return null;
        }
        return new Spine(arity, list.plusTiered(d), s);
    }

    /** The same spine, later additions merging with {@code fuel} (see {@link MergingRuns}; 0: at once). */
    Spine withFuel(long fuel) {
        return new Spine(arity, list.withFuel(fuel), size);
    }

    Spine negate() {
        return new Spine(arity, list.negate(), size);
    }

    /** Rows (decoded) with their summed non-zero weights, in order of their words. */
    <E extends Exception> void forEach(ZSet.RowWeightX<E> action) throws E {
        if (runs.length == 1) {
            Run r = runs[0];
            for (int i = 0; i < r.n; i++) {
                action.accept(r.row(i), r.weights[i]);
            }
            return;
        }
        Run.forEachGroup(runs, Run::compare, (rs, from, to, first) -> {
            long w = 0;
            for (int i = 0; i < rs.length; i++) {
                for (int p = from[i]; p < to[i]; p++) {
                    w = Math.addExact(w, rs[i].weights[p]);
                }
            }
            if (w != 0) {
                action.accept(rs[first].row(from[first]), w);
            }
        });
    }

    /** Merges in flight among the runs (see {@link MergingRuns}). */
    int inFlight() {
        return list.inFlight();
    }

    /** Rows stored, counting a row once per run (at least {@link #size}). */
    long stored() {
        long n = 0;
        for (Run r : runs) {
            n += r.n;
        }
        return n;
    }
}
