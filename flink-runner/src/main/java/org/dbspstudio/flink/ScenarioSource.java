package org.dbspstudio.flink;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.dbspstudio.flink.FlinkEngine.Fed;

/**
 * A bounded source (one reader) that emits a scenario's changelog a step at a time: all records of
 * step t in one call, then nothing until a checkpoint taken after them has completed, then step
 * t+1. So every checkpoint barrier of the job lies between two steps, and the last step ends with
 * the input. Each step begins with a record of table −1 that names it.
 *
 * <p>The job is not restarted on failure (its restart strategy is {@code none}), so the source's
 * position is not part of its state.
 */
final class ScenarioSource implements Source<Fed, ScenarioSource.Split, Integer> {
    private static final long serialVersionUID = 1L;
    private final List<List<Fed>> steps;

    ScenarioSource(List<List<Fed>> steps) {
        this.steps = steps;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<Fed, Split> createReader(SourceReaderContext context) {
        return new Reader(steps);
    }

    @Override
    public SplitEnumerator<Split, Integer> createEnumerator(SplitEnumeratorContext<Split> context) {
        return new Enumerator(context);
    }

    @Override
    public SplitEnumerator<Split, Integer> restoreEnumerator(SplitEnumeratorContext<Split> context, Integer checkpoint) {
        return new Enumerator(context);
    }

    @Override
    public SimpleVersionedSerializer<Split> getSplitSerializer() {
        return new SplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<Integer> getEnumeratorCheckpointSerializer() {
        return new IntSerializer();
    }

    /** The one split: the whole scenario. */
    static final class Split implements SourceSplit {
        @Override
        public String splitId() {
            return "scenario";
        }
    }

    private static final class Reader implements SourceReader<Fed, Split> {
        private final List<List<Fed>> steps;
        private final Set<Long> atBoundaryCheckpoints = new HashSet<>();
        private CompletableFuture<Void> available = new CompletableFuture<>();
        private boolean assigned;
        private boolean noMoreSplits;
        private boolean waiting;
        private int next;

        Reader(List<List<Fed>> steps) {
            this.steps = steps;
        }

        @Override
        public void start() {
        }

        @Override
        public InputStatus pollNext(ReaderOutput<Fed> output) {
            if (!assigned) {
                return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
            }
            if (waiting) {
                return InputStatus.NOTHING_AVAILABLE;
            }
            if (next == steps.size()) {
                return InputStatus.END_OF_INPUT;
            }
            for (Fed f : steps.get(next)) {
                output.collect(f);
            }
            next++;
            if (next == steps.size()) {
                return InputStatus.END_OF_INPUT;
            }
            waiting = true;
            available = new CompletableFuture<>();
            return InputStatus.NOTHING_AVAILABLE;
        }

        @Override
        public List<Split> snapshotState(long checkpointId) {
            if (waiting) {
                atBoundaryCheckpoints.add(checkpointId);
            }
            return assigned ? List.of(new Split()) : List.of();
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            if (atBoundaryCheckpoints.remove(checkpointId) && waiting) {
                atBoundaryCheckpoints.clear();
                waiting = false;
                available.complete(null);
            }
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return available;
        }

        @Override
        public void addSplits(List<Split> splits) {
            assigned = true;
            available.complete(null);
        }

        @Override
        public void notifyNoMoreSplits() {
            noMoreSplits = true;
            available.complete(null);
        }

        @Override
        public void close() {
        }
    }

    private static final class Enumerator implements SplitEnumerator<Split, Integer> {
        private final SplitEnumeratorContext<Split> context;
        private boolean assigned;

        Enumerator(SplitEnumeratorContext<Split> context) {
            this.context = context;
        }

        @Override
        public void start() {
        }

        @Override
        public void handleSplitRequest(int subtask, String host) {
        }

        @Override
        public void addSplitsBack(List<Split> splits, int subtask) {
            assigned = false;
        }

        @Override
        public void addReader(int subtask) {
            if (!assigned) {
                context.assignSplit(new Split(), subtask);
                assigned = true;
            }
            context.signalNoMoreSplits(subtask);
        }

        @Override
        public Integer snapshotState(long checkpointId) {
            return assigned ? 1 : 0;
        }

        @Override
        public void close() {
        }
    }

    private static final class SplitSerializer implements SimpleVersionedSerializer<Split> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Split split) {
            return new byte[0];
        }

        @Override
        public Split deserialize(int version, byte[] serialized) {
            return new Split();
        }
    }

    private static final class IntSerializer implements SimpleVersionedSerializer<Integer> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Integer value) {
            return ByteBuffer.allocate(4).putInt(value).array();
        }

        @Override
        public Integer deserialize(int version, byte[] serialized) throws IOException {
            if (serialized.length != 4) {
                throw new IOException("expected 4 bytes, got " + serialized.length);
            }
            return ByteBuffer.wrap(serialized).getInt();
        }
    }
}
