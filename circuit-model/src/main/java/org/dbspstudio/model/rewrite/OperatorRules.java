package org.dbspstudio.model.rewrite;

import java.util.List;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Operator;

/** The per-operator rules of the chain rule, tried in order; the fallback applies to anything. */
public final class OperatorRules {
    private final List<OperatorRule> rules;

    public OperatorRules(List<OperatorRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The rules of the theory, each chosen by the operator kind's declared {@code Incrementalization}. */
    public static OperatorRules standard() {
        return new OperatorRules(List.of(new LinearRule(), new BilinearRule(), new DistinctToHRule(), new PointwiseRule(),
                new SemijoinRule(), new AntijoinRule(), new OuterJoinRule(),
                new StreamTableJoinRule(),
                new AggregateRule(), new TopKRule(), new WindowAggregateRule(), new WaterlineRule(), new ConstantRule(), new NestedRule(), new FallbackRule()));
    }

    /** These rules without those of class {@code rule} (operators it would rewrite fall to the next rule that applies). */
    public OperatorRules without(Class<? extends OperatorRule> rule) {
        return new OperatorRules(rules.stream().filter(r -> !rule.isInstance(r)).toList());
    }

    public List<OperatorRule> rules() {
        return rules;
    }

    /** The first rule that rewrites {@code op} on {@code clock}; the fallback applies to anything. */
    public OperatorRule select(Operator op, Clock clock) {
        for (OperatorRule r : rules) {
            if (r.appliesTo(op, clock)) {
                return r;
            }
        }
        throw new IllegalStateException("no incrementalization rule for operator " + op.id() + " (" + op.kind().json() + ")");
    }
}
