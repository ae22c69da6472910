package org.dbspstudio.ide.doc;

import java.util.List;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.StreamType;

/** Operators as they come out of the palette: a fresh id and useful starting parameters. */
public final class NewOperators {
    private NewOperators() {
    }

    /** A new operator of {@code kind} whose id is unused anywhere in {@code top}. */
    public static Operator create(Circuit top, OpKind kind) {
        String id = top.freshId(kind.json());
        return switch (kind) {
            case INPUT -> Operator.of(id, kind, "name", id, "type", StreamType.Z);
            case OUTPUT -> Operator.of(id, kind, "name", id);
            case CONSTANT -> Operator.of(id, kind, "type", StreamType.Z, "value", 1L);
            case DELTA0 -> Operator.of(id, kind, "port", "in");
            case INTEGRAL -> Operator.of(id, kind, "port", "out");
            case FILTER -> Operator.of(id, kind, "predicate", "");
            case MAP, INDEX -> Operator.of(id, kind);
            case AGGREGATE -> Operator.of(id, kind, "aggregates", List.of(new AggCall(AggFunction.COUNT, null, "cnt")));
            case SCALAR -> Operator.of(id, kind, "inputs", List.of("x"), "expr", "x");
            case NESTED -> {
                Circuit child = new Circuit();
                String in = top.freshId("delta0");
                child.add(Operator.of(in, OpKind.DELTA0, "port", "in"));
                // reserve the first id before asking for the second
                Circuit probe = top.copy();
                probe.add(Operator.of(in, OpKind.DELTA0, "port", "in"));
                String out = probe.freshId("integral");
                child.add(Operator.of(out, OpKind.INTEGRAL, "port", "out"));
                child.connect(in + ".out", out + ".in");
                yield Operator.nested(id, child);
            }
            default -> Operator.of(id, kind);
        };
    }
}
