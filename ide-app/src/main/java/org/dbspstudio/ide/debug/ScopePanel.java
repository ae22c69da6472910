package org.dbspstudio.ide.debug;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.FileChooser;

/**
 * The waveform scope: streams pinned to it are plotted over the steps — integer streams as a
 * line, Z-sets as bars of inserted (+, up) and deleted (−, down) weight with the size of their
 * contents as a line; a stream inside a nested circuit is plotted over the inner iterations of
 * the current step. Clicking a column moves to that step. The plots export as PNG, SVG and CSV.
 *
 * <p>The samples are read on the scope's own thread (a pass over each step's change and the
 * first step's contents of every pinned stream) and handed to the JavaFX thread, which only
 * draws them; until they arrive the previous plots stay on screen. A top-level stream's samples
 * read in the session's run are kept: after a step only the new step's change is read.
 */
public final class ScopePanel extends VBox {
    static final double LEFT = 190;
    static final double COLUMN = 22;
    static final double ROW = 92;
    /** Space between the scale labels' right edge and the plot. */
    static final double GAP = 6;
    /** The height of a line of text in a plot's margin. */
    static final double LINE = 13;
    static final String PLUS = "#2da44e";
    static final String MINUS = "#cf222e";
    static final String SIZE = "#0969da";
    static final String AXIS = "#8b949e";
    static final String CURRENT = "#bf8700";

