package org.dbspstudio.ide.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.dbspstudio.model.AggCall;
import org.dbspstudio.model.AggFunction;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.ParamSpec;
import org.dbspstudio.model.typing.Typing;
import org.dbspstudio.model.types.StreamType;

/**
 * Edits the selected operator: its id and every parameter its kind declares ({@link ParamSpec}),
 * with an editor per parameter type. Expressions are checked live with the model's typing rules
 * against the types reaching the operator; changes commit on Enter or when the field loses focus.
 */
public final class PropertiesPanel extends ScrollPane {
    private final VBox body = new VBox();
    private EditorTab tab;
    private Operator shown;
    private Label typing;

    public PropertiesPanel() {
        body.getStyleClass().add("props");
        setContent(body);
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setMinWidth(220);
        setPrefWidth(290);
        setId("properties");
    }

    /** Shows the state of {@code t} (null: no document). */
    public void show(EditorTab t) {
        Operator op = t == null ? null : t.doc().singleSelection().orElse(null);
        if (t == tab && op != null && op.equals(shown)) {
            updateTyping(op);
            return;
        }
        tab = t;
        shown = op;
        body.getChildren().clear();
        Label title = new Label("Properties");
        title.getStyleClass().add("side-title");
        body.getChildren().add(title);
        if (t == null) {
            return;
        }
        if (op == null) {
            int n = t.doc().selectedOperators().size();
            body.getChildren().add(new Label(n == 0 ? "Select an operator to edit it." : n + " operators selected."));
            body.getChildren().add(help(t.doc().current().operators().size() + " operators, "
                    + t.doc().current().streams().size() + " streams in this circuit."));
            return;
        }
        Label glyph = new Label(op.kind().glyph());
        glyph.getStyleClass().add("kind-glyph");
        Label kind = new Label(op.kind().title());
        kind.setStyle("-fx-font-weight: bold;");
        Label algebra = new Label(Palette.describe(op.kind()));
        algebra.getStyleClass().add("algebra");
        body.getChildren().add(new HBox(10, glyph, new VBox(kind, algebra)));
        TextField id = new TextField(op.id());
        id.setId("prop-id");
        commitOn(id, () -> {
            if (!id.getText().equals(op.id())) {
                t.rename(op.id(), id.getText().trim());
            }
        });
        body.getChildren().addAll(name("id"), id);
        for (ParamSpec spec : op.kind().params()) {
            body.getChildren().add(editor(t, op, spec));
        }
        typing = new Label();
        typing.setWrapText(true);
        body.getChildren().add(typing);
        updateTyping(op);
    }

    private void updateTyping(Operator op) {
        if (typing == null) {
            return;
        }
        String err = tab.analysis().types() == null ? null : errorOf(op);
        typing.getStyleClass().setAll("label", err == null ? "check-ok" : "check-error");
        typing.setText(err == null ? outputs(op) : "✗ " + err);
    }

    private String errorOf(Operator op) {
        return tab.analysis().typeError(op.id());
    }

    private String outputs(Operator op) {
        var t = tab.analysis().types();
        List<String> parts = new ArrayList<>();
        for (String port : op.outputPorts()) {
            StreamType type = t == null ? null : t.typeOf(new org.dbspstudio.model.PortRef(op.id(), port));
            parts.add(port + ": " + (type == null ? "?" : type));
        }
        return parts.isEmpty() ? "" : "✓ " + String.join("\n", parts);
    }

    /** Checks a candidate value with the model's typing rule; null when fine. */
    private String check(Operator op, String param, Object value) {
        Map<String, StreamType> in = tab.analysis().inputTypes(tab.doc().current(), op);
        if (!in.keySet().containsAll(op.inputPorts())) {
            return "connect the inputs to check this expression";
        }
        try {
            Map<String, StreamType> out = Typing.outputTypes(op.withParam(param, value), in);
            return "✓ type-checks";
        } catch (Typing.TypeError e) {
            return "✗ " + e.getMessage();
        } catch (RuntimeException e) {
            return "✗ " + e.getMessage();
        }
    }

