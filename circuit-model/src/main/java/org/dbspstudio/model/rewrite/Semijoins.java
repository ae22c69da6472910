package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.PortRef;

/**
 * The incremental semijoin that {@link SemijoinRule}, {@link AntijoinRule} and
 * {@link OuterJoinRule} build on (docs/theory.md §7, Proposition J1). With {@code K = distinct(π_k(b))}
 * the key set of {@code b}, {@code a ⋉ b = a ⋉ʷ K}, where the weighted semijoin
 * {@code (a ⋉ʷ K)[x] = a[x] · Σ_{key(y) = key(x)} K[y]} is bilinear. So
 * {@code Δ(a ⋉ b) = I(Δa) ⋉ʷ ΔK + Δa ⋉ʷ z⁻¹(I(ΔK))} (Theorem 3.4) with
 * {@code ΔK = H(z⁻¹(I(π_k(Δb))), π_k(Δb))} (Proposition 4.7): every term reads a change, so a step
 * costs the change times the matching rows, never the whole of {@code a} or {@code b}.
 */
final class Semijoins {
    private Semijoins() {
    }

    /**
     * Adds the operators of {@code Δ(a ⋉ b)}, where {@code a} is {@code op}'s input {@code aPort}
     * keyed by {@code aKeys} and {@code b} its input {@code bPort} keyed by {@code bKeys}; returns the
     * port carrying that change stream. {@code tag} distinguishes the ids of several semijoins of one operator.
     */
    static PortRef delta(Operator op, DeltaBuilder b, String aPort, List<String> aKeys, String bPort, List<String> bKeys,
                         String tag) {
        String base = op.id() + tag;
        PortRef aSnap = b.snapshot(op, aPort);
        PortRef aDelta = b.delta(op, aPort);
        PortRef bDelta = b.delta(op, bPort);
        List<NamedExpr> keyColumns = new ArrayList<>();
        List<String> keyNames = new ArrayList<>();
        for (int i = 0; i < bKeys.size(); i++) {
            keyColumns.add(new NamedExpr("k" + (i + 1), bKeys.get(i)));
            keyNames.add("k" + (i + 1));
        }
        String keys = b.add(OpKind.MAP, base + "_keys", Params.of(OpKind.MAP, "projection", keyColumns),
                Map.of("in", bDelta));
        String keysI = b.add(OpKind.INTEGRATE, base + "_keys_I", CircuitEdits.clockParams(OpKind.INTEGRATE, b.clock()),
                Map.of("in", CircuitEdits.out(keys)));
        String keysZ = b.add(OpKind.DELAY, base + "_keys_I_z", CircuitEdits.clockParams(OpKind.DELAY, b.clock()),
                Map.of("in", CircuitEdits.out(keysI)));
        String keySet = b.add(OpKind.H, base + "_keyset_H", Params.of(OpKind.H),
                Map.of("integrated", CircuitEdits.out(keysZ), "delta", CircuitEdits.out(keys)));
        String setI = b.add(OpKind.INTEGRATE, base + "_keyset_I", CircuitEdits.clockParams(OpKind.INTEGRATE, b.clock()),
                Map.of("in", CircuitEdits.out(keySet)));
        String setZ = b.add(OpKind.DELAY, base + "_keyset_I_z", CircuitEdits.clockParams(OpKind.DELAY, b.clock()),
                Map.of("in", CircuitEdits.out(setI)));
        Params w = Params.of(OpKind.WEIGHTED_SEMIJOIN, "leftKeys", List.copyOf(aKeys), "rightKeys", keyNames);
        String first = b.add(OpKind.WEIGHTED_SEMIJOIN, base + "_a", w,
                Map.of("left", aSnap, "right", CircuitEdits.out(keySet)));
        String second = b.add(OpKind.WEIGHTED_SEMIJOIN, base + "_b", w,
                Map.of("left", aDelta, "right", CircuitEdits.out(setZ)));
        String sum = b.add(OpKind.PLUS, base + "_sum", Params.of(OpKind.PLUS),
                Map.of("a", CircuitEdits.out(first), "b", CircuitEdits.out(second)));
        return CircuitEdits.out(sum);
    }
}
