package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.value.StreamValue;

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
 */
public record OuterChange(StreamValue basis, StreamValue change) {
}
