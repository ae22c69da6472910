package org.dbspstudio.engine.value;

import org.dbspstudio.model.types.StreamType;

/**
 * A value carried by a stream: an element of an abelian group (docs/theory.md §1). Implementations are
 * immutable; {@link #plus} and {@link #negate} return new values and fail with
 * {@link ArithmeticException} when a 64-bit weight or integer overflows.
 */
public sealed interface StreamValue permits ZInt, ZSet, IndexedZSet {

    StreamValue plus(StreamValue other);

    StreamValue negate();

    default StreamValue minus(StreamValue other) {
        return plus(other.negate());
    }

    boolean isZero();

    /** Size for statistics: rows of a Z-set, rows over all keys of an indexed Z-set, 1 for a non-zero integer. */
    long rows();

    /** The zero of a stream type's group. */
    static StreamValue zero(StreamType type) {
        if (type instanceof StreamType.ZSet) {
            return ZSet.EMPTY;
        }
        if (type instanceof StreamType.Indexed) {
            return IndexedZSet.EMPTY;
        }
        return ZInt.ZERO;
    }
}
