package org.dbspstudio.ide.debug;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.dbspstudio.engine.run.OpStats;
import org.dbspstudio.model.Operator;

/**
 * Per-operator statistics at the current step, operators sorted by work (rows touched), with
 * the toggle for the canvas heat map.
 */
public final class StatisticsPanel extends VBox {
    /** One operator's statistics. */
    public record OpRow(String id, String kind, long work, long rowsIn, long rowsOut, long state, double micros) {
    }

    private final TableView<OpRow> table = new TableView<>();
    private final CheckBox heat = new CheckBox("Heat map on the canvas");
    private final Label total = new Label();
    private DebugSession session;

    public StatisticsPanel() {
        setId("statistics");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        heat.setId("heatmap-toggle");
        total.setId("stats-total");
        table.setId("stats-table");
        table.getColumns().add(col("operator", OpRow::id));
        table.getColumns().add(col("kind", OpRow::kind));
        table.getColumns().add(col("work (rows)", OpRow::work));
        table.getColumns().add(col("rows in", OpRow::rowsIn));
        table.getColumns().add(col("rows out", OpRow::rowsOut));
        table.getColumns().add(col("state (rows)", OpRow::state));
        table.getColumns().add(col("time (µs)", r -> Math.round(r.micros())));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("run a step to see statistics"));
        VBox.setVgrow(table, Priority.ALWAYS);
        HBox bar = new HBox(10, heat, total);
        bar.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(bar, table);
    }

    private static <T> TableColumn<OpRow, T> col(String name, java.util.function.Function<OpRow, T> f) {
        TableColumn<OpRow, T> c = new TableColumn<>(name);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue())));
        return c;
    }

    public BooleanProperty heatMapProperty() {
        return heat.selectedProperty();
    }

    public List<OpRow> rows() {
        return List.copyOf(table.getItems());
    }

    public void bind(DebugSession s) {
        session = s;
        refresh();
    }

    /** Statistics of every operator of the session's document at a step, most work first. */
    public static List<OpRow> collect(DebugSession s, int step) {
        List<OpRow> out = new ArrayList<>();
        if (s == null || step < 0) {
            return out;
        }
        for (Operator op : s.document().circuit().allOperators().values()) {
            OpStats st = s.stats(op.id(), step);
            if (st != null) {
                out.add(new OpRow(op.id(), op.kind().json(), st.work(), st.rowsIn(), st.rowsOut(), st.stateSize(),
                        st.nanos() / 1000.0));
            }
        }
        out.sort(Comparator.comparingLong(OpRow::work).reversed().thenComparing(OpRow::id));
        return out;
    }

    public void refresh() {
        List<OpRow> rows = session == null ? List.of() : collect(session, session.cursor());
        table.getItems().setAll(rows);
        long work = rows.stream().mapToLong(OpRow::work).sum();
        total.setText(rows.isEmpty() ? "" : "step " + session.cursor() + ": " + work + " rows of work in total");
    }
}
