package org.dbspstudio.model.validate;

import static org.dbspstudio.model.Operator.of;

import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Small circuits shared by the validation tests. */
public final class Fixtures {
    private Fixtures() {
    }

    public static final StreamType ROWS = StreamType.zset(RowSchema.of(Column.of("id", SqlType.BIGINT), Column.of("name", SqlType.VARCHAR)));

    public static Operator input(String id, String name, StreamType type) {
        return of(id, OpKind.INPUT, "name", name, "type", type);
    }

    public static Operator output(String id, String name) {
        return of(id, OpKind.OUTPUT, "name", name);
    }

    /** {@code x → plus → y} with {@code z⁻¹} feedback from plus to plus.b: the integrator. */
    public static Circuit integrator() {
        return new Circuit()
                .add(input("x", "x", StreamType.Z))
                .add(of("plus", OpKind.PLUS))
                .add(of("z", OpKind.DELAY))
                .add(output("y", "y"))
                .connect("x.out", "plus.a")
                .connect("plus.out", "z.in")
                .connect("z.out", "plus.b")
                .connect("plus.out", "y.in");
    }

    /** The integrator with its z⁻¹ replaced by a (non-strict) negate: an algebraic loop plus → neg → plus. */
    public static Circuit integratorWithoutDelay() {
        return new Circuit()
                .add(input("x", "x", StreamType.Z))
                .add(of("plus", OpKind.PLUS))
                .add(of("neg", OpKind.NEGATE))
                .add(output("y", "y"))
                .connect("x.out", "plus.a")
                .connect("plus.out", "neg.in")
                .connect("neg.out", "plus.b")
                .connect("plus.out", "y.in");
    }

    /**
     * A nested circuit summing its input over inner time until the fixpoint:
     * {@code x → N(δ₀ → I → + ← z⁻¹ ... → D → ∫) → y}; the inner loop is broken by a z⁻¹.
     */
    public static Circuit nestedSum() {
        Circuit child = new Circuit()
                .add(of("d0", OpKind.DELTA0, "port", "i"))
                .add(of("ii", OpKind.INTEGRATE))
                .add(of("p", OpKind.PLUS))
                .add(of("zz", OpKind.DELAY))
                .add(of("dd", OpKind.DIFFERENTIATE))
                .add(of("int", OpKind.INTEGRAL, "port", "o"))
                .connect("d0.out", "ii.in")
                .connect("ii.out", "p.a")
                .connect("p.out", "zz.in")
                .connect("zz.out", "p.b")
                .connect("p.out", "dd.in")
                .connect("dd.out", "int.in");
        return new Circuit()
                .add(input("x", "x", StreamType.Z))
                .add(Operator.nested("n", child))
                .add(output("y", "y"))
                .connect("x.out", "n.i")
                .connect("n.o", "y.in");
    }

    public static List<String> codes(List<org.dbspstudio.model.Diagnostic> ds) {
        return ds.stream().map(org.dbspstudio.model.Diagnostic::code).toList();
    }
}
