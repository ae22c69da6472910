package org.dbspstudio.engine.bench;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.dbspstudio.engine.run.EngineException;
import org.dbspstudio.engine.run.EngineOptions;
import org.dbspstudio.engine.run.OpStats;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.rewrite.AntijoinRule;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.OperatorRules;
import org.dbspstudio.model.rewrite.SemijoinRule;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/**
 * B5: Gupta, Mumick and Subrahmanian's {@code only_tri_hop} (sample 12: {@code tri_hop} and not
 * {@code hop}, an antijoin followed by distinct) on a random graph, under single-edge insertions
 * and deletions. The circuit incrementalized with the antijoin's own rule (Proposition J2) and with
 * Definition 3.1's fallback {@code D ∘ ▷ ∘ I}, each reporting the engine's work (rows touched, summed
 * over operators, from the run's statistics) and wall time per step, beside DuckDB recomputing the
 * view. The three views are checked to agree at the end.
 */
final class OnlyTriHopBench {
    private OnlyTriHopBench() {
    }

    static final String SQL = "SELECT DISTINCT t.src, t.dst FROM (SELECT h.src, l.dst FROM"
            + " (SELECT a.src, b.dst FROM link a JOIN link b ON a.dst = b.src) h JOIN link l ON h.dst = l.src) t"
            + " WHERE NOT EXISTS (SELECT 1 FROM link a JOIN link b ON a.dst = b.src WHERE a.src = t.src AND b.dst = t.dst)";

    static final StreamType LINK = StreamType.zset(new RowSchema(List.of(Column.of("src", SqlType.BIGINT),
            Column.of("dst", SqlType.BIGINT))));

