package org.dbspstudio.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.DocumentWriter;
import org.dbspstudio.model.sql.SqlError;
import org.dbspstudio.model.sql.SqlFrontEnd;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dbsp sql SCRIPT.sql [-o OUT.json]}: translates a script of CREATE TABLE and CREATE VIEW
 * statements into one snapshot circuit document (see {@link SqlFrontEnd}).
 */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"Translate a SQL script (CREATE TABLE, CREATE [MATERIALIZED] VIEW) into a circuit document:",
            "an input per table, an output per view, each operator with the SQL span it came from.",
            "Exit code 0: translated; 1: the SQL has errors or unsupported constructs (each printed as",
            "FILE:LINE:COLUMN: message, nothing written); 2: the script cannot be read or OUT cannot be written."})
final class SqlCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCRIPT", description = "the SQL script")
    Path script;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "output file (default: standard output)")
    Path output;

    @Spec
    CommandSpec spec;

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

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String text = read(script, err);
        if (text == null) {
            return CliSupport.UNREADABLE;
        }
        SqlFrontEnd.Result r = SqlFrontEnd.compile(text);
        if (!r.ok()) {
            for (SqlError e : r.errors()) {
                err.println(script + ":" + e);
            }
            err.println(r.errors().size() + (r.errors().size() == 1 ? " error" : " errors") + "; nothing written");
            return CliSupport.CIRCUIT_ERRORS;
        }
        CircuitDocument doc = r.document();
        String name = script.getFileName().toString().replaceFirst("\\.sql$", "");
        doc.setName(name);
        doc.setDescription("Translated from " + script.getFileName() + " by dbsp sql: " + r.tables().size()
                + " tables, " + r.views().size() + " views");
        String json = DocumentWriter.write(doc);
        if (output == null) {
            spec.commandLine().getOut().print(json);
            spec.commandLine().getOut().flush();
        } else {
            try {
                Files.writeString(output, json, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println(output + ": cannot write: " + e.getMessage());
                return CliSupport.UNREADABLE;
            }
        }
        return CliSupport.OK;
    }
}
