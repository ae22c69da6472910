package org.dbspstudio.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp slt [FILE-or-PATTERN...]}: runs SQL Logic Test files (SQLite's sqllogictest suite, from
 * the {@code net.hydromatic:sql-logic-test} jar, or files on disk) through the SQL front end and
 * the engine, printing per file {@code N passed, M failed, K refused} and a summary.
 */
@Command(name = "slt", mixinStandardHelpOptions = true,
        description = {"Run SQL Logic Test files through the SQL front end and the engine (snapshot and incremental).",
            "FILE-or-PATTERN: a file on disk, or a path in the suite such as select1.test, random/groupby (a folder),",
            "random/aggregates/slt_good_1*.test (a pattern: * within a name, ** across folders). Default: select1..select5.",
            "Exit code 0: no query failed (refusals allowed); 1: some query gave a wrong result; 2: no such file."})
final class SltCommand extends DbspCommand {
    private static final String ROOT = "test/";

    @Parameters(paramLabel = "FILE-or-PATTERN", arity = "0..*")
    List<String> files = new ArrayList<>();

    @Option(names = "--max-files", paramLabel = "N", description = "run at most N files of each pattern (default: all)")
    int maxFiles = Integer.MAX_VALUE;

    @Option(names = "--queries", paramLabel = "N", description = "run only the first N queries of each file")
    int maxQueries = Integer.MAX_VALUE;

    @Option(names = "--reasons", description = "list why queries were refused, most frequent first")
    boolean reasons;

    /** Every .test file inside the suite's jar, as paths below {@code test/}. */
    static List<String> suiteFiles() throws IOException {
        URL u = SltCommand.class.getClassLoader().getResource(ROOT + "select1.test");
        if (u == null) {
            throw new IOException("the SQL Logic Test suite (net.hydromatic:sql-logic-test) is not on the class path");
        }
        List<String> out = new ArrayList<>();
        if (u.getProtocol().equals("jar")) {
            JarURLConnection c = (JarURLConnection) u.openConnection();
            try (JarFile jar = new JarFile(c.getJarFileURL().getPath())) {
                Enumeration<JarEntry> en = jar.entries();
                while (en.hasMoreElements()) {
                    String n = en.nextElement().getName();
                    if (n.startsWith(ROOT) && n.endsWith(".test")) {
                        out.add(n.substring(ROOT.length()));
                    }
                }
            }
        }
        return out;
    }

    static List<String> resolve(String pattern, List<String> all) {
        String p = pattern.startsWith(ROOT) ? pattern.substring(ROOT.length()) : pattern;
        if (all.contains(p)) {
            return List.of(p);
        }
        if (!p.contains("*")) {
            String dir = p.endsWith("/") ? p : p + "/";
            return all.stream().filter(f -> f.startsWith(dir)).sorted(SltCommand::natural).toList();
        }
        String regex = Pattern.quote(p).replace("**", "\\E.*\\Q").replace("*", "\\E[^/]*\\Q");
        Pattern re = Pattern.compile(regex);
        return all.stream().filter(f -> re.matcher(f).matches()).sorted(SltCommand::natural).toList();
    }

    /** Orders slt_good_2 before slt_good_10. */
    static int natural(String a, String b) {
        String x = a.replaceAll("(\\d+)", "0000000$1").replaceAll("0*(\\d{8})", "$1");
        String y = b.replaceAll("(\\d+)", "0000000$1").replaceAll("0*(\\d{8})", "$1");
        return x.compareTo(y);
    }

    static String read(String suitePath) throws IOException {
        try (InputStream in = SltCommand.class.getClassLoader().getResourceAsStream(ROOT + suitePath)) {
            if (in == null) {
                throw new IOException("no file " + suitePath + " in the suite");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Override
    int run(PrintWriter out, PrintWriter err) throws IOException {
        List<String> patterns = files.isEmpty()
                ? List.of("select1.test", "select2.test", "select3.test", "select4.test", "select5.test") : files;
        List<String> all = null;
        SltRunner.Counts total = new SltRunner.Counts();
        int fileCount = 0;
        for (String pattern : patterns) {
            List<String> names;
            boolean onDisk = Files.isRegularFile(Path.of(pattern));
            if (onDisk) {
                names = List.of(pattern);
            } else {
                if (all == null) {
                    all = suiteFiles();
                }
                names = resolve(pattern, all);
                if (names.isEmpty()) {
                    err.println("dbsp slt: no file matches '" + pattern + "' on disk or in the suite");
                    return CliSupport.UNREADABLE;
                }
            }
            names = names.subList(0, Math.min(names.size(), maxFiles));
            for (String name : names) {
                String text = onDisk ? SqlCommand.read(Path.of(name), err) : read(name);
                if (text == null) {
                    return CliSupport.UNREADABLE;
                }
                long t0 = System.nanoTime();
                SltRunner.Counts c = new SltRunner(name, maxQueries).run(text);
                fileCount++;
                out.printf("%s: %d passed, %d failed, %d refused (%.1f s)%n", name, c.passed, c.failed, c.refused,
                        (System.nanoTime() - t0) / 1e9);
                c.failures.forEach(f -> out.println("  FAIL " + f));
                out.flush();
                total.add(c);
            }
        }
        int queries = total.passed + total.failed + total.refused;
        out.printf("%d files, %d queries: %d passed (%.2f%%), %d failed, %d refused%n", fileCount, queries, total.passed,
                queries == 0 ? 0.0 : 100.0 * total.passed / queries, total.failed, total.refused);
        if (reasons && !total.reasons.isEmpty()) {
            out.println("refused because:");
            total.reasons.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .limit(40).forEach(e -> out.printf("  %6d  %s%n", e.getValue(), e.getKey()));
        }
        return total.failed > 0 ? CliSupport.CIRCUIT_ERRORS : CliSupport.OK;
    }
}
