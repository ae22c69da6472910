package org.dbspstudio.engine.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.dbspstudio.cli.Main;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing lost, nothing doubled: {@code dbsp run --db} in a child JVM is killed with SIGKILL in
 * the middle of its run (twice), restarted, and its output tables (and change logs) are compared
 * with those of an uninterrupted run and with the engine's own run in memory — for a DuckDB file
 * and for a real PostgreSQL server.
 */
class KillRecoveryTest {
    private static final int STEPS = 1000;

    @TempDir
    Path dir;

    @Test
    void duckDbRunKilledMidwayResumesToTheSameTables() throws Exception {
        List<List<Change>> steps = Shop.changes(42, STEPS, 6);
        String killed = dir.resolve("killed.duckdb").toString();
        String reference = dir.resolve("reference.duckdb").toString();
        for (String target : List.of(killed, reference)) {
            try (Database db = Database.open(target)) {
                Shop.create(db.connection(), "orders", true);
                Shop.append(db.connection(), "orders", steps, 0);
            }
        }
        killAndResume(killed, null);
        compare(killed, reference, steps);
    }

    @Test
    void postgresRunKilledMidwayResumesToTheSameTables() throws Exception {
        List<List<Change>> steps = Shop.changes(43, STEPS, 6);
        try (PostgresServer pg = PostgresServer.start()) {
            String killed = pg.url();
            String reference = pg.createDatabase("reference");
            for (String target : List.of(killed, reference)) {
                try (Connection c = java.sql.DriverManager.getConnection(target)) {
                    Shop.create(c, "orders", true);
                    Shop.append(c, "orders", steps, 0);
                }
            }
            killAndResume(killed, () -> Database.open(killed));
            compare(killed, reference, steps);
        }
    }

    interface Opener {
        Database open() throws Exception;
    }

    /**
     * Kills the run twice in the middle and resumes it. With a {@code probe} (a server database that
     * another process may read while the run writes), the kill comes when the progress row passes a
     * random step, so a fast machine cannot finish the run first; without one (DuckDB keeps its file
     * to one process) it comes a random moment after the first written step.
     */
    private void killAndResume(String target, Opener probe) throws Exception {
        Opener opener = () -> Database.open(target);
        Random r = new Random(target.hashCode());
        long lastKilledAt = -1;
        for (int kill = 0; kill < 2; kill++) {
            Process p = start(target);
            CountDownLatch stepWritten = new CountDownLatch(1);
            StringBuilder err = new StringBuilder();
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        synchronized (err) {
                            err.append(line).append('\n');
                        }
                        if (line.startsWith("step ")) {
                            stepWritten.countDown();
                        }
                    }
                } catch (java.io.IOException ignored) {
                    // the process was killed
                }
            });
            reader.start();
            assertThat(stepWritten.await(120, TimeUnit.SECONDS)).as("a step written; stderr: %s", err).isTrue();
            if (probe == null) {
                Thread.sleep(100 + r.nextInt(700));
            } else {
                long killAt = lastKilledAt + 1 + r.nextInt(STEPS / 4);
                try (Database db = probe.open()) {
                    while (p.isAlive() && lastStep(db) < killAt) {
                        Thread.sleep(1);
                    }
                }
            }
            assertThat(p.isAlive()).as("still running when killed (make the run longer); stderr: %s", err).isTrue();
            p.destroyForcibly(); // SIGKILL: no shutdown hook, no commit, no clean close
            p.waitFor();
            reader.join(5_000);
            long progress;
            try (Database db = opener.open()) {
                progress = lastStep(db);
            }
            assertThat(progress).as("killed in the middle of the run").isBetween(lastKilledAt, (long) STEPS - 2);
            lastKilledAt = progress;
        }
        Process p = start(target);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errText = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(errText).isZero();
        assertThat(errText).contains("resuming after step " + lastKilledAt);
        assertThat(out).startsWith("steps " + (lastKilledAt + 1) + ".." + (STEPS - 1) + " written");
    }

    private static long lastStep(Database db) throws Exception {
        Connection c = db.connection();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT last_step FROM dbsp_progress")) {
            long v = rs.next() ? rs.getLong(1) : -1;
            c.commit();
            return v;
        }
    }

    private static Process start(String target) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", Shop.CIRCUIT.toString(), "--db", target, "--changelog"));
        return new ProcessBuilder(cmd).start();
    }

    private static void compare(String killed, String reference, List<List<Change>> steps) throws Exception {
        try (Database ref = Database.open(reference)) {
            Shop.run(ref, Map.of(), null, true); // uninterrupted, in this JVM
            Map<String, ZSet> expected = Shop.expected(steps);
            try (Database db = Database.open(killed)) {
                for (String table : List.of("paid_orders", "totals", "paid_orders_changes", "totals_changes")) {
                    ZSet got = Shop.read(db.connection(), table);
                    assertThat(got).as(table).isEqualTo(Shop.read(ref.connection(), table));
                }
                assertThat(Shop.read(db.connection(), "paid_orders")).isEqualTo(expected.get("paid_orders"));
                assertThat(Shop.read(db.connection(), "totals")).isEqualTo(expected.get("totals"));
                assertThat(lastStep(db)).isEqualTo(STEPS - 1);
            }
        }
    }
}
