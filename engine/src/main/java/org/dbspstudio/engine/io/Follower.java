package org.dbspstudio.engine.io;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.dbspstudio.engine.value.ZSet;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.types.RowSchema;

/**
 * Follows bound sources for someone stepping by hand (the IDE): each {@link #poll()} returns what
 * arrived since the previous one — a change source's rows of steps after those already returned,
 * a snapshot source's difference from its previous contents as the next step.
 */
public final class Follower {
    private final Map<String, ChangeSource> sources = new LinkedHashMap<>();
    private long after;

    /**
     * @param inputs each followed input's schema and source (a table name or a file path)
     * @param after  the last step already taken in (its changes and those before are not returned);
     *               a snapshot source starts from its contents now
     */
    public Follower(Database db, Map<String, RowSchema> inputs, Map<String, String> specs, long after) throws TableException {
        this.after = after;
        for (var e : inputs.entrySet()) {
            String spec = specs.get(e.getKey());
            if (spec == null || spec.isBlank()) {
                continue;
            }
            Relation rel = Relation.bind(db, e.getKey(), e.getValue(), spec);
            ChangeSource s = rel.changes ? new TableSource(e.getKey(), e.getValue(), rel)
                    : new SnapshotSource(e.getKey(), e.getValue(), rel, null);
            if (s.snapshots()) {
                s.read(-1, 0); // the contents now: later polls return differences from them
            }
            sources.put(e.getKey(), s);
        }
    }

    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        sources.forEach((k, s) -> m.put(k, s.describe()));
        return m;
    }

    /** New changes by input and step (only inputs and steps with changes). */
    public Map<String, NavigableMap<Long, List<Change>>> poll() throws TableException {
        Map<String, NavigableMap<Long, List<Change>>> out = new LinkedHashMap<>();
        long last = after;
        for (ChangeSource s : sources.values()) {
            if (!s.snapshots()) {
                last = Math.max(last, s.lastStep());
            }
        }
        long target = last;
        for (ChangeSource s : sources.values()) {
            if (s.snapshots()) {
                NavigableMap<Long, ZSet> d = s.read(after, after + 1);
                if (!d.isEmpty()) {
                    target = Math.max(target, after + 1);
                    put(out, s.input(), after + 1, d.firstEntry().getValue());
                }
            }
        }
        if (last > after) {
            for (ChangeSource s : sources.values()) {
                if (!s.snapshots()) {
                    s.read(after, last).forEach((step, z) -> put(out, s.input(), step, z));
                }
            }
        }
        after = target;
        return out;
    }

    /** The last step returned so far. */
    public long lastStep() {
        return after;
    }

    private static void put(Map<String, NavigableMap<Long, List<Change>>> out, String input, long step, ZSet z) {
        out.computeIfAbsent(input, k -> new TreeMap<>()).put(step, z.toChanges());
    }
}
