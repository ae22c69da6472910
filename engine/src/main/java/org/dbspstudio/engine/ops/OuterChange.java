package org.dbspstudio.engine.ops;

import java.util.function.Supplier;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Row;

/**
 * A known change over the outer clock of a nested circuit: a stream's value equals
 * {@code basis + change}, where {@code basis} is an earlier value of the same stream — the one it
 * had at the same inner iteration of the previous outer step (or, beyond that step's last
 * iteration, its last value). Outer-clock integrators and delays report it, so arrangements and
 * outer differentiators can be updated by the change instead of recomputed. Consumers that need a
 * particular basis compare it by identity.
 *
 * @param basis  the earlier value
 * @param change the value minus {@code basis}
 * @param fresh  when known (else null): rows such that every row of {@code change} was among the
 *               fresh rows of this tick or of an earlier tick of the same outer step — for an
 *               outer-clock integral of an inner running sum, the running sum's change at this
 *               tick — so a consumer can follow the change's rows as they appear instead of
 *               reading the whole change at every iteration
 * @param firstFresh when known (else null): the rows of {@code fresh} that were not among the fresh
 *               rows of an earlier tick of the same outer step (the producer follows them anyway), so
 *               a consumer following the fresh rows needs no set of the rows it saw (decoded when asked)
 * @param paired when not null: the outer sum of {@code z⁻¹(I(s))} that produced this change, reading the
 *               trace of its leader (the outer sum of {@code s}) — following the rows changed in the
 *               step at this tick, so that {@code H} reading both can take its inputs' weights at the
 *               rows it visits from them ({@link OuterIntegrate#pairedChanges}, which says whether it
 *               does at this tick), or, in a step where it follows none (the first), taking its next
 *               size from {@code H}'s count ({@link OuterIntegrate#countedBy})
 */
public record OuterChange(StreamValue basis, StreamValue change, ZSet fresh, Supplier<Row[]> firstFresh, OuterIntegrate paired) {
    public OuterChange(StreamValue basis, StreamValue change) {
        this(basis, change, null, null, null);
    }

    public OuterChange(StreamValue basis, StreamValue change, ZSet fresh) {
        this(basis, change, fresh, null, null);
    }
}
