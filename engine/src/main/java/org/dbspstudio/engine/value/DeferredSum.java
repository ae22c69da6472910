package org.dbspstudio.engine.value;

import java.util.ArrayList;
import java.util.List;

/**
 * A running sum not added up yet ({@link ZSet#plusDeferred}): the previous sum (itself possibly
 * deferred) plus a change, added up when something first reads the value. Once added up, both
 * are dropped, so a chain of sums read one by one holds only the newest runs.
 */
final class DeferredSum {
    /**
     * The chain's changes are dealt with once they reach 1/SHARE of the sum it starts from (or
     * {@link #MIN_ROWS}, whichever is more): small enough that a sum nobody reads is added up within
     * the run of steps that made its changes (B2's batches of 100 then pay for their own changes
     * instead of leaving them to the batches of 10,000 after them), large enough that the chain's
     * changes, consolidated, make few runs to merge.
     */
    static final int SHARE = 16;
    /**
     * A chain is dealt with at {@code knownSize / SHARE + 1024} rows, and never below this many: a
     * small sum (B2's join output, 25,000 (region, amount) rows) lets its changes pile up to this
     * before they are compacted or added, instead of being added up at nearly every step.
     */
    static final int MIN_ROWS = 1 << 16;

    ZSet prev;
    ZSet change;
    /** Rows of the changes not added up since the known sum the chain starts from, this one's included. */
    final long rows;
    /** How many changes those are. */
    final int count;
    /** The size of the known sum the chain starts from. */
    final long knownSize;
    /**
     * Rows of changes the chain may hold before it is dealt with whatever its sum's size
     * ({@link #INNER_BUDGET} for an inner running sum, 0 for a top-level one).
     */
    final long budget;
    /** The rows of the chain's first change when it is a compacted chain (0 otherwise). */
    final long compacted;
    /**
     * Not null for the value of a running sum that is not kept ({@link NotKept}): what to say when
     * something reads it (nothing should; adding it up throws).
     */
    final String notKept;

    private DeferredSum(ZSet prev, ZSet change, long rows, int count, long knownSize, long compacted, long budget) {
        this.prev = prev;
        this.change = change;
        this.rows = rows;
        this.count = count;
        this.knownSize = knownSize;
        this.compacted = compacted;
        this.budget = budget;
        this.notKept = null;
    }

    private DeferredSum(String notKept) {
        this.rows = 0;
        this.count = 0;
        this.knownSize = 0;
        this.compacted = 0;
        this.budget = 0;
        this.notKept = notKept;
    }

    /** The pending part of a value that stands for a running sum not kept ({@link NotKept#value}). */
    static DeferredSum notKept(String what) {
        return new DeferredSum(what);
    }

    /** The rows of changes at which a chain starting from a sum of {@code knownSize} rows is dealt with. */
    private static long limit(long knownSize, long compacted, long budget) {
        return Math.max(Math.max(Math.max(knownSize / SHARE + 1024, MIN_ROWS), 2 * compacted), budget);
    }

    /**
     * The rows of changes an inner running sum's chain may hold before it is dealt with, whatever its
     * size: one per KiB of the heap's maximum (2M rows under {@code -Xmx2g}, held as the changes are —
     * about 48 MB for B3's candidate facts, one sorted run of (src, dst) pairs each). An inner sum starts
     * from zero at every outer step, so the share of its size that bounds a top-level chain would have it
     * added up at nearly every tick of a large step although nothing reads it (the closure's
     * {@code all_I} at the first outer step: 15% of the step's JFR samples).
     */
    static final long INNER_BUDGET = Runtime.getRuntime().maxMemory() / 1024;

    /**
     * sum + o for a running sum (a top-level integral's) that may go unread: the addition is
     * deferred — the result holds the sum and the change — and done, as {@link ZSet#plusIntegrated}
     * would have done it, once some operator reads the sum. When the changes not added up reach
     * 1/16 of the sum they start from (at least {@link #MIN_ROWS}, or 4,096 changes), they are dealt
     * with at once ({@link #settle}): added up, or, when they are many against the sum and
     * consolidate to half as many rows or fewer, kept deferred as one consolidated change.
     */
    static ZSet plus(ZSet sum, ZSet o) {
        return plus(sum, o, 0);
    }

