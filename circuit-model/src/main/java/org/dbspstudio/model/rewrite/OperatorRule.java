package org.dbspstudio.model.rewrite;

import java.util.Map;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;

/**
 * How one operator {@code Q} becomes its incremental version {@code Q^Δ} during the chain rule
 * (docs/theory.md §5, step 5). The rule reads the change streams and integrated streams of Q's inputs
 * from the {@link DeltaBuilder}, adds the operators of {@code Q^Δ}, and returns, for each output
 * port of Q, the port carrying that output's change stream.
 */
public interface OperatorRule {
    String name();

    String theorem();

    /** Whether this rule rewrites {@code op} when the conversion runs on {@code clock} . */
    boolean appliesTo(Operator op, Clock clock);

    /** Builds {@code Q^Δ}; returns output port of Q → port carrying its change stream. */
    Map<String, PortRef> convert(Operator op, DeltaBuilder b);

    /** One sentence for the explanation. */
    String describe(Operator op, Clock clock);
}
