package org.dbspstudio.engine.value;

/**
 * The value of a top-level running sum that is not kept: compiled without a trace, an integral read
 * only by operators that use its change (an incremental aggregate, which keeps its input's rows
 * with their weights itself; a differentiator) need not add its changes up at all
 * ({@code run.Compiler}, {@code ops.Clocked.Integrate}). From its second tick on, such an integral
 * emits this value beside its change; reading it — its size, its rows, adding to it — throws
 * {@link IllegalStateException}, which would name the integral, so a wrong decision to skip a sum
 * fails loudly instead of giving a wrong result.
 */
public final class NotKept {
    private NotKept() {
    }

    /** The value standing for the running sum of integral {@code id}, which is not kept. */
    public static ZSet value(String id) {
        return new ZSet(DeferredSum.notKept(id));
    }

    static IllegalStateException read(String id) {
        return new IllegalStateException("the running sum of " + id
                + " was read, but it is not kept (compiled without a trace, it was found read only by operators using its change)");
    }
}
