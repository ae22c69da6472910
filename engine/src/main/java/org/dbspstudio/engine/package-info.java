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
 *
 * <h2>Running</h2>
 * {@link org.dbspstudio.engine.run.Simulation} validates a circuit
 * ({@code model.validate.Validator}), compiles it (types by {@code model.Typing}, a topological
 * order in which a strict {@code z⁻¹} comes first and stores its input after the tick) and runs it
 * step by step, recording a {@link org.dbspstudio.engine.run.Trace}. Operators are built by
 * {@link org.dbspstudio.engine.ops.Ops}, one factory per {@code OpKind}.
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
