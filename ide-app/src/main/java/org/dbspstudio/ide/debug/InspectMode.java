package org.dbspstudio.ide.debug;

/** What the inspector shows of a stream at a step. */
public enum InspectMode {
    /** The change at this step (or at this inner iteration). */
    CHANGE,
    /** The integrated contents up to this step. */
    CONTENTS
}
