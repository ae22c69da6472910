/**
 * Incrementalization (Algorithm 4.6 of the DBSP paper) as a pipeline of named rewrite rules.
 *
 * <p>{@link org.dbspstudio.model.rewrite.Incrementalizer#incrementalize} runs, in order:
 * {@link org.dbspstudio.model.rewrite.DesugarRule} (union/difference → +/− and distinct),
 * {@link org.dbspstudio.model.rewrite.DistinctEliminationRule} (Propositions 4.4/4.5, conservative),
 * {@link org.dbspstudio.model.rewrite.SemiNaiveRule} (nested circuits inside nested circuits),
 * {@link org.dbspstudio.model.rewrite.WrapRule} ({@code I} after inputs, {@code D} before outputs),
 * {@link org.dbspstudio.model.rewrite.ChainRule} (pushes the integrators through the circuit one
 * operator — or one feedback loop, the cycle rule — at a time, each rewritten by the
 * {@link org.dbspstudio.model.rewrite.OperatorRule} its kind declares: linear, bilinear, distinct
 * to H, aggregate, constant, nested (incremental recursion), fallback),
 * {@link org.dbspstudio.model.rewrite.CancellationRule} ({@code D∘I = I∘D = id}) and
 * {@link org.dbspstudio.model.rewrite.DeadOperatorRule}.
 *
 * <p>Integrators are shared: the integral of a stream is created once, where the chain rule
 * meets it, and every operator that needs it (a join side, the state of an H) reads that one;
 * its {@code z⁻¹} is created once too. Every rule application is logged as a
 * {@link org.dbspstudio.model.rewrite.RewriteStep} with a copy of the circuit after it, and every
 * intermediate circuit is itself equivalent to the original (changes in, changes out).
 */
package org.dbspstudio.model.rewrite;
