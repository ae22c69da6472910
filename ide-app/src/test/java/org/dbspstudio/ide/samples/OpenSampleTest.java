package org.dbspstudio.ide.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import org.dbspstudio.ide.IdeTestBase;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.Layout;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** File → Open Sample exists, and every sample opens as an untitled tab with its operators where the layout puts them. */
class OpenSampleTest extends IdeTestBase {
    @Test
    void theFileMenuOffersOpenSample() {
        MenuBar bar = (MenuBar) window.scene().lookup("#menu-bar");
        Menu file = bar.getMenus().get(0);
        assertThat(file.getItems()).extracting(MenuItem::getText).contains("Open Sample…");
    }

    @Test
    void theDialogListsTheSamplesWithTheirDescriptionsAndOpensTheChosenOne(FxRobot robot) {
        List<SampleCatalog.Sample> samples = SampleCatalog.load();
        int tabsBefore = window.tabs().size();
        Platform.runLater(() -> SampleBrowser.show(window));
        WaitForAsyncUtils.waitForFxEvents();
        ListView<SampleCatalog.Sample> list = robot.lookup("#sample-list").queryListView();
        assertThat(list.getItems()).hasSize(samples.size());
        WaitForAsyncUtils.waitForAsyncFx(5000, () -> list.getSelectionModel().select(5));
        Label description = robot.lookup("#sample-description").queryAs(Label.class);
        assertThat(description.getText()).isEqualTo(samples.get(5).description());
        DialogPane pane = robot.lookup("#sample-browser").queryAs(DialogPane.class);
        Button open = (Button) pane.lookupButton(pane.getButtonTypes().get(0));
        assertThat(open.getText()).isEqualTo("Open");
        WaitForAsyncUtils.waitForAsyncFx(5000, open::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.tabs()).hasSize(tabsBefore + 1);
        assertThat(window.current().orElseThrow().doc().document().name()).isEqualTo(samples.get(5).name());
    }

    @Test
    void everySampleOpensWithItsLayout() {
        List<SampleCatalog.Sample> samples = SampleCatalog.load();
        assertThat(samples).hasSizeGreaterThanOrEqualTo(12);
        for (SampleCatalog.Sample s : samples) {
            EditorTab tab = WaitForAsyncUtils.waitFor(WaitForAsyncUtils.asyncFx(
                    () -> SampleBrowser.open(window, s).orElseThrow()));
            WaitForAsyncUtils.waitForFxEvents();
            CircuitDocument doc = tab.doc().document();
            assertThat(tab.doc().file()).as("a sample opens untitled").isNull();
            assertThat(doc.name()).isEqualTo(s.name());
            var nodes = tab.canvas().nodes();
            for (String id : doc.circuit().operatorIds()) {
                assertThat(nodes).as("%s: operator %s drawn", s.file(), id).containsKey(id);
                Layout.Point p = doc.layout().get(id);
                assertThat(nodes.get(id).getLayoutX()).as("%s: x of %s", s.file(), id).isEqualTo(p.x());
                assertThat(nodes.get(id).getLayoutY()).as("%s: y of %s", s.file(), id).isEqualTo(p.y());
            }
        }
        assertThat(window.tabs()).hasSizeGreaterThanOrEqualTo(samples.size());
    }
}
