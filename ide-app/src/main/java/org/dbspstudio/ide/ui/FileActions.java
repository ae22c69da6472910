package org.dbspstudio.ide.ui;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.paint.Color;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.dbspstudio.ide.Prefs;
import org.dbspstudio.ide.doc.EditorDocument;
import org.dbspstudio.ide.io.DocumentFiles;
import org.dbspstudio.ide.io.PngExport;
import org.dbspstudio.ide.io.Recovery;
import org.dbspstudio.ide.io.SvgExport;
import org.dbspstudio.model.CircuitDocument;
import org.dbspstudio.model.json.LoadException;
import org.dbspstudio.model.json.LoadResult;
import org.dbspstudio.model.export.Dialect;
import org.dbspstudio.model.export.DotExport;
import org.dbspstudio.model.export.ExportException;
import org.dbspstudio.model.export.SqlExport;

/**
 * File commands: new, open (with the loader's error shown in a dialog), save and save as (atomic),
 * close with a prompt for unsaved changes, exports (PNG, SVG, DOT), recent files, periodic autosave
 * to recovery files and recovery after a crash.
 */
public final class FileActions {
    /** Asks what to do with unsaved changes: save, discard, or cancel. */
    public enum Answer { SAVE, DISCARD, CANCEL }

    private static final AtomicInteger SESSIONS = new AtomicInteger();
    private final MainWindow window;
    private final Prefs prefs;
    private Recovery recovery = Recovery.standard();
    private java.util.function.Function<EditorTab, Answer> unsavedPrompt = this::askUnsaved;
    private Timeline autosave;

    FileActions(MainWindow window, Prefs prefs) {
        this.window = window;
        this.prefs = prefs;
    }

    /** Replaces the unsaved-changes question (tests answer it without a dialog). */
    public void setUnsavedPrompt(java.util.function.Function<EditorTab, Answer> prompt) {
        this.unsavedPrompt = prompt;
    }

    public void setRecovery(Recovery r) {
        this.recovery = r;
    }

    public Recovery recovery() {
        return recovery;
    }

    private static String newSessionKey() {
        return ProcessHandle.current().pid() + "-" + SESSIONS.incrementAndGet();
    }

    /** Opens a document in a new tab with a session of its own (autosave, recovery). */
    public EditorTab newTab(EditorDocument doc) {
        return window.addTab(doc, newSessionKey());
    }

    public EditorTab newDocument() {
        CircuitDocument d = new CircuitDocument();
        d.setName("untitled");
        return window.addTab(new EditorDocument(d, null), newSessionKey());
    }

