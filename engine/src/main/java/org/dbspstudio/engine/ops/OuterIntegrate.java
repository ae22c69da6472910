package org.dbspstudio.engine.ops;

import java.util.function.Supplier;
import org.dbspstudio.engine.value.NestedTrace;
import org.dbspstudio.engine.value.TraceRows;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.Row;

/**
 * I over the outer clock, one running sum per inner iteration; its outer change is its input
 * (the basis being iteration j's sum at the previous outer step).
 *
 * <p>When the input is an inner running sum — its change since the previous tick is known at
 * every tick — the sums are not stored: this node keeps the nested-time state itself, a
 * {@link NestedTrace} holding per iteration the input's inner change summed over the outer
 * clock, {@code X_j = Σ_t Δ_inner in(t,j)} (packed sorted runs, compacted over outer steps as
 * they merge), and emits {@code S(t,j) = Σ_{i ≤ j} X_i} as a value read by accumulation from
 * the trace's version of that tick (lookups: a binary search per run). Its size is kept per
 * iteration: at the first tick of an iteration that held nothing before it is the input's size,
 * otherwise the previous step's size corrected at the input's rows ({@code S(t,j) = S(t−1,j) +
 * in(t,j)}), one lookup per row — the work the old per-iteration path copies took, without
 * their memory. Otherwise (the input's inner change unknown) each iteration's sum is
 * {@code S(t−1,j) + in(t,j)}, path-copied.
 */
final class OuterIntegrate extends Clocked.PerIteration {
    /** How the nested-time state is kept: X_j from the input's inner changes, X_j from the input itself, or not at all. */
    private enum Mode { ACCUMULATE, EACH, NONE }

    private StreamValue lastInput;
    /** The nested-time state (null before the first tick, or when it cannot be used). */
    private NestedTrace trace;
    /** The latest version of {@link #trace} in this outer step, shared by the values read this step. */
    private NestedTrace.Cell cell;
    private Mode mode;
    /**
     * ACCUMULATE, from the second step on: per row changed this step, what is followed of it, keyed by
     * its packed words; and, at the later iterations where such a row has entries from earlier steps,
     * those entries (its weight in S(t, j), and so its share, changes there). Null until a row is followed.
     */
    private FollowedRows touched;
    /** How many rows {@link #touched} held at the end of the previous step (its initial size). */
    private int lastFollowed;
    private long sizeDelta;
    /** ACCUMULATE, following: the rows of this tick's change not changed at an earlier tick of the step (else null). */
    private Supplier<Row[]> firstFresh;
    /**
     * The outer sum of {@code s} when this one sums {@code z⁻¹(I(s))} over the outer clock (set by
     * {@link #share}): then X_j here is the leader's X_{j−1}, and once {@link #shared} this node keeps
     * no trace of its own but reads the leader's, one iteration earlier.
     */
    private OuterIntegrate leader;
    /** The outer sum of {@code z⁻¹(I(s))} when this one sums {@code s} (see {@link #leader}). */
    private OuterIntegrate follower;
    /** Whether this follower reads its leader's trace (decided at its first tick 1). */
    private boolean shared;
    /** Whether a follower's sharing was decided (it is then kept until {@link #resetAll}). */
    private boolean decided;
    /**
     * A leader's addition of its input at iteration {@code j}, for its shared follower's tick j + 1:
     * the rows, their weights, and what the addition's sweep saw of their earlier entries.
     */
    private Handoff handoff;
    /** The handoff before {@link #handoff} (the follower may run before or after its leader in a tick). */
    private Handoff earlierHandoff;
    /** What {@link #countedBy} was told last: at which tick, of which values, how many rows gained. */
    private int countedTick = -1;
    private ZSet countedBasis;
    private ZSet countedChange;
    private long counted;
    /** A shared follower: the last tick of this step whose value it read from its leader's trace while following (else −1). */
    private int followedTick = -1;

    /**
     * A leader's trace's entries by row ({@link TraceIndex}), kept from the end of its first outer step whose
     * trace it can hold (the first step, unless that left the trace empty or too large) while every
     * addition to the trace is mirrored here (else null: the runs are searched); its additions while
     * its follower follows rows read their rows' weights and later entries from it, searching no run.
     */
    private TraceIndex index;
    /**
     * Whether the index was dropped past its budget or could not be built: it is not built again for
     * this trace (each attempt reads the whole trace). Cleared with the trace.
     */
    private boolean indexGivenUp;
    /** The most rows an index holds: one per KiB of the maximum heap, from 2^16 to 2^28 (then it is dropped). */
    static final long INDEX_MAX_ROWS = Math.min(1 << 28, Math.max(1 << 16, Runtime.getRuntime().maxMemory() / 1024));
    /**
     * The maximum indexes are built with: {@link #INDEX_MAX_ROWS}, lowered by tests so that a small closure's
     * index reaches it (its additions then take the path for an index near its maximum, and it is dropped).
     */
    static volatile long indexMaxRows = INDEX_MAX_ROWS;
    /** Additions read from an index near its maximum ({@link #observedFromIndex}), over all leaders (tests). */
    static final java.util.concurrent.atomic.LongAdder READ_NEAR_MAXIMUM = new java.util.concurrent.atomic.LongAdder();
    /** Whether leaders index their traces ({@code -Ddbsp.traceIndex=false}: never, to compare the two with one jar). */
    static final boolean INDEXED = !"false".equals(System.getProperty("dbsp.traceIndex"));

