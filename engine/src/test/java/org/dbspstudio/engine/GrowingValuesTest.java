package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dbspstudio.engine.TestCircuits.ch;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;
import static org.dbspstudio.engine.TestCircuits.rows;
import static org.dbspstudio.engine.TestCircuits.scenario;
import static org.dbspstudio.engine.TestCircuits.zset;

import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;

/**
 * A recursive query whose values grow without end — a string doubled at every iteration — stops
 * at the VARCHAR limit with an error naming the operator, the step and the iteration, instead of
 * filling the heap.
 */
class GrowingValuesTest {
    @Test
    void stringDoublingInARecursiveLoopStopsAtTheLimit() throws Exception {
        // inner: p = δ₀(words) + dbl(z⁻¹(p)), dbl = π(s || s): every iteration adds a string twice as long
        Circuit inner = circuit(Circuit.InputMode.SNAPSHOTS, op("d0", OpKind.DELTA0, "port", "words"),
                op("z", OpKind.DELAY), op("dbl", OpKind.MAP, "projection", named("s", "s || s")),
                op("p", OpKind.PLUS), op("int", OpKind.INTEGRAL, "port", "all"));
        inner.connect("d0.out", "p.a").connect("z.out", "dbl.in").connect("dbl.out", "p.b").connect("p.out", "z.in")
                .connect("p.out", "int.in");
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("w", "words", zset("s", SqlType.VARCHAR)),
                Operator.nested("grow", inner, "maxIterations", 1000L), output("o", "o"));
        c.connect("w.out", "grow.words").connect("grow.all", "o.in");
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withRecordTrace(false));
        sim.setScenario(scenario("words", rows(ch(1, "ab"))));
        assertThatThrownBy(sim::step).isInstanceOfSatisfying(EngineException.class, e -> {
            assertThat(e.operatorId()).isEqualTo("dbl");
            assertThat(e.step()).isZero();
            // "ab" doubled 22 times has 8,388,608 characters; the 23rd doubling would pass 10,000,000
            assertThat(e.iterations()).containsExactly(23);
            assertThat(e.reason()).startsWith("VARCHAR value too long: more than 10000000 characters");
            assertThat(e.outOfMemory()).isFalse();
        });
    }
}
