/**
 * The DBSP engine: what a circuit does.
 *
 * <h2>Values</h2>
 * {@link org.dbspstudio.engine.value.ZSet} (row → non-zero 64-bit weight),
 * {@link org.dbspstudio.engine.value.IndexedZSet} (key → non-empty Z-set) and
 * {@link org.dbspstudio.engine.value.ZInt} implement the group interface
 * {@link org.dbspstudio.engine.value.StreamValue}. All are immutable; overflow throws
 * {@code ArithmeticException}. A Z-set built in one go (a change, an operator's output) is a flat
 * hash table; a large Z-set plus a much smaller one becomes a persistent hash trie
 * ({@link org.dbspstudio.engine.value.PMap}), so an integral's value at every step shares all but
 * its change with the previous step: integration costs O(|Δ| log n) and recording it costs nothing.
 * A large running sum ({@code I}, inner or outer clock) always grows as a trie, whatever the size
 * of its change, so the sums of successive ticks, which nested circuits keep one per iteration,
 * share their structure: in B3 this took the heap after the first step from 1.2 GB to 0.8 GB and
 * let the single-edge steps run under {@code -Xmx2g}. Rows hash with Murmur3 mixing: with
 * {@code Arrays.hashCode}, edges {@code (src, dst)} of a 2,000-node graph fell on about 64,000
 * hash values for 1.25M reachable pairs, and most of the closure's time went to comparing rows in
 * collision chains.
 *
 * <h2>Packed rows and sorted runs</h2>
 * A top-level integral's sum, once larger than 1,024 rows, is held as <em>sorted runs of packed
 * rows</em> ({@code value.Spine} of {@code value.Run}s) instead of a trie of row objects: a row of
 * n ≤ 16 columns is a tag word (4 bits per column: integer, NULL, double, boolean, dictionary id)
 * followed by one 64-bit cell per column — integers as themselves, doubles as their bits, strings,
 * decimals, dates and timestamps as ids in a process-wide dictionary ({@code value.Cells}; equal
 * values share one id, so rows are equal exactly when their words are) — and a run of rows with
 * only non-null integers leaves the tag word out. A run is two flat arrays (words, weights) sorted
 * by the words: a lookup is a binary search per run, a sum of two runs one linear merge. Adding a
 * change appends it as a run and merges the newest runs while the one before is at most four
 * times larger (Differential Dataflow's spine, Feldera's trace): about log₄ n runs, each row
 * rewritten O(log n) times over the life of the sum, and an old version shares every run it did
 * not merge. Iteration decodes rows (short-lived objects) in a k-way merge of the runs. Measured
 * by {@code bin/dbsp bench --only mem} (1M rows of (BIGINT, BIGINT, BIGINT, VARCHAR), the
 * running sum of 100 changes of 10,000 rows): 50 bytes per row with packed runs, against 193 with
 * the trie of row objects it replaces (170 of them for the row objects alone: a {@code Row}, its
 * {@code Object[]}, three {@code Long}s and a {@code String}) and 208 for a flat hash table of row
 * objects. Property tests ({@code PackedRowsProperties}) drive packed sums, differences,
 * negations, builders, filters and lookups with random operations against a map of row → weight,
 * over every value kind, and check that earlier versions stay intact.
 *
 * <p>Where runs are <em>not</em> used yet, and why: inside nested circuits, where an outer-clock
 * integral keeps the sum of every inner iteration and neighbouring iterations share structure
 * ({@code S(t,j) = S(t,j−1) + X_j}). A first version packed those sums too; each iteration's sum then
 * merged its own copy of the large runs it shared with its neighbours, and B3 ran out of a 2 GB heap
 * in its single-edge steps (the trie's path copies share everything but the changed paths). Those
 * sums stay tries ({@link org.dbspstudio.engine.value.ZSet#plusPersistent}) until they are kept as
 * changes indexed by iteration and read by accumulation (runs appended, never merged across
 * iterations), the next step. Operator outputs and changes remain flat hash tables of row objects
 * (built once, probed by hash); arrangements remain tries of per-key Z-sets.
 *
 * <h2>Recursion over nested time</h2>
 * {@code incrementalize} now turns every recursive nested circuit into its semi-naive form before
 * lifting it over the outer clock, so a stream inside the loop carries, at outer step t and inner
 * iteration j, the change of the loop's new facts — a 2-D difference, the nested time of the paper
 * and the product timestamps of Differential Dataflow. The outer-clock state
 * ({@link org.dbspstudio.engine.ops.Clocked}, one value per iteration, compacted over all earlier
 * outer steps) therefore holds each iteration's new facts (in total the size of the result) instead
 * of a snapshot of the result per iteration, which needed more than {@code -Xmx4g} and three
 * minutes before running out of memory on B3's first step. A loop over changes is at its fixpoint
 * only when its delayed state has settled too: the nested circuit stops when every ∫ saw a zero
 * change <em>and</em> every inner {@code z⁻¹} stores what it emitted (the test that ignored the
 * delays stopped semi-naive loops early; it costs one extra, empty iteration). {@code H} lifted over
 * the outer clock keeps its output per iteration and reports its own outer change, computed at the
 * rows whose weight changed on either input, so the outer differentiator after it costs the change
 * rather than the closure.
 *
 * <p>Two outer-clock integrals of that circuit still hold a whole sum per iteration
 * ({@code I_outer(I_inner(x))}: the paths known up to iteration j). Built at the first step from an
 * inner running sum, neighbouring iterations share all but one iteration's facts; updated since by
 * {@code S(t,j) = S(t−1,j) + in(t,j)}, each iteration path-copied its own changes and the sums drifted
 * apart. Profiled with JFR on B3 (sampling, {@code jdk.ExecutionSample}; heap by
 * {@code jmap -histo:live}): after one batch of 100 edge changes the heap held 18.6M trie nodes
 * (1.7 GB of node arrays) for about 3M rows, and most single-edge CPU went to those path copies and
 * to {@code H}'s lookups. Such an integral now also keeps the nested-time state itself — per
 * iteration, the input's inner change summed over outer steps ({@code X_j}, compacted over all
 * earlier steps, in total the size of the result) — and once the rows it path-copied exceed a
 * quarter of the rows it keeps, it builds the remaining iterations' sums of the step as one chain
 * {@code S(t,j) = S(t,j−1) + X_j} that shares everything again (amortized: each rebuild is paid for by
 * the copies before it). Measured in one process ({@code -Xmx8g}, heap in use after a full GC):
 * 1.35 GB instead of 2.0 GB after the first batch of 100 changes (0.7 GB after the first step).
 * Single-edge steps then took 0.24–0.51 s of CPU (1.6 s for one that changed 20,805 pairs); the
 * first one after the load had taken 6–11 s of wall-clock, because a large running sum that more
 * than doubled at one tick was a flat table, converted whole to a trie by the first small change
 * of the next step; such a sum is now a trie from the start. In the bench (README) the
 * single-edge median went from 2.9 s to 1.0 s of wall-clock (1.7 s to 0.87 s of CPU). {@code H}
 * lifted over the outer clock reads the earlier values only (i = basis + change), once per changed
 * row. What remains far from the targets: rows are boxed objects in hash tries (about
 * 700 bytes of heap per reachable pair in B3 after the first step), and a batch of 100 changes
 * in B3 still fills a 2 GB heap at the second batch; the next step is sorted batches of compact
 * rows merged geometrically (Differential Dataflow's spines, Feldera's traces) holding changes indexed by
 * (outer step, iteration) and read by accumulation, instead of a trie per iteration.
 *
 * <h2>Time travel</h2>
 * {@link org.dbspstudio.engine.run.Trace} records every stream's value (persistent, so a reference)
 * per step and iteration, and answers the debugger's {@code change} and {@code contents}: a stream
 * of changes' contents is a running sum computed once per stream asked for and kept across the
 * eviction of old steps; a change computed as the difference of two snapshots is kept as the
 * stream's known change (asked again by the inspector, the canvas and the timeline, it costs
 * nothing; {@code Simulation} records the change of every output it computes anyway). A value that
 * shares nothing with the previous step's (a flat Z-set its operator built anew, such as a join's
 * output in a circuit over snapshots) is kept as its change once a newer step is recorded (the
 * newest step stays whole, the debugger shows it most), except at checkpoints every 32 steps, and
 * rebuilt on demand from the nearest value kept or rebuilt, before or after it, plus or minus the
 * changes between (summed first, so the large value is copied once); the last two values rebuilt
 * per stream are kept, so stepping back and forth costs one change. Measured on users ⋈ orders
 * over snapshots (50,000 users and orders, one rename and one order per step, 41 steps), the heap
 * the run retains: 26–32 MB recording no trace, 221 MB with the trace before (4.6 MB more per
 * step: the join's output, 50,000 rows, anew at every step), 35 MB after (0.2 MB per step). Retention is configurable ({@code EngineOptions}: steps and bytes);
 * {@code dbsp run} keeps the last two steps (each step is printed as soon as it ran) and benchmarks
 * record no trace.
 *
 * <h2>Running</h2>
 * {@link org.dbspstudio.engine.run.Simulation} validates a circuit with
 * {@code model.validate.Validator.check}, which keeps what validation inferred: the type of every
 * port and each level's dependency order ({@code CircuitGraph.dependencyOrder}, the order the
 * types were inferred in). The compiler builds the circuit from that, checking and inferring
 * nothing again (the validator's diagnostics are the errors users see): one slot per output port,
 * each level evaluated in its dependency order with every strict {@code z⁻¹} moved before the first
 * operator reading it (the dependency graph leaves out the streams leaving a strict operator; the
 * engine evaluates {@code z⁻¹} from the input it stored after the previous tick), and each
 * operator's runtime built by {@link org.dbspstudio.engine.ops.Ops}, one factory per {@code OpKind}.
 * Before, the compiler checked the wiring again, ordered the operators with its own topological
 * sort and inferred every type a second time (and {@code Simulation} a third, for loop hints).
 *
 * <h2>Semantic decisions</h2>
 * <ul>
 * <li>Aggregates: COUNT(*) is the sum of weights, COUNT(e) of the rows whose e is not NULL; SUM the
 *     weighted sum; AVG = SUM / COUNT(e); MIN/MAX over the rows of positive weight. A group exists
 *     while it has a row of non-zero weight. A <em>global</em> aggregate (no grouping) always
 *     yields exactly one row, as SQL does: over an empty input COUNT = 0 and SUM, AVG, MIN, MAX are
 *     NULL. SUM/AVG/MIN/MAX are NULL when no row with a non-NULL argument is present.</li>
 * <li>Join keys: a NULL key never matches; keys of different numeric types compare by value.
 *     Antijoin keeps the left rows whose key matches no right row of positive weight (a NULL key
 *     matches nothing, so such left rows are kept).</li>
 * <li>A constant with {@code once} emits its value at top-level step 0 only (inside a nested
 *     circuit: at every inner tick of outer step 0), i.e. the derivative of a constant.</li>
 * <li>Nested circuits: δ₀ emits the outer value at inner tick 0; the loop runs until every ∫ saw a
 *     zero change and at least as many ticks as the outer-clock state of the previous outer step
 *     covers; beyond a step's last iteration that state repeats its last value (the loop stopped
 *     at a fixpoint). {@code maxIterations} reached is an error naming the nested operator and the
 *     iteration.</li>
 * <li>Delta tracking: an integral (and a snapshot input) knows its change since the previous tick;
 *     arrangements (indexes on a join key, shared by every operator reading the same stream with
 *     the same key), aggregates, distinct and linear operators then update their previous result
 *     by the change instead of recomputing. Inside a nested circuit an outer-clock integral (and an
 *     outer-clock delay of one) knows its change over the outer clock
 *     ({@link org.dbspstudio.engine.ops.OuterChange}: the value at the same inner iteration of the
 *     previous outer step, plus the change); the arrangements of such a stream are kept per inner
 *     iteration across outer steps and updated by that change, so the semi-naive join
 *     {@code I_outer(Δz) ⋈ ΔE} costs the change times the matching rows. With
 *     {@code EngineOptions.deltaTracking=false}
 *     everything is recomputed from whole values (the benchmarks' baseline). Results are equal
 *     either way (checked by the property tests).</li>
 * </ul>
 */
package org.dbspstudio.engine;
