package org.dbspstudio.ide.debug;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.dbspstudio.engine.scenario.CsvScenarioLoader;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;
import org.dbspstudio.verify.RandomChanges;

/**
 * The scenario editor: for one input and one step, the changes as an editable table (a column
 * per schema column and the weight), a quick-entry line to insert ({@code +w}) or delete
 * ({@code −w}) a row, actions to insert and remove steps, import CSV, and generate seeded random
 * changes. Every edit is handed to the host as a new scenario (an undoable edit of the document).
 */
public final class ScenarioPanel extends VBox {
    /** What the panel edits and how edits are applied. */
    public interface Host {
        /** The document whose scenario is edited, or null. */
        CircuitDocument document();

        /** Applies an edit (undoably) and re-runs what it changed. */
        void apply(Scenario next, String description);

        void status(String message);
    }

    private final Host host;
    private final ComboBox<String> input = new ComboBox<>();
    private final Spinner<Integer> step = new Spinner<>(0, 0, 0);
    private final Label stepsLabel = new Label();
    private final TextField rowText = new TextField();
    private final TextField weight = new TextField("1");
    private final TextField seed = new TextField("1");
    private final TableView<List<String>> table = new TableView<>();
    private boolean updating;

    public ScenarioPanel(Host host) {
        this.host = host;
        setId("scenario");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        input.setId("scenario-input");
        input.setPromptText("input");
        input.valueProperty().addListener((o, a, b) -> {
            if (!updating) {
                refresh();
            }
        });
        step.setId("scenario-step");
        step.setEditable(true);
        step.setPrefWidth(80);
        step.valueProperty().addListener((o, a, b) -> {
            if (!updating) {
                refresh();
            }
        });
        stepsLabel.setId("scenario-steps");
        Button insertStep = button("Insert step", "scenario-insert-step", "Insert an empty step after this one (later steps move on)",
                this::insertStep);
        Button removeStep = button("Remove step", "scenario-remove-step", "Remove this step of every input", this::removeStep);
        Button importCsv = button("Import CSV…", "scenario-import", "Add changes from a CSV file: lines step,weight,col1,col2,...", this::chooseCsv);
        seed.setId("scenario-seed");
        seed.setPrefColumnCount(4);
        seed.setTooltip(new Tooltip("seed of the random changes"));
        Button random = button("Random", "scenario-random", "Replace this input's changes by seeded random inserts"
                + " and deletions of present rows", this::random);
        HBox top = new HBox(6, new Label("Input"), input, new Label("Step"), step, stepsLabel, insertStep, removeStep,
                importCsv, new Label("seed"), seed, random);
        top.setAlignment(Pos.CENTER_LEFT);

        rowText.setId("scenario-row");
        rowText.setPromptText("values, e.g. 1, Alice");
        HBox.setHgrow(rowText, Priority.ALWAYS);
        rowText.setOnAction(e -> quick(1));
        weight.setId("scenario-weight");
        weight.setPrefColumnCount(3);
        weight.setTooltip(new Tooltip("weight (multiplicity) of the change"));
        Button insert = button("Insert", "scenario-insert", "Insert the row (weight +w) at this step", () -> quick(1));
        Button delete = button("Delete", "scenario-delete", "Delete the row (weight −w) at this step", () -> quick(-1));
        Button remove = button("Remove selected", "scenario-remove-rows", "Remove the selected changes", this::removeSelected);
        HBox entry = new HBox(6, new Label("Row"), rowText, new Label("w"), weight, insert, delete, remove);
        entry.setAlignment(Pos.CENTER_LEFT);

        table.setId("scenario-table");
        table.setEditable(true);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setPlaceholder(new Label("no changes at this step"));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(top, entry, table);
    }

