package org.dbspstudio.model.rewrite;

import java.util.List;
import org.dbspstudio.fixtures.FixtureDocuments;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.NamedExpr;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.json.DocumentReader;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Snapshot circuits used by the rewrite tests. */
final class TestCircuits {
    private TestCircuits() {
    }

    static StreamType table(String... columns) {
        return StreamType.zset(new RowSchema(java.util.Arrays.stream(columns).map(c -> Column.of(c, SqlType.BIGINT)).toList()));
    }

    static List<NamedExpr> cols(String... names) {
        return java.util.Arrays.stream(names).map(n -> new NamedExpr(n, n)).toList();
    }

    /** Paper §4.5: SELECT DISTINCT t1.x, t2.y FROM σ(t1) JOIN σ(t2) ON t1.id = t2.id. */
    static Circuit paper45() {
        return fixture(FixtureDocuments.PAPER_4_5).circuit();
    }

    /** The integrator {@code o = x + z⁻¹(o)}: a top-level feedback loop. */
    static Circuit integratorLoop() {
        Circuit c = new Circuit();
        c.add(Operator.of("x", OpKind.INPUT, "name", "x", "type", StreamType.Z));
        c.add(Operator.of("add", OpKind.PLUS));
        c.add(Operator.of("z", OpKind.DELAY));
        c.add(Operator.of("o", OpKind.OUTPUT, "name", "o"));
        c.connect("x.out", "add.a").connect("z.out", "add.b").connect("add.out", "z.in").connect("add.out", "o.in");
        return c;
    }

    /**
     * Transitive closure as a recursive nested circuit: {@code o = distinct(E + π(z⁻¹(o) ⋈ E))}
     * inside, with {@code E = I(δ₀(edges))} and {@code ∫(D(o))} leaving.
     */
    static Circuit transitiveClosure() {
        return fixture(FixtureDocuments.TRANSITIVE_CLOSURE).circuit();
    }

    /** A document shared with other modules' tests ({@link FixtureDocuments}), read by the model's loader. */
    static CircuitDocument fixture(String name) {
        return FixtureDocuments.read(name, DocumentReader::read).document();
    }
}
