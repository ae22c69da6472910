package org.dbspstudio.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The model knows nothing of the UI, the engine or the IDE (architecture.md: ide-app → engine →
 * circuit-model). ArchUnit records the names a class refers to even when they are not on the
 * classpath, so the engine and JavaFX need not be present to check that nothing uses them.
 */
class ArchitectureTest {
    private static JavaClasses model;

    @BeforeAll
    static void importModel() {
        // only the model's own classes: do not import Calcite, Jackson, ... behind them (slow)
        model = ArchConfiguration.withThreadLocalScope(config -> {
            config.setResolveMissingDependenciesFromClassPath(false);
            // the module's own classes folder (or jar), not the whole classpath
            return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importLocations(Set.of(Location.of(Circuit.class.getProtectionDomain().getCodeSource().getLocation())));
        });
    }

    private static void check(ArchRule rule) {
        ArchConfiguration.withThreadLocalScope(config -> {
            config.setResolveMissingDependenciesFromClassPath(false);
            rule.check(model);
        });
    }

    @Test
    void noJavaFx() {
        check(noClasses().that().resideInAPackage("org.dbspstudio.model..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "atlantafx..")
                .because("nothing in circuit-model or engine imports JavaFX"));
    }

    @Test
    void noEngineOrIde() {
        check(noClasses().that().resideInAPackage("org.dbspstudio.model..")
                .should().dependOnClassesThat().resideInAnyPackage("org.dbspstudio.engine..", "org.dbspstudio.cli..",
                        "org.dbspstudio.ide..")
                .because("dependencies point one way: ide-app → engine → circuit-model"));
    }

    @Test
    void noScriptEngines() {
        check(noClasses().that().resideInAPackage("org.dbspstudio.model..")
                .should().dependOnClassesThat().resideInAnyPackage("javax.script..")
                .because("opening a circuit file never executes arbitrary code"));
    }

    @Test
    void packagesFormNoCycles() {
        check(slices().matching("org.dbspstudio.model.(*)..").should().beFreeOfCycles()
                .because("typing, graph, validate, rewrite, export, json and expr build on each other one way"));
    }

    @Test
    void theRootPackageUsesOnlyTypesAndExpressions() {
        check(noClasses().that().resideInAPackage("org.dbspstudio.model")
                .should().dependOnClassesThat().resideInAnyPackage("org.dbspstudio.model.typing..",
                        "org.dbspstudio.model.graph..", "org.dbspstudio.model.validate..", "org.dbspstudio.model.rewrite..",
                        "org.dbspstudio.model.export..", "org.dbspstudio.model.json..")
                .because("the circuit and the catalog are what the other packages read"));
    }
}
