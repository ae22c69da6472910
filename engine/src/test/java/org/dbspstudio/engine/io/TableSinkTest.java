package org.dbspstudio.engine.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.SqlType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sink's writes on DuckDB (multi-row statements, deletions by rowid in one statement per chunk):
 * random steps of a bag with multiplicities and NULLs keep the table equal to the running sum, for
 * more rows than one statement takes; a step that deletes more copies than the table holds is
 * refused naming the row and both counts, and changes nothing.
 */
class TableSinkTest {
    static final RowSchema S = RowSchema.of(Column.nullable("k", SqlType.BIGINT), Column.nullable("name", SqlType.VARCHAR),
            Column.nullable("amount", SqlType.DECIMAL));

    @TempDir
    Path dir;

    private static Row row(Random r) {
        Long k = r.nextInt(10) == 0 ? null : (long) r.nextInt(400);
        String name = r.nextInt(10) == 0 ? null : "n" + r.nextInt(3);
        BigDecimal amount = r.nextInt(10) == 0 ? null : BigDecimal.valueOf(r.nextInt(1000), 2);
        return Row.of(k, name, amount);
    }

    private static ZSet read(Database db, String table) throws Exception {
        ZSet.Builder b = ZSet.builder();
        try (Statement s = db.connection().createStatement(); ResultSet rs = s.executeQuery("SELECT k, name, amount FROM " + table)) {
            while (rs.next()) {
                Long k = rs.getLong(1);
                if (rs.wasNull()) {
                    k = null;
                }
                BigDecimal a = rs.getBigDecimal(3);
                b.add(Row.of(k, rs.getString(2), a == null ? null : a.stripTrailingZeros()), 1);
            }
        }
        db.connection().commit();
        return b.build();
    }

    private static ZSet normalized(ZSet z) {
        ZSet.Builder b = ZSet.builder();
        z.forEach((r, w) -> b.add(Row.of(r.get(0), r.get(1), r.get(2) == null ? null : ((BigDecimal) r.get(2)).stripTrailingZeros()), w));
        return b.build();
    }

    @Test
    void randomStepsKeepTheTableEqualToTheSumAndTheChangeLogToTheSteps() throws Exception {
        Random r = new Random(5);
        try (Database db = Database.open(dir.resolve("sink.duckdb").toString())) {
            TableSink sink = new TableSink(db, Map.of("v", S), Map.of(), true);
            sink.prepare(false);
            ZSet contents = ZSet.EMPTY;
            List<Row> present = new ArrayList<>();
            for (int step = 0; step < 12; step++) {
                Map<Row, Long> pending = new java.util.HashMap<>();
                int n = step % 3 == 0 ? 700 : 40; // some steps need several statements
                for (int i = 0; i < n; i++) {
                    if (!present.isEmpty() && r.nextInt(3) == 0) {
                        Row victim = present.get(r.nextInt(present.size()));
                        if (contents.weight(victim) + pending.getOrDefault(victim, 0L) > 0) {
                            pending.merge(victim, -1L, Long::sum);
                        }
                    } else {
                        Row x = row(r);
                        pending.merge(x, 1L + r.nextInt(2), Long::sum);
                        present.add(x);
                    }
                }
                ZSet.Builder b = ZSet.builder();
                pending.forEach(b::add);
                ZSet change = b.build();
                sink.write(step, Map.of("v", change), Map.of());
                contents = contents.plus(change);
                assertThat(read(db, "v")).isEqualTo(normalized(contents));
            }
            assertThat(sink.lastStep()).isEqualTo(11);
            ZSet.Builder log = ZSet.builder();
            try (Statement s = db.connection().createStatement();
                 ResultSet rs = s.executeQuery("SELECT k, name, amount, weight, step FROM v_changes")) {
                while (rs.next()) {
                    Long k = rs.getLong(1);
                    if (rs.wasNull()) {
                        k = null;
                    }
                    BigDecimal a = rs.getBigDecimal(3);
                    assertThat(rs.getLong(5)).isBetween(0L, 11L);
                    log.add(Row.of(k, rs.getString(2), a == null ? null : a.stripTrailingZeros()), rs.getLong(4));
                }
            }
            db.connection().commit();
            assertThat(log.build()).isEqualTo(normalized(contents));
            assertThat(contents.isZero()).isFalse();
        }
    }

    @Test
    void deletingMoreCopiesThanTheTableHoldsIsRefusedNamingTheRowAndChangesNothing() throws Exception {
        try (Database db = Database.open(dir.resolve("short.duckdb").toString())) {
            TableSink sink = new TableSink(db, Map.of("v", S), Map.of(), false);
            sink.prepare(false);
            Row a = Row.of(1L, "ann", new BigDecimal("2.50"));
            Row b = Row.of(null, null, null);
            ZSet.Builder first = ZSet.builder();
            first.add(a, 2);
            first.add(b, 1);
            ZSet before = first.build();
            sink.write(0, Map.of("v", before), Map.of());
            ZSet.Builder second = ZSet.builder();
            second.add(b, -1);
            second.add(a, -3);
            second.add(Row.of(7L, "new", null), 1);
            assertThatThrownBy(() -> sink.write(1, Map.of("v", second.build()), Map.of()))
                    .isInstanceOf(TableException.class)
                    .hasMessageContaining("holds row " + a + " 2 time(s), but the step deletes it 3 time(s)");
            assertThat(read(db, "v")).isEqualTo(normalized(before));
            assertThat(sink.lastStep()).isZero();
        }
    }
}
