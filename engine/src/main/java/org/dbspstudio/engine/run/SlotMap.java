package org.dbspstudio.engine.run;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.types.StreamType;

/**
 * Where a compiled circuit keeps things: the operator ids in evaluation order, the slot of every
 * port (output ports own a slot; an input port reads the slot of the stream feeding it), the
 * type of every slot, and the slot maps of nested children by the nested operator's position.
 */
final class SlotMap {
    final List<String> opIds;
    final Map<String, Integer> slots = new HashMap<>();
    /** Output ports in evaluation order: {op, port} pairs with their slots. */
    final java.util.List<String[]> outputs = new java.util.ArrayList<>();
    final Map<Integer, SlotMap> children = new HashMap<>();
    final StreamType[] types;

    SlotMap(List<String> opIds, StreamType[] types) {
        this.opIds = opIds;
        this.types = types;
    }

    int indexOf(String opId) {
        return opIds.indexOf(opId);
    }

    /** The slot of {@code op.port} (an output port, or an input port through its stream), or -1. */
    int slot(String opId, String port) {
        Integer s = slots.get(opId + "." + port);
        return s == null ? -1 : s;
    }

    /** The position path (nested operator indices) to the circuit holding {@code opId}, or null. */
    java.util.List<Integer> pathTo(String opId) {
        if (opIds.contains(opId)) {
            return new java.util.ArrayList<>();
        }
        for (var e : children.entrySet()) {
            var p = e.getValue().pathTo(opId);
            if (p != null) {
                p.add(0, e.getKey());
                return p;
            }
        }
        return null;
    }

    SlotMap at(java.util.List<Integer> path) {
        SlotMap l = this;
        for (int i : path) {
            l = l.children.get(i);
        }
        return l;
    }
}
