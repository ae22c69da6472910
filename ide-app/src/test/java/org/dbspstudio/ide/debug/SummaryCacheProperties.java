package org.dbspstudio.ide.debug;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.verify.RandomChanges;

/** The cached, change-driven summaries equal summaries counted from scratch, in any visiting order. */
class SummaryCacheProperties {
    @Property(tries = 20)
    void cachedSummariesEqualDirectOnes(@ForAll @LongRange(min = 0, max = 10_000) long seed,
                                        @ForAll List<@net.jqwik.api.constraints.IntRange(min = 0, max = 7) Integer> visits)
            throws Exception {
        CircuitDocument d = DebugFixtures.usersOrders();
        d.setScenario(new RandomChanges(8, 4, 3).generate(d.circuit(), seed));
        DebugSession s = new DebugSession(d, Runnable::run);
        s.seek(7).get(30, TimeUnit.SECONDS);
        SummaryCache cache = new SummaryCache(0, 1000);
        List<StreamRef> refs = List.of(StreamRef.top("users", "out"), StreamRef.top("orders", "out"), StreamRef.top("j", "out"));
        java.util.List<Integer> order = new java.util.ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7));
        order.addAll(visits);
        for (int t : order) {
            for (StreamRef r : refs) {
                StreamValue v = s.value(r, t);
                for (boolean asChange : new boolean[] {false, true}) {
                    // at hand when the same value or the previous step's was counted: the same summary
                    String atHand = cache.atHand(s, r, t, new int[0], v, asChange);
                    if (atHand != null) {
                        assertThat(atHand).as(r + " at " + t + ", at hand").isEqualTo(ValueRows.summary(v, asChange));
                    }
                    assertThat(cache.summary(s, r, t, new int[0], v, asChange)).as(r + " at " + t)
                            .isEqualTo(ValueRows.summary(v, asChange));
                }
            }
        }
        s.dispose();
    }
}