    public void open() {
        FileChooser fc = chooser("Open circuit", "DBSP circuit", "*.json");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("SQL script (*.sql)", "*.sql"));
        fc.setInitialDirectory(initialDirectory().toFile());
        File f = fc.showOpenDialog(window.stage());
        if (f != null) {
            open(f.toPath());
        }
    }

    /** Opens a file in a new tab (or shows the existing tab); errors go to a dialog. */
    public Optional<EditorTab> open(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        for (EditorTab t : window.tabs()) {
            if (abs.equals(t.doc().file())) {
                window.documents().getSelectionModel().select(t.tab());
                return Optional.of(t);
            }
        }
        // replace an untouched empty "untitled" tab
        EditorTab blank = window.current().filter(t -> t.doc().file() == null && !t.doc().isDirty()
                && t.source().isEmpty() && t.doc().document().circuit().operators().isEmpty()).orElse(null);
        if (abs.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".sql")) {
            try {
                // (an untouched empty tab gives way to it)
                EditorTab t = org.dbspstudio.ide.sql.SqlTab.open(window, Files.readString(abs), abs, false);
                prefs.addRecent(abs);
                window.menus().update();
                window.status("Opened " + abs.getFileName());
                return Optional.of(t);
            } catch (IOException | RuntimeException e) {
                error("Cannot open " + abs.getFileName(), abs + ": " + e.getMessage());
                return Optional.empty();
            }
        }
        try {
            LoadResult r = DocumentFiles.open(abs);
            EditorTab t = window.addTab(new EditorDocument(r.document(), abs), newSessionKey());
            if (blank != null) {
                window.removeTab(blank);
            }
            prefs.addRecent(abs);
            window.menus().update();
            window.status("Opened " + abs.getFileName() + (r.diagnostics().isEmpty() ? ""
                    : " — " + r.diagnostics().size() + " load problems: " + r.diagnostics().get(0).format()));
            return Optional.of(t);
        } catch (LoadException e) {
            error("Cannot open " + abs.getFileName(), e.getMessage());
        } catch (RuntimeException e) {
            error("Cannot open " + abs.getFileName(), abs + ": " + e);
        }
        return Optional.empty();
    }

    public boolean save() {
        return window.current().map(this::save).orElse(false);
    }

    boolean save(EditorTab t) {
        if (t.doc().file() == null) {
            return saveAs(t);
        }
        return saveTo(t, t.doc().file());
    }

    public boolean saveAs() {
        return window.current().map(this::saveAs).orElse(false);
    }

    private boolean saveAs(EditorTab t) {
        if (t.source().isPresent()) {
            String ext = t.source().get().extension();
            FileChooser fc = chooser("Save " + ext.toUpperCase(java.util.Locale.ROOT), ext.toUpperCase(java.util.Locale.ROOT)
                    + " script", "*." + ext);
            fc.setInitialDirectory(initialDirectory(t).toFile());
            String title = t.doc().title();
            fc.setInitialFileName(title.endsWith("." + ext) ? title : title.replaceAll("[^A-Za-z0-9_.-]+", "-") + "." + ext);
            File f = fc.showSaveDialog(window.stage());
            return f != null && saveTo(t, f.toPath());
        }
        FileChooser fc = chooser("Save circuit", "DBSP circuit", "*.json");
        fc.setInitialDirectory(initialDirectory(t).toFile());
        fc.setInitialFileName(t.doc().title().endsWith(".json") ? t.doc().title() : t.doc().title() + ".json");
        File f = fc.showSaveDialog(window.stage());
        return f != null && saveTo(t, f.toPath());
    }

    /** Saves the current document to {@code file} (atomic write). */
    public boolean saveAs(Path file) {
        return window.current().map(t -> saveTo(t, file)).orElse(false);
    }

    private boolean saveTo(EditorTab t, Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (t.source().isPresent()) {
            // a SQL tab saves its SQL: the circuit is generated from it again when it is opened
            try {
                DocumentFiles.writeAtomically(abs, t.source().get().text());
                t.doc().markSaved(abs);
                t.source().get().saved(abs);
                recovery.discard(t.sessionKey());
                prefs.addRecent(abs);
                window.refreshPanels();
                window.status("Saved " + abs);
                return true;
            } catch (IOException | RuntimeException e) {
                error("Cannot save " + abs.getFileName(), e.toString());
                return false;
            }
        }
        try {
            if (t.doc().document().name().isBlank() || "untitled".equals(t.doc().document().name())) {
                String n = abs.getFileName().toString();
                t.doc().document().setName(n.endsWith(".json") ? n.substring(0, n.length() - 5) : n);
            }
            DocumentFiles.save(t.doc().document(), abs);
            t.doc().markSaved(abs);
            recovery.discard(t.sessionKey());
            prefs.addRecent(abs);
            window.refreshPanels();
            window.status("Saved " + abs);
            return true;
        } catch (DocumentFiles.SaveException e) {
            error("Cannot save " + abs.getFileName(), e.getMessage());
            return false;
        } catch (IOException | RuntimeException e) {
            error("Cannot save " + abs.getFileName(), e.toString());
            return false;
        }
    }

    public boolean closeCurrent() {
        return window.current().map(this::close).orElse(true);
    }

    /** Closes a tab, asking about unsaved changes first; false when the user cancelled. */
    public boolean close(EditorTab t) {
        if (t.doc().isDirty()) {
            window.documents().getSelectionModel().select(t.tab());
            Answer a = unsavedPrompt.apply(t);
            if (a == Answer.CANCEL || (a == Answer.SAVE && !save(t))) {
                return false;
            }
        }
        recovery.discard(t.sessionKey());
        window.removeTab(t);
        return true;
    }

    /** Closes every tab (window closing); false when the user cancelled. */
    public boolean closeAll() {
        for (EditorTab t : new ArrayList<>(window.tabs())) {
            if (!close(t)) {
                return false;
            }
        }
        if (autosave != null) {
            autosave.stop();
        }
        recovery.close();
        return true;
    }

    private Answer askUnsaved(EditorTab t) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION);
        a.initOwner(window.stage());
        a.setTitle("Unsaved changes");
        a.setHeaderText("Save changes to " + t.doc().title() + "?");
        a.setContentText("Your changes will be lost if you don't save them.");
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't save", ButtonBar.ButtonData.NO);
        a.getButtonTypes().setAll(save, discard, ButtonType.CANCEL);
        ButtonType r = a.showAndWait().orElse(ButtonType.CANCEL);
        return r == save ? Answer.SAVE : r == discard ? Answer.DISCARD : Answer.CANCEL;
    }

    /** Shows an error without blocking: the window stays usable behind it. */
    void error(String header, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(window.stage());
        a.setTitle("DBSP Studio");
        a.setHeaderText(header);
        a.setContentText(message);
        a.getDialogPane().setId("error-dialog");
        a.show();
        window.status(header + ": " + message);
    }

    // ---------------------------------------------------------------- export

    public void exportWithChooser(String kind) {
        window.current().ifPresent(t -> {
            boolean sql = kind.endsWith("-SQL");
            String ext = sql ? "sql" : kind.toLowerCase();
            FileChooser fc = chooser("Export " + kind, kind, "*." + ext);
            fc.setInitialDirectory(initialDirectory(t).toFile());
            String base = t.doc().title().replaceAll("\\.json$", "");
            fc.setInitialFileName(base + (sql ? "." + kind.toLowerCase().replace("-sql", "") : "") + "." + ext);
            File f = fc.showSaveDialog(window.stage());
            if (f != null) {
                export(kind, f.toPath());
            }
        });
    }

    /**
     * Exports the circuit on screen as PNG, SVG, DOT, FLINK-SQL or FELDERA-SQL (a circuit that has
     * no SQL form is refused with the reason in an error dialog). Must run on the JavaFX thread (PNG).
     */
    public boolean export(String kind, Path file) {
        Optional<EditorTab> cur = window.current();
        if (cur.isEmpty()) {
            return false;
        }
        EditorTab t = cur.get();
        try {
            switch (kind.toUpperCase()) {
                case "PNG" -> {
                    Color bg = window.isDark() ? Color.web("#0d1117") : Color.WHITE;
                    var img = t.canvas().withAllDetail(
                            () -> PngExport.snapshot(t.canvas().drawing(), t.canvas().drawingBounds(), 2.0, bg));
                    PngExport.write(img, file);
                }
                case "SVG" -> DocumentFiles.writeAtomically(file, SvgExport.toSvg(t.doc().current(), t.doc().document().layout()));
                case "DOT" -> DocumentFiles.writeAtomically(file, DotExport.toDot(t.doc().current()));
                case "FLINK-SQL", "FELDERA-SQL" -> {
                    Dialect d = kind.equalsIgnoreCase("FLINK-SQL") ? Dialect.FLINK : Dialect.FELDERA;
                    try {
                        DocumentFiles.writeAtomically(file,
                                SqlExport.export(t.doc().current(), d, t.doc().document().name()).text());
                    } catch (ExportException e) {
                        error("Cannot export to " + d.title(), e.getMessage());
                        return false;
                    }
                }
                default -> throw new IllegalArgumentException("unknown export format " + kind);
            }
            window.status("Exported " + file);
            return true;
        } catch (IOException | RuntimeException e) {
            error("Cannot export " + file.getFileName(), e.toString());
            return false;
        }
    }

    /**
     * Where Save As and Export start: the document's folder, else the folder of the most recent
     * file that still exists, else the home folder (never the IDE's working directory).
     */
    Path initialDirectory(EditorTab t) {
        if (t != null && t.doc().file() != null && t.doc().file().toAbsolutePath().getParent() != null
                && java.nio.file.Files.isDirectory(t.doc().file().toAbsolutePath().getParent())) {
            return t.doc().file().toAbsolutePath().getParent();
        }
        for (Path p : window.recentFiles()) {
            Path dir = p.toAbsolutePath().getParent();
            if (dir != null && java.nio.file.Files.isDirectory(dir)) {
                return dir;
            }
        }
        return Path.of(System.getProperty("user.home"));
    }

    /** {@link #initialDirectory(EditorTab)} of the selected document. */
    public Path initialDirectory() {
        return initialDirectory(window.current().orElse(null));
    }

    private static FileChooser chooser(String title, String what, String pattern) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(what + " (" + pattern + ")", pattern));
        return fc;
    }

    // ---------------------------------------------------------------- autosave and recovery

    void startAutosave() {
        double seconds = Double.parseDouble(System.getProperty("dbsp.autosaveSeconds", "30"));
        autosave = new Timeline(new KeyFrame(Duration.seconds(seconds), e -> autosaveNow()));
        autosave.setCycleCount(Timeline.INDEFINITE);
        autosave.play();
    }

    /** Writes a recovery file for every document changed since its last autosave. */
    public void autosaveNow() {
        for (EditorTab t : window.tabs()) {
            long rev = t.source().map(TextSource::version).orElse(t.doc().revisionProperty().get());
            if (t.doc().isDirty() && rev != t.autosavedRevision()) {
                try {
                    if (t.source().isPresent()) {
                        recovery.writeSql(t.sessionKey(), t.source().get().text());
                    } else {
                        recovery.write(t.sessionKey(), DocumentFiles.toJson(t.doc().document()));
                    }
                    t.setAutosavedRevision(rev);
                } catch (IOException | RuntimeException e) {
                    window.status("Autosave failed: " + e.getMessage());
                }
            } else if (!t.doc().isDirty()) {
                recovery.discard(t.sessionKey());
            }
        }
    }

    void offerRecovery() {
        // only files of instances that no longer run (Recovery checks their locks)
        List<Path> left = new ArrayList<>(recovery.leftovers());
        if (left.isEmpty()) {
            recovery.release();
            return;
        }
        Alert a = new Alert(Alert.AlertType.CONFIRMATION);
        a.initOwner(window.stage());
        a.setTitle("Recover unsaved work");
        a.setHeaderText(left.size() + " unsaved document" + (left.size() == 1 ? "" : "s")
                + " from an earlier session can be recovered.");
        a.setContentText("Recover them now? (Otherwise they are deleted.)");
        ButtonType recover = new ButtonType("Recover", ButtonBar.ButtonData.YES);
        ButtonType delete = new ButtonType("Delete", ButtonBar.ButtonData.NO);
        a.getButtonTypes().setAll(recover, delete);
        boolean yes = a.showAndWait().orElse(delete) == recover;
        recoverFiles(left, yes);
    }

    /** Opens (or only deletes) recovery files; recovered documents are untitled and unsaved. */
    public void recoverFiles(List<Path> files, boolean open) {
        for (Path p : files) {
            if (open && p.getFileName().toString().endsWith(Recovery.SQL_SUFFIX)) {
                try {
                    org.dbspstudio.ide.sql.SqlTab.open(window, Files.readString(p), null, true);
                    window.status("Recovered the SQL of " + p.getFileName());
                } catch (IOException | RuntimeException e) {
                    window.status("Could not recover " + p.getFileName() + ": " + e.getMessage());
                }
            } else if (open) {
                try {
                    LoadResult r = DocumentFiles.parse(Files.readString(p), p.getFileName().toString());
                    EditorDocument d = new EditorDocument(r.document(), null);
                    d.markUnsaved();
                    window.addTab(d, newSessionKey());
                    window.status("Recovered " + r.document().name());
                } catch (IOException | LoadException | RuntimeException e) {
                    window.status("Could not recover " + p.getFileName() + ": " + e.getMessage());
                }
            }
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                window.status("Could not delete " + p + ": " + e.getMessage());
            }
        }
        recovery.release();
    }
}
