package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.EdgeToggles;
import org.dbspstudio.engine.JoinFixtures;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * A join probing with more rows than {@code Joins.JoinNode.packedProbes} packs its output without
 * counting its matches first ({@code CellJoins.joinPacked} given an estimate). The threshold is
 * lowered here (it is 65,536) so that inputs of a few hundred to a few thousand rows take that path:
 * a join of two integrated inputs over a small key domain (many matches, equal output rows from
 * different matches, weights that cancel, NULL keys and output cells in some runs, which hand the
 * join back to the rows' path) against a join of plain maps; and the incremental closure (whose
 * join of each iteration's new facts with the edges is such a join) against breadth-first search.
 */
class UncountedPackedJoinProperties {

    private static final StreamType AB = StreamType.zset(new RowSchema(List.of(
            Column.nullable("a", SqlType.BIGINT), Column.nullable("b", SqlType.BIGINT))));

    @Property(tries = 30)
    void uncountedPackedJoinsEqualAJoinOfMaps(@ForAll @IntRange(min = 1, max = 4) int steps,
                                              @ForAll @IntRange(min = 0, max = 2000) int threshold,
                                              @ForAll boolean swap,
                                              @ForAll boolean nulls,
                                              @ForAll boolean tracking,
                                              @ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        int keys = 5 + rnd.nextInt(200);
        int values = 1 + rnd.nextInt(rnd.nextBoolean() ? 6 : 2000);
        List<NamedExpr> proj = swap
                ? List.of(new NamedExpr("y", "r.b"), new NamedExpr("x", "l.a"))
                : List.of(new NamedExpr("x", "l.a"), new NamedExpr("k", "l.b"), new NamedExpr("y", "r.b"));
        Circuit c = new Circuit().setInputMode(Circuit.InputMode.CHANGES);
        c.add(Operator.of("l", OpKind.INPUT, "name", "l", "type", AB));
        c.add(Operator.of("r", OpKind.INPUT, "name", "r", "type", AB));
        c.add(Operator.of("il", OpKind.INTEGRATE));
        c.add(Operator.of("ir", OpKind.INTEGRATE));
        c.add(Operator.of("j", OpKind.JOIN, "leftKeys", List.of("b"), "rightKeys", List.of("a"), "projection", proj));
        c.add(Operator.of("joined", OpKind.OUTPUT, "name", "joined"));
        c.connect("l.out", "il.in").connect("r.out", "ir.in").connect("il.out", "j.left").connect("ir.out", "j.right")
                .connect("j.out", "joined.in");
        Map<Row, Long> left = new HashMap<>();
        Map<Row, Long> right = new HashMap<>();
        List<StepData> ls = new ArrayList<>();
        List<StepData> rs = new ArrayList<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            ls.add(StepData.rows(JoinFixtures.changes(rnd, left, t == 0 ? 1100 + rnd.nextInt(2000) : rnd.nextInt(600), keys, values, nulls ? 200 : 0, 1)));
            rs.add(StepData.rows(JoinFixtures.changes(rnd, right, t == 0 ? 1100 + rnd.nextInt(2000) : rnd.nextInt(600), keys, values, nulls ? 200 : 0, 0)));
            expected.add(join(left, right, swap));
        }
        Joins.JoinNode.packedProbes = threshold;
        try {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(tracking));
            sim.setScenario(new Scenario().put("l", ls).put("r", rs));
            sim.runScenario();
            for (int t = 0; t < steps; t++) {
                assertThat(sim.outputValue("joined", t)).as("step %d", t).isEqualTo(ZSet.ofMap(expected.get(t)));
            }
        } finally {
            Joins.JoinNode.packedProbes = Joins.JoinNode.PACKED_PROBES;
        }
    }

    @Property(tries = 8)
    void theClosureWithUncountedPackedJoinsEqualsBfs(@ForAll @IntRange(min = 0, max = 300) int threshold,
                                                     @ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        int nodes = 60 + rnd.nextInt(60);
        List<List<Long>> steps = new ArrayList<>();
        List<Long> first = new ArrayList<>();
        for (int i = 0; i < nodes + rnd.nextInt(nodes / 2); i++) {
            first.add((long) rnd.nextInt(nodes * nodes));
        }
        steps.add(first);
        for (int t = 0; t < 6; t++) {
            List<Long> s = new ArrayList<>();
            int n = rnd.nextBoolean() ? 1 : 1 + rnd.nextInt(15);
            for (int i = 0; i < n; i++) {
                s.add((long) rnd.nextInt(nodes * nodes));
            }
            steps.add(s);
        }
        EdgeToggles toggled = EdgeToggles.of(steps, nodes);
        Circuit closure = FixtureDocuments.read(FixtureDocuments.TRANSITIVE_CLOSURE, DocumentReader::read).document().circuit();
        Joins.JoinNode.packedProbes = threshold;
        try {
            Simulation sim = Simulation.compile(Incrementalizer.incrementalize(closure).incremental(),
                    EngineOptions.DEFAULT.withRecordTrace(false));
            sim.setScenario(new Scenario().put("edges", toggled.steps()));
            ZSet acc = ZSet.EMPTY;
            for (int t = 0; t < toggled.steps().size(); t++) {
                sim.step();
                ZSet.Builder expected = ZSet.builder();
                toggled.closures().get(t).forEach(r -> expected.add(r, 1));
                acc = acc.plus((ZSet) sim.lastOutputs().get("reach"));
                assertThat(acc).as("step %d", t).isEqualTo(expected.build());
            }
        } finally {
            Joins.JoinNode.packedProbes = Joins.JoinNode.PACKED_PROBES;
        }
    }

    /** left ⋈ right on left.b = right.a (NULL keys match nothing), projected as the circuit's join. */
    private static Map<Row, Long> join(Map<Row, Long> left, Map<Row, Long> right, boolean swap) {
        return JoinFixtures.join(left, right, (l, r) -> swap ? Row.of(r.get(1), l.get(0)) : Row.of(l.get(0), l.get(1), r.get(1)));
    }
}