    private static Button button(String text, String id, String tip, Runnable r) {
        Button b = new Button(text);
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> r.run());
        return b;
    }

    /** Selects the input and step being edited. */
    public void select(String inputName, int stepIndex) {
        updating = true;
        try {
            input.setValue(inputName);
            ((SpinnerValueFactory.IntegerSpinnerValueFactory) step.getValueFactory()).setMax(Math.max(stepIndex, maxStep()));
            step.getValueFactory().setValue(stepIndex);
        } finally {
            updating = false;
        }
        refresh();
    }

    public String selectedInput() {
        return input.getValue();
    }

    public int selectedStep() {
        return step.getValue() == null ? 0 : step.getValue();
    }

    public TableView<List<String>> table() {
        return table;
    }

    private Operator inputOp(String name) {
        CircuitDocument d = host.document();
        if (d == null || name == null) {
            return null;
        }
        return d.circuit().operatorsOfKind(OpKind.INPUT).stream()
                .filter(o -> name.equals(o.params().string("name"))).findFirst().orElse(null);
    }

    private StreamType typeOf(String name) {
        Operator op = inputOp(name);
        return op == null ? null : op.params().type("type");
    }

    private int maxStep() {
        CircuitDocument d = host.document();
        return d == null ? 0 : d.scenario().steps();
    }

    /** Rebuilds the panel from the document (after a change, or another document was selected). */
    public void refresh() {
        CircuitDocument d = host.document();
        updating = true;
        try {
            List<String> names = d == null ? List.of() : d.circuit().operatorsOfKind(OpKind.INPUT).stream()
                    .map(o -> o.params().string("name")).filter(java.util.Objects::nonNull).toList();
            if (!input.getItems().equals(names)) {
                String keep = input.getValue();
                input.getItems().setAll(names);
                input.setValue(keep != null && names.contains(keep) ? keep : names.isEmpty() ? null : names.get(0));
            } else if (input.getValue() == null && !names.isEmpty()) {
                input.setValue(names.get(0));
            }
            var f = (SpinnerValueFactory.IntegerSpinnerValueFactory) step.getValueFactory();
            f.setMax(Math.max(maxStep(), selectedStep()));
            stepsLabel.setText(stepsText(maxStep()));
        } finally {
            updating = false;
        }
        buildTable();
    }

    /** "of 0–3" for a scenario of 4 steps (steps are numbered from 0), "of 0" for one, "(no steps yet)" for none. */
    static String stepsText(int steps) {
        return steps <= 0 ? "(no steps yet)" : steps == 1 ? "of 0" : "of 0–" + (steps - 1);
    }

    private void buildTable() {
        table.getColumns().clear();
        table.getItems().clear();
        CircuitDocument d = host.document();
        String name = input.getValue();
        StreamType t = typeOf(name);
        if (d == null || t == null) {
            return;
        }
        int s = selectedStep();
        if (t instanceof StreamType.ZSet z) {
            RowSchema schema = z.row();
            rowText.setPromptText("values: " + String.join(", ", schema.names()));
            for (int i = 0; i <= schema.size(); i++) {
                int k = i;
                TableColumn<List<String>, String> c = new TableColumn<>(i < schema.size() ? schema.column(i).name() : "weight");
                c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().get(k)));
                c.setCellFactory(TextFieldTableCell.forTableColumn());
                c.setOnEditCommit(ev -> {
                    List<String> r = new ArrayList<>(ev.getRowValue());
                    r.set(k, ev.getNewValue());
                    int at = ev.getTablePosition().getRow();
                    commitRow(at, r, schema);
                });
                table.getColumns().add(c);
            }
            for (Change ch : ScenarioEdits.changes(d.scenario(), name, s)) {
                List<String> cells = new ArrayList<>();
                ch.row().asList().forEach(v -> cells.add(CellValues.format(v)));
                cells.add(Long.toString(ch.weight()));
                table.getItems().add(cells);
            }
            sizeColumns();
        } else {
            rowText.setPromptText("integer value at this step");
            TableColumn<List<String>, String> c = new TableColumn<>("value");
            c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().get(0)));
            table.getColumns().add(c);
            StepData sd = d.scenario().at(name, s);
            if (sd instanceof StepData.Scalar sc) {
                table.getItems().add(List.of(Long.toString(sc.value())));
            }
            sizeColumns();
        }
    }

    /** Each column as wide as its header or its widest value (within bounds), so typed values can be read. */
    private void sizeColumns() {
        for (int i = 0; i < table.getColumns().size(); i++) {
            TableColumn<List<String>, ?> c = table.getColumns().get(i);
            int chars = c.getText().length();
            for (List<String> r : table.getItems()) {
                chars = Math.max(chars, i < r.size() && r.get(i) != null ? r.get(i).length() : 0);
            }
            c.setMinWidth(60);
            c.setPrefWidth(Math.min(320, Math.max(90, 16 + 8 * chars)));
        }
    }

    private void commitRow(int at, List<String> cells, RowSchema schema) {
        CircuitDocument d = host.document();
        String name = input.getValue();
        int s = selectedStep();
        try {
            Row row = CellValues.row(cells.subList(0, schema.size()), schema);
            long w = Long.parseLong(cells.get(schema.size()).strip());
            List<Change> l = new ArrayList<>(ScenarioEdits.changes(d.scenario(), name, s));
            if (w == 0) {
                l.remove(at);
            } else {
                l.set(at, new Change(row, w));
            }
            host.apply(ScenarioEdits.setChanges(d.scenario(), name, s, l), "Edit a change of " + name + " at step " + s);
        } catch (IllegalArgumentException e) {
            host.status("Not changed: " + e.getMessage());
            buildTable();
        }
    }

    /** Inserts (sign +1) or deletes (sign −1) the row typed in the quick-entry line. */
    public void quick(int sign) {
        CircuitDocument d = host.document();
        String name = input.getValue();
        StreamType t = typeOf(name);
        if (d == null || t == null) {
            host.status("Choose an input first");
            return;
        }
        int s = selectedStep();
        try {
            long w = Long.parseLong(weight.getText().strip()) * sign;
            Scenario next;
            String what;
            if (t instanceof StreamType.ZSet z) {
                Row row = CellValues.row(CellValues.split(rowText.getText()), z.row());
                next = ScenarioEdits.addChange(d.scenario(), name, s, row, w);
                what = (w > 0 ? "Insert " : "Delete ") + row + " into " + name + " at step " + s;
            } else {
                next = ScenarioEdits.setScalar(d.scenario(), name, s, Long.parseLong(rowText.getText().strip()) * sign);
                what = "Set " + name + " at step " + s;
            }
            host.apply(next, what);
            rowText.clear();
            host.status(what);
        } catch (NumberFormatException e) {
            host.status("Not a number: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            host.status(e.getMessage());
        }
    }

    private void removeSelected() {
        CircuitDocument d = host.document();
        String name = input.getValue();
        if (d == null || name == null || table.getSelectionModel().getSelectedIndices().isEmpty()) {
            return;
        }
        int s = selectedStep();
        List<Change> l = new ArrayList<>(ScenarioEdits.changes(d.scenario(), name, s));
        List<Integer> idx = new ArrayList<>(table.getSelectionModel().getSelectedIndices());
        idx.sort(java.util.Comparator.reverseOrder());
        for (int i : idx) {
            if (i >= 0 && i < l.size()) {
                l.remove(i);
            }
        }
        host.apply(ScenarioEdits.setChanges(d.scenario(), name, s, l), "Remove changes of " + name + " at step " + s);
    }

    private void insertStep() {
        CircuitDocument d = host.document();
        if (d == null) {
            return;
        }
        Map<String, StepData> empties = new java.util.HashMap<>();
        for (Operator op : d.circuit().operatorsOfKind(OpKind.INPUT)) {
            empties.put(op.params().string("name"),
                    op.params().type("type") instanceof StreamType.Integers ? StepData.scalar(0) : StepData.EMPTY_ROWS);
        }
        int at = d.scenario().steps() == 0 ? 0 : Math.min(selectedStep() + 1, d.scenario().steps());
        host.apply(ScenarioEdits.insertStep(d.scenario(), at, empties), "Insert step " + at);
        select(input.getValue(), at);
        host.status("Inserted an empty step " + at + " (later steps moved one on)");
    }

    private void removeStep() {
        CircuitDocument d = host.document();
        if (d != null) {
            host.apply(ScenarioEdits.removeStep(d.scenario(), selectedStep()), "Remove step " + selectedStep());
        }
    }

    private void chooseCsv() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Import changes of " + input.getValue());
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv", "*.txt"));
        Path p = java.util.Optional.ofNullable(fc.showOpenDialog(getScene() == null ? null : getScene().getWindow()))
                .map(java.io.File::toPath).orElse(null);
        if (p == null) {
            return;
        }
        try {
            importCsv(Files.readString(p));
        } catch (java.io.IOException e) {
            host.status("Cannot read " + p + ": " + e.getMessage());
        }
    }

    /**
     * Adds the changes of a CSV text to the selected input, read by the engine's
     * {@link CsvScenarioLoader} (lines {@code step,weight,col1,...}; an integer input's lines
     * {@code step,value} set its values).
     */
    public void importCsv(String text) {
        CircuitDocument d = host.document();
        String name = input.getValue();
        StreamType t = typeOf(name);
        if (d == null || t == null) {
            host.status("Choose an input first");
            return;
        }
        try {
            List<StepData> steps = CsvScenarioLoader.parse(text, name + ".csv", t);
            Scenario next = d.scenario();
            int n = 0;
            for (int s = 0; s < steps.size(); s++) {
                if (steps.get(s) instanceof StepData.Rows r && !r.changes().isEmpty()) {
                    List<Change> l = new ArrayList<>(ScenarioEdits.changes(next, name, s));
                    l.addAll(r.changes());
                    next = ScenarioEdits.setChanges(next, name, s, l);
                    n += r.changes().size();
                } else if (steps.get(s) instanceof StepData.Scalar sc) {
                    next = ScenarioEdits.setScalar(next, name, s, sc.value());
                    n++;
                }
            }
            host.apply(next, "Import " + n + " changes into " + name);
            host.status("Imported " + n + " changes into " + name);
        } catch (CsvScenarioLoader.CsvException e) {
            host.status("CSV: " + e.getMessage());
        }
    }

    /** Replaces the selected input's changes by seeded random ones (as many steps as the scenario, at least 4). */
    public void random() {
        CircuitDocument d = host.document();
        String name = input.getValue();
        if (d == null || name == null) {
            return;
        }
        long sd;
        try {
            sd = Long.parseLong(seed.getText().strip());
        } catch (NumberFormatException e) {
            host.status("The seed must be an integer");
            return;
        }
        int steps = Math.max(4, d.scenario().steps());
        Scenario gen = new RandomChanges(steps, 3, 4).generate(d.circuit(), sd);
        Scenario next = d.scenario().copy();
        next.put(name, gen.of(name));
        host.apply(next, "Random changes for " + name + " (seed " + sd + ")");
    }
}
