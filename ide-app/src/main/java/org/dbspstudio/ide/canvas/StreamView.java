package org.dbspstudio.ide.canvas;

import java.util.List;
import javafx.scene.Group;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Polyline;
import javafx.util.Duration;
import org.dbspstudio.model.Stream;

/** The drawing of a stream: an orthogonal polyline with an arrowhead and a wide invisible hit area. */
public final class StreamView extends Group {
    private final Stream stream;
    private final Polyline line = new Polyline();
    private final Polyline hit = new Polyline();
    private final Polygon head = new Polygon();
    private final Tooltip tip = new Tooltip();

    StreamView(Stream stream) {
        this.stream = stream;
        setId("stream-" + stream.id());
        getStyleClass().add("stream");
        line.getStyleClass().add("stream-line");
        head.getStyleClass().add("stream-head");
        hit.getStyleClass().add("stream-hit");
        line.setMouseTransparent(true);
        head.setMouseTransparent(true);
        getChildren().addAll(hit, line, head);
        tip.setShowDelay(Duration.millis(250));
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        Tooltip.install(hit, tip);
    }

    public Stream stream() {
        return stream;
    }

    /** The text of the hover tooltip (the stream's type). */
    public Tooltip tooltip() {
        return tip;
    }

    private List<Routes.Pt> route = List.of();
    private boolean feedback;

    /** The route drawn, from the output port to the input port. */
    public List<Routes.Pt> route() {
        return route;
    }

    /** Whether it is drawn as a feedback stream (dashed). */
    public boolean isFeedback() {
        return feedback;
    }

    void setRoute(List<Routes.Pt> pts, boolean feedback) {
        this.route = List.copyOf(pts);
        this.feedback = feedback;
        Double[] xy = new Double[pts.size() * 2];
        for (int i = 0; i < pts.size(); i++) {
            xy[2 * i] = pts.get(i).x();
            xy[2 * i + 1] = pts.get(i).y();
        }
        // stop the line at the arrowhead's base
        xy[xy.length - 2] = xy[xy.length - 2] - 7;
        line.getPoints().setAll(xy);
        hit.getPoints().setAll(xy);
        Routes.Pt end = pts.get(pts.size() - 1);
        double x = end.x() - Geometry.PORT_RADIUS + 1;
        head.getPoints().setAll(x, end.y(), x - 9, end.y() - 5, x - 9, end.y() + 5);
        toggle("feedback", feedback);
    }

    void showHead(boolean show) {
        head.setVisible(show);
    }

    void setSelected(boolean on) {
        toggle("selected", on);
    }

    void setError(boolean on) {
        toggle("stream-error", on);
    }

    private void toggle(String style, boolean on) {
        if (on && !getStyleClass().contains(style)) {
            getStyleClass().add(style);
        } else if (!on) {
            getStyleClass().remove(style);
        }
    }
}
