package org.dbspstudio.engine.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * The DuckDB side of the "run" benchmark as a program of its own ({@link RunProcessBench} starts
 * it as a process): starts DuckDB (in-memory, one thread), loads the edges of a CSV file
 * ({@code src,dst} with a header), computes their transitive closure once with a recursive CTE
 * and prints every pair of it, one {@code src,dst} line each, as {@code dbsp run --format csv}
 * prints the closure's pairs at step 0. DuckDB writes them itself ({@code COPY … TO
 * '/dev/stdout'}, its CSV writer) where the system has {@code /dev/stdout}; elsewhere they are
 * read through JDBC and printed. With {@code --count} it prints only the number of pairs (what
 * the benchmark compared with before, logged beside it).
 */
public final class DuckDbClosure {
    private DuckDbClosure() {
    }

    public static void main(String[] args) throws SQLException {
        boolean count = args.length == 2 && args[1].equals("--count");
        if (args.length != 1 && !count) {
            System.err.println("usage: DuckDbClosure EDGES.csv [--count]");
            System.exit(2);
        }
        try (DuckDb db = new DuckDb()) {
            db.exec("CREATE TABLE edges AS SELECT src::BIGINT AS src, dst::BIGINT AS dst FROM read_csv('"
                    + args[0].replace("'", "''") + "', header = true)");
            if (count) {
                System.out.println(db.count("SELECT count(*) FROM (" + ClosureBench.CLOSURE_SQL + ")"));
            } else if (Files.isWritable(Path.of("/dev/stdout"))) {
                System.out.flush();
                db.exec("COPY (" + ClosureBench.CLOSURE_SQL + ") TO '/dev/stdout' (FORMAT csv, HEADER false)");
            } else {
                db.printPairs(ClosureBench.CLOSURE_SQL, System.out);
            }
        }
    }
}
