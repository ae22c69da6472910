package org.dbspstudio.engine.value;

/** An element of the group ℤ (64-bit, overflow is an error). */
public record ZInt(long value) implements StreamValue {
    public static final ZInt ZERO = new ZInt(0);

    public static ZInt of(long v) {
        return v == 0 ? ZERO : new ZInt(v);
    }

    @Override
    public StreamValue plus(StreamValue other) {
        return of(Math.addExact(value, ((ZInt) other).value));
    }

    @Override
    public StreamValue negate() {
        return of(Math.negateExact(value));
    }

    @Override
    public boolean isZero() {
        return value == 0;
    }

    @Override
    public long rows() {
        return value == 0 ? 0 : 1;
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
