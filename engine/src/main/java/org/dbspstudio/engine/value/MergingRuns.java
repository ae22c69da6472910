package org.dbspstudio.engine.value;

import java.util.ArrayList;
import java.util.List;

/**
 * Sorted runs whose weights add up, oldest (largest) first, merged geometrically with the work of
 * a large merge spread over the additions that follow it ("fuel", as in Differential Dataflow's
 * spine): the runs a reader sees ({@link #runs}) and, for some adjacent pairs of them, a merge in
 * flight ({@link RunMerge}) whose output no reader sees until it is complete. Immutable: a version
 * shares its runs and its merges in flight with the versions it came from and leads to (a merge's
 * output depends only on its inputs, so whichever version advances it does the work for all).
 *
 * <p>Adding a run d: every merge in flight is advanced by {@code fuel × |d|} entries (at least
 * {@link #MIN_FUEL}) and replaced by its run when complete; d is appended; then, from the newest run
 * towards the oldest, two adjacent complete runs are merged while the older is at most
 * {@link Spine#RATIO} times larger — the policy of the eager spine. A merge that the same fuel
 * covers is done at once; a larger one is started, given that fuel, and left in flight: until it
 * completes, its two inputs stay readable and nothing older is merged with it (the cascade waits
 * rather than forcing it), while the newer runs behind it keep merging among themselves. So no
 * single addition pays for the merge of the largest runs; the work is the same, done in slices of
 * about the size of the changes that follow. Should the readable runs become more than
 * {@link #MAX_RUNS}, the oldest merges in flight are completed at once. With a fuel of 0 (the
 * default, {@link #FUEL}) every merge is done at once.
 */
final class MergingRuns {

    /**
     * The default fuel: entries of merge work per entry added, for each merge in flight. 0 (every
     * merge done at once, as the eager spine did) unless the system property {@code dbsp.spine.fuel}
     * says otherwise. Fueled merging is off by default: measured on a quiet machine (B3, fuel 4
     * against 0, one jar, two alternating pairs), it did not lower the slowest single edge (p99
     * 265/221 ms against 195/217 ms), made the batch of 100 slower (2.59/2.46 s against 2.14/2.29 s),
     * and an integrated Z-set of 1M rows held 105 instead of 58 bytes per row, its merge in flight
     * keeping both inputs and its whole output allocated.
     */
    static final long FUEL = Long.getLong("dbsp.spine.fuel", 0);
    static final MergingRuns EMPTY = new MergingRuns(new Run[0], null, FUEL);
    /** Entries of merge work per merge in flight for any addition, however small. */
    static final long MIN_FUEL = 64;
    /** Readable runs beyond which merges in flight are completed at once (oldest first). */
    static final int MAX_RUNS = 40;

    /** The runs readers see, oldest (largest) first. */
    final Run[] runs;
    /** Null when no merge is in flight; else {@code merging[i]}, when not null, merges runs i and i + 1. */
    private final RunMerge[] merging;

    /** Entries of merge work per entry added, for each merge in flight (0: every merge at once). */
    private final long fuel;

    private MergingRuns(Run[] runs, RunMerge[] merging, long fuel) {
        this.runs = runs;
        this.merging = merging;
        this.fuel = fuel;
    }

    static MergingRuns of(Run r) {
        return new MergingRuns(new Run[] {r}, null, FUEL);
    }

    /** The runs given (oldest first), none of them being merged. */
    static MergingRuns of(Run[] runs) {
        return new MergingRuns(runs.clone(), null, FUEL);
    }

    /** The same runs and merges, later additions spending {@code fuel} (0: every merge at once). */
    MergingRuns withFuel(long fuel) {
        return new MergingRuns(runs, merging, fuel);
    }

    /** Merges in flight. */
    int inFlight() {
        int c = 0;
        if (merging != null) {
            for (RunMerge m : merging) {
                c += m == null ? 0 : 1;
            }
        }
        return c;
    }

