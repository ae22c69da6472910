package org.dbspstudio.ide.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** Routes are orthogonal, start and end at the ports, and feedback runs below both boxes. */
class RoutesProperties {

    @Property(tries = 500)
    void routesAreOrthogonalAndFeedbackPassesBelow(@ForAll @DoubleRange(min = 0, max = 1000) double sx,
                                                   @ForAll @DoubleRange(min = 0, max = 1000) double sy,
                                                   @ForAll @DoubleRange(min = 0, max = 1000) double tx,
                                                   @ForAll @DoubleRange(min = 0, max = 1000) double ty,
                                                   @ForAll @IntRange(min = 0, max = 3) int lane) {
        Routes.Box src = new Routes.Box(sy - 30, sy + 30);
        Routes.Box tgt = new Routes.Box(ty - 30, ty + 30);
        List<Routes.Pt> pts = Routes.route(sx, sy, tx, ty, src, tgt, lane);
        assertThat(pts.get(0)).isEqualTo(new Routes.Pt(sx, sy));
        assertThat(pts.get(pts.size() - 1)).isEqualTo(new Routes.Pt(tx, ty));
        for (int i = 1; i < pts.size(); i++) {
            Routes.Pt a = pts.get(i - 1);
            Routes.Pt b = pts.get(i);
            assertThat(a.x() == b.x() || a.y() == b.y()).as("segment %s-%s", a, b).isTrue();
        }
        // the last segment enters the input port from the left
        assertThat(pts.get(pts.size() - 2).x()).isLessThanOrEqualTo(tx);
        if (Routes.isFeedback(sx, tx)) {
            double lowest = pts.stream().mapToDouble(Routes.Pt::y).max().orElseThrow();
            assertThat(lowest).isGreaterThan(Math.max(src.bottom(), tgt.bottom()));
            assertThat(pts.get(1).x()).isGreaterThan(sx);
        }
    }
}
