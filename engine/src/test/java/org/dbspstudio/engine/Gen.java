package org.dbspstudio.engine;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.SqlType;
import org.dbspstudio.model.types.StreamType;

/** Random Z-sets and finite streams of them over rows (a BIGINT, b BIGINT) with small domains. */
final class Gen {
    private Gen() {
    }

    static final StreamType AB = TestCircuits.zset("a", SqlType.BIGINT, "b", SqlType.BIGINT);

    static Arbitrary<Change> change(boolean positive) {
        Arbitrary<Long> w = positive ? Arbitraries.longs().between(1, 3)
                : Arbitraries.longs().between(-3, 3).filter(x -> x != 0);
        return Combinators.combine(Arbitraries.longs().between(0, 4), Arbitraries.longs().between(0, 3), w)
                .as((a, b, x) -> new Change(Row.of(a, b), x));
    }

    static Arbitrary<List<Change>> zset(boolean positive) {
        return change(positive).list().ofMaxSize(6);
    }

    /** A finite stream: 1..6 steps of Z-set literals. */
    static Arbitrary<List<List<Change>>> stream(boolean positive) {
        return zset(positive).list().ofMinSize(1).ofMaxSize(6);
    }

    static List<StepData> steps(List<List<Change>> s) {
        List<StepData> l = new ArrayList<>();
        s.forEach(x -> l.add(StepData.rows(x)));
        return l;
    }

    static Scenario scenario(String name, List<List<Change>> s) {
        return new Scenario().put(name, steps(s));
    }
}