    /** What a leader's addition saw, for its follower (see {@link #handoff}). */
    private record Handoff(ZSet change, int j, TraceRows rows, int[] followed, boolean[] wanted,
                           NestedTrace.Observed seen, boolean complete, int[] indexIds) {
    }

    OuterIntegrate(Operator op, StreamValue zero) {
        super(op, zero);
        resetTrace();
    }

    /**
     * Lets {@code follower}, the outer sum of {@code z⁻¹(I(s))}, read the trace of {@code leader},
     * the outer sum of {@code s} in the same nested circuit: {@code Δ_inner z⁻¹(I(s))(t, j) = s(t, j − 1)}, so
     * the follower's X_j (its input's inner changes at j summed over the outer steps) is the
     * leader's X_{j−1} (the input at j − 1 summed over the outer steps). Exactly so because s is zero
     * at every step's last iteration (the loop stops only when the inner {@code z⁻¹} of I(s) has
     * settled, which at a tick after the first means I(s) did not change there), so the leader's
     * values beyond a step's iterations, its last one repeated, are the sums of zeros too: it never
     * adds a repeated value to its trace, nor drops a trailing one that is not empty (checked: it
     * fails rather than diverge). One trace, one addition per tick instead of two.
     */
    static void share(OuterIntegrate leader, OuterIntegrate follower) {
        if (leader != follower && leader.follower == null && follower.leader == null) {
            leader.follower = follower;
            follower.leader = leader;
        }
    }

    private void resetTrace() {
        index = null;
        indexGivenUp = false;
        shared = false;
        decided = false;
        handoff = null;
        earlierHandoff = null;
        trace = zero instanceof ZSet ? NestedTrace.empty() : null;
        cell = new NestedTrace.Cell(trace);
        mode = zero instanceof ZSet ? null : Mode.NONE;
        touched = null;
        sizeDelta = 0;
        countedChange = null;
        countedBasis = null;
    }

    @Override
    public void eval(Ctx ctx) {
        StreamValue in = ctx.in(0);
        int j = ctx.tick();
        StreamValue basis = previousAt(j);
        if (mode != Mode.ACCUMULATE && j >= 1 && j >= previous.size() && current.size() == j
                && in == lastInput && basis == previousAt(j - 1) && !sharing()) {
            // beyond the previous step's iterations, the same basis plus the same input: the same
            // sum as at j − 1 (e.g. a constant tail), kept once, not copied per iteration
            StreamValue same = current.get(j - 1);
            keep(same, null);
            ctx.outOuter(0, same, new OuterChange(basis, in, zero instanceof ZSet ? ZSet.EMPTY : null));
            return;
        }
        ZSet[] fresh = {null};
        firstFresh = null;
        followedTick = -1;
        StreamValue out = mode == Mode.NONE ? null : traced(ctx, (ZSet) basis, (ZSet) in, j, fresh);
        if (out == null) {
            ctx.work(in.rows());
            out = basis instanceof ZSet z ? z.plusPersistent((ZSet) in) : basis.plus(in);
        }
        keep(out, null);
        lastInput = in;
        ctx.outOuter(0, out, new OuterChange(basis, in, fresh[0], firstFresh, followedTick == j || shared && !following() ? this : null));
    }

