package org.dbspstudio.engine.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.StreamType;

/**
 * A nested circuit: for every outer tick it feeds its inputs to the child's δ₀ operators and runs
 * the child's own clock until every ∫ saw a zero change (the fixpoint) — and at least two inner
 * ticks, and as many as the outer-clock state of the previous outer step covers — then emits the
 * ∫ sums.
 * Reaching {@code maxIterations} without converging is an error naming this operator and the
 * iteration reached.
 */
public final class NestedNode extends OpNode {
    private final Build.ChildCircuit child;
    private final List<String> inPorts;
    private final List<String> outPorts;
    private final long maxIterations;
    private List<Object> frames = List.of();
    private List<Integer> outer = List.of();

    private NestedNode(Operator op, Build.ChildCircuit child, long maxIterations) {
        super(op);
        this.child = child;
        this.inPorts = op.inputPorts();
        this.outPorts = op.outputPorts();
        this.maxIterations = maxIterations;
    }

    static OpNode create(Build b) throws EngineException {
        Map<String, StreamType> ports = new LinkedHashMap<>();
        for (String p : b.op().inputPorts()) {
            ports.put(p, b.inType(p));
        }
        long max = b.op().params().integer("maxIterations");
        if (max < 1 || max > org.dbspstudio.model.ParamCheck.MAX_ITERATIONS) {
            throw EngineException.compile(b.op().id(), "maxIterations must be between 1 and "
                    + org.dbspstudio.model.ParamCheck.MAX_ITERATIONS + ", got " + max);
        }
        return new NestedNode(b.op(), b.child(b.op().child(), ports), max);
    }

    /** Iterations of enclosing nested circuits (set by the enclosing circuit before eval). */
    public void setOuterIterations(List<Integer> its) {
        this.outer = its;
    }

    @Override
    public void eval(Ctx ctx) throws EngineException {
        for (int i = 0; i < inPorts.size(); i++) {
            child.setInput(inPorts.get(i), ctx.in(i));
        }
        child.resetClock();
        int min = child.minIterations();
        int j = 0;
        boolean converged = false;
        while (!converged || j < min) {
            // the engine's own minimum of two iterations (the child's minIterations) may run one
            // past maxIterations = 1 after a fixpoint at iteration 0; a loop that has not converged may not
            if (j >= maxIterations && !converged) {
                frames = child.takeFrames();
                List<Integer> its = new ArrayList<>(outer);
                its.add(j - 1);
                throw new EngineException(id(), ctx.step(), its, "nested circuit '" + id()
                        + "' did not reach a fixpoint within maxIterations = " + maxIterations
                        + " (stopped at iteration " + (j - 1) + ")", null);
            }
            org.dbspstudio.engine.run.RunProgress.iteration(id(), ctx.step(), outer, j);
            converged = child.tick(j, ctx.step(), outer);
            j++;
        }
        child.endOuterStep(j);
        frames = child.takeFrames();
        ctx.work(j);
        for (int i = 0; i < outPorts.size(); i++) {
            ctx.out(i, child.output(outPorts.get(i)), null);
        }
    }

    /**
     * Lets the outer sum {@code follower} of {@code z⁻¹(I(s))} read the nested-time trace of the outer
     * sum {@code leader} of {@code s} in the same nested circuit (one trace kept instead of two: see
     * {@code OuterIntegrate.share}); nothing when they are not outer sums.
     */
    public static void shareOuterSums(OpNode leader, OpNode follower) {
        if (leader instanceof OuterIntegrate l && follower instanceof OuterIntegrate f) {
            OuterIntegrate.share(l, f);
        }
    }

    /**
     * Inside a nested circuit that records no trace: the inner-clock integral {@code n} defers its
     * additions from the second tick of each outer step on (see {@code Clocked.Integrate.deferInner});
     * nothing when it is not one.
     */
    public static void deferInnerSum(OpNode n) {
        Clocked.deferInnerSum(n);
    }

    /**
     * {@code I_outer(z⁻¹(D_outer(x)))} computed as {@code z⁻¹(x)} ({@link ShiftedOuterSum}), for the
     * outer sum {@code integral} whose input is an inner {@code z⁻¹} of the outer differentiator
     * {@code differentiator}; null (keep {@code integral}) when they are not such nodes or the sum is
     * paired with another ({@link #shareOuterSums}). The caller wires x as the new node's second input,
     * read before x's operator runs at each tick.
     */
    public static OpNode shiftedOuterSum(OpNode integral, OpNode differentiator) {
        if (integral instanceof OuterIntegrate i && differentiator instanceof Clocked.OuterDifferentiate d
                && i.zero instanceof ZSet && !i.paired()) {
            return new ShiftedOuterSum(i.operator(), i.zero, d);
        }
        return null;
    }

    /**
     * The join {@code join} keeping its input {@code side} ({@code input}'s output, rows of
     * {@code arity} columns) indexed over iterations itself ({@link IterationIndexedJoin}) when that
     * input is a {@link ShiftedOuterSum} and the join is on plain columns; else null (keep {@code join}).
     */
    public static OpNode iterationIndexedJoin(OpNode join, OpNode input, int side, int arity) {
        return input instanceof ShiftedOuterSum ? IterationIndexedJoin.of(join, side, arity) : null;
    }

    /** The frames of the inner ticks of the last outer tick (taken once). */
    public List<Object> takeFrames() {
        List<Object> f = frames;
        frames = List.of();
        return f;
    }

    /** The enclosing clock restarts: the child's state over that clock (kept per inner iteration) goes too. */
    @Override
    public void resetClock() {
        child.resetAll();
    }

    @Override
    public long stateSize() {
        return child.stateSize();
    }
}
