package org.dbspstudio.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.dbspstudio.engine.ops.Ops;
import org.dbspstudio.model.Clock;
import org.dbspstudio.model.Incrementalization;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Params;
import org.dbspstudio.model.rewrite.FallbackRule;
import org.dbspstudio.model.rewrite.Incrementalizer;
import org.dbspstudio.model.rewrite.OperatorRule;
import org.dbspstudio.model.rewrite.OperatorRules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What adding an operator kind takes. The catalog entry ({@link OpKind}) is the one home of a
 * kind's facts; beyond it a kind needs a typing rule and an engine node (exhaustive switches the
 * compiler flags), a rewrite rule for its incrementalization, and a sample that runs it.
 */
class CatalogTest {
    /** Kinds no sample uses yet (each is covered by fixtures and unit tests); the list may only shrink. */
    private static final Set<OpKind> WITHOUT_SAMPLE = EnumSet.of(OpKind.CONSTANT, OpKind.NEGATE, OpKind.FLATMAP,
            OpKind.PRODUCT, OpKind.INDEX, OpKind.UNION, OpKind.DIFFERENCE, OpKind.SCALAR);

    @Test
    void everyKindHasAnEngineNodeARewriteRuleAndASample() {
        Set<OpKind> inSamples = EnumSet.noneOf(OpKind.class);
        for (Path f : SampleFiles.all()) {
            SampleFiles.load(f).circuit().forEachDeep(op -> inSamples.add(op.kind()));
            // an incremental primitive (H, H₂) is used by a sample when the sample's incremental form runs it
            Incrementalizer.incrementalize(SampleFiles.load(f).circuit()).incremental().forEachDeep(op -> {
                if (op.kind().incrementalization() == Incrementalization.PRIMITIVE) {
                    inSamples.add(op.kind());
                }
            });
        }
        List<String> missing = new ArrayList<>();
        for (OpKind k : OpKind.values()) {
            if (Ops.factory(k) == null) {
                missing.add(k.json() + ": no engine node in Ops");
            }
            String rule = ruleProblem(k);
            if (rule != null) {
                missing.add(k.json() + ": " + rule);
            }
            if (!inSamples.contains(k) && !WITHOUT_SAMPLE.contains(k)) {
                missing.add(k.json() + ": no sample uses it (add one to samples/)");
            }
            if (inSamples.contains(k) && WITHOUT_SAMPLE.contains(k)) {
                missing.add(k.json() + ": a sample uses it now; take it off CatalogTest.WITHOUT_SAMPLE");
            }
        }
        assertThat(missing).as("what the catalog's kinds lack").isEmpty();
    }

    /** Why no rewrite rule handles kind {@code k} as its incrementalization declares, or null. */
    private static String ruleProblem(OpKind k) {
        Incrementalization how = k.incrementalization();
        if (how == Incrementalization.BOUNDARY || how == Incrementalization.DESUGAR) {
            return null; // the wrap rule places I/D around sources and sinks; the desugar rule expands sugar first
        }
        Operator op = new Operator("x", k, Params.of(k, k.spec().starting().apply("x")), null);
        OperatorRule rule = OperatorRules.standard().select(op, Clock.INNER);
        boolean fallbackDeclared = how == Incrementalization.FALLBACK || how == Incrementalization.PRIMITIVE;
        if (rule instanceof FallbackRule && !fallbackDeclared) {
            return "declares " + how + " but only the fallback rule (D ∘ Q ∘ I) rewrites it; add an OperatorRule";
        }
        return null;
    }

    /**
     * Adds a throw-away kind to a copy of the catalog's source, with nothing else, and compiles the
     * model and the engine: the compiler names exactly the two places a kind must be written
     * beyond its catalog entry — its typing rule and its engine node. Everything else (ports,
     * groups, positivity, label, DOT shape, palette, starting parameters, rewrite dispatch) is read
     * from the catalog entry.
     */
    @Test
    void aThrowAwayKindIsFlaggedInTypingAndTheEngineOnly(@TempDir Path out) throws IOException {
        Path root = SampleFiles.folder().toAbsolutePath().getParent();
        Path opKind = root.resolve("circuit-model/src/main/java/org/dbspstudio/model/OpKind.java");
        String source = Files.readString(opKind);
        String anchor = "    NESTED(kind(";
        assertThat(source).contains(anchor);
        String withKind = source.replace(anchor, """
                    THROWAWAY(kind("throwaway", "t", "Throw-away", RELATIONAL)
                            .input("in", ROWS).output("out")
                            .incrementalization(Incrementalization.UNCHANGED)),
                """ + anchor);
        Path copy = out.resolve("src/org/dbspstudio/model/OpKind.java");
        Files.createDirectories(copy.getParent());
        Files.writeString(copy, withKind);

        List<Path> sources = new ArrayList<>();
        sources.add(copy);
        for (String module : List.of("circuit-model", "engine")) {
            try (Stream<Path> s = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                s.filter(f -> f.toString().endsWith(".java") && !f.equals(opKind)).forEach(sources::add);
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-proc:none", "-implicit:none", "-nowarn", "-XDshould-stop.ifError=FLOW", "-Xmaxerrs", "1000", "-d", out.resolve("classes").toString(),
                    "-classpath", System.getProperty("java.class.path"));
            javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
        }
        Set<String> flagged = new TreeSet<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                flagged.add(Path.of(d.getSource().toUri()).getFileName() + ": " + d.getMessage(Locale.ROOT).lines().findFirst().orElse(""));
            }
        }
        assertThat(flagged).hasSize(2).anySatisfy(m -> assertThat(m).startsWith("Typing.java").contains("switch"))
                .anySatisfy(m -> assertThat(m).startsWith("Ops.java").contains("switch"));
    }
}
