package org.dbspstudio.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The engine and the command line know nothing of JavaFX or the IDE (architecture.md: ide-app → engine → circuit-model). */
@AnalyzeClasses(packages = {"org.dbspstudio.engine", "org.dbspstudio.cli", "org.dbspstudio.model"},
        importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noJavaFx = noClasses().that().resideInAnyPackage("org.dbspstudio.engine..", "org.dbspstudio.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "atlantafx..")
            .because("nothing in circuit-model or engine imports JavaFX")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule noIde = noClasses().that().resideInAnyPackage("org.dbspstudio.engine..", "org.dbspstudio.cli..")
            .should().dependOnClassesThat().resideInAPackage("org.dbspstudio.ide..")
            .because("dependencies point one way: ide-app → engine → circuit-model")
            .allowEmptyShould(true);

    @ArchTest
    static final ArchRule modelDoesNotUseTheEngine = noClasses().that().resideInAPackage("org.dbspstudio.model..")
            .should().dependOnClassesThat().resideInAnyPackage("org.dbspstudio.engine..", "org.dbspstudio.cli..")
            .because("the model is below the engine");

    @ArchTest
    static final ArchRule noScriptEngines = noClasses().that().resideInAnyPackage("org.dbspstudio.engine..", "org.dbspstudio.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("javax.script..")
            .because("the engine evaluates expressions with the project's own evaluator")
            .allowEmptyShould(true);
}
