package org.dbspstudio.engine.run;

/**
 * Engine settings.
 *
 * @param deltaTracking   let stateful operators use the known change of their input (integrals,
 *                        snapshot inputs) to update arrangements, aggregates and distinct in time
 *                        proportional to the change; false recomputes from whole values (a baseline)
 * @param recordTrace     record every stream's value at every step (false: only the outputs' values,
 *                        still one per step kept under the retention limits below — a long headless
 *                        run sets {@code maxRetainedSteps}, as {@code run} and the benchmarks do)
 * @param maxRetainedSteps how many recorded steps to keep (oldest evicted first); 0 = unlimited
 * @param maxRetainedBytes approximate bytes of recorded values to keep; 0 = unlimited
 */
public record EngineOptions(boolean deltaTracking, boolean recordTrace, int maxRetainedSteps, long maxRetainedBytes) {
    public static final EngineOptions DEFAULT = new EngineOptions(true, true, 0, 0);

    public EngineOptions withDeltaTracking(boolean b) {
        return new EngineOptions(b, recordTrace, maxRetainedSteps, maxRetainedBytes);
    }

    public EngineOptions withRecordTrace(boolean b) {
        return new EngineOptions(deltaTracking, b, maxRetainedSteps, maxRetainedBytes);
    }

    public EngineOptions withRetention(int steps, long bytes) {
        return new EngineOptions(deltaTracking, recordTrace, steps, bytes);
    }
}