    /** S(t,j) read from the trace after adding this tick's change; null when the trace cannot be used. */
    private ZSet traced(Ctx ctx, ZSet basis, ZSet in, int j, ZSet[] fresh) {
        StreamValue d = ctx.inDelta(0);
        if (current.size() != j) { // ticks come in order 0, 1, 2, … within a step
            disableTrace();
            return null;
        }
        if (mode == null) {
            // at tick 0 an inner running sum's change is the value itself (its previous tick's value is zero)
            mode = d != null && j == 0 && d == in ? Mode.ACCUMULATE : Mode.EACH;
        }
        if (mode == Mode.ACCUMULATE && (d == null || (j == 0 && d != in))) {
            disableTrace();
            return null;
        }
        ZSet x = mode == Mode.ACCUMULATE ? (ZSet) d : in;
        boolean beyond = mode == Mode.EACH && j >= previous.size() && !basis.isEmpty();
        if (beyond) {
            unshare(); // (never in a loop that converged: see share)
            x = basis.plus(in); // X_j starts from the last iteration's value, which it repeats
        }
        if (leader != null && !decided && j >= 1) {
            // the first tick 1: the leader keeps X_j of its input, and this node's own trace holds nothing yet
            decided = true;
            shared = mode == Mode.ACCUMULATE && leader.mode == Mode.EACH && leader.trace != null
                    && trace == NestedTrace.empty() && previous.isEmpty();
        }
        if (shared) {
            return fromLeader(ctx, basis, in, x, j, fresh);
        }
        if (mode == Mode.ACCUMULATE && j == 0) {
            touched = null;
            sizeDelta = 0;
        }
        if (index != null && follower != null && follower.decided && !follower.shared) {
            index = null; // no follower reads this trace: nothing asks what the index answers
        }
        boolean follow = mode == Mode.ACCUMULATE && !previous.isEmpty();
        TraceRows rows = null;
        int[] followed = null;
        NestedTrace.Observed seen = null;
        NestedTrace next;
        if (follow) {
            // the change's rows, and for those changed for the first time this step their entries
            // at later iterations: read by the same sweep that adds the change to the trace
            rows = trace.pack(x);
            followed = rows == null ? null : followedIds(rows);
            if (followed == null) {
                next = null;
            } else {
                seen = new NestedTrace.Observed(unfollowed(followed));
                next = trace.plus(rows, j, seen);
                firstFresh = firstOf(rows, followed);
            }
        } else if (sharing() && follower.following()) {
            // the follower adds the same rows at j + 1 from this addition's sweep (see share)
            // (and the rows it follows already, looked up once here: they stay followed through the step)
            TraceRows rs = trace.pack(x);
            int n = rs == null ? 0 : rs.size();
            // the rows the follower follows told by their marks in the index (mapFollowed), when it keeps them there:
            // looked up once, in the index, not in the follower's table too
            boolean mapped = rs != null && index != null && follower.mappedIn(this);
            int[] fs = rs == null ? null : mapped ? notFollowed(n) : follower.followedIds(rs);
            if (fs == null) {
                next = null;
            } else {
                boolean[] wanted = mapped ? new boolean[n] : unfollowed(fs);
                // the follower ran first at this tick (as in the closure): a row it does not follow now it
                // does not follow before its tick j + 1 (a node runs once per tick), so neither H at this tick
                // nor the follower at j + 1 looks those rows up again (complete)
                boolean complete = follower.followedTick == j;
                // read from the index and mirrored there together, while the records just read are in the cache
                int[] ids = index == null ? null : new int[n];
                NestedTrace.Observed obs = index == null ? null : observeAndIndex(rs, fs, wanted, ids, mapped, j);
                if (obs == null && mapped) {
                    fs = follower.followedIds(rs); // (the index would not take the rows: nothing done)
                    wanted = unfollowed(fs);
                }
                if (obs == null) {
                    ids = index == null ? null : indexIds(rs);
                    if (ids != null) {
                        obs = observedFromIndex(rs, ids, fs, wanted, j);
                    } else {
                        obs = new NestedTrace.Observed(wanted);
                        follower.giveFollowed(j, fs, obs);
                    }
                    // mirrored first, while the records just read are in the cache (a trace that cannot take the
                    // rows is dropped with its index below)
                    index(rs, j, ids);
                    ids = null;
                }
                // while the index answers the additions' lookups, the runs are read little: merged by size classes
                next = trace.plus(rs, j, obs, index != null);
                earlierHandoff = handoff;
                handoff = new Handoff(x, j, rs, fs, wanted, obs, complete, index == null ? null : ids);
            }
        } else {
            index(x, j);
            // this addition reads the trace's runs for the rows' weights (no follower to give them): merged
            // by the ratio, fewer runs to search
            next = trace.plus(x, j, false);
        }
        if (next == null) {
            disableTrace();
            return null;
        }
        trace = next;
        if (j == 0) {
            cell = new NestedTrace.Cell(trace);
        } else {
            cell.set(trace);
        }
        ctx.work(x.size());
        fresh[0] = x;
        if (mode == Mode.EACH) {
            return cell.at(j, trace.sizeAt(j)); // X_j alone: the rows of non-zero weight the trace counts there
        }
        int size = follow ? (int) (basis.size() + followChanges(ctx, rows, followed, seen.upTo, seen.laterIterations,
                seen.laterWeights, 0, j, null)) : in.size();
        if (j >= 1 && trace.zeroAt(j) && current.get(j - 1) instanceof ZSet before && before.accumulated()
                && before.trace() == trace && before.traceFrom() == 0 && before.traceUpTo() <= j - 1) {
            // X_j is zero: S(t,j) is S(t,j−1) (itself S(t,j−1) read up to j − 1 or, kept once, up to an
            // earlier iteration after which X was zero), read from this version too — the same value, kept once
            // (consumers that compare iterations, such as an outer z⁻¹ dropping trailing repeats, see it at once)
            return before;
        }
        return cell.upTo(j, size);
    }

    /**
     * What {@link #pairedChanges} tells of one row: its packed words ({@code keys[at..at+width)}: tag word, then
     * its cells, as {@link TraceRows#keys} holds them), and the weights of H's two inputs there, before and
     * their changes.
     */
    @FunctionalInterface
    interface PairedRow {
        void accept(long[] keys, int at, int width, long integratedBefore, long integratedChange, long deltaBefore,
                    long deltaChange);
    }