    /** These runs plus d (same arity): see the class comment. */
    MergingRuns plus(Run d) {
        return plus(d, null);
    }

    /**
     * {@link #plus(Run)}, {@code sums} (when not null) reading the merges that take d's entries as they
     * write them ({@link RunMerge#finish(RunMerge.RowSums)}): afterwards it holds the sums read by the last
     * of them and the run it covers, the newest run (d itself when nothing merged with it), or none
     * ({@code covered} null: d's entries cancelled, or merges spread by fuel, which are not read).
     */
    MergingRuns plus(Run d, RunMerge.RowSums sums) {
        long fuel = this.fuel <= 0 || d.n > 0 && this.fuel > Long.MAX_VALUE / d.n
                ? Long.MAX_VALUE : Math.max(MIN_FUEL, this.fuel * d.n);
        if (sums != null && (fuel != Long.MAX_VALUE || merging != null || d.n == 0)) {
            sums.covered = null;
            sums = null;
        }
        List<Object> slots = new ArrayList<>(runs.length + 1);
        for (int i = 0; i < runs.length; i++) {
            RunMerge m = merging == null ? null : merging[i];
            if (m == null) {
                slots.add(runs[i]);
            } else {
                if (m.advance(fuel)) {
                    Run r = m.result();
                    if (r.n > 0) {
                        slots.add(r);
                    }
                } else {
                    slots.add(m);
                }
                i++; // its second input
            }
        }
        if (d.n > 0) {
            slots.add(d);
        }
        if (sums != null) {
            sums.slot = slots.size() - 1;
        }
        normalize(slots, fuel, sums);
        if (sums != null && sums.slot >= 0 && (sums.slot >= slots.size() || sums.covered != slots.get(sums.slot))) {
            sums.covered = null; // (never: the slot holds the last merge's run, or d)
        }
        while (readable(slots) > MAX_RUNS && completeOldest(slots)) {
            normalize(slots, fuel, null);
        }
        return flatten(slots, this.fuel);
    }

    /**
     * How many runs of one size class {@link #plusTiered} lets exist before it merges them (a run's
     * class is {@code ⌊log₄ n⌋}).
     */
    static final int TIER = 4;

    /**
     * These runs plus d merged by size classes instead of by ratio (size-tiered, as LSM trees merge by
     * tiers): d is appended; when it is larger than the runs just before it (of a smaller class), they
     * are merged with it, and when the newest {@link #TIER} runs are of one class they are merged
     * together, again until no rule applies (pairwise, {@link RunMerge#mergeAll}). An entry is rewritten
     * about twice per class its run climbs (pairwise merges; log₄ of its run's growth), where the ratio's policy rewrites the larger run as well at
     * every merge (at B3's single edges about 40 entries copied per entry added, most of them the
     * largest runs'); a run is not merged with one of a larger class, so the largest runs stay as they
     * are until as many as {@link #TIER} of their class exist. The price: up to {@code TIER − 1} runs per
     * class (about three times the ratio's runs) for readers to search, so it serves a spine that is
     * read little — the leader's trace while its index answers its lookups. Merges done at once: a
     * spine with merges in flight, or with a fuel, adds by {@link #plus}.
     */
    MergingRuns plusTiered(Run d) {
        if (merging != null || fuel > 0) {
            return plus(d);
        }
        List<Run> rs = new ArrayList<>(runs.length + 1);
        for (Run r : runs) {
            rs.add(r);
        }
        if (d.n > 0) {
            rs.add(d);
        }
        while (rs.size() >= 2) {
            int last = rs.size() - 1;
            int c = sizeClass(rs.get(last).n);
            // the runs just before the newest that are of a smaller class merge with it; a run of its own
            // class stays (until TIER of them exist)
            int from = last;
            while (from > 0 && sizeClass(rs.get(from - 1).n) < c) {
                from--;
            }
            if (from == last) {
                while (from > 0 && last - from + 1 < TIER && sizeClass(rs.get(from - 1).n) == c) {
                    from--;
                }
                if (last - from + 1 < TIER) {
                    break;
                }
            }
            List<Run> group = rs.subList(from, last + 1);
            Run merged = RunMerge.mergeAll(group.toArray(new Run[0]));
            group.clear();
            if (merged.n > 0) {
                rs.add(merged);
            }
        }
        return new MergingRuns(rs.toArray(new Run[0]), null, fuel);
    }

