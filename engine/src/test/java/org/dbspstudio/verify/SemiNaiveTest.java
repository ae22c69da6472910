package org.dbspstudio.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.RewriteResult;
import org.dbspstudio.model.validate.Validator;
import org.junit.jupiter.api.Test;

/** Semi-naive evaluation of transitive closure computes the same closure as naive evaluation. */
class SemiNaiveTest {

    @Test
    void semiNaiveClosureEqualsNaiveClosureOnRandomGraphs() throws EngineException {
        Circuit naive = Fixtures.transitiveClosure();
        RewriteResult r = Incrementalizer.semiNaive().run(naive);
        Circuit semi = r.incremental();
        assertThat(semi.inputMode()).isEqualTo(Circuit.InputMode.SNAPSHOTS);
        assertThat(Validator.validate(semi).stream().filter(Diagnostic::isError).toList()).isEmpty();
        Circuit inner = semi.op("tc").child();
        assertThat(inner.operatorsOfKind(OpKind.H)).hasSize(1);
        assertThat(inner.operatorsOfKind(OpKind.DISTINCT)).isEmpty();
        assertThat(inner.operatorsOfKind(OpKind.JOIN)).hasSize(2);
        assertThat(r.explain()).contains("Semi-naive recursion");
        RandomChanges gen = new RandomChanges(12, 4, 7);
        long compared = 0;
        for (long seed = 0; seed < 15; seed++) {
            Scenario sc = gen.generate(naive, seed);
            Simulation a = Simulation.compile(naive, EngineOptions.DEFAULT.withRecordTrace(false));
            Simulation b = Simulation.compile(semi, EngineOptions.DEFAULT.withRecordTrace(false));
            a.setScenario(sc);
            b.setScenario(sc);
            for (int t = 0; t < sc.steps(); t++) {
                a.step();
                b.step();
                Map<String, StreamValue> x = a.lastOutputs();
                assertThat(b.lastOutputs()).as("seed " + seed + " step " + t).isEqualTo(x);
                compared += x.get("reach").rows();
            }
        }
        assertThat(compared).isPositive();
    }
}