    private final VBox rowsBox = new VBox(6);
    private final Label hint = new Label("Pin streams here (right-click a stream → Pin to Scope, or Pin in the inspector)");
    private List<StreamRef> pinned = new ArrayList<>();
    private DebugSession session;
    private Supplier<StreamRef> inspected = () -> null;
    private IntConsumer onSeek = t -> { };
    private String textColor = "#1f2328";
    /**
     * The top-level waveforms last read while the session was idle, which the next refresh goes on
     * from (reading only the steps run since), by stream (JavaFX thread).
     */
    private final Map<StreamRef, Waveform.Read> reads = new HashMap<>();
    /** The waveforms drawn (JavaFX thread). */
    private List<Waveform> plotted = List.of();
    /** The newest refresh asked for (written on the JavaFX thread, read on the scope's). */
    private volatile long requested;
    private final ReadOnlyLongWrapper shownRequest = new ReadOnlyLongWrapper();
    /** Reads the pinned streams' samples off the JavaFX thread (for every scope). */
    private static final ExecutorService PLOTTER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "dbsp-scope");
        t.setDaemon(true);
        return t;
    });

    public ScopePanel() {
        setId("scope");
        getStyleClass().add("debug-panel");
        setPadding(new Insets(4));
        setSpacing(4);
        Button pin = new Button("Pin inspected stream");
        pin.setId("scope-pin");
        pin.setTooltip(new Tooltip("Add the stream shown in the inspector to the scope"));
        pin.setOnAction(e -> {
            StreamRef r = inspected.get();
            if (r != null) {
                pin(r);
            }
        });
        Button clear = new Button("Clear");
        clear.setId("scope-clear");
        clear.setOnAction(e -> {
            pinned.clear();
            refresh();
        });
        Button png = new Button("Export PNG…");
        png.setOnAction(e -> choose("PNG", "*.png").ifPresent(p -> report(() -> exportPng(p))));
        Button svg = new Button("Export SVG…");
        svg.setOnAction(e -> choose("SVG", "*.svg").ifPresent(p -> report(() -> exportSvg(p))));
        Button csv = new Button("Export CSV…");
        csv.setOnAction(e -> choose("CSV", "*.csv").ifPresent(p -> report(() -> exportCsv(p))));
        Label legend = new Label("+ inserted   − deleted   — size (Z-sets) / value (integers)");
        legend.getStyleClass().add("scope-legend");
        HBox bar = new HBox(6, pin, clear, png, svg, csv, legend);
        bar.setAlignment(Pos.CENTER_LEFT);
        hint.getStyleClass().add("scope-hint");
        rowsBox.setId("scope-rows");
        ScrollPane sp = new ScrollPane(rowsBox);
        VBox.setVgrow(sp, Priority.ALWAYS);
        getChildren().addAll(bar, sp);
        refresh();
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private void report(IoAction a) {
        try {
            a.run();
        } catch (IOException ex) {
            hint.setText("Cannot export: " + ex.getMessage());
        }
    }

    private java.util.Optional<Path> choose(String what, String pattern) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the scope as " + what);
        fc.setInitialDirectory(new java.io.File(System.getProperty("user.home")));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(what, pattern));
        java.io.File f = fc.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        return java.util.Optional.ofNullable(f).map(java.io.File::toPath);
    }

    /** Where "Pin inspected stream" takes its stream from. */
    public void setInspected(Supplier<StreamRef> s) {
        inspected = s;
    }

    /** Called with a step when a column is clicked. */
    public void setOnSeek(IntConsumer seek) {
        onSeek = seek;
    }

    /** Text colour of the plots (follows the theme). */
    public void setTextColor(String css) {
        textColor = css;
        refresh();
    }

    public String textColor() {
        return textColor;
    }

    /** Follows a document's session and its own pinned streams. */
    public void bind(DebugSession s, List<StreamRef> streams) {
        if (s != session) {
            reads.clear();
        }
        session = s;
        pinned = streams;
        refresh();
    }

    public void pin(StreamRef r) {
        if (!pinned.contains(r)) {
            pinned.add(r);
        }
        refresh();
    }

    public void unpin(StreamRef r) {
        pinned.remove(r);
        refresh();
    }

    public List<StreamRef> pinned() {
        return List.copyOf(pinned);
    }

    /** The waveforms plotted now: those of the latest {@link #refresh()} once {@link #upToDate()}, else the previous ones. */
    public List<Waveform> waveforms() {
        return plotted;
    }

    /**
     * Increases each time the scope draws the samples of the latest {@link #refresh()} (read on
     * the scope's thread unless there is nothing to read).
     */
    public ReadOnlyLongProperty shownRequestProperty() {
        return shownRequest.getReadOnlyProperty();
    }

    /** Whether the plots are those of the latest {@link #refresh()}. */
    public boolean upToDate() {
        return shownRequest.get() == requested;
    }

    /**
     * Reads the pinned streams' samples at the session's steps on the scope's thread, then draws
     * them; a stream unpinned disappears at once, the others keep their plots until then.
     */
    public void refresh() {
        long request = ++requested;
        DebugSession s = session;
        List<StreamRef> refs = List.copyOf(pinned);
        Waveform.Steps at = Waveform.Steps.of(s);
        if (refs.isEmpty() || s == null || at.cursor() < 0) {
            // nothing to read: no stream, or none run yet
            show(request, refs.stream().map(r -> Waveform.of(s, r, at)).toList());
            return;
        }
        if (!plotted.stream().allMatch(w -> refs.contains(w.ref()))) {
            draw(plotted.stream().filter(w -> refs.contains(w.ref())).toList());
        }
        reads.keySet().retainAll(refs);
        Map<StreamRef, Waveform.Read> from = Map.copyOf(reads);
        long version = s.versionProperty().get();
        boolean idle = !s.busyProperty().get();
        PLOTTER.execute(() -> {
            List<Waveform> ws = new ArrayList<>();
            Map<StreamRef, Waveform.Read> read = new HashMap<>();
            try {
                for (StreamRef r : refs) {
                    if (request != requested) {
                        return;
                    }
                    if (r.depth() == 0) {
                        Waveform.Read w = Waveform.read(s, r, at, from.get(r));
                        read.put(r, w);
                        ws.add(w.waveform());
                    } else {
                        ws.add(Waveform.of(s, r, at));
                    }
                }
            } catch (RuntimeException | OutOfMemoryError e) {
                String why = "Cannot plot the pinned streams: " + e.getMessage();
                Platform.runLater(() -> {
                    if (request == requested) {
                        plotted = List.of();
                        rowsBox.getChildren().setAll(new Label(why));
                        shownRequest.set(request);
                    }
                });
                return;
            }
            Platform.runLater(() -> {
                // gone on from at the next refresh only when no engine job ran meanwhile (a job replacing the run
                // changes the values before the run's id is published to the views): idle at both ends, nothing published
                if (request == requested && session == s && idle && !s.busyProperty().get() && s.versionProperty().get() == version) {
                    reads.putAll(read);
                }
                show(request, ws);
            });
        });
    }

    private void show(long request, List<Waveform> ws) {
        if (request != requested) {
            return;
        }
        plotted = List.copyOf(ws);
        draw(plotted);
        shownRequest.set(request);
    }

    private void draw(List<Waveform> ws) {
        rowsBox.getChildren().clear();
        if (ws.isEmpty()) {
            rowsBox.getChildren().add(hint);
            return;
        }
        for (Waveform w : ws) {
            Canvas c = new Canvas(width(w), ROW);
            c.setId("scope-" + w.ref().label().replaceAll("[^A-Za-z0-9_]", "_"));
            paint(w, new FxPainter(c.getGraphicsContext2D()), 0);
            Tooltip.install(c, new Tooltip(w.ref().label()));
            c.setOnMouseClicked(e -> {
                int col = (int) Math.floor((e.getX() - LEFT) / COLUMN);
                if (w.ref().depth() == 0 && col >= 0 && col < w.samples().size()) {
                    onSeek.accept(w.samples().get(col).x());
                }
            });
            Button remove = new Button("✕");
            remove.getStyleClass().add("flat");
            remove.setTooltip(new Tooltip("Unpin " + w.ref().label()));
            remove.setOnAction(e -> unpin(w.ref()));
            HBox row = new HBox(2, remove, c);
            row.setAlignment(Pos.TOP_LEFT);
            rowsBox.getChildren().add(row);
        }
    }

    static double width(Waveform w) {
        return Math.max(520, LEFT + COLUMN * Math.max(1, w.samples().size()) + 16);
    }

    /** Draws one waveform with its top at {@code y0}. */
    void paint(Waveform w, Painter p, double y0) {
        double width = width(w);
        double mid = y0 + ROW / 2;
        List<Waveform.Sample> s = w.samples();
        double top = y0 + 6;
        double bottom = y0 + ROW - 18;
        double zero = top + (bottom - top) / 2;
        String[] scale = scaleLabels(w);
        double[] scaleY = {top + 8, bottom, zero + 4};
        String over = "over the " + (w.axis().startsWith("step") ? "steps" : "inner iterations");
        String[] names = w.axis().equals("step") ? new String[] {w.ref().label(), over}
                : new String[] {w.ref().label(), over, "(" + w.axis() + ")"};
        for (int i = 0; i < names.length; i++) {
            double y = y0 + 16 + 15 * i;
            boolean bold = i == 0;
            // a name ends 8 px before the scale labels on its line, or before the plot
            double room = LEFT - 8 - 4;
            for (int k = 0; k < scale.length; k++) {
                if (Math.abs(scaleY[k] - y) < LINE) {
                    room = Math.min(room, LEFT - GAP - p.width(scale[k], false) - 8 - 4);
                }
            }
            p.text(4, y, fit(names[i], room, x -> p.width(x, bold)), bold ? textColor : AXIS, bold);
        }
        p.line(LEFT, y0 + ROW - 14, width - 8, y0 + ROW - 14, AXIS, false);
        if (s.isEmpty()) {
            p.text(LEFT + 4, mid, "not run yet", AXIS, false);
            return;
        }
        int current = session == null ? -1 : session.cursor();
        for (int i = 0; i < s.size(); i++) {
            double x = LEFT + i * COLUMN;
            if (w.ref().depth() == 0 && s.get(i).x() == current) {
                p.rect(x, top - 4, COLUMN, bottom - top + 8, CURRENT, 0.18);
            }
            if (i % Math.max(1, (int) Math.ceil(s.size() / 30.0)) == 0) {
                p.text(x + 4, y0 + ROW - 2, Integer.toString(s.get(i).x()), AXIS, false);
            }
        }
        if (w.numeric()) {
            long min = s.stream().filter(x -> x.value() != null).mapToLong(Waveform.Sample::value).min().orElse(0);
            long max = s.stream().filter(x -> x.value() != null).mapToLong(Waveform.Sample::value).max().orElse(0);
            double span = Math.max(1, max - min);
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < s.size(); i++) {
                if (s.get(i).value() != null) {
                    double y = bottom - (s.get(i).value() - min) / span * (bottom - top);
                    pts.add(new double[] {LEFT + i * COLUMN + COLUMN / 2, y});
                    p.text(LEFT + i * COLUMN + 3, y - 3, s.get(i).value().toString(), SIZE, false);
                }
            }
            p.polyline(pts, SIZE);
            return;
        }
        long[] extremes = extremes(s);
        long maxBar = extremes[0];
        long maxSize = extremes[1];
        double half = (bottom - top) / 2;
        p.line(LEFT, zero, width - 8, zero, AXIS, true);
        List<double[]> sizes = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            Waveform.Sample x = s.get(i);
            double bx = LEFT + i * COLUMN + 4;
            if (x.plus() > 0) {
                double h = Math.max(2, x.plus() / (double) maxBar * (half - 2));
                p.rect(bx, zero - h, COLUMN - 8, h, PLUS, 1);
            }
            if (x.minus() > 0) {
                double h = Math.max(2, x.minus() / (double) maxBar * (half - 2));
                p.rect(bx, zero, COLUMN - 8, h, MINUS, 1);
            }
            sizes.add(new double[] {LEFT + i * COLUMN + COLUMN / 2, bottom - x.size() / (double) maxSize * (bottom - top)});
        }
        p.polyline(sizes, SIZE);
        p.textEnd(LEFT - GAP, top + 8, scale[0], PLUS);
        p.textEnd(LEFT - GAP, bottom, scale[1], MINUS);
        p.textEnd(LEFT - GAP, zero + 4, scale[2], SIZE);
    }

    /** The scale labels left of a Z-set's plot: largest insertion, largest deletion, largest size. */
    static String[] scaleLabels(Waveform w) {
        if (w.numeric() || w.samples().isEmpty()) {
            return new String[0];
        }
        long[] e = extremes(w.samples());
        return new String[] {"+" + compact(e[0]), "−" + compact(e[0]), "size ≤ " + compact(e[1])};
    }

    /** The largest insertion or deletion and the largest size of a Z-set's samples (at least 1 each). */
    private static long[] extremes(List<Waveform.Sample> samples) {
        long maxBar = 1;
        long maxSize = 1;
        for (Waveform.Sample x : samples) {
            maxBar = Math.max(maxBar, Math.max(x.plus(), x.minus()));
            maxSize = Math.max(maxSize, x.size());
        }
        return new long[] {maxBar, maxSize};
    }

    /**
     * A count as it fits a scale label: exact below 10,000, else three significant digits with k, M
     * or G (12,345 → 12.3k, 1,250,000 → 1.25M); the exact figures are in the CSV export.
     */
    static String compact(long n) {
        long a = Math.abs(n);
        if (a < 10_000) {
            return Long.toString(n);
        }
        String[] units = {"k", "M", "G", "T", "P", "E"};
        double v = n;
        int u = -1;
        while (Math.abs(v) >= 999.5 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        double av = Math.abs(v);
        String digits = av >= 99.95 ? String.format(Locale.ROOT, "%.0f", v)
                : av >= 9.995 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
        return digits + units[u];
    }

    /** {@code s}, cut at its end with an ellipsis so that it is at most {@code max} wide. */
    static String fit(String s, double max, java.util.function.ToDoubleFunction<String> width) {
        if (width.applyAsDouble(s) <= max) {
            return s;
        }
        int n = s.length();
        while (n > 1 && width.applyAsDouble(s.substring(0, n - 1) + "…") > max) {
            n--;
        }
        return s.substring(0, Math.max(1, n - 1)) + "…";
    }

    // ------------------------------------------------------------------ painting and export

    /** What a plot is made of, drawn on screen or written as SVG. */
    interface Painter {
        void line(double x1, double y1, double x2, double y2, String color, boolean dashed);

        void rect(double x, double y, double w, double h, String color, double opacity);

        void polyline(List<double[]> pts, String color);

        void text(double x, double y, String s, String color, boolean bold);

        /** Text whose right edge is at {@code x}. */
        void textEnd(double x, double y, String s, String color);

        /** How wide {@code s} is drawn. */
        double width(String s, boolean bold);
    }

    private static final class FxPainter implements Painter {
        private final GraphicsContext g;

        FxPainter(GraphicsContext g) {
            this.g = g;
            g.setFont(javafx.scene.text.Font.font("System", 11));
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, boolean dashed) {
            g.setStroke(Color.web(color));
            g.setLineWidth(1);
            g.setLineDashes(dashed ? new double[] {4, 3} : null);
            g.strokeLine(x1, y1, x2, y2);
            g.setLineDashes(null);
        }

        @Override
        public void rect(double x, double y, double w, double h, String color, double opacity) {
            g.setFill(Color.web(color, opacity));
            g.fillRect(x, y, w, h);
        }

        @Override
        public void polyline(List<double[]> pts, String color) {
            g.setStroke(Color.web(color));
            g.setLineWidth(2);
            for (int i = 1; i < pts.size(); i++) {
                g.strokeLine(pts.get(i - 1)[0], pts.get(i - 1)[1], pts.get(i)[0], pts.get(i)[1]);
            }
            g.setFill(Color.web(color));
            for (double[] p : pts) {
                g.fillOval(p[0] - 2.5, p[1] - 2.5, 5, 5);
            }
        }

        @Override
        public void text(double x, double y, String s, String color, boolean bold) {
            g.setFill(Color.web(color));
            g.setFont(javafx.scene.text.Font.font("System", bold ? javafx.scene.text.FontWeight.BOLD
                    : javafx.scene.text.FontWeight.NORMAL, 11));
            g.fillText(s, x, y);
        }

        @Override
        public void textEnd(double x, double y, String s, String color) {
            g.setTextAlign(javafx.scene.text.TextAlignment.RIGHT);
            try {
                text(x, y, s, color, false);
            } finally {
                g.setTextAlign(javafx.scene.text.TextAlignment.LEFT);
            }
        }

        @Override
        public double width(String s, boolean bold) {
            javafx.scene.text.Text t = new javafx.scene.text.Text(s);
            t.setFont(javafx.scene.text.Font.font("System", bold ? javafx.scene.text.FontWeight.BOLD
                    : javafx.scene.text.FontWeight.NORMAL, 11));
            return t.getLayoutBounds().getWidth();
        }
    }

    private static final class SvgPainter implements Painter {
        private final StringBuilder b = new StringBuilder();

        private static String n(double v) {
            return String.format(Locale.ROOT, "%.1f", v);
        }

        private static String esc(String s) {
            return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, String color, boolean dashed) {
            b.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                    .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(color).append('"')
                    .append(dashed ? " stroke-dasharray=\"4 3\"" : "").append("/>\n");
        }

        @Override
        public void rect(double x, double y, double w, double h, String color, double opacity) {
            b.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                    .append("\" height=\"").append(n(h)).append("\" fill=\"").append(color).append("\" fill-opacity=\"")
                    .append(n(opacity)).append("\"/>\n");
        }

        @Override
        public void polyline(List<double[]> pts, String color) {
            b.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color).append("\" points=\"");
            for (double[] p : pts) {
                b.append(n(p[0])).append(',').append(n(p[1])).append(' ');
            }
            b.append("\"/>\n");
            for (double[] p : pts) {
                b.append("<circle cx=\"").append(n(p[0])).append("\" cy=\"").append(n(p[1])).append("\" r=\"2.5\" fill=\"")
                        .append(color).append("\"/>\n");
            }
        }

        @Override
        public void text(double x, double y, String s, String color, boolean bold) {
            b.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" fill=\"").append(color)
                    .append("\" font-family=\"sans-serif\" font-size=\"11\"").append(bold ? " font-weight=\"bold\"" : "")
                    .append('>').append(esc(s)).append("</text>\n");
        }

        @Override
        public void textEnd(double x, double y, String s, String color) {
            b.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" fill=\"").append(color)
                    .append("\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"end\">").append(esc(s))
                    .append("</text>\n");
        }

        /** An estimate (no fonts in a document being written): sans-serif at 11 px averages under 7 px a character. */
        @Override
        public double width(String s, boolean bold) {
            return s.length() * (bold ? 7.0 : 6.5);
        }
    }

    /** The plots as an SVG document. */
    public String svg() {
        List<Waveform> ws = waveforms();
        double w = ws.stream().mapToDouble(ScopePanel::width).max().orElse(520);
        double h = Math.max(1, ws.size()) * (ROW + 6);
        SvgPainter p = new SvgPainter();
        double y = 0;
        String screen = textColor;
        textColor = "#1f2328";
        try {
            for (Waveform wf : ws) {
                paint(wf, p, y);
                y += ROW + 6;
            }
        } finally {
            textColor = screen;
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + SvgPainter.n(w) + "\" height=\"" + SvgPainter.n(h)
                + "\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + p.b + "</svg>\n";
    }

    /** The samples as CSV with a header line. */
    public String csv() {
        StringBuilder b = new StringBuilder("stream,axis,x,value,plus,minus,size\n");
        for (Waveform w : waveforms()) {
            w.csv().forEach(l -> b.append(l).append('\n'));
        }
        return b.toString();
    }

    public void exportSvg(Path file) throws IOException {
        Files.writeString(file, svg(), StandardCharsets.UTF_8);
    }

    public void exportCsv(Path file) throws IOException {
        Files.writeString(file, csv(), StandardCharsets.UTF_8);
    }

    public void exportPng(Path file) throws IOException {
        javafx.scene.image.WritableImage img = rowsBox.snapshot(null, null);
        org.dbspstudio.ide.io.PngExport.write(img, file);
    }
}
