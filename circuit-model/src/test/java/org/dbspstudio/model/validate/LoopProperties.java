package org.dbspstudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.graph.CircuitGraph;

/**
 * Random DAGs (a chain {@code n0 → n1 → … } plus random forward edges) with random back edges,
 * each back edge either direct or through a {@code z⁻¹}. Oracle: since the chain links every node
 * to every later one, node {@code k} is on an algebraic loop exactly when some direct back edge
 * {@code j → i} has {@code i ≤ k ≤ j}.
 */
class LoopProperties {

    record Back(int from, int to, boolean delayed) {
    }

    record Spec(int n, List<int[]> forward, List<Back> back) {
    }

    @Provide
    Arbitrary<Spec> specs() {
        return Arbitraries.integers().between(1, 12).flatMap(n -> {
            Arbitrary<List<int[]>> forward = Arbitraries.integers().between(0, n - 1).list().ofSize(2)
                    .filter(p -> p.get(0) < p.get(1)).map(p -> new int[] {p.get(0), p.get(1)}).list().ofMaxSize(2 * n);
            Arbitrary<List<Back>> back = Combinators.combine(Arbitraries.integers().between(0, n - 1),
                    Arbitraries.integers().between(0, n - 1), Arbitraries.of(true, false))
                    .as((a, b, d) -> new Back(Math.max(a, b), Math.min(a, b), d)).list().ofMaxSize(4);
            return Combinators.combine(forward, back).as((f, b) -> new Spec(n, f, b));
        });
    }

    private static Circuit build(Spec spec) {
        List<List<String>> sources = new ArrayList<>();
        for (int i = 0; i < spec.n(); i++) {
            sources.add(new ArrayList<>());
        }
        for (int i = 0; i + 1 < spec.n(); i++) {
            sources.get(i + 1).add("n" + i + ".out");
        }
        for (int[] e : spec.forward()) {
            sources.get(e[1]).add("n" + e[0] + ".out");
        }
        Circuit c = new Circuit();
        List<String[]> streams = new ArrayList<>();
        for (int k = 0; k < spec.back().size(); k++) {
            Back b = spec.back().get(k);
            if (b.delayed()) {
                c.add(Operator.of("z" + k, OpKind.DELAY));
                streams.add(new String[] {"n" + b.from() + ".out", "z" + k + ".in"});
                sources.get(b.to()).add("z" + k + ".out");
            } else {
                sources.get(b.to()).add("n" + b.from() + ".out");
            }
        }
        for (int i = 0; i < spec.n(); i++) {
            List<String> ports = new ArrayList<>();
            for (int p = 0; p < sources.get(i).size(); p++) {
                ports.add("p" + p);
                streams.add(new String[] {sources.get(i).get(p), "n" + i + ".p" + p});
            }
            c.add(Operator.of("n" + i, OpKind.SCALAR, "inputs", ports, "expr", ports.isEmpty() ? "1" : String.join(" + ", ports)));
        }
        streams.forEach(s -> c.connect(s[0], s[1]));
        return c;
    }

    @Property(tries = 300)
    void loopsAreExactlyTheUndelayedBackEdges(@ForAll("specs") Spec spec) {
        Circuit c = build(spec);
        List<Diagnostic> loops = Validator.validate(c).stream().filter(d -> d.code().equals("ALGEBRAIC_LOOP")).toList();

        Set<String> expected = new HashSet<>();
        for (Back b : spec.back()) {
            if (!b.delayed()) {
                for (int k = b.to(); k <= b.from(); k++) {
                    expected.add("n" + k);
                }
            }
        }
        List<String> named = loops.stream().flatMap(d -> d.operators().stream()).toList();
        assertThat(loops.isEmpty()).isEqualTo(spec.back().stream().allMatch(Back::delayed));
        assertThat(new HashSet<>(named)).isEqualTo(expected);
        assertThat(named).doesNotHaveDuplicates();
        assertThat(CircuitGraph.of(c).isLoopFree()).isEqualTo(loops.isEmpty());
        for (Diagnostic d : loops) {
            for (String s : d.streams()) {
                String from = s.substring(0, s.indexOf('.'));
                String to = s.substring(s.indexOf("->") + 2, s.lastIndexOf('.'));
                assertThat(d.operators()).contains(from, to);
            }
        }
        if (loops.isEmpty()) {
            List<String> order = CircuitGraph.of(c).topologicalOrder();
            for (var s : c.streams()) {
                if (!c.op(s.from().op()).isStrict()) {
                    assertThat(order.indexOf(s.from().op())).isLessThan(order.indexOf(s.to().op()));
                }
            }
        }
    }
}
