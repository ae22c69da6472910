package org.dbspstudio.model.rewrite;

import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;

/**
 * Aggregates (§7.2–7.4): {@code D ∘ ↑agg ∘ I}. COUNT and SUM are linear inside (the engine updates
 * them per change); the surrounding {@code makeset} is not, so the rewrite keeps the aggregate
 * on integrated input and differentiates its output, which the engine evaluates per changed group.
 */
public final class AggregateRule extends KindRule {
    public AggregateRule() {
        super("Aggregate", "§7.2 (D ∘ ↑agg ∘ I)", Incrementalization.AGGREGATE);
    }

    @Override
    public String describe(Operator op, Clock clock) {
        var aggs = op.params().aggregates("aggregates");
        boolean linear = !aggs.isEmpty() && aggs.stream().allMatch(a -> a.function().isLinear());
        String fns = aggs.stream().map(AggCall::toString).reduce((x, y) -> x + ", " + y).orElse("");
        boolean countDistinct = aggs.stream().anyMatch(a -> a.function() == org.dbspstudio.model.AggFunction.COUNT_DISTINCT);
        return op.id() + " (aggregate " + fns + ") becomes D ∘ agg ∘ I"
                + (linear ? "; COUNT/SUM are linear inside, so each changed group costs O(1) per change"
                : countDistinct && aggs.stream().allMatch(a -> a.function().isLinear()
                        || a.function() == org.dbspstudio.model.AggFunction.COUNT_DISTINCT)
                ? "; COUNT(DISTINCT) keeps each group's value counts (H per value), so each change costs O(log n)"
                : "; MIN/MAX/AVG/COUNT(DISTINCT) are not linear: each changed group updates its ordered values per change");
    }
}
