package org.dbspstudio.model;

import static org.dbspstudio.fixtures.ArchitectureRules.check;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.dbspstudio.fixtures.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The model knows nothing of the UI, the engine or the IDE (README, "Modules": ide-app → engine →
 * circuit-model), and its packages build on each other one way.
 */
class ArchitectureTest {
    private static final String MODEL = "org.dbspstudio.model..";
    private static JavaClasses model;

    @BeforeAll
    static void importModel() {
        model = ArchitectureRules.classesOf(Circuit.class);
    }

    @Test
    void noJavaFx() {
        check(ArchitectureRules.noJavaFx("nothing in circuit-model or engine imports JavaFX", MODEL), model);
    }

    @Test
    void noEngineOrIde() {
        check(ArchitectureRules.noneUse(new String[] {MODEL}, "dependencies point one way: ide-app → engine → circuit-model",
                "org.dbspstudio.engine..", "org.dbspstudio.cli..", "org.dbspstudio.ide.."), model);
    }

    @Test
    void noScriptEngines() {
        check(ArchitectureRules.noScriptEngines("opening a circuit file never executes arbitrary code", MODEL), model);
    }

    @Test
    void packagesFormNoCycles() {
        check(ArchitectureRules.packagesFormNoCycles("org.dbspstudio.model",
                "typing, graph, validate, rewrite, export, json and expr build on each other one way"), model);
    }

    @Test
    void theRootPackageUsesOnlyTypesAndExpressions() {
        check(com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses().that().resideInAPackage("org.dbspstudio.model")
                .should().dependOnClassesThat().resideInAnyPackage("org.dbspstudio.model.typing..",
                        "org.dbspstudio.model.graph..", "org.dbspstudio.model.validate..", "org.dbspstudio.model.rewrite..",
                        "org.dbspstudio.model.export..", "org.dbspstudio.model.json..")
                .because("the circuit and the catalog are what the other packages read"), model);
    }
}
