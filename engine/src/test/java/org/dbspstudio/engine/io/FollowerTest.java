package org.dbspstudio.engine.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the IDE's Data panel reads: previews, a source as scenario steps, and new changes as they arrive. */
class FollowerTest {
    @TempDir
    Path dir;

    @Test
    void changeTableAsStepsThenFollowNewStepsOfAFileAndASnapshot() throws Exception {
        List<List<Change>> steps = Shop.changes(21, 10, 4);
        Path csv = dir.resolve("orders.csv");
        DuckDbTablesTest.writeCsv(csv, steps.subList(0, 6), 0);
        try (Database db = Database.open(dir.resolve("f.duckdb").toString())) {
            Shop.create(db.connection(), "orders", true);
            Shop.append(db.connection(), "orders", steps, 0);
            Shop.create(db.connection(), "snap", false);
            Tables.Preview p = Tables.preview(db, "orders", 3);
            assertThat(p.columns()).containsExactly("id", "customer", "amount", "paid", "day", "placed_at", "note", "weight", "step");
            assertThat(p.rows()).hasSize(3);

            Tables.Steps all = Tables.read(db, "orders", Shop.ORDERS, "orders", -1);
            assertThat(all.snapshot()).isFalse();
            for (int t = 0; t < steps.size(); t++) {
                assertThat(ZSet.ofChanges(all.steps().getOrDefault((long) t, List.of()))).isEqualTo(ZSet.ofChanges(steps.get(t)));
            }
            assertThat(Tables.read(db, "orders", Shop.ORDERS, "orders", 7).steps().keySet()).allMatch(k -> k > 7);

            Follower f = new Follower(db, Map.of("orders", Shop.ORDERS), Map.of("orders", csv.toString()), 5);
            assertThat(f.poll()).isEmpty();
            DuckDbTablesTest.writeCsv(csv, steps, 0);
            var got = f.poll();
            for (int t = 6; t < steps.size(); t++) {
                assertThat(ZSet.ofChanges(got.getOrDefault("orders", new java.util.TreeMap<>()).getOrDefault((long) t, List.of())))
                        .isEqualTo(ZSet.ofChanges(steps.get(t)));
            }
            int lastWithChanges = steps.size() - 1;
            while (steps.get(lastWithChanges).isEmpty()) {
                lastWithChanges--;
            }
            assertThat(f.lastStep()).isEqualTo(lastWithChanges);
            assertThat(f.poll()).isEmpty();

            // a snapshot: each poll that finds it changed returns the difference as the next step
            Follower s = new Follower(db, Map.of("orders", Shop.ORDERS), Map.of("orders", "snap"), 2);
            try (Statement st = db.connection().createStatement()) {
                st.execute("INSERT INTO snap SELECT * EXCLUDE (weight, step) FROM orders WHERE step = 0 AND weight > 0");
            }
            db.connection().commit();
            var snap = s.poll();
            assertThat(snap.get("orders").firstKey()).isEqualTo(3L);
            assertThat(snap.get("orders").get(3L)).isNotEmpty().allMatch(c -> c.weight() > 0);
            assertThat(s.poll()).isEmpty();

            assertThatThrownBy(() -> Tables.read(db, "orders", Shop.ORDERS, "nope", -1))
                    .hasMessageContaining("there is no table 'nope'");
        }
    }
}
