package org.dbspstudio.ide.doc;

import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;

/** Operators as they come out of the palette: a fresh id and useful starting parameters. */
public final class NewOperators {
    private NewOperators() {
    }

    /** A new operator of {@code kind} whose id is unused anywhere in {@code top}. */
    public static Operator create(Circuit top, OpKind kind) {
        String id = top.freshId(kind.json());
        if (kind == OpKind.NESTED) {
            // a nested circuit starts with one way in and one way out
            Circuit child = new Circuit();
            String in = top.freshId(OpKind.DELTA0.json());
            child.add(create(in, OpKind.DELTA0));
            // reserve the first id before asking for the second
            Circuit probe = top.copy();
            probe.add(create(in, OpKind.DELTA0));
            String out = probe.freshId(OpKind.INTEGRAL.json());
            child.add(create(out, OpKind.INTEGRAL));
            child.connect(in + ".out", out + ".in");
            return new Operator(id, kind, Params.of(kind, kind.spec().starting().apply(id)), child);
        }
        return create(id, kind);
    }

    /**
     * A new operator of {@code kind} for the circuit {@code into} (the top one or a nested one, inside
     * {@code top}): as {@link #create(Circuit, OpKind)}, and a new boundary ({@code δ₀} or {@code ∫})
     * names a port {@code into} has no boundary of that kind for yet ({@code in}, else {@code in2},
     * {@code in3}, …; {@code out}, {@code out2}, …), so each new one adds a port to the nested
     * operator until the user names it otherwise (two {@code δ₀} may read one port, when so named).
     */
    public static Operator create(Circuit top, Circuit into, OpKind kind) {
        Operator op = create(top, kind);
        if (kind != OpKind.DELTA0 && kind != OpKind.INTEGRAL) {
            return op;
        }
        java.util.List<String> taken = into.boundaryPorts(kind);
        String base = op.params().string("port");
        if (base == null || !taken.contains(base)) {
            return op;
        }
        int n = 2;
        while (taken.contains(base + n)) {
            n++;
        }
        return op.withParam("port", base + n);
    }

    /** An operator with the catalog's starting parameters ({@link org.dbspstudio.model.KindSpec#starting()}). */
    private static Operator create(String id, OpKind kind) {
        return new Operator(id, kind, Params.of(kind, kind.spec().starting().apply(id)), null);
    }
}
