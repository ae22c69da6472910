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
 * <p>A large merge can be spread over the additions that follow it ("fuel", as in Differential
 * Dataflow's spine; {@code value.MergingRuns}, {@code value.RunMerge}), though by default it is
 * not: see the end of this paragraph. With a fuel of 4, every addition of d entries
 * advances each merge in flight by 4·|d| entries of its inputs (at least 64); a merge the policy
 * calls for is done at once when that covers it, else it is started and left in flight, its two
 * inputs staying readable (every reader of {@code Spine.runs} sees them) and nothing older merged
 * with it until it completes, while newer runs keep merging among themselves behind it. Its output
 * arrays are allocated when it starts and depend only on its inputs, so versions that share it
 * share its progress. Why: the p99 of B3's single edges came from a few steps (3, 11, 19 of the 30)
 * whose additions cascaded into a spine's largest run — a merge of 1.5M + 460k entries in one step.
 * Entries merged in those steps (counted, so free of the machine's noise): step 3 1.76M → 1.30M,
 * step 11 4.40M → 2.69M, step 19 3.39M → 1.27M; the median step's 76k → 99k (the work moves to the
 * cheap steps), all 30 single edges' 12.5M → 9.3M, the whole run's (first step, single edges,
 * batch) 68.0M → 64.0M. Engine thread's CPU of the slowest single-edge step, B3
 * (2000/3000), the jar before against this one alternating, load 4–7: 168, 191, 243, 193 ms → 143,
 * 136, 130, 161 ms; the median single edge within the noise (7.3–8.3 → 7.8–9.1 ms). Should the readable
 * runs exceed 40, the oldest merges in flight are completed at once. An {@code IterationIndex}'s runs
 * merge the same way (its step-11 merge of 1.05M + 266k entries was the other large one): entries
 * merged in step 11 2.69M → 1.18M, step 3 1.30M → 1.12M, step 19 1.27M → 1.45M, the 30 single edges
 * 9.28M → 8.17M; their engine thread's CPU, three alternating pairs at load 6–7, 868/1,030/1,023 →
 * 729/840/997 ms. What it did not change: the slowest single edge, step 3 (its merges are medium
 * ones, 1.76M → 1.12M entries, about 8 ms of its 150–200 ms of thread CPU; the rest is the traces'
 * sweeps, {@code H} and the joins), so the p99 stays step 3's. Two alternating pairs at load 7 (thread
 * CPU, jar of af7d0df → both changes): step 3 155/210 → 162/186 ms, step 11 178/136 → 110/107, step 19
 * 199/144 → 108/106, the 25 other steps together 263/296 → 287/330 ms (the merges moved there).
 * On the quiet machine it did not pay: B3 with fuel 4 against fuel 0 (one jar, two alternating
 * pairs, load 1–1.5), p99 265/221 ms against 195/217 ms, median 13.2/10.8 against 12.0/12.2 ms,
 * batch of 100 2.59/2.46 s against 2.14/2.29 s; and the memory benchmark's integrated Z-set of 1M
 * rows holds 105 bytes per row with a merge in flight (its inputs and its whole output allocated)
 * against 58 merged. So merges are done at once by default ({@code MergingRuns.FUEL} = 0);
 * {@code -Ddbsp.spine.fuel=4} turns fueling on, to compare the two with one jar.
 * {@code MergingRunsProperties} runs its spines with a fuel of 4: it adds random changes (some
 * large, so merges stay in flight) and reads every version, old ones again after later versions
 * advanced the merges they share, branches and negations, against a map.
 *
 * <p>A sweep of sorted probes through a large run (the fenced searches described under "Comparing and
 * searching packed words", below) whose probes are dense — at least one per {@code Run.DENSE} (32)
 * entries of the run, as when {@code H} looks up an iteration's 40,000–80,000 candidate facts in a
 * trace of 1.25M entries in B3's first step — scans the run from the previous probe's position
 * instead of galloping over its fence and scanning a block: the run is read in order (prefetched)
 * and no fence line is touched. A microbenchmark (sorted probes, a quarter of them hits, through
 * 1.25M random (src, dst, iteration) entries, load 7, ns per probe): one probe per 21 entries 108–117
 * → 74–88, per 31 108–187 → 88–138, per 42 143–154 → 119–129; about even at one per 62, and the
 * fence wins beyond (one per 125: 296–326 against 410–455). {@code RunSeekProperties} drives such
 * dense sweeps against a linear scan. A nested-time trace's sweep of such probes
 * ({@code TraceSweep.sweepDense}) now does it in one merge-like pass of its own instead of one
 * {@code Run.seekPrefix} per probe: the run's position carried from probe to probe, rows of two words
 * (B3's (src, dst) pairs) compared without a loop over their words, and the entries of a probe's row
 * visited without comparing them again through {@code Run.comparePrefix}. Microbenchmark (thread CPU,
 * best of 30, one run of 1.19M (src, dst, iteration) entries, load 3–5): 137,000 sorted probes
 * (one per 8.7 entries, as {@code H}'s in the middle iterations of B3's first step) 8.1–8.2 → 5.3–5.4
 * ms, 51,000 probes 6.6–7.0 → 4.3–5.3 ms (a bare loop over the same arrays takes 3.0 ms). In B3's
 * first step {@code H}'s sweeps take about 180 ms of the engine thread (timed per call, load 5); the
 * first step's thread CPU did not tell the two apart at load 5–6 (six steps per process, three
 * alternating pairs: fastest 742/752/884 ms before, 712/724/776 ms after).
 * {@code NestedTraceSweepProperties} checks these sweeps, the fenced ones and the small runs' against
 * a map per iteration, on traces with runs above the fence's size. The same pass serves a run with
 * fewer entries than there are probes but at least a quarter of them (and 1,024), which was walked
 * entry by entry, each entry found among the probes by galloping: microbenchmark (137,000 sorted
 * probes, thread CPU, median of 15, load 5) a run of 120,000 entries 6.3–6.9 → 2.6–3.2 ms, 70,000
 * 4.3–4.7 → 2.4–2.5 ms, 40,000 3.5–3.8 → 2.0–2.5 ms, 20,000 about even; B3's first step within the
 * noise (engine thread, four steps per process, the last three, two alternating pairs at load 5:
 * 1,127/1,219/1,205 and 1,082/1,128/1,142 ms → 1,227/1,144/1,041 and 1,179/909/1,077 ms).
 *
 * <p>Tried for the runs' kernels and not kept (B3, 2000/3000, load 5–8 on the 2-core machine, so only
 * differences beyond that noise would have counted). A merge of two runs costs about 11 ns per
 * entry of thread CPU at 1.25M entries whether its output arrays are new or reused (a
 * microbenchmark merging 1M with 250K entries into a preallocated output: 10.9–11.4 ns, allocating:
 * 10.6–10.7 ns; 4.4–5.5 ns at 20,000 entries, in cache): the merges are bound by memory traffic,
 * not by allocation or their loop. Merging a cascade in one k-way pass would write 14% (first step)
 * and 22% (single edges) fewer entries (counted with the bench's own copy of the closure: 27.0M → 23.2M
 * and 12.5M → 9.7M): not done. Other
 * spine ratios (8, 2, and 8 or 16 below 65,536 entries with 4 or 2 above) moved the single edges'
 * CPU within the noise; 8 made the slowest single-edge step 350–490 ms. For sparse sweeps through
 * the fence (100–20,000 probes through 1.25M entries: 300–400 ns per probe, the block's first
 * touch), an interpolation search over the fence on the first two words was no better (100 probes
 * 381–520 ns against 335–699, 1,000 probes 369–460 against 340–371) and blocks of 8, 16 or 64
 * entries were slower than 32. Packing every join output with integer columns (the threshold of
 * 4,096 matches in {@code ops.Joins} lowered to 1): B3's single edges within the noise (four
 * alternating warm repetitions, engine thread's CPU 738–885 ms against 631–1,011 ms), allocation
 * 705 → 693 MB: not kept.
 *
 * <p>Inside nested circuits an outer-clock integral of an inner running sum keeps its state as
 * packed runs too, indexed by nested time ({@code value.NestedTrace}, below). Other per-iteration
 * values there (operator outputs, the outer sums of other streams) remain tries or flat tables of
 * row objects.
 *
 * <h2>Arrangements</h2>
 * An arrangement — a stream indexed by a key, shared by every operator that reads the same stream
 * with the same key (joins, semijoins, antijoins, outer joins) — is an
 * {@link org.dbspstudio.engine.value.IndexedZSet} held as a few immutable <em>key batches</em>
 * ({@code value.KeyBatch}): a flat open-addressing hash table whose keys are packed words (the
 * {@code value.Cells} encoding: a tag word and one 64-bit cell per key column, all in one
 * {@code long[]}), each key's Z-set beside it — or, when that Z-set is one row of weight 1 (every
 * key of an index on a primary key), the row itself. Adding a change (an integral's change since the
 * previous tick, indexed) appends it as a batch and merges the newest batches while the one before
 * is at most four times larger, as the spine of sorted runs does for rows: about log₄ n batches,
 * each key rewritten O(log n) times over the life of the arrangement, and every version shares the
 * batches it did not merge, so an arrangement maintained across steps or inner iterations costs
 * its changes. A probe packs the probing row's key once, hashes its words and compares words in
 * place in each batch; the small newest batches stay in cache, so a probe costs about one cache
 * miss in the large batch. A join reads the rows under the key where they lie
 * ({@code IndexedZSet.forEachUnder}: the row itself, or the Z-set of each batch holding the key)
 * instead of building their sum. A string, decimal or date in a key is packed as its hash code, not
 * as an id in the process-wide dictionary of {@code value.Cells} (which never shrinks, so a long
 * {@code run --follow} with ever new keys grew it without bound); a batch keeps the key row of such
 * entries and confirms a word match by comparing their objects ({@code ArrangementDictionaryTest}
 * checks that arrangements leave the dictionary as it was). Iterating an arrangement of several
 * batches reads them in place (a key at its first batch, summed with its hits in the later ones)
 * instead of caching a merged copy beside them, which doubled the memory of an arrangement
 * iterated or compared once.
 * Keys that do not pack (more than 16 columns, the empty key, mixed arities) keep the persistent
 * trie of key rows used before. Property tests ({@code ArrangementProperties}) drive arrangements
 * with random additions, builders, differences and negations (small changes that append batches,
 * large ones that merge them, keys whose rows cancel) against a map of key → (row → weight), over
 * integer, NULL, double, string and decimal keys (some with equal hash codes), and check that
 * earlier versions stay intact and stay batched; {@code primaryKeyIndexesMatchAMap} does the same for
 * an index on a primary key under inserts, deletes and updates.
 *
 * <p>Why a hash table of packed keys rather than the trie it replaces, or a sorted run of packed
 * keys: a microbenchmark on the loaded 2-core machine (2M random probes of a one-column integer key,
 * each key holding one 4-column row) measured 1.2–1.5 µs per probe for the trie of key rows at
 * 100,000 keys (1.7–1.8 µs at 1M), 0.35–0.37 µs for a binary search in a sorted run of packed keys
 * (0.7–0.8 µs at 1M) and 0.39–0.46 µs for the hash batch (0.6–1.2 µs at 1M). The two packed forms
 * probe alike; the hash batch was chosen because it lands on the key's Z-set directly (a run
 * would need a second array of Z-sets or rows decoded per probe), and the probes of a join come
 * in the order of the probing change, not sorted by key. In B2 (100k customers ⋈ 1M orders,
 * 90 batches of 10,000 order changes, incremental; JFR execution samples of the timed steps) the
 * arrangement's lookups went from 70 samples (in the trie) to 35 (in the hash batches), the join
 * from 131 to 101 and the whole steps from 309 to 244, about 300k to 330–390k changes per second
 * of CPU. Holding a primary key's only row in place of a one-row Z-set and reading rows in place
 * of building their sum took B2's batches of 100 from 210–260k to 240–330k changes per second of
 * CPU (one process, 2,000 batches of 100 after the load, timed per 200 steps at load ≈ 10; JFR put
 * half of the step in the join's probes, mostly cache misses following the key's entry to its Z-set,
 * its table, the row and its fields). Batches of 10,000 measure 270–420k changes per second of CPU.
 * What is still boxed: the rows under each key (row objects) and the rows of every change; a fully
 * packed arrangement (rows sorted by key and row in runs, read without decoding, and operators that
 * evaluate expressions on packed cells) is the next step, and what B1's and B2's targets need.
 *
 * <p>A join whose inputs' changes since the previous tick are both known (a snapshot circuit's
 * inputs, integrals) and smaller than the inputs updates its output by the change of the join —
 * {@code Δ(a ⋈ b) = Δa ⋈ b + a ⋈ Δb − Δa ⋈ Δb}, each term probing the arrangement of the current
 * value of the other side — and reports that change, so the aggregate and the differentiator after
 * it update only what changed. This is what makes the snapshot circuits the debugger runs cost the
 * change as well: B2's snapshot circuit went from recomputing the join of 1M orders at every step
 * (about 10k changes per second of CPU) to about 265k. {@code SnapshotJoinProperties} checks such
 * circuits (join, join with a projection, weighted semijoin, each followed by an aggregate and a
 * differentiator) against the same circuits with delta tracking off, at every step of random
 * snapshot streams.
 *
 * <p>A spine of sorted runs now counts the rows a change adds or cancels by walking each run once
 * in the change's order, galloping from the previous row, instead of one binary search per row and
 * run over the whole run.
 *
 * <h2>Flat throughput: where B1's and B2's steps go</h2>
 * Profiled on Dec 2 (JFR execution samples of the timed steps only, each workload in a process of
 * its own with its batches prepared before timing; the shared 2-core machine at load 6–12):
 * <ul>
 * <li>B1 (filter → map → plus over changes of 10,000 orders): the two maps are three quarters of a
 *     step and the filter a sixth, plus a tenth. Most of a map's time is the first read of each
 *     input row's fields: a row is a {@code Row}, its {@code Object[]} and a {@code Long} or
 *     {@code String} per field, all prepared long before the step and mostly out of cache, and every
 *     new row hashes its fields. The engine's thread runs 2.9–4M changes per second of CPU; the process,
 *     garbage collection and compilation included, about two thirds of that.</li>
 * <li>B2, batches of 100 (2,000 timed steps): three fifths of a step maintain the two integrals' sorted
 *     runs (the orders' and the join output's): counting the rows a change adds or cancels
 *     ({@code Run.addWeightsOf}, a third of the step), merging runs (a fifth) and packing the change
 *     (a tenth); the join is a fifth (probes, building its output), the aggregate a fifth (half of it
 *     looking up each changed row's earlier weight in the join output's integral). Batches of 10,000:
 *     integrals 54%, join 28%, aggregate 18%. The incrementalized circuit's integral of the orders is
 *     read only through its arrangement (the index on {@code cid}, kept beside it) and its size, yet is
 *     kept as sorted runs too.</li>
 * </ul>
 * What changed after these profiles: a key batch's slots hold each entry's hash beside its position
 * ({@code KeyBatch.slots}), so a probe passes over other keys without reading the array of hashes; a
 * projection copies its plain column references without calling the expression (a join's
 * {@code l.region}, {@code r.amount} too: {@code TypedExpr.plainColumn}), and an integer column ±
 * or × a constant is one closure ({@code ColumnConstantProperties} checks it against the general
 * path over BIGINT and INTEGER values with NULLs, overflow and division by zero); a join's output
 * table starts sized for its probing rows (at most 4,096) instead of doubling from two entries; and
 * the benchmarks keep, like {@code dbsp run}, only the last two steps' output changes (they recorded
 * no trace but kept every step's output change, 1 MB a step in B1, which every young collection
 * copied). Back-to-back runs of {@code bench --only b1} (process CPU, load 5–11): 1.64–1.67M changes
 * per second before, 1.92–2.04M with the projections, 2.63–2.70M with the retention as well. B2's
 * changes are within the noise of the loaded machine.
 *
 * <h2>Changes as columns of cells</h2>
 * A source's changes are now a batch of cells ({@link org.dbspstudio.engine.value.CellBatch}, what
 * {@code ZSet.ofChanges} makes of them: a scenario's steps, the benchmarks' batches): distinct rows
 * of one arity held column by column — a {@code long[]} for a column whose every value is a
 * non-null {@code Long}, an {@code Object[]} of the values for any other — with a {@code long[]}
 * of weights, and the rows themselves kept beside them when the batch was built from rows. The
 * linear operators keep that form end to end: a filter evaluates its predicate on the cells and
 * keeps the rows it passes (one pass over a column, a selection, a gather); a map shares the
 * columns it copies and computes its BIGINT expressions as new columns, and knows without looking
 * at a row that its output rows are distinct when every input column reaches some output column
 * one-to-one (copied, or plus, minus or times a non-zero constant: overflow is an error, never a
 * wrap), so B1's maps consolidate nothing; plus and minus of two batches hash the smaller on its
 * LONG cells (no object read; should many rows differ only in objects, every cell) and probe it with
 * the larger, so B1's sum — the filtered image and the whole image of the same change — is the
 * larger batch's columns, shared, with new weights; negation shares everything but the weights.
 * Expressions on cells ({@code ops.CellExprs}) are BIGINT column and literal arithmetic
 * ({@code + - *}, negation), comparisons, and AND/OR/NOT over LONG columns (which hold no NULL);
 * anything else — a nullable column that holds a NULL in this batch, text, decimals, division, an
 * overflow — is evaluated over rows as before (an overflow on cells goes back to the row path,
 * which reports it as it always did), and every other operator but joins and aggregates (see
 * "Joins and aggregates on cells") reads the batch's rows (its own, or rows decoded from the cells). {@code CellBatchProperties} checks batches against a plain map
 * of row → weight (sums with batches, flat tables and packed runs; subsets; rows differing only in
 * strings) and the linear operators on cells against the same circuits fed row objects, with
 * NULLs, values at the overflow limits, and expressions that overflow or divide by zero.
 *
 * <p>B1 back to back on one jar each (engine thread's CPU, the shared machine at load 8–10):
 * 3.0–3.8M changes per second before, 13.8–16.3M with batches of cells; wall-clock under that load
 * 1.3–1.4M before, 4.5–5.3M after. The filter's gather of the passing rows (four columns and the
 * rows beside them) and the maps' new amount column are most of a step now.
 *
 * <h2>Integrals nobody reads are not added up</h2>
 * A top-level integral's running sum is now deferred ({@code ZSet.plusDeferred}): the new sum
 * holds the previous one and the change, and is added up — as {@code plusIntegrated} adds a change
 * to sorted runs of packed rows — only when an operator reads it; sums not read in between are
 * added as one consolidated change, and at the latest when the changes not added up reach 1/16 of
 * the sum they start from (or 4,096 changes; a change that large is added at once; a quarter
 * before, see below). B2's integral of the orders is read only through
 * its arrangement (maintained from its changes) and, when the customers change, by the join beside
 * it: it is no longer counted and merged at every step. An aggregate that reads its input's
 * integral one step late still adds one change at a time (a sum is added up from the newest one
 * that was). The engine's statistics per operator (rows in, out and in state) are computed only
 * when the trace is recorded, since counting a value's rows adds up a deferred sum.
 * {@code DeferredSumProperties} checks chains of deferred sums, read at random steps or never,
 * every version read again at the end, against a plain map; {@code SnapshotInputSumProperties} the
 * snapshot inputs' running sums (now kept like an integral's, see {@code Simulation.step}).
 *
 * <p>B2, two pairs of runs back to back (engine thread's CPU, load 8–10, so about ±25%): batches of
 * 100 192k and 134k changes per second before, 234k and 181k after; batches of 10,000 329k and 314k
 * before, 288k and 204k after. The bench runs the batches of 10,000 after 1,500 batches of 100
 * (150,000 changes) whose deferred additions to the orders' integral are then still pending: the
 * first fold (at 250,000 changes, a quarter of the sum) falls into the timed batches of 10,000 and
 * adds the earlier phase's changes too. Folding at a smaller share of the sum would charge each
 * phase its own changes; it is not measured yet.
 *
 * <p>Then measured, with the join and the aggregate on cells (below), one B2 run each back to back
 * at load 6–7 (engine thread's CPU): folding at a quarter, batches of 100 407k changes per second
 * and batches of 10,000 303k (which paid for the 150,000 changes of the batches of 100); at 1/16,
 * 263k and 515k: each phase pays for its own changes, and the two phases' timed steps took 0.65 s
 * against 0.71 s. A chain of changes that are all batches of cells of one arity (a source's
 * changes, a join's output on cells) is consolidated on its cells ({@code CellBatch.sum}: the
 * batches' columns one after the other, hashed by their integer cells) instead of through a table
 * of row objects.
 *
 * <h2>Joins and aggregates on cells</h2>
 * A join whose key is plain columns of the probing side and whose projection is plain columns of
 * either side probes with a batch of cells as it is ({@code ops.CellJoins}): each probing row's key
 * is packed from its integer cells ({@code IndexedZSet.forEachUnderIntegers}: the tag word of
 * integers, then the values; no key row, no encoding of a row), and each output column is gathered
 * into a column of its own — from the probing batch's column (an integer column stays a
 * {@code long[]}) or from the matched row's field — then consolidated on the cells: no output row
 * object, no row hashed. A batch holding a key column as objects (a NULL in it, text, decimals),
 * keys compared as exact decimals (mixed numeric types), computed keys or projections, the
 * weighted semijoin and a join both of whose inputs changed read rows as before. B2's join of each
 * order change with the customers' arrangement is such a join, and its output (region, amount) a
 * batch of cells.
 *
 * <p>Such a join probing with rows that are not a batch of cells (a packed sum, a table of rows: B3's
 * edges, an inner integral, probing each iteration's new facts) counts its matches first when it
 * probes with at most 65,536 rows, and from 4,096 matches on writes each match as a packed row of
 * integers (tag word 0, then the output columns) beside its weight; the rows are then sorted once
 * (one long per row, {@code Run.byKeys}) and consolidated into one sorted run, held as a packed
 * value ({@code ZSet.ofIntegerRows}) — no output row object and no hash-table insertion per
 * match. A later sum of that value takes the run as it is ({@code ZSet.run} shares a value's only
 * run) instead of decoding and packing its rows again. A cell that is not a non-null integer (a
 * NULL key or output cell, text, a double) hands the join back to the rows' path. Probing with more
 * rows than that, it packs its output without counting its matches (its first buffer sized for the
 * arrangement's rows per key): such sides were joined as rows before, each match an output row
 * object and a hash-table insertion (B3's batch of 100 probes the edges with 67,000–79,000 rows of
 * closure changes at its six middle iterations: a tenth of the batch's JFR samples, 300 MB of key
 * and output rows). {@code PackedJoinProperties} checks it against a join of plain maps, and
 * {@code UncountedPackedJoinProperties} the uncounted path (its threshold lowered) against a join of
 * maps and the closure against breadth-first search. B3's batches of 100 (one process stepping
 * {@code 2000,3000,30,3,100}, the engine thread's CPU, three alternating pairs at load 5–5.6): the
 * three batches 5.44 / 6.13 / 5.31 s → 4.78 / 5.09 / 4.65 s; allocated 6.23 → 6.04–6.07 GB. Then
 * the count is skipped too wherever the arrangement's rows per key times the probing rows promise
 * {@code PACKED_MIN} matches ({@code Joins.JoinNode.estimated}): the count was a lookup per
 * probing row (a key row and a {@code long[]} each) made again by the packed join (6.5% of the
 * batch's JFR samples after the change above); allocated per batch about 30 MB less, the engine
 * thread's CPU within this load's noise (two pairs at load 4.7–6.5: 4.95 / 4.32 s against 4.74 /
 * 5.09 s for three batches).
 * A probing side held as one sorted run of integer rows ({@code ZSet.integerColumns}: {@code H}'s change
 * since it is written from packed words, a packed join's output, a packed sum of one run) is joined on
 * its columns as they are ({@code CellJoins.joinPackedColumns}), whatever the number of matches: no
 * row decoded to count the matches, to probe or to read the output cells, and the output one sorted
 * run (which {@code H} reads in its order). JFR of B3's 60 single edges and a batch of 100: the join
 * after {@code H} 15.9% → 11.8% of the samples (row decoding 5.4% → none); the engine thread's
 * allocation in 30 single edges 488 → 426 MB and in the batch of 100 1,775 → 1,701 MB.
 * {@code PackedProbingJoinProperties} checks a chain {@code (l ⋈ r) ⋈ s} whose second join probes
 * with the first's packed output against joins of plain maps.
 *
 * <p>An aggregate over a Z-set keeps its input's rows with their weights in a table of its own
 * ({@code value.RowWeights}, a mutable hash table of row → weight) instead of looking each changed
 * row's earlier weight up in its input's integral: one hash probe per changed row where the
 * integral, held as sorted runs, cost a search per run, and the integral had to be added up at
 * every step for it (in B2's batches of 100, adding it up and the lookups were half of the step).
 * Nothing else reads that integral in an incremental aggregate, so it is now deferred like the
 * orders'. The table doubles the aggregate's state: the distinct rows of its input (B2's 25,000
 * (region, amount) pairs) as row objects, beside the integral's packed runs. Given a batch of
 * cells with plain grouping and argument columns, the aggregate finds each row's group from its
 * grouping cells (a key row per distinct group of the batch), its earlier weight by its cells
 * (hashed as {@code Row.hashCode} hashes the row, compared cell by cell; the row object is built
 * only for a row new to the table) and updates COUNT, SUM and AVG from integer cells without boxing
 * them. The rows' weights are kept per group when the grouping is plain columns: a row whose other
 * columns are all non-NULL integers by those integers in the group's own table
 * ({@code ops.IntegerRowWeights}: words in one array; B2's amounts of one region, a few hundred
 * entries that stay in cache), any other by the whole row; that took the weights' share of a B2
 * batch of 100 from a sixth of the step (one table of row objects, each probe comparing region
 * strings) to a few percent. A join whose output sum is updated by its change (a snapshot circuit)
 * defers adding it up like an integral's ({@code ZSet.plusDeferred}): the aggregate after it
 * reads the change. {@code CellJoinAggregateProperties} checks B2's circuit (grouped by one column, by two and
 * globally; COUNT, SUM, MIN, MAX, AVG, COUNT of a column), incremental and as snapshots, fed cells
 * against the same circuit fed row objects at every step (random changes of both inputs with NULL
 * keys, regions and amounts, negative weights, products of weights and sums that overflow: both
 * fail at the same operator), the incremental circuit against the difference of the snapshot
 * circuit's outputs recomputed without delta tracking, and the table probed with cells and with
 * rows against a plain map; {@code IntegerRowWeightsProperties} the per-group table against a
 * plain map.
 *
 * <p>B2 back to back on one jar each (one run each, load 5–7, engine thread's CPU): incremental
 * batches of 100 181k changes per second before, 263k after; batches of 10,000 216k before, 515k
 * after; the snapshot circuit 200k and 257k before, 178k and 269k after (within that load's
 * noise). In a process of its own stepping B2's batches (4,500 batches of 100, then 100 batches of
 * 10,000 in another, after the load and a warm-up, load ≈ 7): 215k → 292k and 356k → 456k. JFR
 * then puts a B2 batch of 10,000 at half adding up the orders' deferred changes (consolidating
 * them, packing them into a run, sorting and merging it: about 1 µs per change), a third in the
 * join (mostly following each key's entry to the customer's row and its region) and a sixth in the
 * aggregate; a batch of 100 at 45% adding up deferred changes, 30% aggregate (a sixth of the step
 * comparing each changed row's region string with the table's, distinct string objects from the
 * customers' rows), 22% join.
 *
 * <h2>Deferred changes packed from cells, and compacted</h2>
 * A deferred sum's changes that are batches of cells are now packed straight into one sorted run
 * ({@code value.CellRuns}): integer columns copied as cells, other columns encoded value by value
 * as a row's fields are (objects through the dictionary), no row object decoded or encoded, and the
 * batches not consolidated first — each packed row becomes one {@code long} of its words' leading
 * bits (as many as fit beside its position), sorted, and rows equal in those bits (few: B2's order
 * ids tell its rows apart) ordered by their words, so equal rows meet and are summed. Before, the
 * rows were consolidated in a hash table, decoded into row objects, encoded again and sorted by a
 * merge sort comparing words (B2's orders do not fit in one long: a random memory access per
 * comparison). A one-batch change added to a packed sum ({@code plusIntegrated}) is packed the
 * same way. {@code CellRunsProperties} checks the runs word for word against the rows packed one
 * by one ({@code Run.Builder}) and the sort against a comparison of the words.
 *
 * <p>A chain of deferred changes is dealt with at 1/16 of the sum it starts from as before, but
 * never below 65,536 rows; when its rows are at least half the sum's, its changes are consolidated
 * first and, if that halves them, kept deferred as one change (the next time the chain is dealt
 * with at twice that change's rows or more). B2's join output — 25,000 (region, amount) rows, read
 * by nobody (the aggregate keeps its own weights) — was added up at nearly every step (a batch of
 * 10,000 changes is more than 1/16 of it); its changes now cost a consolidation every few steps.
 * {@code DeferredSumProperties} checks such compacted chains (changes of cells and of row objects
 * over a small domain, read at random steps or only at the end) against a map.
 *
 * <p>A snapshot circuit's input sums ({@code Simulation.step}) are deferred the same way: in B2's
 * snapshot circuit nobody reads the orders' sum (the join updates its output from the orders'
 * change and the customers' arrangement), yet it was added up at every step, 43% of a step. The
 * join's test of whether its inputs' changes are smaller than the inputs asks
 * {@code ZSet.hasAtLeast}, which a deferred sum answers from the sum its chain starts from less the
 * rows of its changes, without adding it up. An aggregate group's table of integer rows
 * ({@code ops.IntegerRowWeights}) keeps each entry's hash beside its position in the slot array and
 * its words beside its weight, so a probe reads two places in memory instead of four.
 *
 * <p>Measured in a process of its own per circuit (B2's load, then untimed batches, then windows
 * of timed batches; the engine thread's CPU, best window, alternating runs at load 5–6): before
 * both changes, incremental batches of 10,000 608–631k changes per second, batches of 100 340k,
 * snapshot circuit batches of 10,000 804–839k; after, 612–777k (packing from cells; the window-to-
 * window spread at this load is ±40%), 396–628k and 1.08–1.12M. JFR then puts a batch of 10,000 at
 * about a third in the join (following each order's key to the customer's row and its region: a
 * string object of its own per customer, hashed and compared again by the join's consolidation,
 * the aggregate and the dictionary), a third adding up the orders' deferred changes (packing from
 * cells about 100–150 ns per row, a third of that the dictionary lookups of the note strings; then
 * counting the rows the run adds and merging it, in {@code Spine.plus}) and a sixth in the
 * aggregate. The B2 bench now times 2,000 batches of 100 and 40 of 10,000 (the snapshot circuit
 * 1,000 and 20), after a third as many untimed (later, for batches of 100, after 7,000 untimed: with
 * 1,000 the JIT compiler was still compiling per-step methods during the timed batches and the figure
 * came out either about 420k or about 910k changes/s), so that one addition of deferred changes or one
 * collection does not decide the figure; the run's data grows accordingly (about 1.6M orders at
 * the end, in both circuits), so under {@code -Xmx2g} the collector can take as much CPU as the
 * engine's thread during the batches of 10,000 (seen once: 231k changes per second of process CPU
 * against 521k of the engine thread's); the default heap (a quarter of the machine's memory) does
 * not.
 *
 * <p>A join on cells reads the matched rows' columns from the arrangement's columns
 * ({@code value.ColumnProbe}): a key batch of at least 4,096 entries builds, when a join first
 * asks for a column, one array holding that column of each entry's only row (an entry of one row
 * of weight 1: every key of an index on a primary key), equal values other than integers one
 * object in it, and every version of the arrangement holding the batch shares it (one reference per
 * entry and column asked: 0.4 MB for B2's region of 100,000 customers). A probe then reads one
 * array in place of the row, its array of fields and the field (three dependent cache misses in a
 * large batch), and the region strings it emits are one object per region, so the join's
 * consolidation and the aggregate compare them by identity. Entries of several rows, and smaller
 * batches, are read row by row as before, except by the packed joins: a batch of at least 64 entries
 * whose rows hold integers in the columns a packed join reads gives each entry's rows as flat columns
 * of longs and their weights ({@code KeyBatch.longRows}, built once per batch and set of columns, a few
 * sets kept), so the closure's edges under a source with several edges are read without their row
 * objects; the comparison of a key's words in a batch is a loop
 * (a key is a few words) instead of a vectorized compare. {@code ColumnProbeProperties} checks the
 * probes against a map of key → (row → weight), with batches read from their columns from any size
 * on, and that one batch's equal values come as one object. B2 in a process of its own (B2's load,
 * untimed batches, then windows of timed batches; engine thread's CPU, best window; two alternating
 * pairs at load 4–5): batches of 10,000 1.03M and 873k changes per second before, 1.31M and 1.11M
 * after; batches of 100 452k and 534k before, 594k and 597k after.
 *
 * <p>A key batch whose keys are one integer column lying within twice as many consecutive integers
 * as it has entries (ids numbered from some start, as B2's 100,000 customers are) also keeps a
 * direct array from key to entry ({@code KeyBatch.direct}, 4 bytes per integer of the range, so at
 * most 8 per entry), and a lookup reads that compact array instead of a slot of the hash table and
 * then the entry's words (two dependent cache misses in a large batch; the 0.4 MB array of B2's
 * customers stays in the level-2 cache). {@code DirectKeysProperties} checks lookups against a
 * map on keys in ranges of every width around zero and the extremes of {@code long}, with NULL and
 * string keys mixed in, probed with every key of the range, the keys just outside it and the
 * extremes, and that exactly the dense batches have the array (it fails when a key past the range
 * wraps around, or when the array is not read). B2 as above, one jar against the other, two
 * alternating pairs at load 4–5: batches of 10,000 1.31M and 1.28M changes per second before, 1.96M
 * and 1.70M after; batches of 100 537k and 745k before, 660k and 718k after (within the noise).
 *
 * <p>An aggregate group's table of rows of one integer ({@code ops.IntegerRowWeights}: B2's amounts,
 * 0 to 499, per region) holds values lying close together in a window — the weight of value
 * {@code lo + i} at index i, 8 bytes per value of the window — beside its hash table, so a probe
 * reads one place in memory instead of a slot and then the entry (two cache misses in a table the
 * steps between evict: 16 KB per group against 4 KB). The window starts at the first value, widens
 * (at least doubling) to take in a value while it spans at most four times the table's rows (and
 * 16 values), and takes in the hash table's rows it then covers; other values stay in the hash table.
 * {@code IntegerRowWeightsProperties} checks such tables against a map over domains of every width
 * placed anywhere in {@code long}, with far values mixed in (it fails when the rows a widening
 * covers are not moved in, or when growing the hash table recounts only its own rows). JFR on B2's
 * batches of 100 (three windows of 1,000 batches after 1,000 untimed, samples of the timed steps,
 * one run each at load 6): the aggregate 91 of 305 samples before, 60 of 260 after (its table's
 * probes 35 → 14); thread CPU within the noise (508k and 546k changes per second over the three
 * windows).
 *
 * <p>Packing deferred changes from cells ({@code value.CellRuns}) looks each object cell up in a
 * small cache of the dictionary ids it met (4,096 slots by hash, the last object per slot, compared
 * by {@code equals}) before the process-wide dictionary, whose table holds every value of the
 * workload's packed state (B2: 100,000 customer names besides the orders' notes) and cost a cache
 * miss per lookup. JFR on B2's batches of 10,000 (four windows of 20 batches after 20 untimed, the
 * timed steps' samples, one run each at load 7.5): the dictionary lookups 20 of 373 samples before,
 * 6 of 364 after; packing the changes 107 → 82. {@code CellRunsDictionaryProperties} checks such
 * packing word for word against rows packed one by one with far more distinct objects than the
 * cache has slots, strings of equal hash code and decimals equal in value but not in scale (it
 * fails when a slot's object is taken for another of the same hash code).
 *
 * <p>A join on one integer key column looks every probing row's entries up before it reads any
 * ({@code ColumnProbe.entries}, then {@code forEachAt}, from {@code ops.CellJoins}): one pass over the
 * probing keys reads each batch's direct array (or hash table), a second reads the matched entries'
 * columns, so the memory reads of different probes overlap instead of each probe waiting for its
 * two cache misses in turn (B2: the customers' 400 KB direct array, then their region column).
 * {@code ColumnProbeProperties} checks the entries and matches of every key of the range, and keys
 * outside it, against the map (it fails when an entry is off by one). B2's batches of 100 in one
 * process (5,000 untimed batches, then 6,000 timed; engine thread's CPU; three alternating pairs at
 * load 6-7.5): 0.82, 0.82, 0.73 s before, 0.69, 0.67, 0.60 s after; JFR puts the join at 19.5% of
 * the samples instead of 26% (gathering the matched columns 20% → 10%).
 *
 * <p>Sums nobody reads are not kept. Compiled without a trace (benchmarks, {@code SqlViews}) and
 * with delta tracking on, a top-level integral of a Z-set whose every reader uses only its change —
 * an aggregate over a Z-set (it reads its whole input only when computing from scratch, at its first
 * tick after a reset, and keeps its input's rows with their weights itself) or a differentiator
 * ({@code ops.ChangeReaders}) — keeps no running sum ({@code run.Compiler}): at its first tick after a
 * reset it emits its input (0 + Δ), later a value standing for the sum not kept
 * ({@code value.NotKept}), which throws when read, so a wrong decision fails loudly instead of
 * answering wrong. With a trace every sum is kept as before, so the debugger's time travel still
 * shows every stream at every step. B2's {@code j_I} (the join output's sum, read by the aggregate
 * alone) was consolidated every few hundred batches of 100 (15% of the timed steps' JFR samples);
 * it now costs nothing. {@code NotKeptSumsProperties} checks incremental circuits of SQL views (an
 * aggregate over a join, a table, another aggregate, beside joins and a DISTINCT reading the same
 * sums, HAVING, computed grouping) run without a trace against D of the snapshot circuit recomputed
 * without delta tracking at every step; it fails (a sum read that was not kept) when a join is
 * taken for a reader of changes only.
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
 * <p>Two outer-clock integrals of that circuit hold, at every iteration, a whole sum
 * ({@code I_outer(I_inner(x))}: the paths known up to iteration j). Kept as one sum per iteration
 * (a trie each, updated by {@code S(t,j) = S(t−1,j) + in(t,j)}), the iterations' sums drifted apart
 * with every step as each path-copied its own changes: after one batch of 100 edge changes B3's
 * heap held 18.6M trie nodes (1.7 GB) for about 3M rows, and a batch of 100 did not fit in
 * {@code -Xmx2g}. Such an integral now keeps the nested-time state itself and no sum per
 * iteration: a {@link org.dbspstudio.engine.value.NestedTrace} holds the entries
 * {@code (row, iteration j, weight)} of {@code X_j = Σ_t Δ_inner in(t,j)} — the input's inner change
 * at iteration j summed over the outer steps — as sorted runs of packed rows with the iteration as
 * one more column, sorted by row then iteration and merged geometrically (a spine); merging
 * consolidates the entries of equal (row, iteration), which compacts the outer steps (every read is
 * of all outer steps so far) and drops what cancelled. The value emitted at (t, j) is
 * {@code S(t,j) = Σ_{i ≤ j} X_i}, read by accumulation from the trace's version of that tick: a
 * lookup finds the row in each run (many rows together: sorted once, each run swept in their
 * order; one row: a binary search per run) and adds its entries up to j; iteration merges the runs. Its number of rows is kept per iteration from the
 * previous step's by one lookup per row of the input's outer change. Trailing iterations whose
 * {@code X_j} is zero are dropped without comparing sums. Property tests
 * ({@code NestedTraceProperties}) drive the trace with random outer steps of changes at random
 * iterations against a map per iteration, and check every earlier version after later merges.
 *
 * <p>An outer-clock integral of any other stream (one whose inner change is not known: in B3 the
 * new facts and the candidate paths per iteration) keeps the same kind of trace with the input
 * itself as {@code X_j} and emits {@code X_j} alone (the value of iteration j, no accumulation). The
 * values emitted during one outer step read the step's latest version of the trace through a
 * shared cell ({@code NestedTrace.Cell}): later versions of the same step only add entries at later
 * iterations, so every value of the step reads the same rows from it, and the intermediate versions
 * — with runs merged away since — are garbage at once (pinning each tick's version kept every
 * intermediate merge alive: B3's first step took 36 s of CPU under {@code -Xmx2g}, against 14 s).
 *
 * <p>Measured on B3 ({@code -Xmx2g}, machine load about 10 on 2 cores), the first version (sums as
 * traces, {@code H} and the size accounting reading the whole outer change at every iteration):
 * the whole run, the batch of 100 changes included, completed within {@code -Xmx2g} for the first
 * time (heap in use after the batch 1.5 GB), but a single-edge step still cost about 1.1 s of CPU,
 * nearly all of it lookups at every row of the input's outer change at every iteration
 * ({@code in(t,j)} is the inner running sum of the change, so each changed row was looked at again at
 * every later iteration: the change times the number of iterations). Now both follow the changed
 * rows instead, as Differential Dataflow's distinct does. {@code H(i, d)[x]} is 0 wherever
 * {@code d[x]} is, so at iteration j its output can differ from the previous step's only at rows
 * where {@code d} is or was non-zero at j and {@code i} or {@code d} changed: the rows of d's change,
 * and the rows of i's change that have an entry at iteration j of d's trace. Every row of i's change
 * is among the rows its producer reports fresh at this tick or an earlier one of the step
 * ({@link org.dbspstudio.engine.ops.OuterChange#fresh}: the inner change added to the trace), so
 * {@code H} looks up, once per step and fresh row, the iterations at which d's trace holds the row,
 * and visits the row at those iterations only; when anything it relies on is unknown (a producer
 * without a trace, a value repeated beyond the previous step's last iteration) it reads the whole
 * change as before. The integral's number of rows is followed the same way: each row changed in
 * the step has a share (+1, 0 or −1) of the size's change, recomputed at the ticks where the row
 * changes and at the later iterations where it has earlier entries. An addition at an iteration
 * holding no non-zero row skips the lookups that count rows. Inner running sums (and the nested circuit's output ∫) grow as
 * sorted runs of packed rows like top-level ones: nothing keeps their earlier versions any more.
 * Result of these changes, same command and load: first step 12.6 s of CPU (25 s wall, heap in
 * use after it 0.82 GB), single-edge median 0.23 s wall (0.40 s of CPU on average), p99 5.6 s, a batch
 * of 100 changes 51 s; the numbers and what remains are in the README.
 *
 * <p>Profiled then (JFR execution samples), half of the first step's CPU was sorting: every change
 * is packed and sorted before it joins a trace or a running sum, and the sort compared rows word
 * by word through an index array. Rows whose varying columns fit in 63 bits beside the row's
 * position — each column as its offset from the column's minimum; constant columns (the tag word of
 * integer rows, a trace's iteration) take none, B3's (src, dst) pairs 22 bits — are now sorted as
 * one long each by {@code Arrays.sort} ({@code RowSort.sort}; {@code RowSortProperties} checks it
 * against a stable comparison sort on columns of every range). Most of the rest was lookups of one
 * row at a time in every run of a trace. Where many rows are looked up at once — {@code H}'s
 * integrated weights at the rows of a large change, the earlier weights at the rows {@code H} and
 * the size accounting follow, the weights that count {@code X_j}'s rows as a change joins the trace,
 * the iterations where newly seen rows have entries — the rows are packed and sorted once and each
 * run is swept in their order, each row found by galloping from the previous one's position
 * ({@code NestedTrace.weights}, {@code iterations}; checked against the map per iteration). An
 * outer integral of a stream that is not an inner running sum emits {@code X_j} alone, so its
 * number of rows is the trace's count of non-zero rows at j, kept as entries are added. Each
 * iteration also carries a fingerprint of {@code X_j} (the wrapping sum of weight × a 64-bit hash
 * of the row, which adds up as the entries do), so dropping trailing repeats compares two
 * iterations' rows only when their fingerprints agree; an accumulated sum whose {@code X_j} is zero
 * emits the previous iteration's value itself, and a sum whose input and basis repeat beyond the
 * previous step's iterations (the closure's edges, at every iteration) keeps the previous
 * iteration's value once instead of one per iteration (B3's first step: heap in use after it 0.65
 * GB instead of 0.82 GB).
 *
 * <p>Then (JFR execution samples of B3 under {@code -Xmx2g}) a batch of 100 edge changes spent half
 * its samples in the outer sums ({@code OuterIntegrate}) and a third in {@code H}, nearly all of it
 * lookups: per tick an outer sum swept the trace's runs once to count {@code X_j}'s rows as the
 * change joined it, again for the changed rows' sums up to j, again for the iterations where rows
 * changed for the first time have later entries, and once more at each such later iteration; and a
 * sixth of a single-edge step rebuilt the hash indexes of runs just merged. Now one sweep does it
 * all: adding a change reads, for each of its rows, its weight at j (the count), its sum up to j
 * and — for rows changed for the first time in the step — its entries at later iterations
 * ({@code NestedTrace.Observed}; the addition leaves them as they were), and the outer sum follows
 * a row to those iterations by adding the entry it read, without a lookup. The runs have no hash
 * index any more: rows looked up together are sorted and each run is swept in their order (the
 * entries of near rows share cache lines, and nothing is rebuilt when runs merge); one row alone
 * is binary-searched. An outer {@code z⁻¹} or {@code D} dropping trailing repeats tells two values
 * read from one trace apart by the trace's counts and fingerprints (two sums are equal when every
 * {@code X} between them is zero, two empty values without iterating the trace, whose whole runs
 * an empty read still swept), and an outer sum whose {@code X_j} is zero repeats the value of
 * {@code j − 1} even when that value is itself a repeat (it alternated between a repeat and a new
 * read, which made those comparisons necessary). {@code H} reads the changes' weights at its rows
 * with one sorted sweep of each packed value ({@code Spine.weights}) instead of a binary search per
 * row and run. Measured by the same B3 command, the engine thread's CPU (beside the process's, which
 * includes the collector's threads; load 8–12 on the 2-core machine): 30 single-edge steps 8.4 → 7.0
 * → 5.3 s, the batch of 100 21.5 → 18.9 → 13.0 s, the first step 6.7 → 6.2 s. What remains is
 * boxed per-row bookkeeping where rows are followed across iterations (a hash map of changed rows
 * per outer step, in the outer sums and in {@code H}), {@code H}'s own sweeps of two traces per
 * tick, and the collector: runs over 21,000 entries are humongous objects for G1 at a 2 GB heap, and
 * their allocation starts concurrent cycles that take one of the two cores; the figures are in the
 * README.
 *
 * <p>{@code H}'s outputs per iteration were one Z-set each, the previous step's plus the change: in
 * all the closure's 1.25M facts as hash tables and tries of boxed rows, live from step to step, which
 * every young collection had to trace (a live-heap histogram in B3's single-edge phase: 1.3M row
 * objects, 0.84M trie nodes). {@code H} now keeps them as a nested-time trace of its own, X_j being
 * its output at iteration j: a step adds its change at j with X_j's size after it given (a row's
 * output is h of its inputs' weights there, so the size changes by the rows where {@code now} and
 * {@code then} differ in being zero, counted where the change is computed: the addition searches no
 * run), emits X_j read from the trace, and clears X_j beyond the iterations a shorter step reached
 * (the next step reads those as the last iteration's value). Trie nodes live in that phase: 0.84M →
 * 0.45M; the boxed rows that remain are the joins' per-iteration arrangements. Lookups of many rows
 * in sorted runs ({@code NestedTrace}'s sweeps, {@code Spine.weights}, a spine's counting of a
 * change) walk the smaller side: a run with fewer entries than there are probes is walked in order,
 * each entry found among the probes by galloping, instead of one search per probe (in B3's batch of
 * 100, 14M of the 31M probe-run visits of the traces' sweeps were of runs smaller than their probes).
 * Back to back with the jar before, engine thread's CPU, load 9–11 on the 2-core machine: first
 * step 6.05 s against 5.57 s (the outputs are sorted into the trace once), 30 single edges 4.94 s
 * against 5.69 s, the batch of 100 14.10 s against 14.36 s — differences within the noise of that
 * load except the heap in use after the first step, 593 MB against 736 MB. {@code H} no longer keeps
 * a hash set of the rows it saw fresh in a step, nor builds one of its candidate rows per tick: the
 * outer sum that produces its integrated input already follows the rows changed for the first time
 * in the step and names them ({@link org.dbspstudio.engine.ops.OuterChange#firstFresh}), and the
 * candidates are the delta's rows plus the rows due at the iteration that the delta lacks (both
 * lists are distinct). Back to back, two pairs at load 2–4, engine thread's CPU for the batch of
 * 100: 14.69 → 11.27 s and 11.54 → 10.57 s; 30 single edges 4.98 → 4.94 s and 5.78 → 4.43 s.
 *
 * <p>Joins that the wiring proves zero. Of the four joins of the closure's semi-naive form over
 * nested time, two join the edges' change entering through {@code δ₀} — non-zero at iteration 0
 * only, directly or through outer sums and delays — with the closure found so far
 * ({@code I(z⁻¹ Δo)} and its outer sum), which is zero at iteration 0: those joins are zero at
 * every iteration, yet the sums feeding them were kept, one an outer sum holding a nested-time
 * trace of the whole closure (B3's {@code zo_I_I}: a sixth of the batch's time by per-operator
 * timing), the other an inner running sum of it. The compiler now works out, from a nested
 * circuit's wiring alone, at which inner ticks each stream can be non-zero
 * ({@code run.InnerSupport}: only at tick 0 for a {@code δ₀}, never at tick 0 for an inner
 * {@code z⁻¹}; inner integrals, linear operators and outer-clock operators keep either; a join is
 * zero wherever either input is) and replaces a join it proves zero at every tick by a node
 * emitting zero; a run that records no trace ({@code dbsp run}, the benchmarks) also leaves out the
 * operators whose outputs only such joins read (never a {@code δ₀}, a {@code ∫} or an inner
 * {@code z⁻¹}, whose settling ends the loop; their values are shown whenever a trace is recorded).
 * Outer-clock state beyond the iterations a step ran repeats its last value, so a stream non-zero
 * only at tick 0 stays so through an outer-clock operator only if every outer step runs at least
 * two iterations: every nested circuit now runs at least two per step (a step that reached its
 * fixpoint at iteration 0 runs one more, empty, iteration; first only those with such a join did).
 * Before, a circuit summing a {@code δ₀} input over the outer clock whose step stopped at iteration
 * 0 repeated that input's value at every later iteration of the next step: wrong values there, and
 * a {@code ∫} of it never saw zero, so the loop hit {@code maxIterations}
 * ({@code OuterStateBeyondAStepProperties} checks such streams — {@code δ₀} inputs summed, delayed
 * and differenced over the outer clock, summed over the inner clock — at every (step, iteration)
 * against their definitions computed with plain maps, on loops of random length, zero included). Building a join's
 * arrangement from a whole value ({@code IndexedZSet.group}) packs each key once and finds it in
 * the new batch's own table, gathers each key's rows by a counting sort and builds each key's
 * Z-set once at its size, instead of grouping the rows in a hash map of key rows first (B3's first
 * step indexes the new facts of every iteration by their destination). {@code
 * InnerSupportProperties} checks which joins the closure's analysis finds and, on random edge
 * toggles (empty steps included), the closure run without a trace against the recorded run and a
 * breadth-first search, and every recursive sample with and without a trace; {@code
 * ArrangementProperties} the grouped arrangements against a map of key → (row → weight). Back to
 * back on B3 ({@code --b3 2000,3000,30,1,100}, engine thread's CPU), the first zero join and its
 * outer sum (load 8): first step 6.02 → 5.86 s, 30 single edges 5.39 → 4.36 s, the batch of 100
 * 12.17 → 10.67 s; then the second join, its inner sum and the grouped arrangements (load 9): first
 * step 6.81 → 5.04 s, 30 single edges 5.26 → 4.72 s, the batch 11.49 → 10.56 s.
 *
 * <p>Comparing and searching packed words. JFR on B3 then put a quarter of the samples (half of a
 * single-edge step's) in the comparison of a trace's rows inside the sweeps' searches: through a
 * comparator object, decoding each entry's tag word and offset. Two runs of one layout (both with
 * tag words or both without, as every run of integer rows is) are now compared as two slices of
 * their word arrays ({@code Run.comparePrefix}, {@code seekPrefix}), lookups of integer rows pack
 * their probes without the tag word so that they match the runs' layout, and a merge of two runs
 * of one layout compares and copies whole entries in place. A microbenchmark of batched lookups
 * in a nested-time trace of 1.2M random (src, dst) entries (thread CPU per row looked up, batches
 * of 30 / 300 / 3,000 / 30,000 rows): 2.8 / 2.2 / 1.6 / 0.64 µs before, 2.3 / 1.7 / 1.1 / 0.52 µs
 * after. Nearly all of what remained was cache misses in the large runs: each step of a gallop or
 * binary search over 1.2M entries of 24 bytes reads another cache line. A run of at least 16,384
 * entries now gets a <em>fence</em> when first searched — the first entry of every 32, copied
 * side by side (1/32 of the run, which stays in cache) — and a search gallops over the fence to
 * its block, then scans that block's 32 entries in order (adjacent lines, fetched together; a
 * binary search of the block, one dependent miss per step, measured 15–25% slower): 1.1 / 0.95 /
 * 0.70 / 0.38 µs per row. {@code RunSeekProperties} checks the searches against a linear scan
 * (runs below and above the fence's size, tagged or not, prefixes shorter than the row, searches
 * from arbitrary positions) and lookups and merges of large runs against a map of row → weight.
 * B3 back to back ({@code --b3 2000,3000,30,1,100}, the engine thread's CPU): the word
 * comparisons at load 5–6, two pairs: first step 6.04 → 6.45 s and 6.07 → 5.38 s, 30 single edges
 * 5.77 → 4.91 s and 4.56 → 4.09 s, the batch of 100 11.49 → 10.83 s and 12.07 → 10.99 s; then the
 * fence at load 9, two pairs: first step 5.87 → 6.07 s and 6.07 → 4.92 s, 30 single edges 4.11
 * → 3.48 s and 4.57 → 3.72 s, the batch of 100 10.31 → 9.53 s and 10.81 → 11.17 s. What remains
 * is the number of such searches rather than their cost: per tick, the outer sums' additions and
 * {@code H} sweep three traces for overlapping sets of rows (H's two inputs, and the trace its
 * integrated input's outer sum just added to), each packing and sorting its probes again.
 *
 * <p>One trace for two outer sums. The closure's {@code H} reads two outer sums of the same
 * stream {@code all} (the loop's new facts per iteration): {@code I_outer(all)} (its delta input,
 * keeping X_j = the facts new at j, summed over the outer steps) and {@code I_outer(z⁻¹(I(all)))}
 * (its integrated input, keeping X'_j = the inner change of {@code z⁻¹(I(all))} at j, summed over
 * the outer steps). That change is {@code all} at j − 1, so X'_j = X_{j−1}: the two kept the same
 * trace, one iteration apart, each adding every tick's change, sweeping its runs and merging them.
 * The compiler pairs such sums ({@code z⁻¹} and {@code I} on the inner clock; the first sum
 * keeping each iteration's input, {@code EACH}): the second reads the first's trace up to j − 1
 * and keeps none of its own, and the rows it follows (the size of each iteration's sum, the rows
 * {@code H} is told are new in the step) come from the sweep of the first's addition of the same
 * rows at j − 1, with their later iterations shifted by one. This is exact because {@code all} is
 * zero at every step's last iteration (the loop stops only when {@code z⁻¹(I(all))} has settled),
 * so the first sum never adds a repeated last value to its trace nor drops a non-empty one; should
 * it ever have to, the second goes on summing values per iteration ({@code S(t−1, j) + in(t, j)},
 * no trace). {@code OuterClockOperatorsProperties} checks every outer-clock operator of the closure
 * ({@code I}, {@code z⁻¹}, {@code D} over the outer clock), values and sizes, at every (step,
 * iteration) against its definition computed with plain maps from its input's recorded values, on
 * random edge toggles, with and without delta tracking, and that the paired sum keeps no state (it
 * fails when the second sum reads the first's trace up to j instead of j − 1, or does not shift the
 * later iterations). B3 back to back ({@code --b3 2000,3000,30,1,100}, the engine thread's CPU, load
 * 5): first step 4.63 → 3.62 s, 30 single edges 4.40 → 2.14 s, the batch of 100 10.10 → 7.65 s; heap
 * in use after the first step 1,257 → 892 MB.
 *
 * <p>The pairing was first switched off: B4 ({@code --b4 10000,12000,10,0,100}, {@code -Xmx6g})
 * took 110–116 s of the engine thread's CPU for its 10 single edges (one step about 70 s) against
 * 8 s without it. JFR put nearly all of those samples in {@code H} adding its previous output to
 * its change as whole values ({@code ZSet.plus} reading a value of up to 390,000 rows out of a
 * nested-time trace, at every iteration of every later step): {@code H} had given up its trace of
 * outputs at the last iteration of the second step and never took it up again. It keeps to it while
 * each input's outer change is known against the value it saw at that iteration a step earlier, and
 * it compared the two by identity. An outer sum keeps one of several trailing iterations that
 * repeat each other (the next step's loop need not run through them), so the next step's basis there
 * is the value of the last one kept. Unpaired, {@code I_outer(all)} beyond the previous step's
 * iterations kept the very value of the iteration before when neither its basis nor its input
 * changed; paired, it adds every input to the trace its follower reads and reads a new (empty) value
 * at each iteration, and the follower's first empty sum at iteration 1 was another value than its
 * empty iteration 0. An empty value is now as good as another: {@code H} takes an input's outer
 * change as known when the basis is the value it saw, or both are empty ({@code Distincts}). That
 * also covers a pre-existing case without the pairing: after a deletion that empties an outer sum's
 * last iterations (mid-loop, where nothing keeps one value for several iterations).
 * {@code OuterClockOperatorsProperties} checks, with delta tracking, that each of {@code H}'s outputs
 * is read from its trace of outputs at every (step, iteration), on random toggles and on the two
 * smallest cases found (two empty steps, only with the pairing; an edge inserted then deleted,
 * also without); it fails without the fix. Back to back with the jar before (pairing off), one
 * after the other (the engine thread's CPU, load 4.4–6): B4's 10 single edges 5.94 → 4.02 s
 * (median 219.8 → 60.8 ms wall; the fix without the pairing 5.01 s), first step 30.67 → 28.66 s;
 * B3, two pairs: first step 3.98 → 3.62 s and 5.33 → 4.46 s, 30 single edges 2.71 → 2.47 s and
 * 2.86 → 2.37 s (median 111.3 → 50.7 ms and 168.0 → 74.1 ms), the batch of 100 5.48 → 6.09 s and
 * 5.75 → 5.80 s (within this load's noise); heap in use after the first step 1,541 → 928 MB and
 * 878 → 942 MB.
 *
 * <p>Sums inside loops stay flat. A plus or minus of a flat table over 1,024 rows and one at most
 * an eighth of its size made the larger a persistent trie first ({@code ZSet.plus}: so that an
 * integral's successive sums share their structure), costing more than a copy of its table; inside
 * a nested circuit such a sum (the closure's {@code step_b_sum} and {@code all}: each iteration's
 * candidate facts) is read once and not kept, so there {@code ops.Linear} copies the larger table
 * and adds the smaller ({@code FlatSumsProperties} checks both ways round, with rows that cancel,
 * against maps; at the top level nothing changed). The shared trace's follower also takes the rows
 * it already follows from its leader's lookup of them, one hash lookup per row instead of two. B3
 * back to back, two pairs (engine thread's CPU, load 5–6), before → after: the batch of 100 7.90 →
 * 5.21 s and 8.96 → 5.83 s, first step 3.48 → 3.54 s and 3.90 → 3.30 s, 30 single edges 2.25 →
 * 2.18 s and 2.72 → 2.47 s; heap in use after the batch 1,396 → 1,198 MB and 1,248 → 1,177 MB.
 *
 * <p>What the additions before read. A version of a nested-time trace keeps what its own addition
 * read of the runs (the change's entries, each row's weight at j before, and — when it swept the runs
 * to count — the entries it met after j) and, since this change, also that record of the addition
 * just before it. {@code H} asks its delta input's trace, at tick j, for the iterations from j on where
 * the rows its integrated input changes first in the step have entries; those rows are rows of the
 * delta input's change at j − 1, added by the addition before the last one, so the record of the last
 * addition (at j) alone answered almost none of them and they were swept again (17% of B3's
 * single-edge steps in JFR samples). Now a row the last addition (at j) did not touch is answered from
 * the record of the one at j − 1 (its entries after j − 1, which nothing but the last addition could
 * have changed since), and a row the last addition touched from that addition's record as before
 * ({@code NestedTrace.iterations}; a record kept by an addition that found X_j empty has no later
 * entries, and its rows are swept). {@code NestedTraceIterationsProperties} drives one trace as an
 * outer sum adds to it (iteration 0, 1, 2, … of random outer steps, some ticks empty, some additions
 * counted with the size given, observed, or at another iteration) and checks, after every addition,
 * the iterations of the last two additions' rows and others from several iterations against a map.
 * B3 ({@code 2000,3000,30,1,100}, one process stepping the scenario, the engine thread's CPU, load
 * 4–5): 30 single edges 3.04 → 2.69 s, the batch of 100 7.23 → 6.80 s, first step unchanged; in JFR
 * samples of the single edges {@code H}'s lookups of those iterations went from 8.8% to 3.3%, and
 * {@code H} from 38% to 28%.
 *
 * <p>One sort for one iteration's candidate facts. The closure's candidate facts of iteration j
 * ({@code all}, one Z-set) are added to the nested-time traces of two outer sums (that of
 * {@code all} at j, that of {@code z⁻¹(I(all))} at j + 1) and, in the first step, looked up by
 * {@code H} in the second (its integrated input's weights at them); each packed and sorted them
 * again, three sorts of up to 80,000 rows per iteration. A trace now keeps, per thread, the last four
 * Z-sets it packed and sorted (rows interned in the dictionary as an addition does, in the Z-set's
 * order of iteration, and the sorted order), and an addition or a lookup ({@code
 * NestedTrace.lookup}) of the same Z-set object (Z-sets are immutable) takes its entries from there,
 * adding only the iteration column; a lookup of a Z-set not added lately packs it for lookup alone as
 * before. In JFR samples of B3's first step the sorts went from 21% to 15% of the samples and
 * {@code H} from 25% to 19%; what is left of the sorts is the inner running sum {@code all_I}
 * packing the same rows (the other half) and {@code H}'s outputs. {@code
 * NestedTraceIterationsProperties} also adds one Z-set to two traces at j and j + 1 and looks it up
 * in both, before and after, against a map per trace and iteration (it fails when the shared sort
 * is given a wrong iteration or a wrong order). The packed and sorted rows and that per-thread cache
 * are {@code value.SortedRows}, which an addition given rows (not a Z-set) packs through too; what an
 * addition read is {@code value.AdditionRecord} (both were parts of {@code NestedTrace}).
 *
 * <p>Arrangements kept per iteration across outer steps count their change without summing a key's
 * batches. Adding an outer change to such an arrangement (the closure's {@code zo_I_2} indexed on
 * {@code dst}, at every iteration of every step) counts the keys and rows it adds or cancels; for a
 * key held in several batches it built the key's summed Z-set (a hash table of its rows, about 20 per
 * key in B3) to look the change's rows up in it. It now sums each row's weights across the batches'
 * Z-sets of the key and reads the batches' rows only until one shows the key non-empty before and
 * after the change ({@code IndexedZSet.countAcross}; {@code ArrangementProperties} checks the counts
 * of keys and rows against a map, and fails when a key whose rows had cancelled across batches is
 * not counted again). JFR samples of B3's 30 single edges after the first step (one process stepping
 * the scenario, load 7–8, with the outer sums paired again): adding the outer changes to these
 * arrangements 22% → 13% of the samples; in the batch of 100, 6.9% → 6.1%. What is left there is
 * merging key batches ({@code KeyBatch.merge} adds the Z-sets of a key held by both).
 *
 * <p>{@code H}'s two earlier weights from one sweep. With the outer sums paired, {@code H}'s
 * integrated input at the previous step is read from the same version of the same trace as its delta
 * input there ({@code Σ_{i ≤ j−1} X_i} and {@code X_j} of the outer sum of {@code all}), so {@code H}
 * reads both weights of its candidate rows in one sweep of that version
 * ({@code NestedTrace.weights(Probes, from, upTo, at)}) instead of one sweep for the first and, for the
 * second, the last addition's record plus a sweep of the rows it lacks. B3 ({@code 2000,3000,30,1,100},
 * one process stepping the scenario, the engine thread's CPU, two alternating pairs at load 2.2–2.5):
 * the batch of 100 5.33 and 5.53 s → 4.51 and 5.07 s, 30 single edges 1.68 and 2.41 s → 1.76 and 1.77 s,
 * first step unchanged (3.53/3.59 → 3.56/3.73 s). {@code NestedTraceIterationsProperties} checks both
 * weights against the map after every addition.
 *
 * <p>{@code H} reads its paired inputs from their sums' own bookkeeping. With the outer sums paired
 * and following the rows changed in the step (from the second step on), everything {@code H} needs
 * at tick j is already known to them, so it no longer packs its candidate rows or sweeps a trace
 * ({@code OuterIntegrate.pairedChanges}, reached through {@code OuterChange.paired}): for a row of its
 * delta input's change (the rows the leader added at j), the leader's sweep for that addition read the
 * row's weights in X_j and S(j) before it ({@code NestedTrace.Observed.at} and {@code upTo}; the
 * integrated input's weight now is their difference, S(j − 1) of the trace the follower reads), and the
 * integrated input's change at the row is the change the follower followed (zero for a row it does not
 * follow); for a row changed earlier in the step that has an entry at j from earlier steps (what
 * {@code H} used to schedule itself from {@code NestedTrace.iterations}), the follower's weight of the
 * row and the entry it scheduled for its own iteration j + 1. At any tick where this is not known (the
 * leader's change at j is not {@code H}'s delta change, the follower did not follow at this tick)
 * {@code H} reads its inputs' changes whole. B3 ({@code 2000,3000,30,1,100}, one process stepping the
 * scenario, the engine thread's CPU, two alternating pairs at load 8–9): 30 single edges 2.28 and
 * 2.41 s → 1.93 and 1.65 s, the batch of 100 5.49 and 5.43 s → 5.33 and 4.66 s.
 *
 * <p>The leader's addition no longer searches the runs for the rows its follower already follows
 * (those changed earlier in the step, about 30% of the rows it adds in B3's single edges): when the
 * follower ran first at the tick (it does in the closure: its input is a delay's), it gives the
 * addition each such row's weights before it ({@code NestedTrace.Observed.give}): in S(j − 1) its own
 * followed weight, in X_j the entry from earlier steps it scheduled for its iteration j + 1, or none.
 * Such an addition keeps no record of what it read (its reads are incomplete; {@code H} reads the
 * paired sums' bookkeeping, not those records, and any other reader searches the runs). B3 as above,
 * two alternating pairs at load 6.5–7: 30 single edges 2.07 and 1.84 s → 1.90 and 1.80 s (within
 * this load's noise), the batch of 100 within the noise (4.23 and 5.53 s → 5.08 and 4.60 s).
 *
 * <p>Both changes together (with the other helpers' changes landed meanwhile), 91fa72e → d1d0d99, back
 * to back at load 5–8, the engine thread's CPU: B4 ({@code --b4 10000,12000,10,0,100}, {@code -Xmx6g})
 * in one process stepping the scenario, the median single-edge step 37.7 → 25.3 ms, the 10 single
 * edges 3.98 → 3.09 s, first step 32.8 → 27.0 s; {@code bench --only b4}: single edges 4.49 → 3.61 s,
 * first step 37.4 → 32.0 s (wall-clock medians at that load measure the load, not the engine). B3
 * ({@code bench --only b3}, two pairs): single edges 2.03 and 2.06 s → 1.96 and 1.95 s, the batch of
 * 100 5.10 and 5.16 s → 4.32 and 4.67 s. Counted in B3's single edges (temporary counters, not
 * kept): {@code H} never left its incremental path, the outer {@code D} after it fell back to a
 * subtraction once per step, of two empty values (no cost), and {@code zo_I_2} summed values at
 * every tick, as described below.
 *
 * <p>Not done: the closure's {@code zo_I_2}, the outer sum of {@code z⁻¹} of {@code H}'s outer
 * {@code D}, is {@code H}'s output one iteration later and still keeps per-iteration sums of row
 * objects (its input's change over the inner clock is unknown, and an empty first tick made it
 * start as an accumulating sum and fall back to sums of values). Kept as a trace of X_j instead, B3
 * was slower (single edges 3.4 → 9.3 s of the engine thread's CPU): a value read as X_j alone
 * iterates by merging every run of the trace, and the join probing with it when it is small (the
 * last iterations) visited the whole closure.
 *
 * <p>Since then {@code zo_I_2} is computed as what it is: {@code I_outer(z⁻¹(D_outer(x)))} equals
 * {@code z⁻¹(x)} (the outer operators commute with the inner delay, and {@code I_outer ∘ D_outer} is
 * the identity), so the compiler, with delta tracking on, replaces such an outer sum by a node that
 * emits x's value of the previous tick ({@code ops.ShiftedOuterSum}; x, {@code H}'s output, is wired
 * as a second input and read before x's operator runs), with the same outer change as before (its
 * input against the value kept for the iteration a step earlier), so the per-iteration arrangements
 * are updated as before. No sum of row objects per iteration is kept: the values are {@code H}'s,
 * read from {@code H}'s trace of outputs. The trap above is avoided where it bites: where the basis
 * is empty (the first step) the value is the change itself, a table; where the basis is a table of at
 * most 1,024 rows the value is the basis plus the change, a table again; only larger values are
 * {@code H}'s. And an arrangement kept per iteration is now made for every iteration of the first
 * step from its change (an empty basis has an empty arrangement), not only where a join asked, and
 * a trace value whose basis is a table not arranged is arranged as the basis's index plus the
 * change's ({@code run.CircuitRun}), so no value read from {@code H}'s trace is iterated to be
 * indexed. The node keeps, beside each value, the value of x it equals, and takes x only when that is
 * the very value the outer {@code D} subtracted at j − 1 (or both are empty); otherwise it adds the
 * change to its basis as the outer sum did. {@code ShiftedOuterSumProperties} checks {@code zo_I_2}
 * at every (step, iteration) against {@code Σ_t in(t, j)} computed with plain maps and the closure
 * against breadth-first search, on graphs of 100–120 nodes (values over 1,024 rows, so {@code H}'s are
 * taken), with a trace recorded; it fails when x is taken from the previous step, and when the node
 * always falls back to sums; {@code OuterClockOperatorsProperties} and {@code InnerSupportProperties}
 * fail too when x is taken from the previous step or a small table drops its change.
 * Measured in one process stepping the scenario, the engine thread's CPU, jar before against this,
 * one after the other at load 4–7: B3 ({@code 2000,3000}, 30 single edges), two pairs: first step
 * 3.10 and 2.51 s → 2.15 and 2.10 s, the single edges 1.73 and 1.30 s → 1.29 and 1.22 s (median
 * 21.2 and 20.8 ms → 15.4 and 16.3 ms), the three large ones (steps 3, 11, 19) 337/257/361 and
 * 281/666/376 ms → 285/247/221 and 218/234/216 ms; the batch of 100 3.64 → 2.98 s; B4
 * ({@code 10000,12000}, 10 single edges, {@code -Xmx6g}): first step 25.8 → 17.9 s, single edges
 * 2.80 → 2.42 s (median 32.9 → 18.7 ms), heap in use after them 3.80 → 3.24 GB.
 *
 * <p>Where B3's single edges go now (8186182, JFR execution samples every 2 ms of the 30 single edges,
 * split into the three large steps 3, 11 and 19 — about 21,000 closure changes each — and the rest;
 * one run at load 5–6): the leader's additions to the shared trace ({@code OuterIntegrate.traced},
 * nearly all of it {@code NestedTrace.plus} sweeping the runs for the rows first changed in the step)
 * 37% and 40%; the per-iteration arrangements of {@code zo_I_2} updated by its outer change
 * ({@code IndexedZSet.plus}, mostly {@code KeyBatch.merge} rewriting merged batches) 25% and 27%;
 * {@code H} 17% and 19%; the joins 9% and 8%; the inner sums 2% and under 1%. The large steps take
 * 190–240 ms of the engine thread's CPU and the single edges' collector pauses are small (72 ms in
 * all in one run); steps whose closure changes by a few rows cost 1–3 ms for their 40–50 iterations,
 * so skipping iterations whose changes are empty would gain little. Left: the sweeps (one search per first-changed row and run), and the
 * arrangements, which hold the rows of every iteration as row objects a second time beside
 * {@code H}'s trace.
 *
 * <p>{@code H}'s trimming of its stored outputs at iterations a shorter step did not reach (the
 * next, longer step reads them as the last iteration's value) is exercised by
 * {@code HOutputsProperties}: a nested circuit whose {@code H} is fed two outer sums constant over
 * the iterations (so its output is non-zero at every iteration) and whose loop length follows a
 * chain of random length per step, checked at every (step, iteration) against h of the inputs'
 * sums from plain maps; it fails with the trimming removed (the closure's own H never needs it:
 * its output is zero at a fixpoint, and its inputs' outer state keeps the next step's loop at
 * least as long as every iteration where that output was non-zero). The same test compares the
 * closure's H output at every iteration with the run without change tracking.
 *
 * <p>{@code H}'s trace of outputs keeps each iteration's entries in a spine of their own
 * ({@code NestedTrace.perIteration}) instead of all iterations' in one. Entries of different iterations
 * never consolidate, and every reader of that trace reads X_j alone (the outputs, the trimming), so the
 * one spine's merges across iterations bought nothing: at B3's first step, where X_j grows by about 1.4
 * times per iteration, every addition merged the whole trace again (timed per call at load 6: 134 ms of
 * the step's merges; the leader's trace, which {@code H} reads as sums over iterations, keeps one spine).
 * Now an addition at j merges only with X_j's runs — the first step, adding once per iteration, merges
 * nothing — and a read of X_j searches or iterates only X_j's runs; a read over several iterations
 * searches each one's (the trace's code is the same for both layouts: its sweeps, sums and iteration
 * take the runs of the iterations they read). B3 ({@code 2000,3000}, 30 single edges), the jar of
 * d209955 against this one alternately, load 5–7: the engine thread's allocation (deterministic) in
 * the first step 1,403 → 1,226 MB and in the 30 single edges 588 → 514 MB; its CPU, three steps per
 * process, the last two: first step 1,294/1,244 and 1,388/1,383 ms → 1,108/1,192 and 1,274/1,123 ms,
 * single edges 626/535 and 579/575 ms → 626/534 and 590/522 ms; {@code bench --only b3}, two pairs:
 * first step 1.70/1.54 → 1.47/1.54 s, single edges 969/879 → 865/848 ms (the noise of that load).
 * {@code NestedTraceProperties}, {@code NestedTraceIterationsProperties}, {@code NestedTraceAddedProperties}
 * and {@code NestedTraceSweepProperties} drive both layouts against their maps (they fail when a read
 * over from..upTo leaves out upTo's runs, or when an addition replaces X_j's spine instead of adding to it).
 * X_j's own spine now merges by size classes ({@code MergingRuns.plusTiered}, as the leader's while its index
 * answers): after the first step X_j is read little (B3's single edges and batch read no run of it but for a
 * few rows' weights), and an outer step's change at j is often not much smaller than X_j (the batch of 100:
 * 78k entries against 96k), so the ratio rewrote X_j's largest run at nearly every step. Counted on B3: H's
 * entries merged 0.92M → 0.56M over the 30 single edges and 4.56M → 1.58M in the batch of 100; the engine
 * thread's allocation 323 → 308 MB and 1,316 → 1,195 MB; X_j may hold up to three runs per size class
 * (against about one per factor of four under the ratio) for its readers to search
 * ({@code NestedTraceRunsProperties.perIterationAdditionsHoldEachIterationsSum},
 * {@code aPerIterationAdditionLeavesARunOfItsClass}).
 *
 * <p>At B3's first step {@code H} reads, at every iteration j, the leader's trace at the very rows the leader
 * has just added at j, over the iterations before j ({@code NestedTrace.sortedWeights}); while X_j grows by
 * about 1.4 times per iteration the ratio's cascade merges every run into one at nearly every addition, and
 * {@code H}'s sweep then read that whole run again (45% of the step's dense sweeps: 7.8M of 17.5M entries).
 * The merges that take the change's entries now read its rows as they write them, a slice of 4,096 entries
 * per input at a time while it is in the cache ({@code RunMerge.finish(RowSums)}, through
 * {@code MergingRuns.plus(Run, RowSums)}): per row, its weights at the iterations before j in the newest run;
 * the version keeps them ({@code NestedTrace.Earlier}), and {@code sortedWeights} of those rows over
 * 0..j − 1 takes them for that run and sweeps only the others. JFR of the first step (three per process,
 * execution samples every ms): {@code sortedWeights} 19.9% → 11.9%, the merges 11.6% → 18.4% (of which the
 * reading 6.2%). {@code NestedTraceRunsProperties.aChangeReadOverTheIterationsBeforeItsOwn}.
 *
 * <p>The first step's arrangements by plain columns. An arrangement built from a whole value on a key
 * of plain columns (a join on columns: B3's new facts of every iteration indexed by their
 * destination, at the first step) is packed from the rows' fields ({@code IndexedZSet.groupByColumns},
 * from {@code KeyFn.plainColumns}): an integer key's words are written as they are, without a key
 * row built, hashed and encoded per row (a key holding an object still builds its row, whose words
 * hold the object's hash); each row's hash code is read in the same pass, and each key's Z-set is
 * filled from its distinct rows without comparing them ({@code ZSet.ofDistinct}), instead of hashing
 * and comparing each row again in a builder after the counting sort (a second cache miss per row).
 * {@code GroupByColumnsProperties} checks such indexes against a map of key → (row → weight) over
 * integers, NULLs, strings of equal hash codes, doubles, decimals, booleans and {@code Integer}s, by
 * iteration, lookups of keys and of rows under them, and added to and from indexes built with key
 * rows. Indexing 200,000 random pairs on one column: 36–40 ms → 17–20 ms (load 6).
 *
 * <p>Rows sorted as one long each ({@code RowSort.sort}, above) are sorted, from 1,024 rows on, by a
 * least-significant-digit radix sort of the bits above the row's position only
 * ({@code RowSort.sortKeys}): stable, so rows equal in those bits stay in the order of their positions,
 * as the comparison sort of the whole longs left them. B3's (src, dst) pairs take 22 bits: two
 * passes of counting and scattering (a pass whose digit is one value throughout is skipped) instead
 * of {@code Arrays.sort}. Every sorted run of packed rows is sorted so (an integral's change, a
 * nested-time trace's additions and lookups). Sorting 40,000 and 200,000 random pairs (rows of three
 * words, one process, 40 timed sorts each, load 6): 2.8 → 1.1 ms and 16.0 → 5.0 ms.
 * {@code RowSortProperties} checks it against {@code Arrays.sort} on keys of every width, with few
 * distinct values and constant digits, on both sides of the threshold.
 *
 * <p>A join probing with at most 4,096 rows (B3's 3,000 edges probing each iteration's new facts,
 * about 60,000 output rows per iteration) counts its matches first, one lookup per probing row
 * ({@code IndexedZSet.visitsUnder}), and sizes its output table for them, instead of starting at
 * the probing side's size and doubling up to the output's (each doubling a new table and every
 * row rehashed). Memory allocated by B3's first step (the engine's thread, three steps in one
 * process): 2,322 → 2,227 MB.
 *
 * <p>A nested circuit's output ∫ is read once, after its loop has ended, so it keeps its Z-set
 * changes as they come and adds them up then, all at once ({@code ZSet.plusIntegratedAll}): their
 * rows are packed into one buffer, sorted once and summed where equal, and that one run is added,
 * instead of a sorted run per iteration merged into the runs before and counted against them (B3's
 * closure: about 30 changes adding up to 1.25M rows at the first step). It holds no more than
 * before: at the first step each iteration's change is also the value the outer sum of the new
 * facts keeps for the next step. And a run packed from rows whose varying columns fit in a long
 * beside their position ({@code Run.byKeys}, for {@code Run.Builder}) is decoded from the sorted
 * longs themselves — equal rows are equal longs — instead of gathering each row's words from the
 * unsorted buffer in sorted order (a cache miss per row once the buffer outgrows the cache; the
 * single sort of 1.25M rows was slower than the per-iteration runs it replaced until then).
 * {@code IntegratedAllProperties} checks the sum against a map and against adding the changes one
 * by one (rows repeated within and across changes, weights that cancel, cells and flat tables,
 * strings and NULLs, a change of another arity, empty, flat and packed bases); it fails when a
 * cancelled row is kept. B3's first step, three in one process (the last two, engine thread's CPU,
 * two alternating pairs at load 5–7, with the join's sizing above): 2.80/3.17 and 2.96/2.93 s →
 * 2.47/2.50 and 2.79/2.53 s; allocated 2,322 → 2,056 MB; JFR samples of the ∫ 8.8% → 6.1%.
 *
 * <p>Inner running sums of a nested circuit that records no trace defer their additions
 * ({@code ZSet.plusDeferred}, as top-level integrals always do) from the second tick of each outer
 * step on; the first tick adds as before, so an outer sum still tells an inner running sum by its
 * value there. The closure's {@code all_I} is read by an inner {@code z⁻¹}, which tests its settling
 * by the change, and then by the paired outer sum, which from the second outer step on reads only its
 * leader's trace: its additions (a packed run per tick, merged) were 8% of the JFR samples of B3's
 * single edges and 10% of the three large ones (steps 3, 11 and 19, about 21,000 closure changes
 * each), now 2.7% and 0.2% (chains of links, dealt with at 65,536 rows). A sum that is read is added
 * up then, one chain link at a time as before. With a trace every sum is added at its tick as before.
 * {@code NestedDeferredSumsProperties} checks the incremental closure (with and without delta
 * tracking) and a snapshot closure that reads an inner running sum whole at every tick through a
 * distinct, all without a trace, against breadth-first search on graphs whose sums outgrow a flat
 * table; it fails when a deferred addition drops its change.
 *
 * <p>One index over all iterations for the join of {@code zo_I_2}. The closure's join of
 * {@code zo_I_2} ({@code H}'s output one iteration later) with the edges' change probed, at every
 * iteration, an arrangement of {@code zo_I_2} on {@code dst} kept per iteration across outer steps
 * and updated by its outer change (hash batches of row objects, merged geometrically per iteration:
 * the rows of every iteration a second time beside {@code H}'s trace, and a quarter of B3's
 * single-edge steps in JFR samples, mostly {@code KeyBatch.merge} re-adding the Z-sets of keys held
 * by two batches). Without a trace and with delta tracking, the compiler now gives a join one of whose
 * inputs is a shifted outer sum an index of its own ({@code ops.IterationIndexedJoin} over
 * {@code value.IterationIndex}): one spine of sorted runs of packed entries
 * {@code (key cells, iteration, other cells) → weight}, the iteration right after the key so that the
 * rows of one iteration's value under one key are contiguous (since then one spine per label: below);
 * at tick j the node adds the input's outer
 * change at label j (a sort of the change and geometric merges, as any spine) and probes label j with
 * the other input's rows, sorted and swept through each run, writing the matches as packed rows of
 * integers consolidated once ({@code ZSet.ofIntegerRows}, as {@code ops.CellJoins} does). Label j holds
 * exactly the value recorded for it (by identity): the change is added only when its basis is that
 * value, or both are empty; otherwise (or when a row is not all integers) the node gives its index up
 * for good and runs the plain join, which builds arrangements as before. When label j held nothing
 * before the tick (the first step), the run just appended alone is searched. No arrangement of
 * {@code zo_I_2} is kept by the run any more. {@code IterationIndexProperties} checks the index against
 * a map per label (random changes that cancel, small and large, keys of one or two columns anywhere in
 * the row, refused rows, batched lookups); {@code IterationIndexedJoinProperties} the closure against
 * breadth-first search on small graphs and on graphs of 100–150 nodes, that the index is never given
 * up, and that a node forced to give it up at a random tick goes on correctly (both fail when the
 * lookup ignores the iteration, or searches only the last run of a label that held rows before).
 * The engine thread's CPU in one process stepping B3 ({@code 2000,3000}, 30 single edges), the jar
 * before against this one after the other, three pairs at load 4–5: single edges 1,201 / 1,214 / 1,510
 * ms → 974 / 1,077 / 1,010 ms (median step 17.7 / 19.4 / 18.7 → 11.6 / 9.0 / 10.0 ms); first step
 * 1.90 / 2.15 / 1.98 s → 1.98 / 2.43 / 2.32 s (the index's sorts and merges of the first step's 1.25M
 * new facts against the per-iteration hash indexes they replace: about even in JFR samples).
 *
 * <p>The index now keeps one spine per label instead of one for all labels with the label as a
 * column after the key (each label's runs merged a slice per addition, {@code MergingRuns}, as the one
 * spine's were): an addition at label j rewrites, as its runs merge, only label j's entries,
 * and the first outer step, which adds one change per label, merges nothing (B3: 1.25M entries over
 * 48 labels, about five rewrites each, 5% of the step's JFR samples, now none); a lookup searches
 * the runs of its label only, and an entry has no label word. Engine thread's allocation in B3's
 * first step (one process, the second of two steps, deterministic): 1,286 → 1,087 MB; CPU at load 7
 * within the noise (three alternating pairs, first step 784/756, 868/727, 910/838 → 833/817,
 * 775/924, 809/719 ms; 30 single edges and the batch of 100 likewise). Tried first and not kept: the
 * one spine with the runs of a step's fresh labels left unmerged and merged together at the step's
 * end by one k-way merge over a tree of losers (each entry written once): the merge cost about 32 ns
 * per entry, more than the pairwise merges it replaced (branches on the runs' heads mispredicted at
 * every level, where the pairwise merge of two runs copies without branching).
 * {@code IterationIndexProperties} also adds at several labels before any lookup (it fails when a
 * lookup searches another label's runs).
 *
 * <p>The index's join writes each match as one long. The index keeps, per entry word, the least and
 * greatest value ever added (bounds of every entry it holds, widened from each addition's ranges,
 * which its sort computes anyway), and the probing rows' output columns are bounded by their own
 * values, so {@code IterationIndex.join} writes each match as its output columns' offsets from those
 * bounds above the match's number — no words per match, no pass to find the columns' ranges, no
 * second pass building the sort's keys — then sorts the longs ({@code RowSort.sortKeys}) and decodes
 * them into one consolidated run ({@code RowSort.decode}, reading no weight by position when all
 * matches weigh the same, as in B3). When the bounds and the matches' numbers do not fit in 63 bits
 * the node writes words as before. B3's first step (the closure's 60,000 matches per iteration): in
 * JFR samples {@code IterationIndexedJoin} 25.6% → 22.5% and its packing 16.7% → 12.0%; one process
 * building the first step five times (the last four, the engine thread's CPU, three alternating pairs
 * at load 5–6): 921 / 868 / 848 ms → 837 / 873 / 742 ms on average, allocated 1,087 → 1,022 MB.
 * {@code IterationIndexProperties} checks the join at random labels, with random probes (NULL keys,
 * weights of both signs and zero) and outputs of 1–4 columns from the entry or the probe, some too
 * wide to pack, against a join of the map per label (it fails when cancelled rows are kept, when a
 * probe column loses a bit, and when every weight is taken to be the first's). An addition to the
 * index likewise sorts its change's entries as one long each and decodes the run from the sorted
 * longs, instead of sorting positions and gathering each entry's words from the unsorted buffer in
 * their order (allocated in B3's first step 1,161 → 1,151 MB; the engine thread's CPU within the
 * noise, three alternating pairs at load 4–10: 1,124 / 987 / 976 → 1,018 / 910 / 1,014 ms).
 * The join's probing side is prepared once per value ({@code IterationIndex.probes}): the closure's
 * edges' change is the same value at every iteration of a step, and its 3,000 rows were decoded,
 * their keys boxed and sorted again at each of the first step's 48 iterations (5% of its JFR
 * samples); {@code IterationIndexedJoin} keeps them (rows, keys, weights, output columns, the sorted
 * keys) while its other input is that value (by identity). The join's loop finds each probe's
 * matching entries first (and skips a probe with none), then writes them with the output columns'
 * shifts and bounds precomputed, no flag tested per column.
 *
 * <p>Packed values stay packed through the loop. A Z-set held as one sorted run (a packed join's
 * output: the closure's candidate facts of an iteration) is added to a nested-time trace and looked up
 * in one as it is ({@code value.SortedRows} takes its run: no row decoded, encoded again and sorted;
 * rows are decoded only when a caller asks for them). {@code H}, given such a change and an integrated
 * input read from a trace, looks its rows' earlier weights up in their sorted order
 * ({@code NestedTrace.sortedWeights}) and emits its output as one sorted run of the change's words
 * ({@code ZSet.selectSorted}) instead of a hash table of row objects probed per row; that run is in
 * turn added to {@code H}'s trace of outputs as it is. Sums of several changes that are packed values
 * ({@code ZSet.plusIntegratedAll}, a deferred chain's consolidation) copy their runs' words into one
 * buffer, sorted once ({@code Run.Builder.addRun}), instead of decoding each row and encoding it again
 * or hashing row objects. {@code PackedChangesProperties} checks these sums, selections and traces
 * against plain maps. B3's first step (JFR execution samples of the nested circuit, 1 ms sampling,
 * load about 2): 1,290 → 946 samples; heap in use after it about 1.1 GB → 0.8 GB (no row object per
 * candidate fact).
 *
 * <p>Fewer lookups of followed rows. A row first changed in a step was looked up in the follower's hash
 * map of followed rows three times: by the leader's addition at j (to give the rows the follower
 * follows), by {@code H} at j ({@code OuterIntegrate.pairedChanges}) and by the follower at j + 1. When
 * the follower ran first at tick j (it does in the closure: its input is a delay's), a row it did not
 * follow at the leader's addition it cannot follow before its own tick j + 1 (a node runs once per
 * tick), so the leader's handoff says so ({@code complete}) and neither of the later readers looks the
 * row up again. JFR samples of B3's three large single-edge steps (3, 11, 19; 1 ms sampling, one
 * recording per step): {@code HashMap.get} 11.4% → 4.7% and 3.8%. Results are unchanged (the readers
 * take the same {@code null}); the closure always runs the follower first, so no test circuit meets the
 * other order, where the lookups are made as before.
 *
 * <p>{@code H}'s change from packed words. From the second step on, {@code H}'s change at an iteration
 * ({@code OuterIntegrate.pairedChanges}) was built row by row: each row whose output changed decoded
 * from the leader's packed change or the follower's followed rows into a row object, hashed into a
 * table, and the table packed and sorted again when it joined {@code H}'s trace of outputs. The visitor
 * now gets each row's packed words (the leader's {@code TraceRows.keys}, {@code FollowedRows.keys}) and
 * {@code H} copies them into one buffer ({@code Distincts.PackedChange}), sorted once into one run when
 * every row is of non-null integers (a table of decoded rows otherwise), which the trace of outputs
 * takes as it is. JFR of B3 with three batches (2 ms sampling, load 7): {@code H} 335 → 161 of
 * 1,691 → 1,494 samples; the join after {@code H} now decodes the rows it probes with (9 → 46 samples:
 * {@code CellJoins.joinPacked} reads a packed value's rows as row objects). {@code PackedChangeProperties}
 * checks the change against a map of row → weight (integers, NULLs, strings).
 *
 * <p>Tried for the leader's sweeps and not kept (B3's 30 single edges, one recording per step, large
 * steps and the rest apart; the machine at load 4–6): about three quarters of the rows the sweeps
 * search in the large runs (of 16,384 entries or more) are not there (counted: 59,575 of 84,324
 * searches in step 3, 70,571 of 92,694 in step 19). A blocked Bloom filter per run of at least 131,072
 * entries (8 bits per entry, two bits in one word, built when first searched): the searches went from
 * 15.6% to 9.2% of the samples, the filter's tests and builds took 4.5% and 3.6%. A hash index of the
 * rows of such runs (first entry per row, built when first searched): its builds took 20% of the large
 * steps' samples (runs that large are made at nearly every large step), 26% with the index kept to runs
 * of a million entries. Two levels of samples of each large run (every 32nd entry, every 1,024th)
 * searched by a binary search in cache and two short scans instead of galloping over the fence: no
 * better (the sweeps 25.5% and 29.9% of the other steps' samples with it, 21.0% and 24.2% without;
 * 22.1% against 17.6% of the large steps': the cost is the first touch of the entries found, not the
 * way to them). One Bloom filter per trace for
 * all its runs (bits only set, shared by versions, rebuilt when full): most rows absent from the large
 * runs are in the small recent ones, the sweeps were not cheaper and its rebuilds took 9% of the large
 * steps. What is left there is the number of (row, run) searches: each row first changed in a step is
 * searched in every run of a spine of 6–10 runs.
 *
 * <p>Followed rows by their packed words. The rows an outer sum follows through a step (its change so
 * far, its weight and share of the size's change, its entries due at later iterations) were a
 * {@code HashMap} of row objects to a record each, plus lists of records per iteration: in B3's batch
 * of 100 the follower follows about 610,000 rows and its leader looks 1.2M rows up, and hashing and
 * comparing boxed rows ({@code Row.equals} on their cells) took a quarter of the JFR samples. They are
 * now {@code ops.FollowedRows}: an open-addressing table of ids keyed by the rows' packed words
 * (tag word and cells, as a nested-time trace packs them), each slot holding the key's hash beside
 * the id, the keys side by side and what is followed of each row in arrays indexed by its id; the
 * entries due at later iterations are (id, weight) arrays per iteration. The leader packs its input
 * once for the table and its trace ({@code NestedTrace.pack}: a packed join's output, one sorted run,
 * is neither decoded nor sorted), and rows are decoded only where {@code H}'s output changes or a
 * consumer asks for the rows seen first ({@code OuterChange.firstFresh}, now a supplier). Rows that
 * cannot be packed cannot be in a trace either, so the sums that follow rows always can key them so.
 * {@code FollowedRowsProperties} checks the table against a map (rows of integers and NULLs of every
 * arity up to 4, from hashed and from one-run Z-sets, tables of every initial size, and hashes cut to
 * three bits so that keys collide; it fails when keys are compared by their first word only).
 *
 * <p>The first step's follower no longer asks its input for its size. At the first outer step the
 * shared follower (the outer sum of {@code z⁻¹(I(all))}) read its size from its input, the inner
 * running sum {@code all_I}, which had to be added up at every tick for it (6.5% of the first step's
 * JFR samples). {@code H} already looks up, at tick j, the follower's weights at the rows of the
 * leader's input at j (the rows the follower adds at j + 1), so it counts there how many rows that
 * sum gains and tells the follower ({@code OuterIntegrate.countedBy}), which takes its size at j + 1
 * from it when the values match by identity (else it asks the input as before).
 * {@code OuterClockOperatorsProperties} checks every outer sum's size and fails when the count is
 * wrong. B3 in one process stepping the scenario ({@code 2000,3000,30,1,100}, the engine thread's
 * CPU, base jar and this one alternately, two pairs at load 5–6): first step 1.53 and 1.34 s → 1.45
 * and 1.34 s, 30 single edges 1.23 and 1.02 s → 1.07 and 0.92 s, the batch of 100 3.12 and 3.16 s →
 * 2.61 and 2.26 s. What is left of {@code all_I}'s cost in the first step (about 15% of its samples)
 * is its additions of changes too large to defer ({@code DeferredSum}: over 1/16 of the sum or
 * 65,536 rows), which nothing reads there.
 *
 * <p>Now an inner running sum's chain of deferred changes is dealt with only once it also exceeds a
 * budget of the heap ({@code DeferredSum.INNER_BUDGET}: one row of changes per KiB of the maximum
 * heap, 2M rows under {@code -Xmx2g}; {@code ZSet.plusDeferredInner}): the share of the sum that
 * bounds a top-level integral's chain (B2's batches of 100 pay for their own changes) means nothing
 * for a sum that starts from zero at every outer step. {@code all_I} at B3's first step (about 1.8M
 * rows of candidate facts over its 48 iterations, held as the join and the sums made them: one sorted
 * run of (src, dst) pairs each, about 45 MB) is no longer added up; a read adds it up as before, and
 * a chain past the budget is dealt with as a top-level one is (added up, or kept as one consolidated
 * change). {@code DeferredSumProperties} checks sums with no budget and with one larger than any of
 * its changes against a map at every step, and that changes of about 130,000 rows (over 100,000
 * after cancellations) against a sum of 1,000 stay deferred within
 * the budget and are added up past it (it fails when the budget is ignored). One process stepping
 * B3's first step four times (the last three, the engine thread's CPU; two alternating pairs at
 * load 3.8): 958/833/896 and 769/833/976 ms → 795/724/696 and 756/744/771 ms (mean 877 → 748 ms).
 * B4 under {@code -Xmx6g} may hold up to 6M rows of such changes: with this and the per-label index
 * above ({@code bench --only b4 --b4 10000,12000,10,0,100}, one run each, 0c08a82 then 6a4ae76, load
 * 2–3) its first step took 12.13 → 8.62 s of the engine thread's CPU (14.86 → 11.47 s wall), heap in
 * use after it 3,164 → 3,338 MB, and the whole run completed within {@code -Xmx6g}; B3 ({@code bench
 * --only b3}, two alternating pairs): the first step, cold, 1.50/1.62 → 1.29/1.30 s of the engine
 * thread's CPU (2.74/1.80 → 1.40/1.46 s wall).
 *
 * <p>Then: the leader looks its input's rows up in the follower's table all together
 * ({@code FollowedRows.findAll}: every key's first slot read before any key is compared, so the cache
 * misses overlap), the table doubles by reading its old slots in order and placing each entry by the
 * hash the slot holds (no key read), an addition's sweep collects the later entries of the rows it is
 * asked for as (row, iteration, weight) triples in one buffer, grouped by row with a counting sort,
 * instead of a growing array per row sorted by keys, and a Z-set held as several sorted runs (the
 * closure's candidate facts in later steps, a sum of packed values) is packed by merging its runs
 * ({@code NestedTrace.pack}) instead of decoding every row and encoding it again. JFR samples (1 ms,
 * one process stepping {@code 2000,3000,30,1,100}, load 5–6): the batch of 100 1,278 → 1,123, the 30
 * single edges 514 → 425; packing the input 83 → 27 of the batch's. The engine thread's CPU at that
 * load does not tell them apart (batch 2.58/2.31/1.99 s before, 2.64/2.09/2.02 s after). Tried and
 * not kept: {@code H} writing its change from the rows' packed words as one sorted run
 * ({@code ZSet.ofIntegerRows}) instead of hashing decoded rows: {@code H} went from 182 to 144 of the
 * batch's samples, but the row-based join reading that change iterates it three times and decoded
 * its rows each time (129 → 233 samples).
 * The follower adds the rows it follows first at a tick all together too ({@code FollowedRows.addAll}:
 * every new key's slot read before any is written), and {@code findAll} confirms the ids its slots
 * name by comparing keys in a pass of their own (so those reads overlap as well). JFR samples of the
 * batch (same command, load 6): the table's additions 114 + 104 (placing) → 94, its lookups
 * 77 + 36 (comparing keys) → 80 + 24 (the engine thread's CPU does not tell them apart at that load).
 *
 * <p>The leader's trace indexed by row. Profiled per step (B3's single edges, the engine thread's CPU and
 * JFR samples of the steps of 2–12 ms only, the median's band: 47 inner iterations, about 2,700 rows
 * added by the leader per step; 300–800 single edges, load 3–6), the leader's addition took 60% of such
 * a step, 42% its sweeps: per tick it searched every run of its trace (5.3 runs on average) for the
 * rows first changed in the step, and in the runs of 262,144 entries or more (1.4 per sweep: the
 * closure's 1.8M candidate facts) a search cost about 700 ns (1.7 ms of a 5 ms step); the fixed
 * per-tick costs were small (a step whose closure does not change costs 0.6–0.7 ms for its 51 ticks).
 * The leader of a shared pair now keeps, from the end of its first step and as long as every addition to
 * its trace is mirrored there, the trace's entries by row as well ({@code ops.TraceIndex}: an open-addressing
 * table of the rows' packed words, each row's record holding its key and its first entry, further
 * entries linked in one array, ascending by iteration), and an addition while its follower follows reads
 * every row's weights in X_j and S(j) and the later entries of the rows first changed from it (the
 * lookup that compares the key brings the first entry into the cache), giving them all to the trace's
 * addition ({@code NestedTrace.Observed.give}), which then searches no run. It holds at most one row per
 * KiB of the maximum heap (at least 2^16, at most 2^28; 2M under {@code -Xmx2g}; B3 holds about 1.25M, its closure's pairs); past
 * that, or when a follower does not read the trace, it is dropped and the runs are searched as before.
 * It is built at the end of the first step from the trace's runs ({@code NestedTrace.forEachRun}: each
 * run in slices of about 32K entries of whole rows, the rows of a slice looked up together, those of the
 * first run placed without a lookup), and only when they hold at most that many
 * entries (a trace left empty by the first step, or too large then, is indexed at the end of the first
 * step after which it fits; one dropped past its budget is not built again): built as the first step added to the trace, B4's (a closure of 10.1M pairs) grew to 6.3M rows
 * before it was dropped, and its first step took 10.45 → 14.80 s of the engine thread's CPU for nothing
 * (now 10.33 s, load 5). An addition mirrors its rows before it joins the runs, while the records its
 * lookups read are in the cache, and a row not held is placed from the empty slot its lookup ended at. {@code TraceIndexProperties}
 * checks it against a map of row → (iteration → weight) (rows recurring, entries cancelling first,
 * middle and last, colliding hashes, a maximum of rows), and built from two runs splitting the map's
 * entries (it fails when a run's row's first entry is not added); it fails, and so do
 * {@code OuterClockOperatorsProperties}, {@code OuterTraceClosureProperties} and
 * {@code IterationIndexedJoinProperties}, when the sum up to j leaves out the entry at j. B3 in one
 * process (300 single edges after the first step, three passes; the median of the engine thread's CPU
 * per step; base jar and this one alternately at load 4–6): 6.59/5.06/4.99 and 6.02/5.18/4.45 ms →
 * 4.59/4.14/3.36 and 4.18/3.15/2.82 ms. {@code bench --only b3} (two alternating pairs, load 6): the 30
 * single edges' engine thread 832/821 → 704/628 ms (steps 3, 11, 19: 115–167 → 84–160 ms); the first
 * step pays for building the index, 1.18/1.03 → 2.33/1.47 s (1.8M entries looked up and added, about a
 * quarter of its JFR samples; built from the runs at its end: 1.36/1.25 → 1.60/1.93 s at load 5–8); the batch of 100 within the noise (1.96/1.77 → 2.04/2.03 s). What the
 * median step spends now (JFR, same band): the leader's addition 48% (of it the index's reads 18% and
 * lookups 8%, the spine's merges of the runs the tick adds 20%: about 40 entries copied per entry
 * added, for runs nobody reads in these steps), {@code H} 17%, the joins 25%. On the quiet machine
 * ({@code bench --only b3}, one jar with and without {@code -Ddbsp.traceIndex=false}, which turns the
 * index off, two alternating pairs at load 1.0–1.3): the first step's engine thread 1.32/1.28 s with it
 * against 0.99/1.25 s without (heap in use after it 742/491 against 369/487 MB), the 30 single edges'
 * 836/730 against 1,111/781 ms, their p99 178/187 against 239/256 ms, the batch of 100 1.86/1.74 against
 * 1.81/1.49 s: a gain for the single edges, a cost to the first step, both within about the noise.
 *
 * <p>While the index answers its additions' lookups, no one reads the leader's runs in a single edge's step
 * (JFR, 200 single edges: no sweep, lookup or iteration of them), yet its spine merged the runs each tick added
 * by the ratio of four, the cascades rewriting its largest runs (1.25M entries in B3). Its additions then merge
 * by size classes ({@code MergingRuns.plusTiered}, {@code NestedTrace.plus(…, tiered)}): a run's class is
 * ⌊log₄ n⌋; a run larger than those just before it is merged with them, and the newest four runs of one class
 * are merged together (the two adjacent runs of the smallest sum first), so an entry is rewritten about twice
 * per class it passes through and the largest runs stay as they are until four of their class exist; the price
 * is up to three runs per class to search (B3: at most 20 against 9). The entries held are the same; the first
 * step (no index yet) and B4 (no index) merge as before, and a trace whose index is dropped returns to the ratio
 * at its next addition (its runs then merge as the ratio finds them); so does an addition made without a
 * follower (it reads the runs for the rows' weights, fewer runs to search), index or not. A run of the newest's
 * own class is not merged with it (a review found the first version rewriting an older large run when a small
 * run stood between them: {@code MergingRunsProperties.aLargeAdditionLeavesAnOlderRunOfItsClass}). Counted, so free of the machine's noise:
 * the leader's entries merged over B3's 30 single edges 5.36M → 1.98M, with the batch of 100 16.8M → 6.1M
 * (every spine's, 30 single edges: 15.6M → 12.3M); the time in those additions (timed per call, one jar with
 * the policy switched, two alternating pairs at load 7–9) 579/810 → 84/293 ms; their share of the single edges'
 * JFR samples 10.6% → 6.8%. {@code bench --only b3} at load 4–11 could not tell the jars apart (engine thread,
 * base against this, two alternating pairs twice: 30 single edges 859/585 and 847/482 against 732/512 and
 * 1,020/704 ms, batch of 100 2.78/2.97 and 2.39/2.43 against 3.71/2.26 and 2.58/2.43 s, first step 2.44–2.79
 * against 2.36–2.56 s). {@code MergingRunsProperties} drives spines added to by both policies (versions read
 * again, branched) against a map, and checks that tiered runs' classes never rise towards the newest, fewer than
 * four per class (it fails when a larger run is not merged with the smaller ones before it);
 * {@code NestedTraceProperties} adds some changes tiered, as Z-sets and as packed rows with what they observe
 * (both fail when a tiered merge drops its output).
 *
 * <p>Building the leader's index at the end of the first step cost 620–760 ms of the engine thread (load 5–6; a
 * sixth of the first step's JFR samples): each run's entries were copied into arrays of the run's size (1.8M
 * entries, tens of MB at once), every row of every run was looked up before it was placed (the largest run's
 * in an empty table too), and the table and its records doubled their way up from 1,024 rows, rehashing at
 * each doubling. Now the runs are visited in slices of about 32,768 entries of whole rows, the slice's arrays
 * reused (so they stay in the cache; {@code NestedTrace.forEachRun}), the first run's rows are placed without
 * a lookup (a run's rows are distinct and nothing is held before it: {@code TraceIndex.addRows(…, unheld)}),
 * and the index is sized ahead for the rows the trace holds at most ({@code NestedTrace.rowsAtMost}: the
 * largest run's distinct rows plus the other runs' entries), and a quarter more for the rows later steps add. Timed per call (thread CPU, one jar switched, two
 * alternating pairs, load 5–6): 618/758 → 272/270 ms; the first step's engine thread 2.26/2.74 → 2.15/2.32 s,
 * heap in use after it 474/619 → 447/527 MB. {@code NestedTraceRunsProperties} checks the slices against a map
 * per iteration (whole rows, the first run's rows in one slice each; it fails when a slice may end inside a
 * row), {@code TraceIndexProperties} builds indexes sized ahead or not, the first run added unlooked-up or
 * looked up (it fails when a later run's rows are added unlooked-up).
 *
 * <p>Fourteenth session (each commit gives its measurements). The leader's addition while its index answers
 * reads and mirrors each row in one walk of its entries ({@code TraceIndex.addReading}: rows looked up 512 at a
 * time, their first slots and records read before any key is compared, then per row its weight at j, up to j
 * and, when wanted, its later entries, the addition made while they are in the cache); it walked them up to five
 * times before (a lookup, {@code at}, {@code upTo}, {@code laterCount}, {@code later}, then the addition). When
 * the rows might take the index past its maximum it does nothing and the row-by-row path decides
 * ({@code OuterIntegrate.observedFromIndex}, then {@code TraceIndex.add}, which drops an index past its maximum;
 * {@code OuterTraceClosureProperties.closureWithAnIndexNearItsMaximumEqualsBfs} lowers the maximum to reach it).
 * The index is built by {@code TraceIndex.of(NestedTrace, maxRows)} ({@code TraceIndexBuildProperties}: against
 * the trace's own contents per iteration). The rows the follower follows are marked in the leader's index (one
 * word per record: the follower's table stamp and the row's id in it), so the leader reads them where its lookup
 * reads the record anyway instead of a second hash table over the same rows ({@code FollowedRows} builds its
 * table only when asked by rows' words: B4, without an index). On the join side: the join after {@code H},
 * probing with one sorted run, writes its matches grouped by their first column, and {@code value.GroupedRows}
 * sorts each group on its own (most are already ascending) instead of one radix sort of every match; batches of
 * the edges' arrangement of at least 64 entries hand a packed join each entry's rows as flat columns of longs
 * ({@code KeyBatch.longRows}); the iterations' index places a change that is one sorted run on a one-column key
 * by counting ({@code IterationIndex.byKeyColumn}); {@code H}'s per-iteration traces merge by size classes; and
 * at the first step the merges that take the leader's change read its rows as they write them
 * ({@code RunMerge.finish(RowSums)}), so {@code H}'s read over the iterations before j skips the newest run.
 * The least work a step can do is what {@code bench.ClosureWork} logs: each pair whose shortest path changes
 * reaches {@code H} at its old and its new iteration (one when it enters or leaves). On B3's graph the first step
 * is 1,246,139 such entries, the median single edge 1,837, the slowest (steps 3, 11, 19) 30,959–38,259,
 * and the batch of 100 933,626 — three quarters of the first step's, which is why the batch costs about as much
 * as the first step: the incremental closure cannot do a batch that moves half the pairs' shortest paths in
 * much less than the time it takes to compute the closure.
 *
 * <p>Fifteenth session. A single edge's step probes every inner iteration's label of the iterations' index with
 * the edge's source (45 labels in B3, about 100 in B4), which has entries at a few of them or none; each probe of
 * a label's runs cost about 1 µs in cache misses. The index now keeps per label a filter of the keys ever added
 * there ({@code value.KeyFilter}: one bit per hash of a key's words, only ever set, so a clear bit
 * proves the key absent; rebuilt four times larger from the label's runs once an eighth of its bits are set,
 * which also drops keys whose entries cancelled). A lookup or join at a label skips the probes whose bit is
 * clear and returns at once, allocating nothing, when none is set. Engine thread per warm one-pair step
 * 0.21 → 0.17 ms; {@code IterationIndexProperties.keyFiltersAnswerLikeAMapAsLabelsGrow} checks it against a map
 * per label through several rebuilds. Merging a tiered group of runs in one pass (a tree of losers) halved the
 * entries written but cost more CPU than merging two at a time once page faults stopped dominating (a group is
 * mostly one large run and a few small ones), and was reverted; {@code RunMerge.mergeAll} keeps the pairwise
 * group merge. The benchmark now runs B3 and B4 in JVMs of their own (the parallel collector, transparent huge
 * pages, the first JIT tier only; {@code bench.WorkloadJvm}): on this machine a fresh page of heap costs about
 * 30 µs, and B3's first step went from 2.2–2.4 s of engine thread under G1 to 0.60–0.61 s (1.7 s when the
 * heap's pages come slowly), with the same engine code.
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
 * A caller that validated the circuit already passes that result in
 * ({@code Simulation.compile(circuit, options, checked)}): {@code dbsp run} validates the file to
 * print its diagnostics and compiles from that check, so the circuit is validated once. It loads,
 * checks and compiles the file ({@code cli.EarlyCheck}) on a thread of its own while picocli builds
 * the command line (each about 0.1 s of CPU at a JVM's start): the main thread's CPU before the
 * first step went from 0.29-0.35 s to 0.17-0.19 s (the closure of 2,000 nodes, load 7).
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
 *     zero change, at least two ticks, and at least as many as the outer-clock state of the
 *     previous outer step covers; beyond a step's last iteration that state repeats its last value
 *     (the loop stopped at a fixpoint, and from tick 1 on a δ₀ is zero). {@code maxIterations}
 *     reached before the fixpoint is an error naming the nested operator and the iteration (a
 *     loop with {@code maxIterations = 1} at its fixpoint at tick 0 still runs its second tick).</li>
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
