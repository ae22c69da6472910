package org.dbspstudio.model.rewrite;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;

/**
 * Algorithm 4.6 as a pipeline of named rewrite rules: desugar, distinct elimination, wrap with
 * {@code I}/{@code D}, chain rule (with the cycle rule and incremental recursion for nested
 * circuits), {@code I∘D} cancellation, dead operator removal. The input is never modified; the
 * result is an ordinary circuit in {@link Circuit.InputMode#CHANGES} mode with a log that replays
 * the rewrite rule by rule. Deterministic: the same input gives an identical output and log.
 */
public final class Incrementalizer {
    private final List<RewriteRule> pipeline;
    private final OperatorRules operatorRules;

    public Incrementalizer(List<RewriteRule> pipeline) {
        this(pipeline, OperatorRules.standard());
    }

    private Incrementalizer(List<RewriteRule> pipeline, OperatorRules operatorRules) {
        this.pipeline = List.copyOf(pipeline);
        this.operatorRules = operatorRules;
    }

    /**
     * This pipeline with other per-operator rules for the chain rule (to measure what a rule saves,
     * e.g. the antijoin by its own rule against Definition 3.1's fallback).
     */
    public Incrementalizer withOperatorRules(OperatorRules rules) {
        return new Incrementalizer(pipeline, rules);
    }

    /** The pipeline of the theory. */
    public static Incrementalizer standard() {
        return new Incrementalizer(List.of(new DesugarRule(), new DistinctEliminationRule(), new SemiNaiveRule(false),
                new CancellationRule(), new WrapRule(), new ChainRule(), new CancellationRule(), new DeadOperatorRule()));
    }

    /**
     * Not an incrementalization: rewrites every recursive nested circuit into semi-naive form and
     * leaves the circuit over snapshots (an optimization of a recomputing circuit).
     */
    public static Incrementalizer semiNaive() {
        return new Incrementalizer(List.of(new DesugarRule(), new DistinctEliminationRule(), new SemiNaiveRule(false),
                new CancellationRule(), new DeadOperatorRule()));
    }

    /** Rewrites {@code snapshotCircuit} into its incremental version with the standard pipeline. */
    public static RewriteResult incrementalize(Circuit snapshotCircuit) {
        return standard().run(snapshotCircuit);
    }

    public List<RewriteRule> pipeline() {
        return pipeline;
    }

    /** Runs the pipeline on a copy of {@code circuit}. */
    public RewriteResult run(Circuit circuit) {
        RewriteContext ctx = new RewriteContext(circuit.copy(), operatorRules);
        if (circuit.inputMode() == Circuit.InputMode.CHANGES) {
            ctx.record("Already incremental", "", "the circuit's inputs already receive changes (CHANGES mode):"
                    + " it is returned unchanged", List.of(), List.of());
            return new RewriteResult(ctx.root(), ctx.log());
        }
        boolean wraps = pipeline.stream().anyMatch(r -> r instanceof WrapRule);
        if (wraps && ctx.root().operatorsOfKind(OpKind.INPUT).isEmpty()) {
            ctx.record("No inputs", "", "the circuit has no inputs: only its constants and state are rewritten;"
                    + " its outputs become the changes of the original outputs", List.of(), List.of());
        }
        for (RewriteRule rule : pipeline) {
            rule.apply(ctx);
        }
        return new RewriteResult(ctx.root(), ctx.log());
    }
}
