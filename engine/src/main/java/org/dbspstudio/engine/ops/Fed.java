package org.dbspstudio.engine.ops;

import org.dbspstudio.engine.value.StreamValue;

/** An operator whose value the driver sets before each tick (a circuit input). */
public interface Fed {
    /** The value for the coming tick and its change since the previous tick (null when unknown). */
    void feed(StreamValue value, StreamValue delta);
}
