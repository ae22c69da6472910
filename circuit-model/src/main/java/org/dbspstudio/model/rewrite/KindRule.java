package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * A per-operator rule chosen by what the operator's kind declares in the catalog
 * ({@link org.dbspstudio.model.OpKind#incrementalization()}): the rule names itself, its theorem
 * and the {@link Incrementalization} it implements once, here. Unless it says otherwise, the
 * rewritten operator is {@code D ∘ Q ∘ I} (Definition 3.1, {@link FallbackRule#wrap}), the form
 * of the rules whose saving is in how the engine evaluates Q on integrated inputs (aggregates,
 * top-k); rules with a cheaper circuit override {@link #convert}.
 */
public abstract class KindRule implements OperatorRule {
    private final String name;
    private final String theorem;
    private final Incrementalization implemented;
    private final Clock only;

    /** A rule for the kinds that declare {@code implemented}, on either clock. */
    protected KindRule(String name, String theorem, Incrementalization implemented) {
        this(name, theorem, implemented, null);
    }

    /** A rule for the kinds that declare {@code implemented}, on clock {@code only} (the others fall to the next rule). */
    protected KindRule(String name, String theorem, Incrementalization implemented, Clock only) {
        this.name = name;
        this.theorem = theorem;
        this.implemented = implemented;
        this.only = only;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String theorem() {
        return theorem;
    }

    /** The kinds that declare this rule's incrementalization, on its clock. */
    @Override
    public boolean appliesTo(Operator op, Clock clock) {
        return op.kind().incrementalization() == implemented && (only == null || clock == only);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        return FallbackRule.wrap(op, b);
    }
}
