package org.dbspstudio.ide.debug;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.verify.Verifier;
import org.dbspstudio.verify.VerifyReport;

/**
 * The result of Verify: pass or fail per step of the scenario (with the first differing rows)
 * and the verdict over seeded random change streams. The check runs off the JavaFX thread.
 */
public final class VerifyPanel extends VBox {
    /** Random change streams checked after the scenario. */
    public static final int RANDOM_RUNS = 5;

    private final Label verdict = new Label(NOT_VERIFIED);
    private final TableView<StepVerifier.StepCheck> table = new TableView<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dbsp-verify");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean passed;
    static final String NOT_VERIFIED = "Verify compares the incremental circuit with the original on the scenario and on random changes";
    /** A document's last verification, shown again when its tab is selected. */
    private record Shown(String verdict, List<StepVerifier.StepCheck> checks, boolean passed) {
    }

    private final java.util.Map<Object, Shown> byOwner = new java.util.WeakHashMap<>();
    private Object owner;

    public VerifyPanel() {
        setId("verify");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        verdict.setId("verify-verdict");
        verdict.setWrapText(true);
        table.setId("verify-table");
        TableColumn<StepVerifier.StepCheck, Object> step = col("step", StepVerifier.StepCheck::step);
        TableColumn<StepVerifier.StepCheck, Object> out = col("output", StepVerifier.StepCheck::output);
        TableColumn<StepVerifier.StepCheck, Object> ok = col("result", c -> c.ok() ? "✓ pass" : "✗ fail");
        ok.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Object v, boolean empty) {
                super.updateItem(v, empty);
                getStyleClass().removeAll("weight-pos", "weight-neg");
                setText(empty ? null : String.valueOf(v));
                if (!empty && v != null) {
                    getStyleClass().add(v.toString().startsWith("✓") ? "weight-pos" : "weight-neg");
                }
            }
        });
        TableColumn<StepVerifier.StepCheck, Object> rows = col("first differing rows", c -> String.join("; ", c.differences()));
        table.getColumns().addAll(List.of(step, out, ok, rows));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("not verified yet"));
        VBox.setVgrow(table, Priority.ALWAYS);
        HBox bar = new HBox(6, verdict);
        bar.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(bar, table);
    }

    private static TableColumn<StepVerifier.StepCheck, Object> col(String name,
            java.util.function.Function<StepVerifier.StepCheck, Object> f) {
        TableColumn<StepVerifier.StepCheck, Object> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue())));
        return c;
    }

    public String verdictText() {
        return verdict.getText();
    }

    public boolean passed() {
        return passed;
    }

    public List<StepVerifier.StepCheck> checks() {
        return List.copyOf(table.getItems());
    }

    /** Shows what was verified for {@code who} (a document tab), or nothing yet. */
    public void showFor(Object who) {
        owner = who;
        Shown s = who == null ? null : byOwner.get(who);
        verdict.setText(s == null ? NOT_VERIFIED : s.verdict());
        table.getItems().setAll(s == null ? List.of() : s.checks());
        passed = s != null && s.passed();
    }

    /**
     * Runs the check for {@code who} in the background; the result is kept for {@code who} and shown
     * when it is the document shown. The future completes on the JavaFX thread.
     */
    public CompletableFuture<Void> verify(Object who, Circuit original, Circuit incremental, Scenario scenario) {
        owner = who;
        byOwner.put(who, new Shown("Verifying…", List.of(), false));
        verdict.setText("Verifying…");
        table.getItems().clear();
        Circuit o = original.copy();
        Circuit i = incremental.copy();
        Scenario s = scenario.copy();
        CompletableFuture<Void> done = new CompletableFuture<>();
        worker.execute(() -> {
            List<StepVerifier.StepCheck> checks = List.of();
            String text;
            boolean ok;
            try {
                checks = s.isEmpty() ? List.of() : StepVerifier.check(o, i, s);
                VerifyReport random = new Verifier().verify(o, i, null, RANDOM_RUNS, 1L);
                long failed = checks.stream().filter(c -> !c.ok()).count();
                ok = failed == 0 && random.equivalent();
                text = (ok ? "✓ PASS — " : "✗ FAIL — ") + "scenario: " + (checks.isEmpty() ? "empty"
                        : failed == 0 ? "every step matches" : failed + " step(s) differ") + "; random changes: "
                        + random.describe().lines().findFirst().orElse("");
            } catch (Exception e) {
                ok = false;
                text = "✗ could not verify: " + e.getMessage();
            }
            List<StepVerifier.StepCheck> shown = checks;
            String t = text;
            boolean p = ok;
            Platform.runLater(() -> {
                byOwner.put(who, new Shown(t, shown, p));
                if (owner == who) {
                    showFor(who);
                }
                done.complete(null);
            });
        });
        return done;
    }
}
