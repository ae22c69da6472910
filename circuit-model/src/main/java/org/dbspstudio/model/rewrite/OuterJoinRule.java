package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.model.typing.Typing;

/**
 * Proposition J3 (docs/theory.md §7): an outer join is the inner join plus the unmatched rows of
 * the preserved side(s), padded with NULLs: {@code a ⟕ b = a ⋈ b + pad_r(a ▷ b)},
 * {@code a ⟖ b = a ⋈ b + pad_l(b ▷ a)}, {@code a ⟗ b = a ⋈ b + pad_r(a ▷ b) + pad_l(b ▷ a)}. The
 * padding is a map, hence linear, so {@code Δ(a ⟕ b) = Δ(a ⋈ b) + pad_r(Δ(a ▷ b))}: the join by
 * Theorem 3.4, the antijoin by Proposition J2. Every term is driven by a change.
 */
public final class OuterJoinRule extends KindRule {
    public OuterJoinRule() {
        super("Outer join", "Proposition J3 (a ⟕ b = a ⋈ b + pad(a ▷ b))", Incrementalization.OUTER_JOIN);
    }

    @Override
    public Map<String, PortRef> convert(Operator op, DeltaBuilder b) {
        RowSchema l = rows(op, b, "left");
        RowSchema r = rows(op, b, "right");
        RowSchema out = Typing.outerJoinOutput(op.kind(), l, r);
        List<String> lk = op.params().strings("leftKeys");
        List<String> rk = op.params().strings("rightKeys");
        List<NamedExpr> projection = op.params().namedExprs("projection");
        // Δ(a ⋈ b) = I(Δa) ⋈ Δb + Δa ⋈ z⁻¹(I(Δb))
        Params join = Params.of(OpKind.JOIN, "leftKeys", lk, "rightKeys", rk);
        if (projection != null) {
            join = join.with("projection", projection);
        }
        String j1 = b.add(OpKind.JOIN, op.id() + "_join_a", join,
                Map.of("left", b.snapshot(op, "left"), "right", b.delta(op, "right")));
        String j2 = b.add(OpKind.JOIN, op.id() + "_join_b", join,
                Map.of("left", b.delta(op, "left"), "right", b.delayedSnapshot(op, "right")));
        String joined = b.add(OpKind.PLUS, op.id() + "_join_sum", Params.of(OpKind.PLUS),
                Map.of("a", CircuitEdits.out(j1), "b", CircuitEdits.out(j2)));
        PortRef result = CircuitEdits.out(joined);
        if (op.kind() != OpKind.LEFT_JOIN) {
            // pad_l(Δ(b ▷ a)) = pad_l(Δb − Δ(b ⋉ a))
            PortRef semi = Semijoins.delta(op, b, "right", rk, "left", lk, "_rsemi");
            String anti = b.add(OpKind.MINUS, op.id() + "_ranti", Params.of(OpKind.MINUS),
                    Map.of("a", b.delta(op, "right"), "b", semi));
            result = projection == null ? padAndAdd(op, b, anti, out, l, r, false, result)
                    : padProjectedAndAdd(op, b, anti, projection, l, r, false, result);
        }
        if (op.kind() != OpKind.RIGHT_JOIN) {
            // pad_r(Δ(a ▷ b)) = pad_r(Δa − Δ(a ⋉ b))
            PortRef semi = Semijoins.delta(op, b, "left", lk, "right", rk, "_lsemi");
            String anti = b.add(OpKind.MINUS, op.id() + "_lanti", Params.of(OpKind.MINUS),
                    Map.of("a", b.delta(op, "left"), "b", semi));
            result = projection == null ? padAndAdd(op, b, anti, out, l, r, true, result)
                    : padProjectedAndAdd(op, b, anti, projection, l, r, true, result);
        }
        b.drop(op);
        return Map.of("out", result);
    }

