package org.dbspstudio.model.rewrite;

import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;

/**
 * Top-k per partition (docs/theory.md §4): with {@code A = I(Δa)} and {@code A|p} the rows of
 * partition {@code p}, {@code (↑topk)^Δ(Δa)[t] = Σ_{p ∈ P(Δa[t])} topk(A[t]|p) − topk(A[t−1]|p)},
 * summed over only the partitions {@code P(Δa[t])} that the change touches, because topk works on
 * each partition separately and an untouched partition's top k is unchanged. The circuit is
 * {@code D ∘ ↑topk ∘ I}; the engine's top-k keeps each partition ordered and, given the change of
 * its integrated input, recomputes only the touched partitions' first k ranks.
 */
public final class TopKRule extends KindRule {
    public TopKRule() {
        super("Top-k", "Top-k per partition (D ∘ ↑topk ∘ I over the touched partitions)", Incrementalization.TOP_K);
    }

    @Override
    public String describe(Operator op, Clock clock) {
        return op.id() + " (top-k) becomes D ∘ topk ∘ I evaluated per touched partition: each partition is kept"
                + " ordered, so a change costs O(log n) per changed row plus the k ranks of its partition";
    }
}