    /**
     * {@link #plus(ZSet, ZSet)} where the chain is dealt with only once its changes also exceed
     * {@code budget} rows ({@link #INNER_BUDGET}: an inner running sum's).
     */
    static ZSet plus(ZSet sum, ZSet o, long budget) {
        if (sum.pending != null && sum.pending.notKept != null) {
            throw NotKept.read(sum.pending.notKept);
        }
        if (o.isEmpty()) {
            return sum;
        }
        if (sum.nested != null || o.nested != null || o.pending != null) {
            return sum.solid().plusIntegrated(o.solid());
        }
        ZSet known = sum.pending == null ? sum : sum.solid;
        if (known != null) {
            if (known.size() + o.size() <= ZSet.TRIE_THRESHOLD && known.spine == null || o.size() > limit(known.size(), 0, budget)) {
                return known.plusIntegrated(o); // small, or a change this large: added now
            }
            return new ZSet(new DeferredSum(known, o, o.size(), 1, known.size(), 0, budget));
        }
        DeferredSum p = sum.pending;
        ZSet z = new ZSet(new DeferredSum(sum, o, p.rows + o.size(), p.count + 1, p.knownSize, p.compacted, budget));
        if (z.pending.rows > limit(p.knownSize, p.compacted, budget) || z.pending.count > 4096) {
            return settle(z);
        }
        return z;
    }

    /**
     * The chain ending at {@code z} dealt with: when its changes are many against the sum it starts
     * from (at least half as many rows), they are consolidated, and kept deferred as that one change
     * when it has at most half their rows (a small sum whose changes mostly repeat its rows, such as
     * B2's join output: nobody reads it, and its changes cost a consolidation instead of sorted runs
     * packed and merged); otherwise the chain is added up.
     */
    private static ZSet settle(ZSet z) {
        DeferredSum p = z.pending;
        if (p.rows * 2 < p.knownSize) {
            return z.solid();
        }
        List<ZSet> changes = new ArrayList<>();
        ZSet known = chain(z, changes);
        if (changes.size() == 1) {
            return z.solid();
        }
        ZSet c = consolidated(changes, p.rows);
        if (c.isEmpty()) {
            return known;
        }
        if (c.size() * 2 <= p.rows) {
            return new ZSet(new DeferredSum(known, c, c.size(), 1, known.size(), c.size(), p.budget));
        }
        return c.cells() != null ? known.plusCells(List.of(c.cells())) : known.plusIntegrated(c);
    }

    /**
     * The value of the deferred sum {@code z} (whose {@link ZSet#pending} is set), added up once
     * under z's lock and published through its volatile {@link ZSet#solid}.
     */
    static ZSet addUp(ZSet z) {
        ZSet s = z.solid;
        if (s != null) {
            return s;
        }
        synchronized (z) {
            s = z.solid;
            if (s == null) {
                s = addPending(z);
                z.solid = s;
                // the chain is dropped: the sums before this one, and the change, are garbage now
                z.pending.prev = null;
                z.pending.change = null;
            }
        }
        return s;
    }

    /**
     * The deferred sum added up: back along the chain of sums not added up to one that is, then its
     * value plus the changes (one change as it is; more packed straight from their cells when they
     * are batches of cells of one arity, else consolidated first).
     */
    private static ZSet addPending(ZSet z) {
        if (z.pending.notKept != null) {
            throw NotKept.read(z.pending.notKept);
        }
        List<ZSet> changes = new ArrayList<>();
        ZSet known = chain(z, changes);
        if (changes.size() == 1) {
            return known.plusIntegrated(changes.get(0));
        }
        List<CellBatch> batches = batches(changes);
        if (batches != null) {
            // batches of cells (a source's changes, a join's output): packed straight from their cells
            return known.plusCells(batches);
        }
        return known.plusIntegrated(consolidated(changes, z.pending.rows));
    }

    /** The known sum the chain ending at {@code z} starts from; its changes (newest first) are added to {@code changes}. */
    private static ZSet chain(ZSet z, List<ZSet> changes) {
        ZSet v = z;
        while (true) {
            if (v.pending == null) {
                return v;
            }
            ZSet prev;
            ZSet change;
            synchronized (v) {
                if (v.solid != null) {
                    return v.solid;
                }
                prev = v.pending.prev;
                change = v.pending.change;
            }
            changes.add(change);
            v = prev;
        }
    }

    /** The changes as batches of cells of one arity, or null when some is not such a batch. */
    private static List<CellBatch> batches(List<ZSet> changes) {
        List<CellBatch> batches = new ArrayList<>(changes.size());
        for (ZSet c : changes) {
            CellBatch cb = c.cells();
            if (cb == null || cb.arity != changes.get(0).cells().arity) {
                return null;
            }
            batches.add(cb);
        }
        return batches;
    }

    /** The sum of several changes ({@code rows} rows in all), consolidated on their cells when they are batches of them. */
    private static ZSet consolidated(List<ZSet> changes, long rows) {
        List<CellBatch> batches = batches(changes);
        if (batches != null) {
            return ZSet.ofCells(CellBatch.sum(batches));
        }
        ZSet packed = ZSet.sumOfPacked(changes, rows);
        if (packed != null) {
            // packed values (a join's output, the closure's candidate facts): their runs sorted together
            return packed;
        }
        ZSet.Builder b = ZSet.builder((int) Math.min(rows, 1 << 24));
        for (ZSet c : changes) {
            c.forEach(b::add);
        }
        return b.build();
    }
}
