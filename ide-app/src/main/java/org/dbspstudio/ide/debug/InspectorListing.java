package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;

/**
 * What the inspector's table lists, and where: the rows of a stream's change or contents at a
 * step, filtered and sorted, with their summary. A small value is listed at once on the UI thread;
 * a larger one on the inspector's own thread, whose result is handed to the UI thread through an
 * executor ({@code Platform::runLater} in the IDE). On that thread a large value's contents sorted
 * by a column follow each step's change (the previous step's listing without the changed rows,
 * merged with them as they are now), and a very large value in its own order is listed a page at a
 * time as the table reads its rows ({@link Paged}).
 *
 * <p>Each listing answers a request ({@link #request()}); a listing for a request replaced
 * meanwhile is dropped, and a long listing stops once it is no longer the latest.
 */
final class InspectorListing {
    /** Values with more rows are listed, filtered and sorted on the inspector's thread. */
    static final int INLINE_ROWS = 5_000;
    /**
     * A value of more than {@link ValueRows#SORT_LIMIT} rows shown unfiltered in its own order is
     * listed this many rows at a time, as the table shows them: a step lists the first page and
     * counts the rows (adjusting the previous step's counts by the change), not every row.
     */
    static final int PAGE = 500;
    /** The placeholder of a row not listed yet (blank cells). */
    static final ValueRows.Entry PENDING = new ValueRows.Entry(null, org.dbspstudio.model.types.Row.EMPTY, 0);
    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dbsp-inspector");
        t.setDaemon(true);
        return t;
    });

    /** Runs {@code r} on the inspector's thread after the listings queued before it (tests hold the thread with it). */
    static void onInspectorThread(Runnable r) {
        WORKER.execute(r);
    }

    private final Executor ui;
    private final BooleanSupplier onUi;
    /** Counts of the large values listed (read and written on the inspector's thread only). */
    private final SummaryCache counts = new SummaryCache();
    /** The newest request (written on the UI thread, read on the inspector's). */
    private volatile long requested;
    /** The last large sorted listing of a value's contents (inspector's thread only), reused with the next step's change. */
    private Sorted lastSorted;

    /**
     * Listings handed to the UI thread through {@code ui}; {@code onUi} tells whether the caller
     * is on that thread (a page is listed only when the table reads a row there).
     */
    InspectorListing(Executor ui, BooleanSupplier onUi) {
        this.ui = ui;
        this.onUi = onUi;
    }

    /** A new request, replacing the ones before it (UI thread). */
    long request() {
        return ++requested;
    }

    /** Whether {@code request} is still the latest. */
    boolean current(long request) {
        return request == requested;
    }

    /** The rows listed and the summary of the value they are of. */
    record Listed(List<ValueRows.Entry> rows, String summary) {
    }

    /**
     * Lists {@code look} for {@code request}: at once when its value is small (returned), else on
     * the inspector's thread, then {@code done} is called on the UI thread unless the request was
     * replaced meanwhile (null returned). {@code onMoreRows} runs on the UI thread when a large
     * value's further page was listed (the table shows it).
     */
    Listed list(long request, Lookup look, Runnable onMoreRows, Consumer<Listed> done) {
        if (look.small()) {
            return look.list();
        }
        WORKER.execute(() -> {
            Listed l = listLarge(request, look, onMoreRows);
            if (l != null) {
                ui.execute(() -> {
                    if (current(request)) {
                        done.accept(l);
                    }
                });
            }
        });
        return null;
    }

    /**
     * The listing of {@code look} for {@code request} on the inspector's thread (or a test's): a
     * very large value unsorted and unfiltered as {@link Paged} pages; a large sorted contents
     * merged from the previous step's listing when that is the step before in the same run, sort
     * and filter; else listed, filtered and sorted whole. Null once {@code request} is replaced.
     */
    Listed listLarge(long request, Lookup look, Runnable onMoreRows) {
        BooleanSupplier stale = () -> !current(request);
        if (stale.getAsBoolean()) {
            return null;
        }
        try {
            // the run before the value: a listing kept for a run that was replaced meanwhile is never reused
            long run = look.session().runId();
            StreamValue v = look.value();
            if (look.filter() == null && look.sort() == null && v instanceof ZSet z && z.size() > ValueRows.SORT_LIMIT) {
                // in its own order: the count and the first page now, the other pages as the table shows them
                return new Listed(new Paged(request, z, ValueRows.firstEntries(z, PAGE), onMoreRows), look.count(counts, z));
            }
            Listed l = look.merged(lastSorted, v, counts);
            if (l == null) {
                l = look.list(v, stale);
            }
            lastSorted = look.sort() != null && look.mode() == InspectMode.CONTENTS && look.ref().depth() == 0
                    && v instanceof ZSet ? new Sorted(look, run, l.rows()) : null;
            return l;
        } catch (ValueRows.Cancelled e) {
            return null;
        } catch (RuntimeException | OutOfMemoryError e) {
            return new Listed(List.of(), "cannot list the rows: " + e.getMessage());
        }
    }

    /**
     * A large value's rows in its own order, listed a page at a time on the inspector's thread
     * when the table first reads a row not listed yet ({@link #PENDING}, blank, until then).
     */
    final class Paged extends java.util.AbstractList<ValueRows.Entry> implements java.util.RandomAccess {
        private final long request;
        private final ZSet value;
        private final Runnable onMoreRows;
        /** The first rows, listed so far (replaced on the UI thread). */
        private volatile List<ValueRows.Entry> listed;
        /** Whether a page is being listed (UI thread only). */
        private boolean listing;

        Paged(long request, ZSet value, List<ValueRows.Entry> first, Runnable onMoreRows) {
            this.request = request;
            this.value = value;
            this.listed = first;
            this.onMoreRows = onMoreRows;
        }

        @Override
        public ValueRows.Entry get(int i) {
            List<ValueRows.Entry> l = listed;
            if (i < l.size()) {
                return l.get(i);
            }
            if (i >= value.size()) {
                throw new IndexOutOfBoundsException(i);
            }
            if (!listing && onUi.getAsBoolean() && current(request)) {
                listing = true;
                int upTo = (int) Math.min(value.size(), ((long) i / PAGE + 2) * PAGE);
                WORKER.execute(() -> {
                    List<ValueRows.Entry> more = current(request) ? ValueRows.firstEntries(value, upTo) : null;
                    ui.execute(() -> {
                        listing = false;
                        if (more != null && current(request)) {
                            listed = more;
                            onMoreRows.run();
                        }
                    });
                });
            }
            return PENDING;
        }

        @Override
        public int size() {
            return value.size();
        }
    }

    /** A sorted listing: what was looked up, in which of the session's runs, and its rows (filtered and sorted, never changed). */
    private record Sorted(Lookup look, long runId, List<ValueRows.Entry> rows) {
    }

    /**
     * What to list, read on the UI thread: the change or the contents of a stream at a step (and
     * inner iterations), the filter (lower case, null for none) and the sort (null for the value's
     * own order) with its key (the sort as data, to tell two sorts apart).
     */
    record Lookup(boolean contentsOfChanges, DebugSession session, StreamRef ref, int step, int[] its, InspectMode mode, String filter,
                  Comparator<ValueRows.Entry> sort, List<Object> sortKey) {
        /**
         * Whether what is listed (the change or the contents) is small enough to list on the UI
         * thread, told without computing anything (a value kept as its change is never rebuilt here).
         */
        boolean small() {
            return session.recorded().listedRowsAtMost(ref, step, its, mode, INLINE_ROWS);
        }

        /** The change or the contents listed. */
        StreamValue value() {
            return mode == InspectMode.CHANGE ? session.change(ref, step, its) : session.contents(ref, step, its);
        }

        Listed list() {
            return list(value(), () -> false);
        }

        /**
         * The summary of {@code z}, this look-up's large value, from {@code cache} (on the
         * inspector's thread): the previous step's counts adjusted by the change between the two
         * (the step's value for the contents of a circuit over changes, the known change for a value),
         * else counted.
         */
        String count(SummaryCache cache, ZSet z) {
            if (ref.depth() > 0) {
                return ValueRows.summary(z, mode == InspectMode.CHANGE);
            }
            java.util.function.Supplier<StreamValue> delta = mode == InspectMode.CHANGE ? () -> null
                    : contentsOfChanges ? () -> session.value(ref, step) : () -> session.knownDelta(ref, step);
            return cache.summary(mode + " " + ref.label(), step, session.runId(), z, delta, mode == InspectMode.CHANGE);
        }

        /**
         * The listing of {@code v}, this look-up's contents sorted, from {@code prev}, the listing of
         * the step before in the same run, sort and filter: its rows without those of the step's
         * change, merged with the change's rows as they are now (sorted), so a step costs a pass over
         * the rows listed instead of listing and sorting the value; null when there is no such
         * listing or the change is not known or not small.
         */
        Listed merged(Sorted prev, StreamValue v, SummaryCache cache) {
            if (prev == null || sort == null || mode != InspectMode.CONTENTS || ref.depth() > 0 || !(v instanceof ZSet now)) {
                return null;
            }
            Lookup p = prev.look();
            if (!p.ref.equals(ref) || p.session != session || p.step != step - 1 || p.mode != mode
                    || !java.util.Objects.equals(p.filter, filter) || !java.util.Objects.equals(p.sortKey, sortKey)
                    || session.runId() != prev.runId()) {
                return null;
            }
            StreamValue d = contentsOfChanges ? session.value(ref, step) : session.knownDelta(ref, step);
            if (!(d instanceof ZSet delta) || delta.size() > SummaryCache.DIRECT) {
                return null;
            }
            List<ValueRows.Entry> rows = ValueRows.merge(prev.rows(), delta, now, sort, filter);
            return rows == null ? null : new Listed(rows, count(cache, now));
        }

        /** Lists {@code v} (this look-up's value); throws {@link ValueRows.Cancelled} once {@code stale} says so. */
        Listed list(StreamValue v, BooleanSupplier stale) {
            List<ValueRows.Entry> rows = ValueRows.entries(v, stale);
            String text = v == null ? "no value" : ValueRows.summary(v, rows, mode == InspectMode.CHANGE);
            if (filter != null) {
                List<ValueRows.Entry> kept = new ArrayList<>();
                for (ValueRows.Entry e : rows) {
                    if (e.text().toLowerCase(Locale.ROOT).contains(filter)) {
                        kept.add(e);
                    }
                }
                rows = kept;
            }
            if (sort != null) {
                rows.sort(sort);
            }
            return new Listed(rows, text);
        }
    }
}