    /**
     * For {@code H} reading this shared follower's value at tick j as its integrated input i and its
     * leader's X_j as its delta input d (whose outer change at j is {@code dd}): visits the rows where
     * H's output at j can differ from the previous step's — the rows of dd, and the rows changed
     * earlier in the step (the rows of i's change, all followed here) that have an entry at j in the
     * leader's trace from earlier steps — with i's and d's weights there at the previous step and
     * their changes, from what the two sums keep anyway, searching no run: for a row of dd, the
     * leader's sweep that added dd at j read its weights in X_j and S(j) before (i's weight now is
     * S(j − 1) of that version, the trace the follower reads), and i's change is the row's change
     * followed here (zero when not followed); for an earlier-changed row, its weight followed here
     * and the entry it has at j (scheduled here at j + 1, the follower's iteration of the leader's j).
     * False, visiting nothing, when not known: not following at this tick, or dd is not what the leader
     * added at j.
     */
    boolean pairedChanges(int j, ZSet dd, PairedRow visit) {
        if (followedTick != j || !shared || leader == null) {
            return false;
        }
        Handoff h = leader.handoff;
        if (h == null || h.j() != j || h.change() != dd) {
            return false;
        }
        TraceRows rows = h.rows();
        int n = rows.size();
        long[] ws = rows.ws();
        int[] ids = h.followed();
        NestedTrace.Observed seen = h.seen();
        FollowedRows t = touched;
        long[] keys = n == 0 ? null : rows.keys();
        int width = rows.arity() + 1;
        boolean look = !h.complete() && t != null && t.width == width;
        for (int k = 0; k < n; k++) {
            int id = ids[k] >= 0 ? ids[k] : look ? t.find(keys, k * width) : -1;
            long change = 0;
            if (id >= 0) {
                change = t.change[id];
                t.inLeaderChange[id] = j;
            }
            long now = Math.subtractExact(seen.upTo[k], seen.at[k]);
            visit.accept(keys, k * width, width, Math.subtractExact(now, change), change, seen.at[k], ws[k]);
        }
        int m = t == null ? 0 : t.dueCount(j + 1);
        if (m > 0) {
            int[] due = t.dueIds(j + 1);
            long[] dw = t.dueWeights(j + 1);
            long[] fk = t.keys();
            int fw = t.width;
            for (int q = 0; q < m; q++) {
                int id = due[q];
                if (t.inLeaderChange[id] != j) { // else visited with dd
                    visit.accept(fk, id * fw, fw, Math.subtractExact(t.weight[id], t.change[id]), t.change[id], dw[q], 0);
                }
            }
        }
        return true;
    }

    /**
     * A shared follower that followed its tick j (so it ran before its leader at this tick): gives its
     * leader's addition at j, for each row it follows ({@code fs[k]} not null), the row's weights before
     * it, in X_j and in S(j), so the addition does not search the runs for them. The leader's S(j − 1)
     * is this node's S(t, j), whose weight at a followed row is kept here; the leader's X_j there holds
     * nothing from this step yet, only what earlier steps left: the entry this node scheduled for its
     * own iteration j + 1, if any.
     */
    private void giveFollowed(int j, int[] fs, NestedTrace.Observed obs) {
        FollowedRows t = touched;
        if (followedTick != j || t == null) {
            return; // (no row followed: every fs[k] is −1)
        }
        int m = t.dueCount(j + 1);
        int[] due = m == 0 ? null : t.dueIds(j + 1);
        long[] dw = m == 0 ? null : t.dueWeights(j + 1);
        for (int q = 0; q < m; q++) {
            t.dueAt[due[q]] = j;
            t.dueWeight[due[q]] = dw[q];
        }
        for (int k = 0; k < fs.length; k++) {
            int id = fs[k];
            if (id >= 0) {
                long at = t.dueAt[id] == j ? t.dueWeight[id] : 0;
                obs.give(k, at, Math.addExact(t.weight[id], at));
            }
        }
    }

    /**
     * The id of each of {@code rows} among the rows this node follows (−1: not followed); null when
     * they are not of the arity of the rows followed so far (never: one stream's rows have one arity).
     */
    private int[] followedIds(TraceRows rows) {
        int n = rows.size();
        int[] ids = new int[n];
        FollowedRows t = touched;
        if (t == null || n == 0) {
            java.util.Arrays.fill(ids, -1);
            return ids;
        }
        if (t.width != rows.arity() + 1) {
            return null;
        }
        t.findAll(rows.keys(), n, ids);
        return ids;
    }

    /** The rows among {@code rows} whose id is −1 (not followed before this tick), decoded when asked (once). */
    private static Supplier<Row[]> firstOf(TraceRows rows, int[] ids) {
        Row[][] made = {null};
        return () -> {
            if (made[0] == null) {
                int m = 0;
                for (int id : ids) {
                    m += id < 0 ? 1 : 0;
                }
                Row[] out = new Row[m];
                m = 0;
                for (int k = 0; k < ids.length; k++) {
                    if (ids[k] < 0) {
                        out[m++] = rows.row(k);
                    }
                }
                made[0] = out;
            }
            return made[0];
        };
    }

    /**
     * For {@code H} at tick j of an outer step in which this shared follower does not follow rows (the
     * first one), reading this node's value {@code i} at j as its integrated input and, as its delta
     * input's change, {@code dd}: {@code H} looked up the weights in i of dd's rows and tells how many
     * rows {@code i + dd} has more than i. When dd is what this node adds at j + 1 (its leader's input
     * at j) and i its value at j, that is its value's growth from j to j + 1, so it does not ask its
     * input (an inner running sum whose additions are deferred until read) for its size.
     */
    void countedBy(int j, ZSet i, ZSet dd, long gained) {
        if (shared && !following() && current.size() == j + 1 && current.get(j) == i) {
            countedTick = j;
            countedBasis = i;
            countedChange = dd;
            counted = gained;
        }
    }