    /** only_tri_hop as drawn in sample 12, over snapshots of link(src, dst). */
    static Circuit circuit() {
        List<NamedExpr> hop = List.of(new NamedExpr("src", "l.src"), new NamedExpr("dst", "r.dst"));
        Circuit c = new Circuit().setInputMode(Circuit.InputMode.SNAPSHOTS);
        c.add(Operator.of("link", OpKind.INPUT, "name", "link", "type", LINK))
                .add(Operator.of("hop", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"), "projection", hop))
                .add(Operator.of("tri_hop", OpKind.JOIN, "leftKeys", List.of("dst"), "rightKeys", List.of("src"), "projection", hop))
                .add(Operator.of("not_a_hop", OpKind.ANTIJOIN, "leftKeys", List.of("src", "dst"), "rightKeys", List.of("src", "dst")))
                .add(Operator.of("only_tri_hop", OpKind.DISTINCT))
                .add(Operator.of("out", OpKind.OUTPUT, "name", "only_tri_hop"));
        c.connect("link.out", "hop.left").connect("link.out", "hop.right").connect("hop.out", "tri_hop.left")
                .connect("link.out", "tri_hop.right").connect("tri_hop.out", "not_a_hop.left").connect("hop.out", "not_a_hop.right")
                .connect("not_a_hop.out", "only_tri_hop.in").connect("only_tri_hop.out", "out.in");
        return c;
    }

    /** The standard per-operator rules without the semijoin and antijoin rules: the antijoin falls back. */
    static OperatorRules withoutAntijoinRule() {
        return new OperatorRules(OperatorRules.standard().rules().stream()
                .filter(r -> !(r instanceof AntijoinRule) && !(r instanceof SemijoinRule)).toList());
    }

    private record Run(double meanWork, double medianWork, double maxWork, double medianWall, double p99Wall, ZSet view) {
    }

    static List<Benchmarks.Figure> run(int nodes, int edges, int steps, Consumer<String> log) throws EngineException, SQLException {
        Random r = new Random(5);
        Set<Row> live = new HashSet<>();
        List<Row> liveList = new ArrayList<>();
        while (live.size() < edges) {
            Row e = Row.of((long) r.nextInt(nodes), (long) r.nextInt(nodes));
            if (live.add(e)) {
                liveList.add(e);
            }
        }
        List<Row> load = List.copyOf(liveList);
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            if (i % 2 == 0) {
                Row e = liveList.remove(r.nextInt(liveList.size()));
                live.remove(e);
                changes.add(new Change(e, -1));
            } else {
                Row e;
                do {
                    e = Row.of((long) r.nextInt(nodes), (long) r.nextInt(nodes));
                } while (live.contains(e));
                live.add(e);
                liveList.add(e);
                changes.add(new Change(e, 1));
            }
        }
        Circuit own = Incrementalizer.incrementalize(circuit()).incremental();
        Circuit fallback = Incrementalizer.standard().withOperatorRules(withoutAntijoinRule()).run(circuit()).incremental();
        Run a = runEngine("own rule", own, load, changes, log);
        Run b = runEngine("fallback", fallback, load, changes, log);
        List<Benchmarks.Figure> figures = new ArrayList<>();
        try (DuckDb db = new DuckDb()) {
            db.exec("CREATE TABLE link (src BIGINT, dst BIGINT)");
            db.insert("link", load);
            int timed = Math.min(steps, 10);
            for (int i = 0; i < steps - timed; i++) {
                db.apply("link", new String[] {"src", "dst"}, List.of(changes.get(i)));
            }
            double[] wall = new double[timed];
            for (int i = steps - timed; i < steps; i++) {
                db.apply("link", new String[] {"src", "dst"}, List.of(changes.get(i)));
                Measure m = Measure.start();
                db.exec("CREATE OR REPLACE TEMP TABLE out AS " + SQL);
                wall[i - (steps - timed)] = m.stop()[0];
            }
            double duck = Measure.median(wall);
            long rows = db.count("SELECT count(*) FROM out");
            log.accept(String.format("B5 DuckDB recomputing only_tri_hop: %s (wall, median of %d); %d rows",
                    Measure.seconds(duck), timed, rows));
            boolean agree = rows == a.view().size() && a.view().equals(b.view()) && a.view().isSet();
            log.accept("B5: the engine's only_tri_hop (own rule and fallback) " + (agree ? "agrees" : "DISAGREES")
                    + " with DuckDB's (" + rows + " rows)");
            if (!agree) {
                throw new IllegalStateException("B5: the views differ");
            }
            String g = "B5 only_tri_hop " + nodes + "/" + edges + ", one edge";
            figures.add(new Benchmarks.Figure(g + ", antijoin rule (J2), median", Measure.seconds(a.medianWall())
                    + String.format(" (%.1f rows/step)", a.meanWork()), Measure.seconds(duck) + " (recompute)",
                    Measure.speed(a.medianWall(), duck)));
            figures.add(new Benchmarks.Figure(g + ", antijoin rule (J2), p99", Measure.seconds(a.p99Wall()),
                    Measure.seconds(duck) + " (recompute)", Measure.speed(a.p99Wall(), duck)));
            figures.add(new Benchmarks.Figure(g + ", fallback D∘▷∘I, median", Measure.seconds(b.medianWall())
                    + String.format(" (%.0f rows/step)", b.meanWork()), Measure.seconds(duck) + " (recompute)",
                    Measure.speed(b.medianWall(), duck)));
        }
        return figures;
    }

    private static Run runEngine(String name, Circuit inc, List<Row> load, List<Change> changes, Consumer<String> log)
            throws EngineException {
        Simulation sim = Simulation.compile(inc, EngineOptions.DEFAULT);
        ZSet.Builder lb = ZSet.builder();
        load.forEach(e -> lb.add(e, 1));
        sim.stepWith(Map.of("link", lb.build()));
        ZSet view = (ZSet) sim.lastOutputs().get("only_tri_hop");
        List<String> ids = inc.operators().stream().map(Operator::id).toList();
        double[] work = new double[changes.size()];
        double[] wall = new double[changes.size()];
        Measure.settleHeap();
        for (int i = 0; i < changes.size(); i++) {
            Measure m = Measure.start();
            int t = sim.stepWith(Map.of("link", ZSet.ofChanges(List.of(changes.get(i)))));
            wall[i] = m.stop()[0];
            long w = 0;
            for (String id : ids) {
                OpStats s = sim.trace().stats(id, t);
                w += s == null ? 0 : s.work();
            }
            work[i] = w;
            view = view.plus(sim.lastOutputs().get("only_tri_hop"));
        }
        double mean = java.util.Arrays.stream(work).average().orElse(0);
        double max = java.util.Arrays.stream(work).max().orElse(0);
        double later = java.util.Arrays.stream(work, 1, work.length).average().orElse(0);
        Run run = new Run(mean, Measure.median(work.clone()), max, Measure.median(wall), Measure.p99(wall), view);
        log.accept(String.format("B5 %s: %d single-edge steps, work (rows touched, all operators) %.1f rows/step mean,"
                + " median %.0f, max %.0f (%.1f mean after the first step, which builds the arrangements of the"
                + " delayed integrals); wall median %s, p99 %s; only_tri_hop %d rows", name, changes.size(), mean,
                run.medianWork(), max, later, Measure.seconds(run.medianWall()), Measure.seconds(run.p99Wall()), view.size()));
        return run;
    }
}
