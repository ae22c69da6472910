package org.dbspstudio.ide.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.Diagnostic;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.validate.Validator;

/** The editor's loop finder agrees with the model's validator on random wirings. */
class LoopsProperties {

    @Property(tries = 300)
    void sameLoopsAsTheValidator(@ForAll @IntRange(min = 1, max = 9) int n,
                                 @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 99) Integer> wires,
                                 @ForAll @Size(max = 9) List<Boolean> delays) {
        Circuit c = new Circuit();
        for (int i = 0; i < n; i++) {
            boolean delay = i < delays.size() && delays.get(i);
            c.add(Operator.of("o" + i, delay ? OpKind.DELAY : OpKind.PLUS));
        }
        Set<String> fed = new HashSet<>();
        for (int w : wires) {
            int from = w % n;
            int to = (w / 10) % n;
            Operator t = c.op("o" + to);
            String port = t.kind() == OpKind.DELAY ? "in" : (fed.contains("o" + to + ".a") ? "b" : "a");
            if (fed.add("o" + to + "." + port)) {
                c.connect("o" + from + ".out", "o" + to + "." + port);
            }
        }
        Set<Set<String>> ours = new HashSet<>();
        Loops.algebraicLoops(c).forEach(l -> ours.add(Set.copyOf(l)));
        Set<Set<String>> theirs = new HashSet<>();
        for (Diagnostic d : Validator.validate(c)) {
            if (d.code().equals("ALGEBRAIC_LOOP")) {
                theirs.add(Set.copyOf(d.operators()));
            }
        }
        assertThat(ours).isEqualTo(theirs);
    }
}
