package org.dbspstudio.engine.ops;

import org.dbspstudio.model.Clock;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;

/**
 * Which operators read a top-level integral's change only, never its value: compiled without a
 * trace and with delta tracking on, an integral whose every reader is one of them need not keep its
 * running sum ({@code run.Compiler}; B2's {@code j_I}, the join output's sum read by the aggregate
 * alone). What such a reader does with the integral's value:
 * <ul>
 * <li>an aggregate over a Z-set ({@link AggregateNode}): reads the whole input only when it
 *     computes from scratch — at its first tick after a reset, when the value is the integral's
 *     first change itself — and afterwards its change alone (the integral's change is always known),
 *     keeping its input's rows with their weights itself; a failed step ends the run until it is
 *     reset, so no later tick recomputes from scratch;</li>
 * <li>a differentiator on the inner clock ({@code Clocked.Differentiate}): emits the known change.</li>
 * </ul>
 * Anything else (a join's arrangement, a delay, an output, the trace) reads the value.
 */
public final class ChangeReaders {
    private ChangeReaders() {
    }

    /**
     * Whether {@code reader}, fed on its input {@code port} a top-level integral's Z-set value with
     * its change at every tick, reads only that change after its first tick (delta tracking on).
     */
    public static boolean readsOnlyChange(Operator reader, String port) {
        return switch (reader.kind()) {
            case AGGREGATE -> "in".equals(port);
            case DIFFERENTIATE -> reader.clock() != Clock.OUTER;
            default -> false;
        };
    }

    /**
     * Makes {@code node}, a top-level integral (an {@link OpKind#INTEGRATE} on the inner clock),
     * keep no running sum; returns false (and changes nothing) when it is not such an integral.
     */
    public static boolean keepNoSum(OpNode node) {
        if (node instanceof Clocked.Integrate i) {
            i.keepNoSum();
            return true;
        }
        return false;
    }
}
