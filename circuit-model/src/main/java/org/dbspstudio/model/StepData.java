package org.dbspstudio.model;

import java.util.List;

/** One step of one stream in a scenario or an expectation: an integer, or a Z-set literal (rows with weights). */
public sealed interface StepData permits StepData.Scalar, StepData.Rows {

    record Scalar(long value) implements StepData {
    }

    record Rows(List<Change> changes) implements StepData {
        public Rows {
            changes = List.copyOf(changes);
        }
    }

    static StepData scalar(long v) {
        return new Scalar(v);
    }

    static StepData rows(List<Change> changes) {
        return new Rows(changes);
    }

    StepData EMPTY_ROWS = new Rows(List.of());
}
