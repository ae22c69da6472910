package org.dbspstudio.ide.debug;

import java.util.List;
import java.util.function.Supplier;
import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import org.dbspstudio.ide.ui.Icons;

/**
 * The time controls: Reset, Step back, Step, Run to step N, Play/Pause with a speed slider, the
 * current step, a slider over the recorded steps, and a progress bar with Cancel for long runs.
 * They act on the session {@code current} supplies (the selected document's).
 */
public final class TimeControls {
    private final Supplier<DebugSession> current;
    private final Button reset = button("Reset", "mdi2r-restart", true, "debug-reset", "Reset: back to before step 0");
    private final Button back = button("Back", "mdi2s-step-backward", false, "debug-back", "Step back to the previous recorded step (Shift+F8)");
    private final Button step = button("Step", "mdi2s-step-forward", false, "debug-step", "Run or show the next step (F8)");
    private final TextField target = new TextField();
    private final Button runTo = button("Run to", "mdi2f-fast-forward", false, "debug-run-to", "Run to the step typed on the left (stops at a breakpoint)");
    private final ToggleButton play = new ToggleButton("Play");
    private final Slider speed = new Slider(1, 20, 4);
    private final Label stepLabel = new Label("step –");
    private final Slider timeline = new Slider(0, 0, 0);
    private final ProgressBar progress = new ProgressBar(0);
    private final Button cancel = button("Cancel", "mdi2s-stop", true, "debug-cancel", "Cancel the run");
    private DebugSession bound;
    private boolean updating;
    private final ChangeListener<Object> refresh = (o, a, b) -> update();

    public TimeControls(Supplier<DebugSession> current) {
        this.current = current;
        reset.setOnAction(e -> with(DebugSession::reset));
        back.setOnAction(e -> with(DebugSession::stepBack));
        step.setOnAction(e -> with(DebugSession::step));
        target.setId("debug-target");
        target.setPrefColumnCount(4);
        target.setPromptText("N");
        target.setOnAction(e -> runTo());
        runTo.setOnAction(e -> runTo());
        play.setId("debug-play");
        Icons.decorate(play, "mdi2p-play", false);
        play.selectedProperty().addListener((o, was, on) -> {
            play.setText(on ? "Pause" : "Play");
            ((org.kordamp.ikonli.javafx.FontIcon) play.getGraphic()).setIconLiteral(on ? "mdi2p-pause" : "mdi2p-play");
        });
        play.setFocusTraversable(false);
        Icons.tip(play, "Play through the scenario (stops at a breakpoint); the slider on the right sets steps per second");
        play.setOnAction(e -> {
            DebugSession s = current.get();
            if (s == null) {
                play.setSelected(false);
            } else if (play.isSelected()) {
                s.play(Math.round(1000 / speed.getValue())).thenRun(() -> play.setSelected(false));
            } else {
                s.cancel();
            }
        });
        speed.setId("debug-speed");
        speed.setPrefWidth(70);
        Icons.tip(speed, "Play speed (steps per second)");
        stepLabel.setId("debug-step-label");
        stepLabel.setMinWidth(110);
        Icons.tip(stepLabel, "The step shown, and the steps of the scenario (numbered from 0)");
        timeline.setId("debug-slider");
        timeline.setPrefWidth(160);
        timeline.setMajorTickUnit(1);
        timeline.setMinorTickCount(0);
        timeline.setSnapToTicks(true);
        timeline.valueProperty().addListener((o, a, b) -> {
            DebugSession s = current.get();
            if (!updating && s != null && b.intValue() != s.cursor()) {
                s.seek(b.intValue());
            }
        });
        progress.setId("debug-progress");
        progress.setPrefWidth(90);
        cancel.setOnAction(e -> {
            DebugSession s = current.get();
            if (s != null) {
                s.cancel();
            }
        });
        update();
    }

    private static Button button(String text, String icon, boolean iconOnly, String id, String tip) {
        Button b = Icons.decorate(new Button(text), icon, iconOnly);
        b.setId(id);
        Icons.tip(b, tip);
        b.setFocusTraversable(false);
        return b;
    }

    private void with(java.util.function.Consumer<DebugSession> action) {
        DebugSession s = current.get();
        if (s != null) {
            action.accept(s);
        }
    }

    private void runTo() {
        try {
            int n = Integer.parseInt(target.getText().strip());
            with(s -> s.seek(Math.max(0, n)));
        } catch (NumberFormatException e) {
            target.setText("");
        }
    }

    /** The controls, in tool bar order. */
    public List<Node> nodes() {
        return List.of(new Label("Run"), reset, back, step, target, runTo, play, new Label("speed"), speed, stepLabel, timeline, progress, cancel);
    }

    /** Follows another session (the selected document changed). */
    public void bind(DebugSession s) {
        if (bound != null) {
            bound.versionProperty().removeListener(refresh);
            bound.busyProperty().removeListener(refresh);
            bound.progressProperty().removeListener(refresh);
        }
        bound = s;
        if (s != null) {
            s.versionProperty().addListener(refresh);
            s.busyProperty().addListener(refresh);
            s.progressProperty().addListener(refresh);
        }
        update();
    }

    private void update() {
        DebugSession s = bound;
        boolean none = s == null;
        for (Node n : List.of(reset, back, step, target, runTo, play, timeline)) {
            n.setDisable(none);
        }
        double p = none ? -1 : s.progressProperty().get();
        progress.setVisible(p >= 0);
        progress.setProgress(Math.max(0, p));
        cancel.setVisible(!none && s.busyProperty().get());
        if (none) {
            stepLabel.setText("step –");
            return;
        }
        updating = true;
        try {
            int c = s.cursor();
            int n = s.stepsRun();
            stepLabel.setText((c < 0 ? "step – " : "step " + c + " ") + ScenarioPanel.stepsText(s.scenarioSteps())
                    + (s.failure() != null ? " ✗" : ""));
            timeline.setMin(Math.max(0, s.firstStep()));
            timeline.setMax(Math.max(0, Math.max(n - 1, s.scenarioSteps() - 1)));
            timeline.setValue(Math.max(0, c));
            back.setDisable(c <= s.firstStep());
        } finally {
            updating = false;
        }
    }
}
