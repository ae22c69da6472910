package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;

/**
 * {@code I_outer(z⁻¹(D_outer(x)))} inside a nested circuit, computed as {@code z⁻¹(x)}: the outer
 * operators are linear and time-invariant on the outer dimension and the inner {@code z⁻¹} on the
 * inner one, so they commute, and {@code I_outer ∘ D_outer} is the identity — the value at (t, j) is
 * x's value at (t, j − 1) (zero at j = 0). In the closure's semi-naive form this is {@code zo_I_2},
 * the outer sum of the delayed outer change of {@code H}'s output: it was one sum of row objects per
 * iteration, each the previous step's plus the change ({@code S(t − 1, j) + in(t, j)}, path-copied),
 * holding the closure's new facts of every iteration beside {@code H}'s own trace of the same rows.
 * Now it emits {@code H}'s output of the previous tick itself, a value read from that trace.
 *
 * <p>Its outer change is still its input (the delayed outer change of x) against the basis it kept
 * for iteration j at the previous step, so the arrangements kept per iteration across steps are
 * updated from that change as before. That value plus the change is x at j − 1 exactly when the
 * basis is the value the outer {@code D} subtracted from x at j − 1 (its own previous value there,
 * beyond the previous step's iterations its last one); this node keeps, beside each value, the value
 * of x it equals, checks that this is the very value the {@code D} subtracted (or both are empty)
 * and otherwise adds the change to the basis as the outer sum did.
 *
 * <p>x is read from its slot before x's operator runs at this tick (the compiler wires it as a
 * second input and checks that x comes later in the evaluation order), so it holds x's value at the
 * previous tick of this outer step. Where the basis is empty the value is the change itself, and
 * where it is a small table of its own ({@link #SMALL}) the basis plus the change: a value read from
 * a nested-time trace is iterated by merging the whole trace, and a join iterates its smaller side
 * (at the first step, an arrangement is built from each iteration's whole value).
 */
final class ShiftedOuterSum extends Clocked.PerIteration {
    /** Up to this many rows a value is kept as a table of its own when its basis is one (see the class comment). */
    static final int SMALL = 1024;

    private final Clocked.OuterDifferentiate differentiator;
    /**
     * Per iteration of this step (and of the previous one), the value of x that the value kept there
     * equals (null where not known): the value itself, or x's when the value is a table of its own.
     */
    private List<ZSet> reps = new ArrayList<>();
    private List<ZSet> previousReps = new ArrayList<>();

    ShiftedOuterSum(Operator op, StreamValue zero, Clocked.OuterDifferentiate differentiator) {
        super(op, zero);
        this.differentiator = differentiator;
    }

    @Override
    public void eval(Ctx ctx) {
        int j = ctx.tick();
        StreamValue in = ctx.in(0);
        StreamValue basis = previousAt(j);
        StreamValue out = null;
        ZSet rep = null;
        if (j >= 1 && ctx.in(1) instanceof ZSet x && basis instanceof ZSet b && in instanceof ZSet d) {
            StreamValue subtracted = differentiator.previousAt(j - 1);
            ZSet was = previousReps.isEmpty() ? null : previousReps.get(Math.min(j, previousReps.size() - 1));
            if (was != null && was == subtracted || subtracted instanceof ZSet s && s.isEmpty() && b.isEmpty()) {
                rep = x;
                if (b.isEmpty()) {
                    out = d; // x = 0 + d: the change, a table of its own (x read from a trace would be iterated whole)
                } else if (!b.accumulated() && b.size() <= SMALL) {
                    out = b.plus(d); // a small table stays one
                } else {
                    out = x;
                }
            }
        }
        if (out == null) {
            ctx.work(in.rows());
            out = basis instanceof ZSet z ? z.plusPersistent((ZSet) in) : basis.plus(in);
        } else {
            ctx.work(((ZSet) in).size());
        }
        keep(out, null);
        reps.add(rep);
        ctx.outOuter(0, out, new OuterChange(basis, in));
    }

    @Override
    public void endOuterStep(int iterations) {
        super.endOuterStep(iterations);
        previousReps = new ArrayList<>(reps.subList(0, Math.min(reps.size(), previous.size())));
        reps = new ArrayList<>();
    }

    @Override
    public void resetAll() {
        super.resetAll();
        reps = new ArrayList<>();
        previousReps = new ArrayList<>();
    }
}
