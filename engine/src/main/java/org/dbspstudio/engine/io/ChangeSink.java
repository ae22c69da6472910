package org.dbspstudio.engine.io;

import java.util.Map;
import org.dbspstudio.engine.value.ZSet;

/**
 * Where a run keeps its outputs: each output's contents (the maintained view), optionally its
 * change log, and the last step applied. {@link #write} applies one step atomically: the step's
 * output changes, the snapshot inputs' changes and the step number are committed together or not
 * at all, so a run killed at any moment resumes after the last step written.
 */
public interface ChangeSink {
    /** The last step written by earlier runs, -1 when none. */
    long lastStep() throws TableException;

    /** Writes step {@code step}: the outputs' changes and the changes read from snapshot inputs, in one transaction. */
    void write(long step, Map<String, ZSet> outputs, Map<String, ZSet> snapshotChanges) throws TableException;
}