    /** Whether this sum was paired with another by {@link #share}, as leader or follower. */
    boolean paired() {
        return leader != null || follower != null;
    }

    /** Whether this leader's follower reads its trace. */
    private boolean sharing() {
        return follower != null && follower.shared;
    }

    /** Whether this node follows the rows changed in the step (ACCUMULATE, from the second step on). */
    private boolean following() {
        return mode == Mode.ACCUMULATE && !previous.isEmpty();
    }

    /**
     * A follower's S(t, j) read from its leader's trace ({@code Σ_{i ≤ j − 1}} of the leader's X_i),
     * its size followed as {@link #traced} follows it, from the leader's sweep that added the same
     * rows at j − 1 (see {@link #share}).
     */
    private ZSet fromLeader(Ctx ctx, ZSet basis, ZSet in, ZSet x, int j, ZSet[] fresh) {
        if (j == 0) {
            touched = null;
            sizeDelta = 0;
            if (!x.isEmpty()) {
                disableTrace(); // (never: an inner z⁻¹ is zero at tick 0)
                return null;
            }
            fresh[0] = x;
            firstFresh = following() ? () -> new Row[0] : null;
            if (following()) {
                followChanges(ctx, TraceRows.none(), new int[0], new long[0], new int[0][], new long[0][], 0, 0, null);
                followedTick = 0;
            }
            return (ZSet) zero;
        }
        fresh[0] = x;
        NestedTrace.Cell from = leader.cell;
        ctx.work(x.size());
        int size;
        if (following()) {
            Handoff h = leader.handoff;
            if (x.isEmpty() && (h == null || h.j() != j - 1)) {
                h = new Handoff(x, j - 1, TraceRows.none(), new int[0], new boolean[0],
                        new NestedTrace.Observed(new boolean[0]), true, new int[0]);
            }
            if (h == null || h.j() != j - 1 || h.change() != x) {
                h = leader.earlierHandoff;
            }
            if (h == null || h.j() != j - 1 || h.change() != x) {
                disableTrace(); // (never: this node's change at j is the leader's input at j − 1)
                return null;
            }
            TraceRows rows = h.rows();
            int n = rows.size();
            int[] followed = new int[n];
            FollowedRows t = touched;
            if (t != null && n > 0 && t.width != rows.arity() + 1) {
                disableTrace(); // (never: one stream's rows have one arity)
                return null;
            }
            long[] keys = h.complete() || t == null || n == 0 ? null : rows.keys();
            boolean[] wanted = h.wanted();
            for (int k = 0; k < n; k++) {
                // a row followed at the leader's addition still is; one not followed then may be now
                // (when this node ran after its leader at that tick)
                int id = h.followed()[k];
                followed[k] = id >= 0 ? id : keys == null ? -1 : t.find(keys, k * t.width);
                if (followed[k] < 0 && !wanted[k]) {
                    disableTrace(); // (never: the rows this node follows only grow within a step)
                    return null;
                }
            }
            firstFresh = firstOf(rows, followed);
            // the rows followed first now take their later entries from the leader's sweep, the leader's
            // iteration i being this node's i + 1
            NestedTrace.Observed seen = h.seen();
            size = (int) (basis.size() + followChanges(ctx, rows, followed, seen.upTo, seen.laterIterations,
                    seen.laterWeights, 1, j, h.indexIds()));
            followedTick = j;
        } else if (countedTick == j - 1 && countedChange == x && j >= 1 && countedBasis == current.get(j - 1)) {
            // H counted, at tick j − 1, how many rows S(t, j − 1) + x gains: no need to ask the input's
            // size (an inner running sum not added up otherwise: see countedBy)
            size = (int) Math.addExact(((ZSet) current.get(j - 1)).size(), counted);
        } else {
            size = in.size();
        }
        countedChange = null;
        countedBasis = null;
        NestedTrace lt = from.get();
        if (j >= 2 && lt.zeroAt(j - 1) && current.get(j - 1) instanceof ZSet before && before.accumulated()
                && before.trace() == lt && before.traceFrom() == 0 && before.traceUpTo() <= j - 2) {
            return before; // X_j is zero: S(t, j) is S(t, j − 1), kept once (see traced)
        }
        return from.upTo(j - 1, size);
    }