    /**
     * Maps the unmatched rows on {@code anti} (left rows when {@code keepLeft}, else right rows) to
     * the output's columns with NULLs for the other side, and adds {@code rest}; the padded stream
     * goes first, so the sum carries the output's nullable column types.
     */
    private static PortRef padAndAdd(Operator op, DeltaBuilder b, String anti, RowSchema out, RowSchema l, RowSchema r,
                                     boolean keepLeft, PortRef rest) {
        List<NamedExpr> projection = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            Column c = out.column(i);
            boolean fromLeft = i < l.size();
            String expr = fromLeft == keepLeft
                    ? quote(fromLeft ? l.column(i).name() : r.column(i - l.size()).name())
                    : "CAST(NULL AS " + c.type().name() + ")";
            projection.add(new NamedExpr(c.name(), expr));
        }
        String side = keepLeft ? "_lpad" : "_rpad";
        String pad = b.add(OpKind.MAP, op.id() + side, Params.of(OpKind.MAP, "projection", projection),
                Map.of("in", CircuitEdits.out(anti)));
        String sum = b.add(OpKind.PLUS, op.id() + side + "_sum", Params.of(OpKind.PLUS),
                Map.of("a", CircuitEdits.out(pad), "b", rest));
        return CircuitEdits.out(sum);
    }

    /**
     * With a {@code projection} over {@code l.*} and {@code r.*}: the unmatched rows on {@code anti}
     * times a constant one-row Z-set of NULLs of the other side's columns (a product with a constant
     * is linear), projected as the outer join projects; added in front of {@code rest}.
     */
    private static PortRef padProjectedAndAdd(Operator op, DeltaBuilder b, String anti, List<NamedExpr> projection,
                                              RowSchema l, RowSchema r, boolean keepLeft, PortRef rest) {
        String side = keepLeft ? "_lpad" : "_rpad";
        RowSchema nulls = Typing.nullable(keepLeft ? r : l);
        String constant = b.add(OpKind.CONSTANT, op.id() + side + "_nulls", Params.of(OpKind.CONSTANT,
                "type", StreamType.zset(nulls),
                "rows", List.of(new Change(Row.wrap(new Object[nulls.size()]), 1))), Map.of());
        Map<String, PortRef> feeds = keepLeft
                ? Map.of("left", CircuitEdits.out(anti), "right", CircuitEdits.out(constant))
                : Map.of("left", CircuitEdits.out(constant), "right", CircuitEdits.out(anti));
        String pad = b.add(OpKind.PRODUCT, op.id() + side, Params.of(OpKind.PRODUCT, "projection", projection), feeds);
        String sum = b.add(OpKind.PLUS, op.id() + side + "_sum", Params.of(OpKind.PLUS),
                Map.of("a", CircuitEdits.out(pad), "b", rest));
        return CircuitEdits.out(sum);
    }

    private static String quote(String column) {
        return "\"" + column.replace("\"", "\"\"") + "\"";
    }

    private static RowSchema rows(Operator op, DeltaBuilder b, String port) {
        StreamType t = b.context().originalInputType(op.id(), port);
        if (t instanceof StreamType.ZSet z) {
            return z.row();
        }
        throw new IllegalStateException("operator " + op.id() + ": the " + port + " input of an outer join must be"
                + " a typed Z-set of rows to pad it with NULLs (it is " + t + ")");
    }

    @Override
    public String describe(Operator op, Clock clock) {
        String g = op.kind().glyph();
        String pads = switch (op.kind()) {
            case LEFT_JOIN -> "pad_r(Δa − Δ(a ⋉ b))";
            case RIGHT_JOIN -> "pad_l(Δb − Δ(b ⋉ a))";
            default -> "pad_r(Δa − Δ(a ⋉ b)) + pad_l(Δb − Δ(b ⋉ a))";
        };
        return op.id() + " (" + op.kind().json() + "): Δ(a " + g + " b) = Δ(a ⋈ b) + " + pads
                + ", the join by Theorem 3.4, the semijoins through the key sets (Proposition J1), NULL padding linear"
                + (clock == Clock.OUTER ? "; I and z⁻¹ over the outer clock" : "");
    }
}