    private Node editor(EditorTab t, Operator op, ParamSpec spec) {
        VBox box = new VBox(3);
        box.getChildren().add(name(spec.name() + (spec.required() ? "" : " (optional)")));
        Object value = op.params().get(spec.name());
        Consumer<Object> commit = v -> t.setParam(op, spec.name(), v);
        Label live = new Label();
        live.setWrapText(true);
        Node control = switch (spec.type()) {
            case STRING -> text(value == null ? "" : (String) value, s -> s, commit, null, op, spec, live);
            case INT -> text(value == null ? "" : value.toString(), s -> Long.parseLong(s.trim()), commit, null, op, spec, live);
            case EXPR -> text(value == null ? "" : (String) value, s -> s, commit, op, op, spec, live);
            case STRINGS -> text(ParamText.commaList(op.params().strings(spec.name())), ParamText::parseCommaList, commit, null, op, spec, live);
            case EXPR_LIST -> area(ParamText.lines(op.params().strings(spec.name())), ParamText::parseLines, commit, op, spec, live);
            case NAMED_EXPRS -> area(ParamText.namedExprs(op.params().namedExprs(spec.name())),
                    s -> s.isBlank() && !spec.required() ? null : ParamText.parseNamedExprs(s, "\n"), commit, op, spec, live);
            case NAMED_EXPR_LISTS -> area(ParamText.namedExprLists(op.params().namedExprLists(spec.name())),
                    ParamText::parseNamedExprLists, commit, op, spec, live);
            case BOOL -> {
                CheckBox cb = new CheckBox(spec.name());
                cb.setSelected(Boolean.TRUE.equals(value));
                cb.setOnAction(e -> commit.accept(cb.isSelected()));
                yield cb;
            }
            case CHOICE -> {
                ComboBox<String> cb = new ComboBox<>(FXCollections.observableArrayList(spec.choices()));
                cb.setValue(value == null ? null : value.toString());
                cb.setOnAction(e -> {
                    if (cb.getValue() != null && !cb.getValue().equals(value)) {
                        commit.accept(cb.getValue());
                    }
                });
                yield cb;
            }
            case AGGREGATES -> aggregates(op.params().aggregates(spec.name()), commit);
            case TYPE -> new SchemaEditor((StreamType) value, commit::accept);
            case CHANGES -> new Label(op.params().changes(spec.name()).size() + " rows");
        };
        if (control instanceof javafx.scene.control.Control c) {
            c.setMaxWidth(Double.MAX_VALUE);
            c.setId("param-" + spec.name());
        } else {
            control.setId("param-" + spec.name());
        }
        box.getChildren().addAll(control, live, help(spec.description()));
        return box;
    }

    private <T> TextField text(String initial, Function<String, T> parse, Consumer<Object> commit, Operator checked,
                               Operator op, ParamSpec spec, Label live) {
        TextField f = new TextField(initial);
        wire(f, initial, parse, commit, checked, op, spec, live);
        return f;
    }

    private <T> TextArea area(String initial, Function<String, T> parse, Consumer<Object> commit, Operator op,
                              ParamSpec spec, Label live) {
        TextArea a = new TextArea(initial);
        a.setPrefRowCount(Math.max(2, Math.min(6, initial.split("\n").length + 1)));
        a.setWrapText(true);
        wire(a, initial, parse, commit, op, op, spec, live);
        return a;
    }

    private <T> void wire(TextInputControl f, String initial, Function<String, T> parse, Consumer<Object> commit,
                          Operator checked, Operator op, ParamSpec spec, Label live) {
        Runnable validate = () -> {
            try {
                T v = parse.apply(f.getText());
                if (checked != null) {
                    String msg = check(checked, spec.name(), v);
                    live.getStyleClass().setAll("label", msg != null && msg.startsWith("✗") ? "check-error" : "check-ok");
                    live.setText(msg == null ? "" : msg);
                } else {
                    live.setText("");
                }
            } catch (RuntimeException e) {
                live.getStyleClass().setAll("label", "check-error");
                live.setText("✗ " + e.getMessage());
            }
        };
        f.textProperty().addListener((o, a, b) -> validate.run());
        validate.run();
        commitOn(f, () -> {
            if (f.getText().equals(initial)) {
                return;
            }
            try {
                commit.accept(parse.apply(f.getText()));
            } catch (RuntimeException e) {
                tab.status("Not changed: " + e.getMessage());
            }
        });
    }

    private static void commitOn(TextInputControl f, Runnable action) {
        if (f instanceof TextField tf) {
            tf.setOnAction(e -> action.run());
        }
        f.focusedProperty().addListener((o, was, now) -> {
            if (was && !now) {
                action.run();
            }
        });
    }

    private Node aggregates(List<AggCall> calls, Consumer<Object> commit) {
        VBox box = new VBox(4);
        GridPane grid = new GridPane();
        grid.setHgap(4);
        grid.setVgap(3);
        List<AggCall> current = new ArrayList<>(calls);
        for (int i = 0; i < current.size(); i++) {
            int idx = i;
            AggCall a = current.get(i);
            ComboBox<AggFunction> fn = new ComboBox<>(FXCollections.observableArrayList(AggFunction.values()));
            fn.setValue(a.function());
            TextField expr = new TextField(a.expr() == null ? "" : a.expr());
            expr.setPromptText("*");
            expr.setPrefColumnCount(6);
            TextField name = new TextField(a.name());
            name.setPrefColumnCount(5);
            Runnable update = () -> {
                String e = expr.getText().isBlank() ? null : expr.getText().trim();
                AggCall next = new AggCall(fn.getValue(), e, name.getText().trim());
                if (!next.equals(current.get(idx))) {
                    current.set(idx, next);
                    commit.accept(List.copyOf(current));
                }
            };
            fn.setOnAction(e -> update.run());
            commitOn(expr, update);
            commitOn(name, update);
            Button remove = new Button("✕");
            remove.getStyleClass().add("flat");
            remove.setOnAction(e -> {
                current.remove(idx);
                commit.accept(List.copyOf(current));
            });
            grid.addRow(i, fn, expr, name, remove);
        }
        Button add = new Button("Add aggregate");
        add.setOnAction(e -> {
            current.add(new AggCall(AggFunction.COUNT, null, "agg" + (current.size() + 1)));
            commit.accept(List.copyOf(current));
        });
        box.getChildren().addAll(grid, add);
        return box;
    }

    private static Label name(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("param-name");
        return l;
    }

    private static Label help(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("param-help");
        l.setWrapText(true);
        return l;
    }
}