    /** A run's size class for {@link #plusTiered}: ⌊log₄ n⌋ (0 for fewer than 4 entries). */
    static int sizeClass(int n) {
        return n <= 1 ? 0 : (31 - Integer.numberOfLeadingZeros(n)) / 2;
    }

    /**
     * From the newest slot towards the oldest, merges two adjacent complete runs while the older is at
     * most {@link Spine#RATIO} times larger: at once when {@code fuel} covers it, else started and
     * left in flight.
     */
    private static void normalize(List<Object> slots, long fuel, RunMerge.RowSums sums) {
        for (int i = slots.size() - 2; i >= 0; i--) {
            if (i + 1 >= slots.size()) {
                continue; // two slots cancelled out at the end
            }
            if (!(slots.get(i) instanceof Run a) || !(slots.get(i + 1) instanceof Run b) || a.n > Spine.RATIO * (long) b.n) {
                continue;
            }
            RunMerge m = new RunMerge(a, b);
            slots.remove(i + 1);
            // slots after i + 1 move down by one; d's entries, when in b, now go to slot i
            boolean read = sums != null && sums.slot == i + 1;
            if (sums != null && sums.slot > i) {
                sums.slot--;
            }
            if (read ? m.finish(sums) != null : m.advance(fuel)) {
                Run r = m.result();
                if (r.n > 0) {
                    slots.set(i, r);
                } else {
                    slots.remove(i); // everything in the two runs cancelled
                    if (sums != null) {
                        sums.slot = sums.slot == i ? -1 : sums.slot > i ? sums.slot - 1 : sums.slot;
                    }
                }
            } else {
                slots.set(i, m);
            }
        }
        if (sums != null && sums.slot < 0) {
            sums.covered = null;
        }
    }

    private static int readable(List<Object> slots) {
        int c = 0;
        for (Object s : slots) {
            c += s instanceof RunMerge ? 2 : 1;
        }
        return c;
    }

    /** Completes the oldest merge in flight; false when none is. */
    private static boolean completeOldest(List<Object> slots) {
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i) instanceof RunMerge m) {
                Run r = m.finish();
                if (r.n > 0) {
                    slots.set(i, r);
                } else {
                    slots.remove(i);
                }
                return true;
            }
        }
        return false;
    }

    private static MergingRuns flatten(List<Object> slots, long fuel) {
        int n = readable(slots);
        Run[] rs = new Run[n];
        RunMerge[] ms = null;
        int p = 0;
        for (Object s : slots) {
            if (s instanceof RunMerge m) {
                if (ms == null) {
                    ms = new RunMerge[n];
                }
                ms[p] = m;
                rs[p++] = m.a;
                rs[p++] = m.b;
            } else {
                rs[p++] = (Run) s;
            }
        }
        return new MergingRuns(rs, ms, fuel);
    }

    /** The same runs with weights negated; merges in flight start again over the negated inputs. */
    MergingRuns negate() {
        Run[] rs = new Run[runs.length];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = runs[i].negate();
        }
        if (merging == null) {
            return new MergingRuns(rs, null, fuel);
        }
        RunMerge[] ms = new RunMerge[rs.length];
        for (int i = 0; i < rs.length; i++) {
            if (merging[i] != null) {
                ms[i] = new RunMerge(rs[i], rs[i + 1]);
            }
        }
        return new MergingRuns(rs, ms, fuel);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < runs.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            boolean m = merging != null && merging[i] != null;
            sb.append(m ? "(" : "").append(runs[i].n);
            if (m) {
                sb.append('+').append(runs[++i].n).append(')');
            }
        }
        return sb.append(']').toString();
    }
}
