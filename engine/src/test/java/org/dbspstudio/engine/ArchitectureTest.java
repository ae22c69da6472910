package org.dbspstudio.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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
 * The engine and the command line know nothing of JavaFX or the IDE (architecture.md: ide-app →
 * engine → circuit-model). That the model does not use the engine is checked by circuit-model's
 * own ArchitectureTest.
 */
class ArchitectureTest {
    private static JavaClasses engine;

    @BeforeAll
    static void importEngine() {
        // only this module's classes: do not import the libraries behind them (slow)
        engine = ArchConfiguration.withThreadLocalScope(config -> {
            config.setResolveMissingDependenciesFromClassPath(false);
            // the module's own classes folder (or jar), not the whole classpath
            return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importLocations(Set.of(Location.of(org.dbspstudio.engine.run.Simulation.class.getProtectionDomain().getCodeSource().getLocation())));
        });
    }

    private static void check(ArchRule rule) {
        ArchConfiguration.withThreadLocalScope(config -> {
            config.setResolveMissingDependenciesFromClassPath(false);
            rule.check(engine);
        });
    }

    @Test
    void theEngineIsThere() {
        org.assertj.core.api.Assertions.assertThat(engine.containPackage("org.dbspstudio.engine")).isTrue();
    }

    @Test
    void noJavaFx() {
        check(noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "atlantafx..")
                .because("nothing in circuit-model or engine imports JavaFX"));
    }

    @Test
    void noIde() {
        check(noClasses().should().dependOnClassesThat().resideInAPackage("org.dbspstudio.ide..")
                .because("dependencies point one way: ide-app → engine → circuit-model"));
    }

    @Test
    void noScriptEngines() {
        check(noClasses().should().dependOnClassesThat().resideInAnyPackage("javax.script..")
                .because("the engine evaluates expressions with the project's own evaluator"));
    }
}
