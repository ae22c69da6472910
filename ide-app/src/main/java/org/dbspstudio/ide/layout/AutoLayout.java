package org.dbspstudio.ide.layout;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbspstudio.ide.canvas.Geometry;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Layout;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.PortRef;
import org.dbspstudio.model.Stream;
import org.eclipse.elk.alg.layered.options.LayeredMetaDataProvider;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.options.PortConstraints;
import org.eclipse.elk.core.options.PortSide;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.ElkPort;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Left-to-right layered layout (ELK layered) of a circuit's operators, using the same box sizes
 * and port positions as the canvas; cycles are broken by ELK so feedback streams run backwards
 * and are drawn around below the boxes.
 */
public final class AutoLayout {
    private static volatile boolean registered;

    private AutoLayout() {
    }

    private static void register() {
        if (!registered) {
            synchronized (AutoLayout.class) {
                if (!registered) {
                    LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredMetaDataProvider());
                    registered = true;
                }
            }
        }
    }

    /** New top-left positions (snapped to the grid) for every operator of {@code c}, offset by (x0, y0). */
    public static Map<String, Layout.Point> positions(Circuit c, double x0, double y0) {
        register();
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE, 40.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 70.0);
        root.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 20.0);
        root.setProperty(LayeredOptions.SPACING_COMPONENT_COMPONENT, 50.0);
        if (c.operators().size() > 150) {
            // large circuits: fewer crossing-minimisation passes
            root.setProperty(LayeredOptions.THOROUGHNESS, 1);
        }
        Map<String, ElkNode> nodes = new LinkedHashMap<>();
        Map<PortRef, ElkPort> ports = new HashMap<>();
        for (Operator op : c.operators()) {
            ElkNode n = ElkGraphUtil.createNode(root);
            double w = Geometry.width(op);
            n.setDimensions(w, Geometry.height(op));
            n.setProperty(CoreOptions.PORT_CONSTRAINTS, PortConstraints.FIXED_POS);
            nodes.put(op.id(), n);
            List<String> in = op.inputPorts();
            for (int i = 0; i < in.size(); i++) {
                ElkPort p = ElkGraphUtil.createPort(n);
                p.setDimensions(1, 1);
                p.setLocation(-1, Geometry.portY(op, i, in.size()) - 0.5);
                p.setProperty(CoreOptions.PORT_SIDE, PortSide.WEST);
                ports.put(new PortRef(op.id(), in.get(i)), p);
            }
            List<String> out = op.outputPorts();
            for (int i = 0; i < out.size(); i++) {
                ElkPort p = ElkGraphUtil.createPort(n);
                p.setDimensions(1, 1);
                p.setLocation(w, Geometry.portY(op, i, out.size()) - 0.5);
                p.setProperty(CoreOptions.PORT_SIDE, PortSide.EAST);
                ports.put(new PortRef(op.id(), out.get(i)), p);
            }
        }
        for (Stream s : c.streams()) {
            ElkPort a = ports.get(s.from());
            ElkPort b = ports.get(s.to());
            if (a != null && b != null) {
                ElkGraphUtil.createSimpleEdge(a, b);
            }
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());
        Map<String, Layout.Point> result = new LinkedHashMap<>();
        nodes.forEach((id, n) -> result.put(id, new Layout.Point(Geometry.snap(x0 + n.getX()), Geometry.snap(y0 + n.getY()))));
        return result;
    }

    /** Lays out {@code c} and every nested circuit inside it into {@code layout}. */
    public static void layoutDeep(Circuit c, Layout layout) {
        positions(c, 40, 40).forEach((id, p) -> layout.put(id, p.x(), p.y()));
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                layoutDeep(op.child(), layout);
            }
        }
    }

    /** Whether some operator of {@code c} or of its nested circuits has no position. */
    public static boolean missingPositions(Circuit c, Layout layout) {
        boolean[] missing = {false};
        c.forEachDeep(o -> missing[0] |= layout.get(o.id()) == null);
        return missing[0];
    }
}
