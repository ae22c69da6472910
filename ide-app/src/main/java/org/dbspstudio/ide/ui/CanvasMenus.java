package org.dbspstudio.ide.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.dbspstudio.ide.canvas.CircuitCanvas;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;

/**
 * Right-click menus of a document's canvas: on a box (inspect, look inside, cut/copy/duplicate,
 * delete, expand, group), on a stream (inspect, pin to the scope, delete) and on the empty canvas
 * (paste, select all, auto-layout, zoom). Each item runs the same action as the main menus.
 */
final class CanvasMenus implements CircuitCanvas.ContextMenus {
    private final MainWindow w;
    private final EditorTab t;

    CanvasMenus(MainWindow w, EditorTab t) {
        this.w = w;
        this.t = t;
    }

    private static MenuItem item(String text, String keys, Runnable r) {
        MenuItem m = new MenuItem(text);
        if (keys != null) {
            m.setAccelerator(Menus.accelerator(keys));
        }
        m.setOnAction(e -> r.run());
        return m;
    }

    private ContextMenu menu(List<MenuItem> items) {
        ContextMenu c = new ContextMenu();
        c.getItems().setAll(items);
        c.getStyleClass().add("canvas-menu");
        return c;
    }

    @Override
    public ContextMenu forOperator(String id) {
        Operator op = t.doc().current().op(id);
        if (op == null) {
            return null;
        }
        EditActions e = w.edits();
        List<MenuItem> items = new ArrayList<>();
        if (!op.outputPorts().isEmpty() || op.kind() == OpKind.OUTPUT) {
            items.add(item("Inspect Output", null, () -> {
                t.doc().select(List.of(id));
                w.debugger().showPanel("Inspector");
            }));
        }
        for (String port : op.outputPorts()) {
            items.add(item(op.outputPorts().size() == 1 ? "Pin Output to Scope" : "Pin " + port + " to Scope", null,
                    () -> w.debugger().pinToScope(t, new org.dbspstudio.ide.debug.StreamRef(t.doc().currentPath(), id, port))));
        }
        if (op.kind() == OpKind.NESTED) {
            items.add(item("Look Inside", "Shortcut+Enter", e::enterSelected));
        }
        if (op.kind() == OpKind.INTEGRATE || op.kind() == OpKind.DIFFERENTIATE) {
            items.add(item("Expand into Its Definition", "Shortcut+E", e::expand));
        }
        if (t.doc().selectedOperators().size() > 1) {
            items.add(item("Group into Nested Circuit", "Shortcut+G", e::group));
        }
        items.add(new SeparatorMenuItem());
        items.add(item("Cut", "Shortcut+X", e::cut));
        items.add(item("Copy", "Shortcut+C", e::copy));
        items.add(item("Duplicate", "Shortcut+D", e::duplicate));
        items.add(new SeparatorMenuItem());
        items.add(item("Delete", "Delete", e::delete));
        if (op.inputPorts().size() == 1 && op.outputPorts().size() == 1) {
            items.add(item("Delete and Reconnect", "Shortcut+Shift+Delete", e::bypass));
        }
        return menu(items);
    }

    @Override
    public ContextMenu forStream(Stream s) {
        List<MenuItem> items = new ArrayList<>();
        items.add(item("Inspect Stream", null, () -> {
            t.doc().selectedOperators().clear();
            t.doc().selectedStreams().clear();
            t.doc().selectedStreams().add(s);
            w.debugger().showPanel("Inspector");
        }));
        items.add(item("Pin to Scope", null, () -> w.debugger().pinToScope(t,
                new org.dbspstudio.ide.debug.StreamRef(t.doc().currentPath(), s.from().op(), s.from().port()))));
        items.add(new SeparatorMenuItem());
        items.add(item("Delete Stream", "Delete", () -> {
            t.doc().selectedOperators().clear();
            t.doc().selectedStreams().clear();
            t.doc().selectedStreams().add(s);
            w.edits().delete();
        }));
        return menu(items);
    }

    @Override
    public ContextMenu forCanvas(Point2D world) {
        EditActions e = w.edits();
        CircuitCanvas c = t.canvas();
        List<MenuItem> items = new ArrayList<>();
        items.add(item("Paste", "Shortcut+V", e::paste));
        items.add(item("Select All", "Shortcut+A", e::selectAll));
        items.add(new SeparatorMenuItem());
        items.add(item("Auto-Layout", "Shortcut+L", e::autoLayout));
        items.add(item("Zoom to Fit", "Shortcut+DIGIT0", c::fit));
        items.add(item("Actual Size", "Shortcut+DIGIT1", c::actualSize));
        if (!t.doc().currentPath().isEmpty()) {
            items.add(new SeparatorMenuItem());
            items.add(item("Go Up One Level", "Shortcut+BACK_SPACE", e::goUp));
        }
        return menu(items);
    }
}
