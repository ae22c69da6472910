package org.dbspstudio.engine.run;

import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.value.StreamValue;

/**
 * What one tick of one circuit produced: the value on every output port (by slot), its change
 * since the previous tick when known, the statistics of every operator, and for every nested
 * operator the frames of its inner ticks.
 */
record Frame(StreamValue[] values, StreamValue[] deltas, OpStats[] stats, Map<Integer, List<Frame>> nested) {
}