    /**
     * ACCUMULATE: the change of the number of rows since the previous step at iteration j, kept
     * per row changed in this step; a row's share is recomputed only at the ticks where it
     * changes and at the later iterations where it has entries from earlier steps (where its
     * sum can cross zero), not at every iteration. Its weight in S(t, j) comes from the sweep
     * that added the change (at a tick where it changes) or from the entry it has at j (read
     * by the sweep of the tick where it first changed): no lookups of their own.
     */
    private long followChanges(Ctx ctx, TraceRows rows, int[] followed, long[] upTo, int[][] laterIterations,
                               long[][] laterWeights, int shift, int j, int[] indexIds) {
        int n = rows.size();
        if (n > 0 && touched == null) {
            // sized for the rows the previous step followed, but not beyond 8× this change's (after a
            // large step the next small one would zero a table of the large one's size; the table grows)
            touched = new FollowedRows(rows.arity() + 1, Math.max(n, (int) Math.min(lastFollowed, 8L * n)));
            touchedMapped = true;
        }
        FollowedRows t = touched;
        long[] ws = rows.ws();
        // the rows followed from now on, added together
        int fresh = 0;
        for (int k = 0; k < n; k++) {
            fresh += followed[k] < 0 ? 1 : 0;
        }
        int[] added = null;
        if (fresh > 0) {
            int[] which = new int[fresh];
            fresh = 0;
            for (int k = 0; k < n; k++) {
                if (followed[k] < 0) {
                    which[fresh++] = k;
                }
            }
            added = new int[fresh];
            t.addAll(rows.keys(), which, fresh, added);
            mapFollowed(indexIds, which, added, fresh);
            fresh = 0;
        }
        for (int k = 0; k < n; k++) {
            int id = followed[k];
            if (id < 0) {
                id = added[fresh++];
                int[] its = laterIterations[k];
                if (its != null) {
                    long[] lw = laterWeights[k];
                    for (int q = 0; q < its.length; q++) {
                        t.addDue(its[q] + shift, id, lw[q]);
                    }
                }
            }
            t.change[id] = Math.addExact(t.change[id], ws[k]);
            t.weight[id] = Math.addExact(upTo[k], ws[k]);
            t.last[id] = j;
            share(t, id);
        }
        int m = t == null ? 0 : t.dueCount(j);
        if (m > 0) {
            int[] due = t.dueIds(j);
            long[] dw = t.dueWeights(j);
            for (int q = 0; q < m; q++) {
                int id = due[q];
                if (t.last[id] != j) { // else this tick's change at the row already read its weight
                    t.weight[id] = Math.addExact(t.weight[id], dw[q]);
                    t.last[id] = j;
                    share(t, id);
                }
            }
            t.clearDue(j);
            ctx.work(m);
        }
        return sizeDelta;
    }

    /** A row's share of the size's change, from its weight in S(t, j) and its change this step. */
    private void share(FollowedRows t, int id) {
        long weight = t.weight[id];
        long before = weight - t.change[id];
        int c = (weight != 0 ? 1 : 0) - (before != 0 ? 1 : 0);
        sizeDelta += c - t.share[id];
        t.share[id] = (byte) c;
    }

    /** The number of rows of basis + change, where that sum is read from the trace at iterations from..upTo. */
    private int sizeAt(Ctx ctx, ZSet basis, ZSet change, int from, int upTo) {
        if (basis.isEmpty()) {
            return change.size();
        }
        int[] n = {basis.size()};
        if (ctx != null) {
            ctx.work(change.size());
        }
        change.forEach((r, w) -> {
            long now = trace.weight(r, from, upTo);
            long before = now - w;
            n[0] += (now != 0 ? 1 : 0) - (before != 0 ? 1 : 0);
        });
        return n[0];
    }

    /** A leader about to keep in its trace what its follower's X would not hold: the follower sums values instead. */
    private void unshare() {
        if (sharing()) {
            follower.disableTrace();
        }
    }

    private void disableTrace() {
        index = null;
        unshare();
        shared = false;
        firstFresh = null;
        trace = null;
        mode = Mode.NONE;
    }

    @Override
    public void endOuterStep(int iterations) {
        // H's count is read at the tick after it, within the step: none is read after the step
        countedChange = null;
        countedBasis = null;
        // iterations beyond this step's run repeat its last input (the loop was at a fixpoint);
        // the loop runs at least as many iterations as the previous step kept, so this is rare
        for (int j = current.size(); j < previous.size(); j++) {
            ZSet basis = (ZSet) previous.get(j);
            StreamValue out;
            if (shared) {
                out = ((ZSet) basis).plus((ZSet) lastInput); // (never: the loop runs at least as long as the previous step)
            } else if (mode == Mode.ACCUMULATE) {
                // no change at these iterations: the trace already holds S(t, j)
                out = cell.upTo(j, sizeAt(null, basis, (ZSet) lastInput, 0, j));
            } else if (mode == Mode.EACH) {
                if (!((ZSet) lastInput).isEmpty()) {
                    unshare();
                }
                NestedTrace before = trace;
                trace = trace.plus((ZSet) lastInput, j);
                if (trace != null) {
                    cell.set(trace);
                    index(before, (ZSet) lastInput, j);
                }
                out = trace == null ? null : cell.at(j, trace.sizeAt(j));
                if (out == null) {
                    disableTrace();
                    out = basis.plus(lastInput);
                }
            } else {
                out = basis.plus(lastInput);
            }
            keep(out, null);
        }
        super.endOuterStep(iterations);
        if (mode == Mode.EACH) {
            // a value kept once for several iterations (see eval) and not dropped as a trailing
            // repeat: its rows go to the trace at each such iteration, as the next step adds there
            for (int j = 0; j < previous.size() && trace != null; j++) {
                ZSet v = (ZSet) previous.get(j);
                if (v.accumulated() && v.traceFrom() != j) {
                    NestedTrace before = trace;
                    trace = trace.plus(v, j);
                    if (trace != null) {
                        index(before, v, j);
                        previous.set(j, new NestedTrace.Cell(trace).at(j, v.size()));
                    }
                }
            }
            if (trace == null) {
                mode = Mode.NONE;
            }
        }
        if (INDEXED && !indexGivenUp && index == null && mode == Mode.EACH && sharing() && trace != null && trace.stored() > 0
                && trace.stored() <= indexMaxRows) {
            buildIndex();
        }
        lastFollowed = touched == null ? 0 : touched.size();
        touched = null;
        sizeDelta = 0;
        handoff = null;
        earlierHandoff = null;
    }

