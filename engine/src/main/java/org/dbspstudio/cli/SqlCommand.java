package org.dbspstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbspstudio.engine.io.Database;
import org.dbspstudio.engine.io.SqlCatalog;
import org.dbspstudio.engine.io.TableException;
import org.dbspstudio.model.SourceSpan;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.sql.SqlError;
import org.dbspstudio.model.sql.SqlFrontEnd;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbsp sql SCRIPT.sql [-o OUT.json] [--db DB]}: translates a script of CREATE TABLE and CREATE VIEW
 * statements into one snapshot circuit document (see {@link SqlFrontEnd}). With {@code --db}, the
 * tables the views read but the script does not declare come from the database's catalog
 * ({@link SqlCatalog}), and a table the script declares is checked against the database's.
 */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"Translate a SQL script (CREATE TABLE, CREATE [MATERIALIZED] VIEW) into a circuit document:",
            "an input per table, an output per view, each operator with the SQL span it came from.",
            "Exit code 0: translated; 1: the SQL has errors or unsupported constructs (each printed as",
            "FILE:LINE:COLUMN: message, nothing written); 2: the script cannot be read or OUT cannot be written.",
            "With --db, tables the views read but the script does not declare are taken from the database",
            "(types as run --db reads them; a change table's weight and step left out), and a table the script",
            "declares must agree with the database's (a conflict names table, column and both types)."})
final class SqlCommand extends DbspCommand {
    @Parameters(index = "0", paramLabel = "SCRIPT", description = "the SQL script")
    Path script;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "output file (default: standard output)")
    Path output;

    @Option(names = "--db", paramLabel = "DB", description = "a DuckDB file or JDBC URL whose tables the views may read undeclared")
    String db;

    /** The file's text, or null (after printing why) when it cannot be read as UTF-8. */
    static String read(Path file, PrintWriter err) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            err.println(file + ": cannot read: not UTF-8 text");
        } catch (IOException e) {
            err.println(file + ": cannot read: " + (e instanceof java.nio.file.NoSuchFileException ? "no such file"
                    : e.getMessage()));
        }
        return null;
    }

    /** LINE:COLUMN of the CREATE TABLE statement declaring {@code table}. */
    static java.util.Optional<String> declaration(String text, String table) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)\\bcreate\\s+(or\\s+replace\\s+)?table\\s+(if\\s+not\\s+exists\\s+)?\"?"
                + java.util.regex.Pattern.quote(table) + "\"?(\\s|\\()").matcher(text);
        if (!m.find()) {
            return java.util.Optional.empty();
        }
        int line = 1;
        int col = 1;
        for (int i = 0; i < m.start(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return java.util.Optional.of(line + ":" + col);
    }

    @Override
    int run(PrintWriter out, PrintWriter err) {
        String text = read(script, err);
        if (text == null) {
            return CliSupport.UNREADABLE;
        }
        SqlFrontEnd.Result r;
        List<String> problems = new ArrayList<>();
        int fromDb = 0;
        if (db == null) {
            r = SqlFrontEnd.compile(text);
        } else {
            try (Database database = Database.open(db)) {
                SqlCatalog.Tables catalog = SqlCatalog.read(database);
                r = SqlFrontEnd.compile(text, catalog.schemas());
                for (SqlFrontEnd.Table t : r.tables()) {
                    SourceSpan at = r.document().sources().get(t.inputId());
                    if (at == null) {
                        fromDb++;
                        continue; // from the database
                    }
                    String pos = declaration(text, t.name()).orElse(at.line() + ":" + at.column());
                    for (String m : SqlCatalog.conflicts(database, t.name(), t.schema())) {
                        problems.add(script + ":" + pos + ": " + m);
                    }
                }
                if (!r.ok()) {
                    // a view reading a table whose columns the engine cannot read: say why it is missing
                    for (Map.Entry<String, String> u : catalog.unsupported().entrySet()) {
                        if (r.errors().stream().anyMatch(e -> e.message().toLowerCase(java.util.Locale.ROOT)
                                .contains("'" + u.getKey().toLowerCase(java.util.Locale.ROOT) + "'"))) {
                            problems.add(script + ": " + u.getValue());
                        }
                    }
                }
            } catch (TableException e) {
                err.println("dbsp sql: " + e.getMessage());
                return CliSupport.UNREADABLE;
            } catch (SQLException e) {
                err.println("dbsp sql: reading the tables of " + db + ": " + e.getMessage());
                return CliSupport.UNREADABLE;
            }
        }
        if (!r.ok() || !problems.isEmpty()) {
            for (SqlError e : r.errors()) {
                err.println(script + ":" + e);
            }
            problems.forEach(err::println);
            int n = r.errors().size() + problems.size();
            err.println(n + (n == 1 ? " error" : " errors") + "; nothing written");
            return CliSupport.CIRCUIT_ERRORS;
        }
        CircuitDocument doc = r.document();
        String name = script.getFileName().toString().replaceFirst("\\.sql$", "");
        doc.setName(name);
        doc.setDescription("Translated from " + script.getFileName() + " by dbsp sql: " + r.tables().size()
                + " tables" + (fromDb > 0 ? " (" + fromDb + " from the database)" : "") + ", " + r.views().size() + " views");
        return CliSupport.emit(DocumentWriter.write(doc), output, out, err);
    }
}
