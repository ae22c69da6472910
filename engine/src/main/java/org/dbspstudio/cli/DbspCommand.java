package org.dbspstudio.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A {@code dbsp} subcommand: picocli fills in its options and parameters, then {@link #run} prints
 * results to the command line's standard output and problems to its standard error and returns
 * the exit code ({@link CliSupport#OK} and the others).
 */
abstract class DbspCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * Runs the command; returns its exit code. An exception it throws is reported by the command
     * line's handler ({@link Main#commandLine}) as an internal error.
     */
    abstract int run(PrintWriter out, PrintWriter err) throws Exception;
}
