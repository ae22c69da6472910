package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.dbspstudio.ide.canvas.CircuitCanvas;
import org.dbspstudio.ide.canvas.OperatorNode;
import org.dbspstudio.ide.canvas.Router;
import org.dbspstudio.ide.canvas.Routes;
import org.dbspstudio.ide.canvas.StreamView;
import org.dbspstudio.ide.samples.SampleBrowser;
import org.dbspstudio.ide.samples.SampleCatalog;
import org.dbspstudio.ide.ui.EditorTab;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Stream;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/** Streams are drawn around boxes; only feedback is dashed; feedback streams do not share a track (issue 16, 1 and 6). */
class RoutingTest extends IdeTestBase {

    private List<Router.Rect> boxes() {
        return fx(() -> {
            List<Router.Rect> r = new ArrayList<>();
            for (OperatorNode n : canvas().nodes().values()) {
                r.add(new Router.Rect(n.getLayoutX(), n.getLayoutY(), n.boxWidth(), n.boxHeight()));
            }
            return r;
        });
    }

    /** Every stream of the circuit on screen: no segment through a box; dashed exactly when feedback. */
    private void checkDrawing(String what) {
        List<Router.Rect> boxes = boxes();
        Set<Stream> feedback = fx(() -> CircuitCanvas.feedbackStreams(doc().current()));
        for (StreamView v : fx(() -> List.copyOf(canvas().streamViews()))) {
            List<Routes.Pt> route = fx(v::route);
            assertThat(Router.crossesAny(route, boxes)).as(what + ": " + v.stream() + " drawn through a box: " + route).isFalse();
            assertThat(fx(v::isFeedback)).as(what + ": " + v.stream() + " dashed").isEqualTo(feedback.contains(v.stream()));
            assertThat(fx(() -> v.getStyleClass().contains("feedback"))).isEqualTo(feedback.contains(v.stream()));
        }
    }

    @Test
    void incrementalUsersJoinOrdersIsDrawnAroundItsBoxes(FxRobot robot) {
        openSample("06");
        checkDrawing("users ⋈ orders");
        fx(() -> window.debugger().incrementalize().orElseThrow());
        checkDrawing("users ⋈ orders (incremental)");
    }

    @Test
    void everySampleAndNestedCircuitIsDrawnAroundItsBoxes(FxRobot robot) {
        for (SampleCatalog.Sample s : SampleCatalog.load()) {
            EditorTab t = fx(() -> SampleBrowser.open(window, s).orElseThrow());
            checkDrawing(s.file());
            for (Operator op : t.doc().current().operators()) {
                if (op.child() != null) {
                    fx(() -> t.doc().enter(op.id()));
                    checkDrawing(s.file() + " inside " + op.id());
                    fx(() -> t.doc().goUp(0));
                }
            }
        }
    }

    @Test
    void feedbackStreamsOfTheTransitiveClosureRunOnTracksOfTheirOwn(FxRobot robot) {
        EditorTab t = openSample("05");
        fx(() -> t.doc().enter("tc"));
        List<StreamView> back = fx(() -> canvas().streamViews().stream().filter(StreamView::isFeedback).toList());
        assertThat(back).hasSizeGreaterThanOrEqualTo(2);
        for (int i = 0; i < back.size(); i++) {
            for (int j = i + 1; j < back.size(); j++) {
                assertThat(sharedLength(fx(back.get(i)::route), fx(back.get(j)::route)))
                        .as(back.get(i).stream() + " and " + back.get(j).stream() + " share a track").isZero();
            }
        }
    }

    @Test
    void movingABoxOntoAStreamReroutesTheStreamAroundIt(FxRobot robot) throws Exception {
        org.dbspstudio.model.Circuit c = new org.dbspstudio.model.Circuit()
                .add(Operator.of("in", org.dbspstudio.model.OpKind.INPUT, "name", "in", "type",
                        org.dbspstudio.model.types.StreamType.zset(org.dbspstudio.model.types.RowSchema.of(
                                org.dbspstudio.model.types.Column.of("id", org.dbspstudio.model.types.SqlType.BIGINT)))))
                .add(Operator.of("out", org.dbspstudio.model.OpKind.OUTPUT, "name", "out"))
                .add(Operator.of("d", org.dbspstudio.model.OpKind.DELAY))
                .connect("in.out", "out.in");
        org.dbspstudio.model.CircuitDocument d = new org.dbspstudio.model.CircuitDocument("move", c);
        d.layout().put("in", 40, 100);
        d.layout().put("out", 640, 100);
        d.layout().put("d", 300, 320);
        java.nio.file.Path file = temp.resolve("move.json");
        org.dbspstudio.ide.io.DocumentFiles.save(d, file);
        EditorTab t = fx(() -> window.files().open(file).orElseThrow());
        Stream s = c.streams().get(0);
        List<Routes.Pt> route = fx(() -> canvas().streamView(s).route());
        String mover = "d";
        double w = fx(() -> canvas().node(mover).boxWidth());
        double h = fx(() -> canvas().node(mover).boxHeight());
        Routes.Pt c1 = route.get(0);
        Routes.Pt c2 = route.get(1);
        for (int i = 1; i < route.size(); i++) {
            Routes.Pt p = route.get(i - 1);
            Routes.Pt q = route.get(i);
            if (Math.abs(q.x() - p.x()) + Math.abs(q.y() - p.y()) > Math.abs(c2.x() - c1.x()) + Math.abs(c2.y() - c1.y())) {
                c1 = p;
                c2 = q;
            }
        }
        double cx = (c1.x() + c2.x()) / 2;
        double cy = (c1.y() + c2.y()) / 2;
        fx(() -> t.doc().execute(new org.dbspstudio.ide.doc.MoveCommand(
                java.util.Map.of(mover, t.doc().document().layout().get(mover)),
                java.util.Map.of(mover, new org.dbspstudio.model.Layout.Point(cx - w / 2, cy - h / 2)))));
        assertThat(Router.crossesAny(route, boxes())).as("the box now stands on the old route").isTrue();
        checkDrawing("after a move");
    }

    /** Total length of collinear overlap between two orthogonal routes. */
    static double sharedLength(List<Routes.Pt> a, List<Routes.Pt> b) {
        double total = 0;
        for (int i = 1; i < a.size(); i++) {
            for (int j = 1; j < b.size(); j++) {
                Routes.Pt a1 = a.get(i - 1);
                Routes.Pt a2 = a.get(i);
                Routes.Pt b1 = b.get(j - 1);
                Routes.Pt b2 = b.get(j);
                if (a1.y() == a2.y() && b1.y() == b2.y() && a1.y() == b1.y()) {
                    total += Math.max(0, Math.min(Math.max(a1.x(), a2.x()), Math.max(b1.x(), b2.x()))
                            - Math.max(Math.min(a1.x(), a2.x()), Math.min(b1.x(), b2.x())));
                } else if (a1.x() == a2.x() && b1.x() == b2.x() && a1.x() == b1.x()) {
                    total += Math.max(0, Math.min(Math.max(a1.y(), a2.y()), Math.max(b1.y(), b2.y()))
                            - Math.max(Math.min(a1.y(), a2.y()), Math.min(b1.y(), b2.y())));
                }
            }
        }
        return total;
    }
}
