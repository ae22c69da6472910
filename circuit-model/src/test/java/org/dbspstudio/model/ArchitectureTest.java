package org.dbspstudio.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The model knows nothing of the UI, the engine or the IDE (architecture.md: ide-app → engine → circuit-model). */
@AnalyzeClasses(packages = "org.dbspstudio.model", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noJavaFx = noClasses().that().resideInAPackage("org.dbspstudio.model..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "atlantafx..")
            .because("nothing in circuit-model or engine imports JavaFX");

    @ArchTest
    static final ArchRule noEngineOrIde = noClasses().that().resideInAPackage("org.dbspstudio.model..")
            .should().dependOnClassesThat().resideInAnyPackage("org.dbspstudio.engine..", "org.dbspstudio.cli..",
                    "org.dbspstudio.ide..")
            .because("dependencies point one way: ide-app → engine → circuit-model");

    @ArchTest
    static final ArchRule noScriptEngines = noClasses().that().resideInAPackage("org.dbspstudio.model..")
            .should().dependOnClassesThat().resideInAnyPackage("javax.script..")
            .because("opening a circuit file never executes arbitrary code");
}