    /**
     * With the trace, S(t,j) repeats S(t,j−1) exactly when X_j is zero (accumulated); each
     * iteration on its own, when X_j equals X_{j−1} (compared only when their sizes agree and are
     * not zero). A dropped iteration's entries then leave the trace (the next step re-adds the
     * repeated value at iterations beyond those kept); the values of this step keep reading
     * this step's version.
     */
    @Override
    boolean repeatsPrevious(int j) {
        if (shared) {
            return leader.cell.get().zeroAt(j - 1); // X_j is the leader's X_{j−1} (j ≥ 1)
        }
        if (mode == Mode.ACCUMULATE) {
            return trace.zeroAt(j);
        }
        if (mode == Mode.EACH) {
            if (current.get(j) == current.get(j - 1) || trace.zeroAt(j) && trace.zeroAt(j - 1)) {
                return true; // the same value kept twice (nothing added at j), or both zero
            }
            ZSet a = (ZSet) current.get(j);
            ZSet b = (ZSet) current.get(j - 1);
            // X_j and X_{j−1} read from this trace: their fingerprints tell most differences apart
            boolean differ = a.accumulated() && b.accumulated() && a.trace() == trace && b.trace() == trace
                    && a.traceFrom() == j && a.traceUpTo() == j && b.traceFrom() == j - 1 && b.traceUpTo() == j - 1
                    && !trace.mayEqual(j, j - 1);
            if (differ || a.size() != b.size() || a.isEmpty() || !a.equals(b) || sharing()) {
                return false; // (a trace a follower reads keeps its entries: the value is kept instead)
            }
            ZSet minus = a.negate();
            NestedTrace next = trace.plus(minus, j);
            if (next == null) {
                return false;
            }
            index(trace, minus, j);
            trace = next;
            return true;
        }
        return super.repeatsPrevious(j);
    }

    @Override
    public void resetAll() {
        super.resetAll();
        resetTrace();
    }

    @Override
    public long stateSize() {
        return shared ? 0 : trace != null ? trace.stored() : super.stateSize();
    }

    /**
     * A leader's index of its trace by row, built at the end of an outer step from the trace's runs (when
     * they hold at most {@link #indexMaxRows} entries: a larger trace is not indexed, and nothing is built
     * in vain; the first step's end, or a later one's when the trace was empty or too large before), then
     * kept by mirroring every addition.
     */
    private void buildIndex() {
        index = TraceIndex.of(trace, indexMaxRows);
        indexGivenUp = index == null;
    }

    /** The ids in {@link #index} of {@code rows} (−1: not held), or null when the index cannot be used for them. */
    private int[] indexIds(TraceRows rows) {
        int n = rows.size();
        int[] ids = new int[n];
        if (n == 0) {
            return ids;
        }
        if (index.width != rows.arity() + 1) {
            return null; // (never: the index holds the trace's rows, which are of the rows' arity)
        }
        index.findAll(rows.keys(), n, ids);
        return ids;
    }

    /**
     * What the trace's sweep would read of {@code rows} before their addition at j, from the index: every
     * row's weights in X_j and S(j) given, and for the rows {@code wanted} their entries after j.
     */
    private NestedTrace.Observed observedFromIndex(TraceRows rows, int[] ids, int[] fs, boolean[] wanted, int j) {
        int n = rows.size();
        READ_NEAR_MAXIMUM.increment();
        NestedTrace.Observed obs = new NestedTrace.Observed(new boolean[n]);
        TraceIndex ix = index;
        // the rows the follower follows (it ran first at this tick) it gives itself, from what it keeps of them:
        // their entries are not walked in the index (a cache miss per entry beyond a row's first)
        boolean given = follower.followedTick == j && follower.touched != null;
        if (given) {
            follower.giveFollowed(j, fs, obs);
        }
        for (int k = 0; k < n; k++) {
            if (given && fs[k] >= 0) {
                continue; // (followed: no later entries wanted)
            }
            int id = ids[k];
            obs.give(k, ix.at(id, j), ix.upTo(id, j));
            if (wanted[k]) {
                int c = ix.laterCount(id, j);
                if (c > 0) {
                    int[] its = new int[c];
                    long[] ws = new long[c];
                    ix.later(id, j, its, ws);
                    obs.laterIterations[k] = its;
                    obs.laterWeights[k] = ws;
                }
            }
        }
        return obs;
    }

