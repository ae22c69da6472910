package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The guard every UI test runs under: a CSS warning in the log fails the test ({@link CssWarnings}). */
@ExtendWith(ApplicationExtension.class)
class CssWarningsTest {
    private final Label label = new Label("styled");

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(label), 200, 100));
        stage.show();
    }

    private void style(String css) {
        WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(() -> {
            label.setStyle(css);
            label.applyCss();
        }));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void anUnresolvedColourAndAValueOfTheWrongTypeAreCaughtAndFailTheTest() {
        style("-fx-text-fill: -color-no-such-colour;");
        assertThat(CssWarnings.problems()).as("unresolved looked-up colour").isNotEmpty()
                .anySatisfy(p -> assertThat(p).contains("-color-no-such-colour"));
        assertThatThrownBy(() -> new CssWarnings().afterEach(context("aTest()")))
                .isInstanceOf(AssertionError.class).hasMessageContaining("aTest()").hasMessageContaining("-color-no-such-colour");
        assertThat(CssWarnings.problems()).as("reported once, then forgotten").isEmpty();

        style("-fx-background-color: \"text\";");
        assertThat(CssWarnings.take()).as("a string where a paint belongs").isNotEmpty();
    }

    private static ExtensionContext context(String name) {
        return (ExtensionContext) Proxy.newProxyInstance(CssWarningsTest.class.getClassLoader(),
                new Class<?>[] {ExtensionContext.class}, (p, m, args) -> {
                    if (m.getName().equals("getDisplayName")) {
                        return name;
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }
}
