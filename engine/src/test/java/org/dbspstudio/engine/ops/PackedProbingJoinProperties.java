package org.dbspstudio.engine.ops;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.dbspstudio.engine.JoinFixtures;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ColumnProbe;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * A join whose probing side is held as one sorted run of integer rows (a packed join's output, H's
 * change in the closure) reads that side's columns as they are ({@code CellJoins.joinPackedColumns}:
 * no row decoded to count the matches or to probe), whatever the number of matches: a chain
 * {@code (l ⋈ r) ⋈ s} whose first join packs its output (its threshold {@code packedProbes} lowered
 * at random, so the second join probes with that run both counted and uncounted), over small key
 * domains (equal output rows from different matches, weights that cancel, NULL keys and cells in some
 * runs, which keep the first join's output rows), delta tracking on and off, against joins of plain maps.
 */
class PackedProbingJoinProperties {

    private static final StreamType AB = StreamType.zset(new RowSchema(List.of(
            Column.nullable("a", SqlType.BIGINT), Column.nullable("b", SqlType.BIGINT))));

    @Property(tries = 40)
    void joinsProbingWithAPackedRunEqualJoinsOfMaps(@ForAll @IntRange(min = 1, max = 3) int steps,
                                                    @ForAll @IntRange(min = 0, max = 3000) int threshold,
                                                    @ForAll @IntRange(min = 0, max = 2) int shape,
                                                    @ForAll boolean nulls,
                                                    @ForAll boolean tracking,
                                                    @ForAll long seed) throws Exception {
        run(steps, threshold, shape, nulls, nulls, tracking, seed);
    }

    /**
     * The first join packs (its probing side outnumbers the threshold): the second probes with its
     * run's columns, whether it would pack uncounted (threshold 0) or count first (threshold beyond
     * any probing side).
     */
    @Example
    void aPackedRunIsProbedOnItsColumns() throws Exception {
        assertThat(run(1, 0, 0, false, false, false, 7)).isPositive();
        assertThat(run(2, 0, 1, false, false, true, 8)).isPositive();
        assertThat(run(1, Integer.MAX_VALUE, 0, false, false, false, 9)).isPositive();
    }

    /**
     * The second join's output begins with the probing run's first column ({@code l.x}, with two or three
     * columns): its matches, written probe by probe, are grouped by it and sorted group by group
     * ({@code GroupedRows}), still equal to the maps' join.
     */
    @Example
    void anOutputLedByTheRunsFirstColumnIsSortedByGroups() throws Exception {
        long before = CellJoins.GROUPED.get();
        assertThat(run(2, 0, 2, false, false, true, 21)).isPositive();
        assertThat(run(2, Integer.MAX_VALUE, 2, false, false, false, 22)).isPositive();
        assertThat(run(1, 0, 0, false, false, false, 23)).isPositive();
        assertThat(CellJoins.GROUPED.get() - before).as("outputs sorted by groups").isGreaterThanOrEqualTo(3);
    }

    /**
     * NULLs in the third table's projected column only: the columns' join of the first join's run (of
     * integers) finds a cell that is not an integer and gives up, and the rows are joined as rows, still equal to the maps'.
     */
    @Example
    void aNullOutputCellFallsBackToRows() throws Exception {
        long before = CellJoins.COLUMN_GIVE_UPS.get();
        for (long seed = 10; seed < 14; seed++) {
            run(2, 0, 0, false, true, seed % 2 == 0, seed);
        }
        assertThat(CellJoins.COLUMN_GIVE_UPS.get() - before).as("columns' joins that gave up").isPositive();
    }

    /**
     * The number of joins made on a packed run's columns while it ran; {@code shape}: the second join's
     * projection ({@code (l.x, l.y, r.b)}, {@code (r.b, l.x)}, {@code (l.x, r.b)}); {@code nulls}: NULLs in the first
     * two tables (the first join's output then is not one run of integers), {@code thirdNulls}: in the
     * third's projected column (the columns' join finds an output cell that is not an integer).
     */
    private static long run(int steps, int threshold, int shape, boolean nulls, boolean thirdNulls, boolean tracking,
                            long seed) throws Exception {
        Random rnd = new Random(seed);
        // domains wide enough that the integrated inputs outgrow a batch of cells (1,024 rows): they are packed sums
        int keys = 5 + rnd.nextInt(300);
        int values = 100 + rnd.nextInt(rnd.nextBoolean() ? 100 : 2000);
        List<NamedExpr> proj2 = switch (shape) {
            case 1 -> List.of(new NamedExpr("z", "r.b"), new NamedExpr("x", "l.x"));
            case 2 -> List.of(new NamedExpr("x", "l.x"), new NamedExpr("z", "r.b"));
            default -> List.of(new NamedExpr("x", "l.x"), new NamedExpr("y", "l.y"), new NamedExpr("z", "r.b"));
        };
        Circuit c = new Circuit().setInputMode(Circuit.InputMode.CHANGES);
        c.add(Operator.of("l", OpKind.INPUT, "name", "l", "type", AB));
        c.add(Operator.of("r", OpKind.INPUT, "name", "r", "type", AB));
        c.add(Operator.of("s", OpKind.INPUT, "name", "s", "type", AB));
        c.add(Operator.of("il", OpKind.INTEGRATE));
        c.add(Operator.of("ir", OpKind.INTEGRATE));
        c.add(Operator.of("is", OpKind.INTEGRATE));
        c.add(Operator.of("j1", OpKind.JOIN, "leftKeys", List.of("b"), "rightKeys", List.of("a"),
                "projection", List.of(new NamedExpr("x", "l.a"), new NamedExpr("y", "r.b"))));
        c.add(Operator.of("j2", OpKind.JOIN, "leftKeys", List.of("y"), "rightKeys", List.of("a"), "projection", proj2));
        c.add(Operator.of("joined", OpKind.OUTPUT, "name", "joined"));
        c.connect("l.out", "il.in").connect("r.out", "ir.in").connect("s.out", "is.in")
                .connect("il.out", "j1.left").connect("ir.out", "j1.right")
                .connect("j1.out", "j2.left").connect("is.out", "j2.right").connect("j2.out", "joined.in");
        Map<Row, Long> left = new HashMap<>();
        Map<Row, Long> right = new HashMap<>();
        Map<Row, Long> third = new HashMap<>();
        List<StepData> ls = new ArrayList<>();
        List<StepData> rs = new ArrayList<>();
        List<StepData> ss = new ArrayList<>();
        List<Map<Row, Long>> expected = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            ls.add(StepData.rows(JoinFixtures.changes(rnd, left, t == 0 ? 2500 + rnd.nextInt(1500) : rnd.nextInt(600), keys, values, nulls ? 200 : 0, 1)));
            rs.add(StepData.rows(JoinFixtures.changes(rnd, right, t == 0 ? 2500 + rnd.nextInt(1500) : rnd.nextInt(600), keys, values, nulls ? 200 : 0, 0)));
            ss.add(StepData.rows(JoinFixtures.changes(rnd, third, t == 0 ? 20 + rnd.nextInt(300) : rnd.nextInt(40), values, 1 + rnd.nextInt(values + 5), thirdNulls ? 60 : 0, 0)));
            Map<Row, Long> first = JoinFixtures.join(left, right, (x, y) -> Row.of(x.get(0), y.get(1)));
            expected.add(JoinFixtures.join(first, third, (x, y) -> switch (shape) {
                case 1 -> Row.of(y.get(1), x.get(0));
                case 2 -> Row.of(x.get(0), y.get(1));
                default -> Row.of(x.get(0), x.get(1), y.get(1));
            }));
        }
        long before = CellJoins.COLUMN_JOINS.get();
        Joins.JoinNode.packedProbes = threshold;
        // the third table's arrangement read as integer columns from any size on, or at the default size
        ColumnProbe.longsMin = rnd.nextBoolean() ? 0 : ColumnProbe.LONGS_MIN;
        try {
            Simulation sim = Simulation.compile(c, EngineOptions.DEFAULT.withDeltaTracking(tracking));
            sim.setScenario(new Scenario().put("l", ls).put("r", rs).put("s", ss));
            sim.runScenario();
            for (int t = 0; t < steps; t++) {
                assertThat(sim.outputValue("joined", t)).as("step %d", t).isEqualTo(ZSet.ofMap(expected.get(t)));
            }
        } finally {
            Joins.JoinNode.packedProbes = Joins.JoinNode.PACKED_PROBES;
            ColumnProbe.longsMin = ColumnProbe.LONGS_MIN;
        }
        return CellJoins.COLUMN_JOINS.get() - before;
    }
}
