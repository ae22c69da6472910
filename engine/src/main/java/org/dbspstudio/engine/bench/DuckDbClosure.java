package org.dbspstudio.engine.bench;

import java.sql.SQLException;

/**
 * The DuckDB side of the "run" benchmark as a program of its own ({@link RunProcessBench} starts
 * it as a process): starts DuckDB (in-memory, one thread), loads the edges of a CSV file
 * ({@code src,dst} with a header) and prints the number of pairs of their transitive closure,
 * computed once with a recursive CTE.
 */
public final class DuckDbClosure {
    private DuckDbClosure() {
    }

    public static void main(String[] args) throws SQLException {
        if (args.length != 1) {
            System.err.println("usage: DuckDbClosure EDGES.csv");
            System.exit(2);
        }
        try (DuckDb db = new DuckDb()) {
            db.exec("CREATE TABLE edges AS SELECT src::BIGINT AS src, dst::BIGINT AS dst FROM read_csv('"
                    + args[0].replace("'", "''") + "', header = true)");
            System.out.println(db.count("SELECT count(*) FROM (" + ClosureBench.CLOSURE_SQL + ")"));
        }
    }
}
