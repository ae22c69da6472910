package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.validate.Validator;

/**
 * Random snapshot circuits over tables {@code (k, v)} — chains and diamonds of filter, map, plus,
 * minus, negate, distinct, join, semijoin, weighted semijoin, antijoin, stream–table join, union,
 * difference, aggregate, delay, integrate and differentiate — incrementalize into valid circuits that verify on random change streams.
 */
class RandomCircuitProperties {

    private static final List<NamedExpr> KV = List.of(new NamedExpr("k", "k"), new NamedExpr("v", "v"));

    static Circuit randomCircuit(long seed) {
        Random rnd = new Random(seed);
        Circuit c = new Circuit();
        c.add(Operator.of("a", OpKind.INPUT, "name", "a", "type", Fixtures.table("k", "v")));
        c.add(Operator.of("b", OpKind.INPUT, "name", "b", "type", Fixtures.table("k", "v")));
        List<String> pool = new ArrayList<>(List.of("a", "b"));
        int n = 3 + rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            String id = "q" + i;
            String x = pool.get(rnd.nextInt(pool.size()));
            String y = pool.get(rnd.nextInt(pool.size()));
            Operator op = switch (rnd.nextInt(17)) {
                case 0 -> Operator.of(id, OpKind.FILTER, "predicate", "v <> " + rnd.nextInt(4));
                case 1 -> Operator.of(id, OpKind.MAP, "projection", List.of(new NamedExpr("k", "v"), new NamedExpr("v", "k")));
                case 2 -> Operator.of(id, OpKind.PLUS);
                case 3 -> Operator.of(id, OpKind.MINUS);
                case 4 -> Operator.of(id, OpKind.NEGATE);
                case 5 -> Operator.of(id, OpKind.DISTINCT);
                case 6 -> Operator.of(id, OpKind.JOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k"),
                        "projection", List.of(new NamedExpr("k", "l.v"), new NamedExpr("v", "r.v")));
                case 7 -> Operator.of(id, OpKind.ANTIJOIN, "leftKeys", List.of("k"), "rightKeys", List.of("v"));
                case 8 -> Operator.of(id, OpKind.UNION);
                case 9 -> Operator.of(id, OpKind.DIFFERENCE);
                case 10 -> Operator.of(id, OpKind.AGGREGATE, "groupBy", List.of(new NamedExpr("k", "k")),
                        "aggregates", List.of(new AggCall(rnd.nextBoolean() ? AggFunction.COUNT : AggFunction.MAX,
                                rnd.nextBoolean() ? null : "v", "v")));
                case 11 -> Operator.of(id, OpKind.DELAY);
                case 12 -> Operator.of(id, OpKind.INTEGRATE);
                case 13 -> Operator.of(id, OpKind.SEMIJOIN, "leftKeys", List.of("v"), "rightKeys", List.of("k"));
                case 14 -> Operator.of(id, OpKind.WEIGHTED_SEMIJOIN, "leftKeys", List.of("k"), "rightKeys", List.of("v"));
                case 15 -> Operator.of(id, OpKind.STREAM_JOIN, "leftKeys", List.of("k"), "rightKeys", List.of("k"),
                        "projection", List.of(new NamedExpr("k", "r.v"), new NamedExpr("v", "l.v")));
                default -> Operator.of(id, OpKind.DIFFERENTIATE);
            };
            if (op.kind() == OpKind.AGGREGATE && op.params().aggregates("aggregates").get(0).function() == AggFunction.MAX
                    && op.params().aggregates("aggregates").get(0).expr() == null) {
                op = Operator.of(id, OpKind.AGGREGATE, "groupBy", KV.subList(0, 1),
                        "aggregates", List.of(new AggCall(AggFunction.MAX, "v", "v")));
            }
            c.add(op);
            List<String> ports = op.inputPorts();
            c.connect(x + ".out", id + "." + ports.get(0));
            if (ports.size() > 1) {
                c.connect(y + ".out", id + "." + ports.get(1));
            }
            pool.add(id);
        }
        c.add(Operator.of("o1", OpKind.OUTPUT, "name", "o1"));
        c.connect(pool.get(pool.size() - 1) + ".out", "o1.in");
        String other = pool.get(2 + rnd.nextInt(pool.size() - 2));
        if (!other.equals(pool.get(pool.size() - 1))) {
            c.add(Operator.of("o2", OpKind.OUTPUT, "name", "o2"));
            c.connect(other + ".out", "o2.in");
        }
        return c;
    }

    @Property(tries = 40)
    void randomCircuitsIncrementalizeAndVerify(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        Circuit c = randomCircuit(seed);
        assertThat(Validator.validate(c).stream().filter(Diagnostic::isError).toList()).as(c.toString()).isEmpty();
        RewriteResult r = Incrementalizer.incrementalize(c);
        assertThat(Validator.validate(r.incremental()).stream().filter(Diagnostic::isError).toList())
                .as(r.explain()).isEmpty();
        assertThat(Incrementalizer.incrementalize(c).incremental()).isEqualTo(r.incremental());
        VerifyReport report = new Verifier(new RandomChanges(8, 3, 5)).verify(c, r.incremental(), null, 4, seed);
        assertThat(report.equivalent()).as(c + "\n" + r.explain() + "\n" + report.describe()).isTrue();
    }
}
