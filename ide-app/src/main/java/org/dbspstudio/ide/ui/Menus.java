package org.dbspstudio.ide.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * Menu bar and tool bar. Every keyboard shortcut is an accelerator of a menu item, so the
 * Help → Keyboard shortcuts window lists exactly what the menus offer.
 */
public final class Menus {
    /** One row of the shortcuts window. */
    public record Shortcut(String action, String keys) {
    }

    private final MainWindow w;
    private final MenuBar bar = new MenuBar();
    private final ToolBar tools = new ToolBar();
    private final List<MenuItem> all = new ArrayList<>();
    private final Menu recent = new Menu("Open Recent");
    private MenuItem undo;
    private MenuItem redo;
    private Button undoButton;
    private Button redoButton;

    Menus(MainWindow w) {
        this.w = w;
        FileActions f = w.files();
        EditActions e = w.edits();
        Menu file = new Menu("_File", null,
                item("New", "Shortcut+N", f::newDocument),
                item("New from SQL…", "Shortcut+Shift+N", () -> org.dbspstudio.ide.sql.SqlTab.create(w)),
                item("Open…", "Shortcut+O", f::open),
                item("Open Sample…", null, () -> org.dbspstudio.ide.samples.SampleBrowser.show(w)),
                recent,
                new SeparatorMenuItem(),
                item("Save", "Shortcut+S", f::save),
                item("Save As…", "Shortcut+Shift+S", f::saveAs),
                item("Close", "Shortcut+W", f::closeCurrent),
                new SeparatorMenuItem(),
                item("Export PNG…", null, () -> f.exportWithChooser("PNG")),
                item("Export SVG…", null, () -> f.exportWithChooser("SVG")),
                item("Export Graphviz DOT…", null, () -> f.exportWithChooser("DOT")),
                item("Export Flink SQL…", null, () -> f.exportWithChooser("FLINK-SQL")),
                item("Export Feldera SQL…", null, () -> f.exportWithChooser("FELDERA-SQL")),
                new SeparatorMenuItem(),
                item("Quit", "Shortcut+Q", () -> {
                    if (f.closeAll()) {
                        w.stage().close();
                    }
                }));
        undo = item("Undo", "Shortcut+Z", e::undo);
        redo = item("Redo", "Shortcut+Y", e::redo);
        Menu edit = new Menu("_Edit", null, undo, redo,
                item("Redo (alternative)", "Shortcut+Shift+Z", e::redo),
                new SeparatorMenuItem(),
                item("Cut", "Shortcut+X", e::cut),
                item("Copy", "Shortcut+C", e::copy),
                item("Paste", "Shortcut+V", e::paste),
                item("Duplicate", "Shortcut+D", e::duplicate),
                item("Delete", "Delete", e::delete),
                item("Delete and Reconnect", "Shortcut+Shift+Delete", e::bypass),
                item("Select All", "Shortcut+A", e::selectAll),
                new SeparatorMenuItem(),
                item("Search Palette", "Shortcut+F", () -> {
                    w.palette().searchField().requestFocus();
                    w.palette().searchField().selectAll();
                }));
        edit.getItems().get(2).setVisible(false);
        CheckMenuItem snap = new CheckMenuItem("Snap to Grid");
        snap.setSelected(true);
        snap.setOnAction(ev -> w.tabs().forEach(t -> t.canvas().setSnapToGrid(snap.isSelected())));
        Menu circuit = new Menu("_Circuit", null,
                item("Group Selection into Nested Circuit", "Shortcut+G", e::group),
                item("Expand I / D into Its Definition", "Shortcut+E", e::expand),
                new SeparatorMenuItem(),
                item("Look Inside Nested Circuit", "Shortcut+Enter", e::enterSelected),
                item("Go Up One Level", "Shortcut+BACK_SPACE", e::goUp),
                new SeparatorMenuItem(),
                item("Auto-Layout", "Shortcut+L", e::autoLayout),
                snap);
        CheckMenuItem dark = new CheckMenuItem("Dark Theme");
        dark.setSelected(w.isDark());
        dark.setOnAction(ev -> w.setDark(dark.isSelected()));
        Menu retention = retentionMenu(w);
        Menu view = new Menu("_View", null,
                item("Zoom In", "Shortcut+EQUALS", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1.2))),
                item("Zoom In (plus)", "Shortcut+PLUS", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1.2))),
                item("Zoom In (keypad)", "Shortcut+ADD", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1.2))),
                item("Zoom Out", "Shortcut+MINUS", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1 / 1.2))),
                item("Zoom Out (keypad)", "Shortcut+SUBTRACT", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1 / 1.2))),
                item("Zoom to Fit", "Shortcut+DIGIT0", () -> w.current().ifPresent(t -> t.canvas().fit())),
                item("Actual Size", "Shortcut+DIGIT1", () -> w.current().ifPresent(t -> t.canvas().actualSize())),
                new SeparatorMenuItem(),
                dark,
                retention);
        view.getItems().get(1).setVisible(false);
        view.getItems().get(2).setVisible(false);
        view.getItems().get(4).setVisible(false);
        Menu help = new Menu("_Help", null,
                item("Keyboard Shortcuts", "F1", () -> ShortcutsWindow.show(w.stage(), shortcuts())),
                item("About DBSP Studio", null, () -> w.status("DBSP Studio — draw, check and run DBSP circuits")));
        bar.getMenus().addAll(file, edit, circuit, view, help);
        bar.setId("menu-bar");

        undoButton = button("Undo", "mdi2u-undo", true, "Undo (Ctrl+Z)", e::undo);
        redoButton = button("Redo", "mdi2r-redo", true, "Redo (Ctrl+Y)", e::redo);
        tools.getItems().addAll(
                button("New", "mdi2f-file-plus-outline", true, "New circuit (Ctrl+N)", f::newDocument),
                button("Open", "mdi2f-folder-open-outline", true, "Open… (Ctrl+O)", f::open),
                button("Save", "mdi2c-content-save-outline", true, "Save (Ctrl+S)", f::save),
                new Separator(),
                undoButton, redoButton,
                new Separator(),
                button("Duplicate", "mdi2c-content-duplicate", true, "Duplicate the selection (Ctrl+D)", e::duplicate),
                button("Delete", "mdi2d-delete-outline", true, "Delete the selection (Del)", e::delete),
                new Separator(),
                button("Group", "mdi2g-group", false, "Group the selection into a nested circuit (Ctrl+G)", e::group),
                button("Expand I/D", "mdi2a-arrow-expand-horizontal", false, "Expand I / D into its definition (Ctrl+E)", e::expand),
                button("Auto-layout", "mdi2s-sitemap-outline", false, "Lay the circuit out left to right (Ctrl+L)", e::autoLayout),
                new Separator(),
                button("Zoom out", "mdi2m-magnify-minus-outline", true, "Zoom out (Ctrl+−)", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1 / 1.2))),
                button("Zoom in", "mdi2m-magnify-plus-outline", true, "Zoom in (Ctrl+=)", () -> w.current().ifPresent(t -> t.canvas().zoomBy(1.2))),
                button("Fit", "mdi2f-fit-to-page-outline", true, "Zoom to fit (Ctrl+0)", () -> w.current().ifPresent(t -> t.canvas().fit())));
        tools.setId("tool-bar");
    }

    public MenuBar menuBar() {
        return bar;
    }

    /** The tool bar; the debugger appends its run controls here. */
    public ToolBar toolBar() {
        return tools;
    }

    /** Adds a menu before Help; its items' shortcuts are listed in the shortcuts window. */
    public Menu addMenu(String title, MenuItem... items) {
        Menu m = new Menu(title, null, items);
        for (MenuItem i : items) {
            if (!all.contains(i)) {
                all.add(i);
            }
        }
        bar.getMenus().add(bar.getMenus().size() - 1, m);
        return m;
    }

    /** A menu item with a shortcut ({@code keys} as {@link KeyCombination#keyCombination}, or null). */
    public MenuItem item(String text, String keys, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (keys != null) {
            m.setAccelerator(accelerator(keys));
        }
        m.setOnAction(ev -> action.run());
        all.add(m);
        return m;
    }

    /** A tool bar button with an icon (and its text unless {@code iconOnly}) and a tooltip naming its shortcut. */
    private static Button button(String text, String icon, boolean iconOnly, String tip, Runnable action) {
        Button b = Icons.decorate(new Button(text), icon, iconOnly);
        b.setId("tool-" + text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z]+", "-"));
        Icons.tip(b, tip);
        b.setOnAction(ev -> action.run());
        b.setFocusTraversable(false);
        b.getStyleClass().add("flat");
        return b;
    }

    /** Updates the undo/redo texts and the recent files list. */
    void update() {
        var t = w.current();
        String u = t.flatMap(x -> x.doc().commands().nextUndo()).map(c -> "Undo " + c.description()).orElse("Undo");
        String r = t.flatMap(x -> x.doc().commands().nextRedo()).map(c -> "Redo " + c.description()).orElse("Redo");
        undo.setText(u);
        redo.setText(r);
        undo.setDisable(u.equals("Undo"));
        redo.setDisable(r.equals("Redo"));
        undoButton.setDisable(undo.isDisable());
        redoButton.setDisable(redo.isDisable());
        Icons.tip(undoButton, u + " (Ctrl+Z)");
        Icons.tip(redoButton, r + " (Ctrl+Y)");
        recent.getItems().clear();
        for (Path p : w.recentFiles()) {
            MenuItem m = new MenuItem(p.toString());
            m.setOnAction(ev -> w.files().open(p));
            recent.getItems().add(m);
        }
        recent.setDisable(recent.getItems().isEmpty());
    }

    /** The shortcut of a menu item as people write it ("Ctrl+0", "Ctrl+Backspace", "Shift+F8"), or "". */
    public static String shortcutText(MenuItem m) {
        return m.getAccelerator() == null ? "" : readable(m.getAccelerator());
    }

    /** A key combination as people write it: "Ctrl+0" rather than "Ctrl+DIGIT0". */
    static String readable(KeyCombination k) {
        if (k instanceof Readable r) {
            return readable(r.key);
        }
        if (!(k instanceof KeyCodeCombination c)) {
            return k.getDisplayText();
        }
        StringBuilder b = new StringBuilder();
        if (c.getControl() == KeyCombination.ModifierValue.DOWN || c.getShortcut() == KeyCombination.ModifierValue.DOWN) {
            b.append("Ctrl+");
        }
        if (c.getAlt() == KeyCombination.ModifierValue.DOWN) {
            b.append("Alt+");
        }
        if (c.getShift() == KeyCombination.ModifierValue.DOWN) {
            b.append("Shift+");
        }
        if (c.getMeta() == KeyCombination.ModifierValue.DOWN) {
            b.append("Meta+");
        }
        return b + keyName(c.getCode());
    }

    private static String keyName(KeyCode code) {
        return switch (code) {
            case BACK_SPACE -> "Backspace";
            case ENTER -> "Enter";
            case EQUALS -> "=";
            case MINUS -> "-";
            case PLUS -> "+";
            case ESCAPE -> "Esc";
            case DELETE -> "Delete";
            default -> code.isDigitKey() ? code.name().substring(code.name().length() - 1) : code.getName();
        };
    }

    /** A key code combination shown as {@link #readable} text in menus. */
    private static final class Readable extends KeyCombination {
        private final KeyCodeCombination key;

        Readable(KeyCodeCombination key) {
            super(key.getShift(), key.getControl(), key.getAlt(), key.getMeta(), key.getShortcut());
            this.key = key;
        }

        @Override
        public boolean match(javafx.scene.input.KeyEvent event) {
            return key.match(event);
        }

        @Override
        public String getDisplayText() {
            return readable(key);
        }

        @Override
        public String getName() {
            return key.getName();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Readable r && r.key.equals(key);
        }

        @Override
        public int hashCode() {
            return key.hashCode();
        }
    }

    /** A key combination whose menu text is {@link #readable}. */
    static KeyCombination accelerator(String keys) {
        String[] parts = keys.split("\\+");
        String last = parts[parts.length - 1];
        KeyCode code;
        try {
            code = KeyCode.valueOf(last.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            code = KeyCode.getKeyCode(last);
        }
        if (code == null) {
            return KeyCombination.keyCombination(keys);
        }
        List<KeyCombination.Modifier> mods = new ArrayList<>();
        for (int i = 0; i < parts.length - 1; i++) {
            mods.add(switch (parts[i].toLowerCase(java.util.Locale.ROOT)) {
                case "shortcut" -> KeyCombination.SHORTCUT_DOWN;
                case "ctrl" -> KeyCombination.CONTROL_DOWN;
                case "shift" -> KeyCombination.SHIFT_DOWN;
                case "alt" -> KeyCombination.ALT_DOWN;
                case "meta" -> KeyCombination.META_DOWN;
                default -> throw new IllegalArgumentException("modifier " + parts[i] + " in " + keys);
            });
        }
        return new Readable(new KeyCodeCombination(code, mods.toArray(KeyCombination.Modifier[]::new)));
    }

    /** Keyboard shortcuts and mouse gestures, for the help window. */
    public List<Shortcut> shortcuts() {
        java.util.Map<String, String> rows = new java.util.LinkedHashMap<>();
        for (MenuItem m : all) {
            if (m.getAccelerator() != null) {
                String name = m.getText().replaceAll("^(Undo|Redo) .*", "$1").replaceAll(" \\(.*\\)$", "");
                String keys = shortcutText(m);
                rows.merge(name, keys, (a, b) -> a.contains(b) ? a : a + "  or  " + b);
            }
        }
        List<Shortcut> out = new ArrayList<>();
        rows.forEach((name, keys) -> out.add(new Shortcut(name, keys)));
        out.add(new Shortcut("Create an operator", "drag from the palette (or double-click it)"));
        out.add(new Shortcut("Connect", "drag from an output port (right) to an input port (left)"));
        out.add(new Shortcut("Select / add to selection", "click / Shift+click, or drag a rectangle"));
        out.add(new Shortcut("Pan", "scroll, or drag with the right or middle button"));
        out.add(new Shortcut("Zoom", "Ctrl+wheel"));
        out.add(new Shortcut("Look inside a nested circuit", "double-click it"));
        out.add(new Shortcut("Type of a stream", "hover over it"));
        return out;
    }

    /** Steps and megabytes offered under View → Trace Retention (0 = no limit). */
    static final int[] RETENTION_STEPS = {0, 100, 1_000, 10_000};
    static final int[] RETENTION_MEGABYTES = {0, 256, 1024, 4096};

    /**
     * View → Trace Retention: how much of a run the debugger keeps for stepping back (steps and
     * memory), remembered between runs; a choice applies from the next Reset.
     */
    private static Menu retentionMenu(MainWindow w) {
        Menu m = new Menu("Trace Retention");
        m.setId("menu-trace-retention");
        ToggleGroup steps = new ToggleGroup();
        ToggleGroup memory = new ToggleGroup();
        for (int n : RETENTION_STEPS) {
            RadioMenuItem r = new RadioMenuItem(n == 0 ? "Keep Every Step" : String.format("Keep the Last %,d Steps", n));
            r.setId("retention-steps-" + n);
            r.setToggleGroup(steps);
            r.setSelected(n == w.prefs().traceSteps());
            r.setOnAction(ev -> w.debugger().setTraceRetention(n, w.prefs().traceMegabytes()));
            m.getItems().add(r);
        }
        m.getItems().add(new SeparatorMenuItem());
        for (int mb : RETENTION_MEGABYTES) {
            RadioMenuItem r = new RadioMenuItem(mb == 0 ? "No Memory Limit"
                    : "At Most " + (mb % 1024 == 0 ? mb / 1024 + " GB" : mb + " MB") + " of Recorded Values");
            r.setId("retention-megabytes-" + mb);
            r.setToggleGroup(memory);
            r.setSelected(mb == w.prefs().traceMegabytes());
            r.setOnAction(ev -> w.debugger().setTraceRetention(w.prefs().traceSteps(), mb));
            m.getItems().add(r);
        }
        // the choice may have been made elsewhere (another window, the debugger's API): show the stored one
        m.setOnShowing(ev -> m.getItems().forEach(i -> {
            if (i instanceof RadioMenuItem r) {
                String id = r.getId();
                r.setSelected(id.startsWith("retention-steps-")
                        ? Integer.parseInt(id.substring("retention-steps-".length())) == w.prefs().traceSteps()
                        : Integer.parseInt(id.substring("retention-megabytes-".length())) == w.prefs().traceMegabytes());
            }
        }));
        return m;
    }
}
