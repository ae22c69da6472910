package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.engine.TestCircuits.circuit;
import static org.dbspstudio.engine.TestCircuits.input;
import static org.dbspstudio.engine.TestCircuits.named;
import static org.dbspstudio.engine.TestCircuits.op;
import static org.dbspstudio.engine.TestCircuits.output;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * Joins with many matches over integer columns, whose output is packed and sorted into one run
 * ({@code CellJoins.joinPacked}), against a join computed on plain maps of row → weight: two
 * integrated inputs of more than 1,024 rows (so the probing side is a packed sum, not a batch of
 * cells) over a small key
 * domain (thousands of matches, equal output rows from different matches, weights that cancel),
 * with NULL keys and NULL output cells in some runs (which the packed join hands back to the join
 * of rows), with projections taking columns from either side in either order, with delta
 * tracking on and off.
 */
class PackedJoinProperties {

    private static final StreamType AB = StreamType.zset(new RowSchema(List.of(
            Column.nullable("a", SqlType.BIGINT), Column.nullable("b", SqlType.BIGINT))));

    @Property(tries = 40)
    void packedJoinsEqualAJoinOfMaps(@ForAll @IntRange(min = 1, max = 4) int steps,
                                     @ForAll @IntRange(min = 0, max = 3) int projection,
                                     @ForAll boolean nulls,
                                     @ForAll boolean tracking,
                                     @ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        int keys = 30 + rnd.nextInt(60);
        int values = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 3000);
        List<String> proj = switch (projection) {
            case 0 -> List.of("x", "l.a", "y", "r.b");
            case 1 -> List.of("y", "r.b", "x", "l.a");
            case 2 -> List.of("x", "l.a", "k", "l.b", "y", "r.b");
            default -> List.of("y", "r.b", "z", "r.a");
        };
        Circuit c = circuit(Circuit.InputMode.CHANGES, input("l", "l", AB), input("r", "r", AB),
                op("il", OpKind.INTEGRATE), op("ir", OpKind.INTEGRATE),
                op("j", OpKind.JOIN, "leftKeys", List.of("b"), "rightKeys", List.of("a"),
                        "projection", named(proj.toArray(new String[0]))),
                output("joined", "joined"));
        c.connect("l.out", "il.in").connect("r.out", "ir.in").connect("il.out", "j.left").connect("ir.out", "j.right")
                .connect("j.out", "joined.in");
        Map<Row, Long> left = new HashMap<>();
        Map<Row, Long> right = new HashMap<>();
        List<StepData> ls = new ArrayList<>();
        List<StepData> rs = new ArrayList<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            ls.add(StepData.rows(JoinFixtures.changes(rnd, left, t == 0 ? 1100 + rnd.nextInt(900) : rnd.nextInt(400), keys, values, nulls ? 50 : 0, 1)));
            rs.add(StepData.rows(JoinFixtures.changes(rnd, right, t == 0 ? 1100 + rnd.nextInt(900) : rnd.nextInt(400), keys, values, nulls ? 50 : 0, 0)));
            expected.add(join(left, right, projection));
        }
        Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(tracking));
        sim.setScenario(new Scenario().put("l", ls).put("r", rs));
        sim.runScenario();
        for (int t = 0; t < steps; t++) {
            assertThat(sim.outputValue("joined", t)).as("step %d", t).isEqualTo(ZSet.ofMap(expected.get(t)));
        }
    }

    private static Map<Row, Long> join(Map<Row, Long> left, Map<Row, Long> right, int projection) {
        return JoinFixtures.join(left, right, (l, r) -> switch (projection) {
            case 0 -> Row.of(l.get(0), r.get(1));
            case 1 -> Row.of(r.get(1), l.get(0));
            case 2 -> Row.of(l.get(0), l.get(1), r.get(1));
            default -> Row.of(r.get(1), r.get(0));
        });
    }
}
