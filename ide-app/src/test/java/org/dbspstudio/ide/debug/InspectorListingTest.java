package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.junit.jupiter.api.Test;

/**
 * The inspector's listings without a window: a large value's contents sorted and filtered, step
 * after step, against sorting and filtering the whole value (the oracle); a very large value in
 * its own order, a page at a time; a listing for a request replaced meanwhile is dropped.
 */
class InspectorListingTest {
    private static final StreamRef JOIN = StreamRef.top("j", "out");
    /** The order of the panel's table sorted by name (descending), then id and item: a total order of the join's rows. */
    private static final Comparator<ValueRows.Entry> BY_NAME = Comparator.comparing((ValueRows.Entry e) -> (String) e.row().get(1))
            .reversed().thenComparing(e -> ((Number) e.row().get(0)).longValue()).thenComparing(e -> (String) e.row().get(2));

    private static void await(java.util.concurrent.CompletableFuture<Void> f) throws Exception {
        f.get(60, TimeUnit.SECONDS);
    }

    /** Waits until the inspector's thread has run what was queued on it before. */
    private static void inspectorThreadDone() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        InspectorListing.onInspectorThread(done::countDown);
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
    }

    private static InspectorListing.Lookup contents(DebugSession s, int step, String filter, Comparator<ValueRows.Entry> sort) {
        return new InspectorListing.Lookup(s.changesMode(), s, JOIN, step, new int[0], InspectMode.CONTENTS, filter, sort,
                sort == null ? List.of() : List.of("name", "descending", "id", "item"));
    }

    /** The oracle: the whole contents listed, filtered like the inspector's filter (lower case) and sorted. */
    private static List<ValueRows.Entry> oracle(StreamValue contents, String filter, Comparator<ValueRows.Entry> sort) {
        return ValueRows.entries(contents).stream().filter(e -> filter == null || e.text().toLowerCase(Locale.ROOT).contains(filter))
                .sorted(sort).toList();
    }

    /**
     * users ⋈ orders of 5,500 rows under random renames, deletions and insertions of users and
     * orders (some users sharing a name): at every step, walked forward, after a jump back and
     * with the filter changed, the contents sorted by name equal the whole contents filtered and
     * sorted, with their summary; a step after the step before with the same filter and sort is
     * merged from that step's listing, not listed whole.
     */
    @Test
    void sortedAndFilteredContentsFollowEachStepLikeSortingTheWholeValue() throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            Random rnd = new Random(seed);
            int n = InspectorListing.INLINE_ROWS + 500;
            int steps = 10;
            Map<Integer, String> users = new HashMap<>();
            List<Integer> orderUsers = new ArrayList<>();
            List<String> orderItems = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                users.put(i, "user" + i);
                orderUsers.add(i);
                orderItems.add("item" + i);
            }
            List<List<Change>> userSteps = new ArrayList<>();
            List<List<Change>> orderSteps = new ArrayList<>();
            int nextId = n;
            for (int t = 1; t <= steps; t++) {
                List<Change> u = new ArrayList<>();
                List<Change> o = new ArrayList<>();
                for (int k = rnd.nextInt(12); k > 0; k--) {
                    int id = rnd.nextInt(nextId);
                    String old = users.get(id);
                    String now = "n" + rnd.nextInt(20);
                    if (old != null && u.stream().noneMatch(c -> c.row().get(0).equals(id))) {
                        u.add(DebugFixtures.ch(-1, id, old));
                        if (rnd.nextInt(4) > 0) {
                            u.add(DebugFixtures.ch(1, id, now));
                            users.put(id, now);
                        } else {
                            users.remove(id);
                        }
                    }
                }
                for (int k = rnd.nextInt(4); k > 0; k--) {
                    int id = nextId++;
                    String name = "n" + rnd.nextInt(20);
                    u.add(DebugFixtures.ch(1, id, name));
                    users.put(id, name);
                }
                for (int k = rnd.nextInt(12); k > 0; k--) {
                    if (rnd.nextBoolean() && !orderUsers.isEmpty()) {
                        int at = rnd.nextInt(orderUsers.size());
                        o.add(DebugFixtures.ch(-1, orderUsers.remove(at), orderItems.remove(at)));
                    } else {
                        int id = rnd.nextInt(nextId);
                        String item = "new" + t + "_" + k;
                        o.add(DebugFixtures.ch(1, id, item));
                        orderUsers.add(id);
                        orderItems.add(item);
                    }
                }
                userSteps.add(u);
                orderSteps.add(o);
            }
            CircuitDocument d = DebugFixtures.usersOrders(n, userSteps, orderSteps);
            DebugSession s = new DebugSession(d, Runnable::run);
            await(s.seek(steps));
            InspectorListing listing = new InspectorListing(Runnable::run, () -> true);
            List<Long> listedWhole = new java.util.concurrent.CopyOnWriteArrayList<>();
            ValueRows.onList = rows -> {
                if (rows >= n / 2) {
                    listedWhole.add(rows);
                }
            };
            try {
                // (step, filter, whether the step before was listed with the same filter and sort)
                Object[][] walk = {
                    {0, null, false}, {1, null, true}, {2, null, true}, {3, null, true}, {4, null, true},
                    {2, null, false}, {3, null, true}, {3, "n1", false}, {4, "n1", true}, {5, "n1", true},
                    {6, "user1", false}, {7, "user1", true}, {8, "user1", true}, {9, null, false}, {10, null, true},
                };
                for (Object[] w : walk) {
                    int step = (Integer) w[0];
                    String filter = (String) w[1];
                    boolean merged = (Boolean) w[2];
                    listedWhole.clear();
                    InspectorListing.Listed l = listing.listLarge(listing.request(), contents(s, step, filter, BY_NAME), () -> { });
                    String at = "seed " + seed + ", step " + step + ", filter " + filter;
                    assertThat(listedWhole).as("listed whole at " + at).hasSize(merged ? 0 : 1);
                    StreamValue all = s.contents(JOIN, step);
                    assertThat(l.rows()).as(at).isEqualTo(oracle(all, filter, BY_NAME));
                    assertThat(l.summary()).as(at).isEqualTo(ValueRows.summary(all, false));
                }
            } finally {
                ValueRows.onList = rows -> { };
                s.dispose();
            }
        }
    }

    /**
     * The contents of a join of more than {@link ValueRows#SORT_LIMIT} rows, unsorted and
     * unfiltered: the listing has a row per row of the value, its first page listed in the value's
     * own order, a row further on blank until the inspector's thread listed its page, then that
     * row; the summary says what counting the rows says, at the next step too.
     */
    @Test
    void aVeryLargeValueInItsOwnOrderIsListedAPageAtATime() throws Exception {
        int n = ValueRows.SORT_LIMIT + 1500;
        CircuitDocument d = DebugFixtures.usersOrders(n, List.of(List.of(DebugFixtures.ch(-1, 9, "user9"))),
                List.of(List.of(DebugFixtures.ch(1, 5, "extra"))));
        DebugSession s = new DebugSession(d, Runnable::run);
        try {
            await(s.seek(1));
            List<Integer> refreshed = new ArrayList<>();
            InspectorListing listing = new InspectorListing(Runnable::run, () -> true);
            InspectorListing.Listed l = listing.listLarge(listing.request(), contents(s, 0, null, null), () -> refreshed.add(1));
            List<ValueRows.Entry> all = ValueRows.entries(s.contents(JOIN, 0));
            assertThat(l.rows()).hasSize(all.size()).hasSize(n);
            assertThat(l.rows().subList(0, InspectorListing.PAGE)).isEqualTo(all.subList(0, InspectorListing.PAGE));
            assertThat(l.summary()).isEqualTo(ValueRows.summary(s.contents(JOIN, 0), false)).isEqualTo(n + " rows");
            int far = n - 3;
            assertThat(l.rows().get(far)).isSameAs(InspectorListing.PENDING);
            inspectorThreadDone();
            assertThat(refreshed).hasSize(1);
            assertThat(l.rows().get(far)).isEqualTo(all.get(far));

            InspectorListing.Listed next = listing.listLarge(listing.request(), contents(s, 1, null, null), () -> { });
            List<ValueRows.Entry> allNext = ValueRows.entries(s.contents(JOIN, 1));
            assertThat(next.rows()).hasSize(allNext.size());
            assertThat(next.rows().subList(0, InspectorListing.PAGE)).isEqualTo(allNext.subList(0, InspectorListing.PAGE));
            assertThat(next.summary()).isEqualTo(ValueRows.summary(s.contents(JOIN, 1), false));
        } finally {
            s.dispose();
        }
    }

    /**
     * Two listings queued on the inspector's thread: the first, replaced by the second before it
     * ran, is dropped without listing anything; the second is handed over, and listing for a
     * replaced request directly gives nothing.
     */
    @Test
    void aListingForARequestReplacedMeanwhileIsDropped() throws Exception {
        int n = InspectorListing.INLINE_ROWS + 500;
        CircuitDocument d = DebugFixtures.usersOrders(n, List.of(List.of(DebugFixtures.ch(-1, 9, "user9"))), List.of());
        DebugSession s = new DebugSession(d, Runnable::run);
        try {
            await(s.seek(1));
            InspectorListing listing = new InspectorListing(Runnable::run, () -> true);
            List<String> handed = new java.util.concurrent.CopyOnWriteArrayList<>();
            CountDownLatch hold = new CountDownLatch(1);
            InspectorListing.onInspectorThread(() -> {
                try {
                    hold.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            long first = listing.request();
            assertThat(listing.list(first, contents(s, 0, null, BY_NAME), () -> { }, x -> handed.add("first " + x.summary()))).isNull();
            long second = listing.request();
            assertThat(listing.list(second, contents(s, 1, null, BY_NAME), () -> { }, x -> handed.add("second " + x.summary()))).isNull();
            hold.countDown();
            inspectorThreadDone();
            assertThat(handed).containsExactly("second " + ValueRows.summary(s.contents(JOIN, 1), false));
            assertThat(listing.listLarge(first, contents(s, 0, null, BY_NAME), () -> { })).isNull();
        } finally {
            s.dispose();
        }
    }
}
