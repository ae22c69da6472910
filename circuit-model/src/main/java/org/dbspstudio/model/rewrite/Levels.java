package org.dbspstudio.model.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Operator;

/** The circuit levels of a document: the root, then every nested child circuit, depth first. */
final class Levels {
    private Levels() {
    }

    static List<Circuit> all(Circuit root) {
        List<Circuit> l = new ArrayList<>();
        collect(root, l);
        return l;
    }

    private static void collect(Circuit c, List<Circuit> l) {
        l.add(c);
        for (Operator op : c.operators()) {
            if (op.child() != null) {
                collect(op.child(), l);
            }
        }
    }
}
