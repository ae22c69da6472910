package org.dbspstudio.ide.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Routes found among random non-overlapping boxes never cross a box and stay orthogonal. */
class RouterProperties {

    @Property(tries = 300)
    void routesAvoidEveryBox(@ForAll long seed, @ForAll @IntRange(min = 2, max = 14) int n, @ForAll @IntRange(min = 0, max = 5) int lane) {
        Random r = new Random(seed);
        List<Router.Rect> boxes = new ArrayList<>();
        while (boxes.size() < n) {
            double x = 10 * r.nextInt(100);
            double y = 10 * r.nextInt(70);
            double w = 100 + 10 * r.nextInt(6);
            double h = 60 + 10 * r.nextInt(3);
            if (Placement.isFree(x, y, w, h, boxes)) {
                boxes.add(new Router.Rect(x, y, w, h));
            }
        }
        Router.Rect a = boxes.get(0);
        Router.Rect b = boxes.get(1);
        double sy = a.y() + a.h() / 2;
        double ty = b.y() + b.h() / 2;
        List<Routes.Pt> route = Router.route(a.right(), sy, b.x(), ty, boxes, lane);
        if (route == null) {
            return; // a port stub blocked by a neighbour: the canvas falls back to the simple route
        }
        assertThat(route.get(0)).isEqualTo(new Routes.Pt(a.right(), sy));
        assertThat(route.get(route.size() - 1)).isEqualTo(new Routes.Pt(b.x(), ty));
        assertThat(route.get(1).x()).as("leaves to the right").isGreaterThan(a.right());
        assertThat(route.get(route.size() - 2).x()).as("enters from the left").isLessThan(b.x());
        for (int i = 1; i < route.size(); i++) {
            Routes.Pt p = route.get(i - 1);
            Routes.Pt q = route.get(i);
            assertThat(p.x() == q.x() || p.y() == q.y()).as("segment %s-%s", p, q).isTrue();
        }
        assertThat(Router.crossesAny(route, boxes)).as("route %s among %s", route, boxes).isFalse();
    }
}
