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
     * The chain is added up once its changes reach 1/SHARE of the sum it starts from (and a change
     * that large is added at once): small enough that a sum nobody reads is added up within the run
     * of steps that made its changes (B2's batches of 100 then pay for their own changes instead of
     * leaving them to the batches of 10,000 after them), large enough that the chain's changes,
     * consolidated, make few runs to merge.
     */
    static final int SHARE = 16;

    ZSet prev;
    ZSet change;
    /** Rows of the changes not added up since the known sum the chain starts from, this one's included. */
    final long rows;
    /** How many changes those are. */
    final int count;
    /** The size of the known sum the chain starts from. */
    final long knownSize;

    private DeferredSum(ZSet prev, ZSet change, long rows, int count, long knownSize) {
        this.prev = prev;
        this.change = change;
        this.rows = rows;
        this.count = count;
        this.knownSize = knownSize;
    }

    /**
     * sum + o for a running sum (a top-level integral's) that may go unread: the addition is
     * deferred — the result holds the sum and the change — and done, as {@link ZSet#plusIntegrated}
     * would have done it, once some operator reads the sum; when several sums of a chain were not
     * read, their changes are consolidated and added as one, and once the changes not added up reach
     * 1/16 of the sum they start from (or 4,096 changes) they are added at once.
     */
    static ZSet plus(ZSet sum, ZSet o) {
        if (o.isEmpty()) {
            return sum;
        }
        if (sum.nested != null || o.nested != null || o.pending != null) {
            return sum.solid().plusIntegrated(o.solid());
        }
        ZSet known = sum.pending == null ? sum : sum.solid;
        if (known != null) {
            if (known.size() + o.size() <= ZSet.TRIE_THRESHOLD && known.spine == null || (long) o.size() * SHARE > known.size()) {
                return known.plusIntegrated(o); // small, or a change as large as 1/SHARE of the sum: added now
            }
            return new ZSet(new DeferredSum(known, o, o.size(), 1, known.size()));
        }
        DeferredSum p = sum.pending;
        ZSet z = new ZSet(new DeferredSum(sum, o, p.rows + o.size(), p.count + 1, p.knownSize));
        if (z.pending.rows * SHARE > z.pending.knownSize + 1024 || z.pending.count > 4096) {
            return z.solid();
        }
        return z;
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
     * value plus the changes (one change as it is; more consolidated first).
     */
    private static ZSet addPending(ZSet z) {
        List<ZSet> changes = new ArrayList<>();
        ZSet known;
        ZSet v = z;
        long rows = 0;
        while (true) {
            if (v.pending == null) {
                known = v;
                break;
            }
            ZSet prev;
            ZSet change;
            synchronized (v) {
                if (v.solid != null) {
                    known = v.solid;
                    break;
                }
                prev = v.pending.prev;
                change = v.pending.change;
            }
            changes.add(change);
            rows += change.size();
            v = prev;
        }
        if (changes.size() == 1) {
            return known.plusIntegrated(changes.get(0));
        }
        List<CellBatch> batches = new ArrayList<>(changes.size());
        for (ZSet c : changes) {
            CellBatch cb = c.cells();
            if (cb == null || cb.arity != changes.get(0).cells().arity) {
                batches = null;
                break;
            }
            batches.add(cb);
        }
        if (batches != null) {
            // batches of cells (a source's changes, a join's output): consolidated on their cells
            return known.plusIntegrated(ZSet.ofCells(CellBatch.sum(batches)));
        }
        ZSet.Builder b = ZSet.builder((int) Math.min(rows, 1 << 24));
        for (ZSet c : changes) {
            c.forEach(b::add);
        }
        return known.plusIntegrated(b.build());
    }
}