    /**
     * {@link #observedFromIndex} and {@link #index(TraceRows, int, int[])} in one pass over the rows (each row's
     * entries walked once, then added to while in the cache: {@link TraceIndex#addReading}); null, having
     * read and mirrored nothing, when the index might not take the rows (near its maximum) or cannot key them.
     */
    private NestedTrace.Observed observeAndIndex(TraceRows rows, int[] fs, boolean[] wanted, int[] ids, boolean mapped, int j) {
        int n = rows.size();
        TraceIndex ix = index;
        if (n > 0 && ix.width != rows.arity() + 1) {
            return null; // (never: the index holds the trace's rows, which are of the rows' arity)
        }
        // the rows the follower follows (it ran first at this tick) it gives itself (see observedFromIndex)
        FollowedRows t = follower.touched;
        boolean given = follower.followedTick == j && t != null;
        boolean[] read = new boolean[n];
        TraceIndex.BeforeRead before = null;
        if (mapped) {
            // which rows are followed, told by their ids here as they are found
            long stamp = t == null ? -1 : (long) t.stamp << 32;
            before = (r, id) -> {
                long v = id >= 0 ? ix.mark(id) : 0;
                int f = (v & 0xFFFFFFFF00000000L) == stamp ? (int) v - 1 : -1;
                fs[r] = f;
                told += f >= 0 ? 1 : 0;
                wanted[r] = f < 0;
                read[r] = !given || f < 0;
            };
        } else {
            for (int k = 0; k < n; k++) {
                read[k] = !given || fs[k] < 0;
            }
        }
        long[] at = new long[n];
        long[] upTo = new long[n];
        NestedTrace.Observed obs = new NestedTrace.Observed(new boolean[n]);
        if (n > 0 && !ix.addReading(rows.keys(), n, rows.ws(), j, read, wanted, at, upTo, obs.laterIterations,
                obs.laterWeights, ids, before)) {
            return null;
        }
        if (given) {
            follower.giveFollowed(j, fs, obs);
        }
        for (int k = 0; k < n; k++) {
            if (read[k]) {
                obs.give(k, at[k], upTo[k]);
            }
        }
        if (told > 0) {
            FOLLOWED_BY_INDEX.add(told);
            told = 0;
        }
        return obs;
    }

    /**
     * A leader's followed rows by index id: each row of {@link #index} marked ({@link TraceIndex#mark})
     * {@code stamp << 32 | id + 1} with its id in its follower's table whose {@link FollowedRows#stamp} is
     * stamp (other marks: not followed), kept by the follower as it follows rows whose index ids its
     * leader's handoff gives; read where the leader's lookup reads the row's record anyway.
     */
    /** n rows none of which is followed (-1 each) until their marks say otherwise. */
    private static int[] notFollowed(int n) {
        int[] fs = new int[n];
        java.util.Arrays.fill(fs, -1);
        return fs;
    }

    /** Rows told followed by their marks at the addition under way. */
    private int told;
    /** Rows a leader was told its follower follows by their ids in its index, over all leaders (tests: the map is kept). */
    static final java.util.concurrent.atomic.LongAdder FOLLOWED_BY_INDEX = new java.util.concurrent.atomic.LongAdder();

    /**
     * Whether this follower's followed rows are all marked in {@code leader}'s index: none followed yet in this
     * step, or every one followed with its index id (else the leader looks them up in {@link #touched} by their words).
     */
    private boolean mappedIn(OuterIntegrate leader) {
        if (touched == null) {
            return true;
        }
        return touchedMapped;
    }

    /** Whether every row of {@link #touched} is marked in the leader's index (see {@link #mappedIn}). */
    private boolean touchedMapped;

    /** Marks in the leader's index the rows {@code which} of a handoff just followed as {@code added} ({@link TraceIndex#mark}). */
    private void mapFollowed(int[] indexIds, int[] which, int[] added, int m) {
        OuterIntegrate l = leader;
        if (indexIds == null || l == null || l.index == null) {
            touchedMapped = false;
            return;
        }
        long stamp = (long) touched.stamp << 32;
        TraceIndex ix = l.index;
        for (int q = 0; q < m; q++) {
            ix.mark(indexIds[which[q]], stamp | (added[q] + 1));
        }
    }

    /** Mirrors in {@link #index} the addition of {@code rows} at j to the trace ({@code ids}: their ids, or null: looked up). */
    private void index(TraceRows rows, int j, int[] ids) {
        TraceIndex ix = index;
        int n = rows.size();
        if (ix == null || n == 0) {
            return;
        }
        if (ids == null) {
            ids = indexIds(rows);
        }
        if (ids == null || !ix.add(rows.keys(), n, rows.ws(), j, ids)) {
            index = null; // past its budget (or rows it cannot key): the runs are searched from now on
            indexGivenUp = true;
        }
    }

    /** Mirrors in {@link #index} the addition of {@code z} at j to the trace {@code before} (packed as it packs it). */
    private void index(NestedTrace before, ZSet z, int j) {
        if (index != null && !z.isEmpty()) {
            TraceRows rows = before.pack(z);
            if (rows == null) {
                index = null;
                indexGivenUp = true;
            } else {
                index(rows, j, null);
            }
        }
    }

    /** Mirrors in {@link #index} the addition of {@code x} at j to the trace (before this addition: {@link #trace}). */
    private void index(ZSet x, int j) {
        index(trace, x, j);
    }

    /** Which of the rows with these ids ({@link #followedIds}; −1: not followed yet) are not followed yet. */
    private static boolean[] unfollowed(int[] ids) {
        boolean[] fresh = new boolean[ids.length];
        for (int k = 0; k < ids.length; k++) {
            fresh[k] = ids[k] < 0;
        }
        return fresh;
    }
}
