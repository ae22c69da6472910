package org.dbspstudio.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.dbspstudio.fixtures.ArchitectureRules.check;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.dbspstudio.engine.run.Simulation;
import org.dbspstudio.fixtures.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine and the command line know nothing of JavaFX or the IDE (README, "Modules": ide-app →
 * engine → circuit-model). That the model does not use the engine is checked by circuit-model's
 * own ArchitectureTest.
 */
class ArchitectureTest {
    private static final String[] ENGINE = {"org.dbspstudio.engine..", "org.dbspstudio.cli..", "org.dbspstudio.verify.."};
    private static JavaClasses engine;

    @BeforeAll
    static void importEngine() {
        engine = ArchitectureRules.classesOf(Simulation.class);
    }

    @Test
    void theEngineIsThere() {
        assertThat(engine.containPackage("org.dbspstudio.engine")).isTrue();
    }

    @Test
    void noJavaFx() {
        check(ArchitectureRules.noJavaFx("nothing in circuit-model or engine imports JavaFX", ENGINE), engine);
    }

    @Test
    void noIde() {
        check(ArchitectureRules.noneUse(ENGINE, "dependencies point one way: ide-app → engine → circuit-model",
                "org.dbspstudio.ide.."), engine);
    }

    @Test
    void noScriptEngines() {
        check(ArchitectureRules.noScriptEngines("the engine evaluates expressions with the project's own evaluator", ENGINE),
                engine);
    }
}
