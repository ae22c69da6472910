package org.dbspstudio.engine.io;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A throw-away PostgreSQL cluster for tests: initdb into a temporary folder, started with pg_ctl
 * on a free port of 127.0.0.1 only (and a Unix socket in that folder), trust authentication,
 * stopped and deleted by {@link #close()}. Run as the {@code postgres} user when the tests run as
 * root (initdb refuses root). The server binaries come from the OS package ({@code .ci/run}
 * installs it); where they are absent the test is skipped with a message saying so, except under
 * CI ({@code CI} set), where their absence fails the test.
 */
final class PostgresServer implements AutoCloseable {
    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asPostgres;

    private PostgresServer(Path bin, Path dir, int port, boolean asPostgres) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    /** The folder of initdb and pg_ctl, or null. */
    static Path binaries() {
        Path root = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(root)) {
            try (Stream<Path> versions = Files.list(root)) {
                Path found = versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                        .max(Comparator.comparing(p -> p.getParent().getFileName().toString())).orElse(null);
                if (found != null) {
                    return found;
                }
            } catch (IOException e) {
                return null;
            }
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "initdb")) && Files.isExecutable(Path.of(d, "pg_ctl"))) {
                return Path.of(d);
            }
        }
        return null;
    }

    /** Starts a cluster, or skips the calling test when PostgreSQL's server is not installed (fails under CI). */
    static PostgresServer start() throws Exception {
        Path bin = binaries();
        if (bin == null) {
            String msg = "PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or PATH:"
                    + " install the postgresql package (.ci/run does) to run this test";
            if (System.getenv("CI") != null) {
                throw new AssertionError(msg);
            }
            Assumptions.abort(msg);
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "dbsp-pg-");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        PostgresServer pg = new PostgresServer(bin, dir, port, root);
        try {
            if (root) {
                run(List.of("chown", "postgres", dir.toString()), dir);
                run(List.of("chmod", "700", dir.toString()), dir);
            }
            Path data = dir.resolve("data");
            pg.pg("initdb", "-D", data.toString(), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C");
            pg.pg("pg_ctl", "-D", data.toString(), "-l", dir.resolve("log").toString(), "-w", "-t", "60", "start", "-o",
                    "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off");
            try (Connection c = DriverManager.getConnection(pg.url("postgres")); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE shop");
            }
            return pg;
        } catch (Exception | AssertionError e) {
            pg.close();
            throw e;
        }
    }

    /** Creates another database and returns its JDBC URL. */
    String createDatabase(String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(url("postgres")); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return url(name);
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=postgres";
    }

    /** A JDBC URL of the test database {@code shop}. */
    String url() {
        return url("shop");
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url());
    }

    private void pg(String tool, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        if (asPostgres) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.add(bin.resolve(tool).toString());
        cmd.addAll(List.of(args));
        run(cmd, dir);
    }

    private static void run(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
        }
    }

    @Override
    public void close() throws Exception {
        try {
            Path data = dir.resolve("data");
            if (Files.exists(data.resolve("postmaster.pid"))) {
                pg("pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop");
            }
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
