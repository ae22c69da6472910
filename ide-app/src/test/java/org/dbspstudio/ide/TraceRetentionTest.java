package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import org.dbspstudio.engine.value.StreamValue;
import org.dbspstudio.ide.debug.DebugSession;
import org.dbspstudio.ide.debug.StreamRef;
import org.dbspstudio.ide.ui.EditorTab;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** View → Trace Retention: how much of a run the debugger keeps for stepping back (issue 11, time travel). */
class TraceRetentionTest extends IdeTestBase {
    private static final StreamRef JOIN = StreamRef.top("join_user", "out");

    @AfterEach
    void unlimitedAgain() {
        fx(() -> window.debugger().setTraceRetention(0, 0));
    }

    private RadioMenuItem item(String id) {
        return fx(() -> {
            List<MenuItem> all = new ArrayList<>();
            window.menus().menuBar().getMenus().forEach(m -> collect(m, all));
            return (RadioMenuItem) all.stream().filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
        });
    }

    private static void collect(Menu m, List<MenuItem> out) {
        for (MenuItem i : m.getItems()) {
            out.add(i);
            if (i instanceof Menu sub) {
                collect(sub, out);
            }
        }
    }

    @Test
    void theChoiceIsRememberedAndUsedFromTheNextReset() {
        fx(() -> window.debugger().setTraceRetention(0, 0));
        EditorTab t = openSample("06");
        DebugSession s = fx(() -> window.debugger().session(t));
        RadioMenuItem steps = item("retention-steps-1000");
        RadioMenuItem memory = item("retention-megabytes-256");
        // what a click on a radio item does: select it, then fire its action
        fx(() -> {
            steps.setSelected(true);
            steps.fire();
        });
        fx(() -> {
            memory.setSelected(true);
            memory.fire();
        });
        assertThat(window.prefs().traceSteps()).isEqualTo(1000);
        assertThat(window.prefs().traceMegabytes()).isEqualTo(256);
        assertThat(s.options().maxRetainedSteps()).isEqualTo(1000);
        assertThat(s.options().maxRetainedBytes()).isEqualTo(256L << 20);
        assertThat(fx(() -> window.statusText())).contains("the last 1,000 steps, at most 256 MB");
        assertThat(fx(() -> item("retention-steps-0").isSelected())).isFalse();
        // a document opened later starts with the remembered choice
        assertThat(fx(() -> window.debugger().session(openSample("07")).options().maxRetainedSteps())).isEqualTo(1000);
    }

    @Test
    void olderStepsAreEvictedAndTheNewestStayExact() {
        fx(() -> window.debugger().setTraceRetention(0, 0));
        EditorTab t = openSample("06");
        DebugSession s = fx(() -> window.debugger().session(t));
        int last = t.doc().document().scenario().steps() - 1;
        assertThat(last).isGreaterThanOrEqualTo(3);
        fx(() -> s.seek(last));
        settle(t, last);
        List<StreamValue> everyStep = new ArrayList<>();
        for (int step = 0; step <= last; step++) {
            everyStep.add(s.value(JOIN, step));
        }
        assertThat(everyStep).doesNotContainNull();

        fx(() -> window.debugger().setTraceRetention(2, 0));
        // the running trace keeps every step until the next Reset
        assertThat(s.firstStep()).isZero();
        fx(() -> s.reset());
        settle(t, -1);
        fx(() -> s.seek(last));
        settle(t, last);
        assertThat(s.firstStep()).isEqualTo(last - 1);
        assertThat(s.value(JOIN, 0)).isNull();
        assertThat(s.value(JOIN, last - 1)).isEqualTo(everyStep.get(last - 1));
        assertThat(s.value(JOIN, last)).isEqualTo(everyStep.get(last));
        // stepping back stops at the first step kept
        fx(() -> s.seek(0));
        settle(t, last - 1);
        assertThat(s.value(JOIN, s.cursor())).isEqualTo(everyStep.get(last - 1));
    }
}
