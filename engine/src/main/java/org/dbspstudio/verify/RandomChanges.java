package org.dbspstudio.verify;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.dbspstudio.model.Change;
import org.dbspstudio.model.Circuit;
import org.dbspstudio.model.OpKind;
import org.dbspstudio.model.Operator;
import org.dbspstudio.model.Scenario;
import org.dbspstudio.model.StepData;
import org.dbspstudio.model.types.Column;
import org.dbspstudio.model.types.Row;
import org.dbspstudio.model.types.RowSchema;
import org.dbspstudio.model.types.StreamType;

/**
 * Random change streams for a circuit's inputs, generated from their declared types: at each
 * step some insertions of rows not currently present and deletions of rows currently present
 * (so every table stays a set), over small value domains so that joins and groups match.
 * Column values mix a small domain with the literals of the circuit's expressions and their
 * neighbours, so that predicates such as {@code amount > 100} go both ways. Integer (Z) inputs
 * get small random integers (non-negative for the waterline of a window, so that it never decreases). Seeded: the same seed gives the same scenario.
 */
public final class RandomChanges {
    private final int steps;
    private final int maxChangesPerStep;
    private final int domain;
    private final boolean deletions;

    /** Values from the circuit's literals (and their neighbours), mixed into the domain of each column. */
    private record Pool(List<Long> numbers, List<String> strings) {
    }

    /**
     * @param steps             steps per scenario
     * @param maxChangesPerStep at most this many changes per input per step
     * @param domain            values per column (0 .. domain-1, mapped to the column's type)
     */
    public RandomChanges(int steps, int maxChangesPerStep, int domain) {
        this(steps, maxChangesPerStep, domain, true);
    }

    /** As {@link #RandomChanges(int, int, int)}; without {@code deletions} only insertions are generated. */
    public RandomChanges(int steps, int maxChangesPerStep, int domain, boolean deletions) {
        if (steps < 1 || maxChangesPerStep < 1 || domain < 1) {
            throw new IllegalArgumentException("steps, changes per step and domain must be positive");
        }
        this.steps = steps;
        this.maxChangesPerStep = maxChangesPerStep;
        this.domain = domain;
        this.deletions = deletions;
    }

    /** The defaults used by {@code dbsp verify}: 8 steps, up to 3 changes per step, 4 values per column. */
    public static RandomChanges defaults() {
        return new RandomChanges(8, 3, 4);
    }

    /** A scenario for every input of {@code circuit}, from {@code seed}. */
    public Scenario generate(Circuit circuit, long seed) {
        return generate(circuit, seed, null);
    }

    /**
     * As {@link #generate(Circuit, long)}, also mixing in the values that occur in {@code hints}
     * (the document's own scenario, so that names such as 'Alice' join), when not null.
     */
    public Scenario generate(Circuit circuit, long seed, Scenario hints) {
        Random rnd = new Random(seed);
        Literals literals = new Literals(circuit);
        if (hints != null) {
            literals.addValuesOf(hints);
        }
        List<Long> numbers = new ArrayList<>();
        for (long n : literals.numbers) {
            for (long k = n - 1; k <= n + 1; k++) {
                if (k >= domain && !numbers.contains(k)) {
                    numbers.add(k);
                }
            }
        }
        Pool pool = new Pool(numbers, new ArrayList<>(literals.strings));
        Scenario sc = new Scenario();
        for (Operator in : circuit.operatorsOfKind(OpKind.INPUT)) {
            String name = in.params().string("name");
            StreamType type = in.params().type("type");
            if (name == null || type == null) {
                continue;
            }
            sc.put(name, type instanceof StreamType.ZSet z ? rows(z.row(), rnd, pool)
                    : integers(rnd, feedsWaterline(circuit, in.id())));
        }
        return sc;
    }

    /**
     * Small random integers; for a waterline (monotone by contract: a window moved inside the
     * integral refuses one that decreases) small non-negative increments, so that its running sum rises.
     */
    private List<StepData> integers(Random rnd, boolean monotone) {
        List<StepData> l = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            l.add(StepData.scalar(monotone ? rnd.nextInt(3) : rnd.nextInt(7) - 3));
        }
        return l;
    }

    /** Whether input {@code id} feeds the waterline port of a window (or of its incremental form). */
    private static boolean feedsWaterline(Circuit circuit, String id) {
        return circuit.streamsFrom(id).stream().anyMatch(s -> "waterline".equals(s.to().port())
                && (circuit.op(s.to().op()).kind() == OpKind.WINDOW || circuit.op(s.to().op()).kind() == OpKind.WINDOW_INTEGRATE));
    }

    private List<StepData> rows(RowSchema schema, Random rnd, Pool pool) {
        Set<Row> present = new LinkedHashSet<>();
        List<StepData> l = new ArrayList<>();
        for (int t = 0; t < steps; t++) {
            int n = rnd.nextInt(maxChangesPerStep + 1);
            Map<Row, Long> step = new LinkedHashMap<>();
            for (int k = 0; k < n; k++) {
                boolean delete = deletions && !present.isEmpty() && rnd.nextInt(3) == 0;
                if (delete) {
                    List<Row> candidates = present.stream().filter(r -> !step.containsKey(r)).toList();
                    if (!candidates.isEmpty()) {
                        Row r = candidates.get(rnd.nextInt(candidates.size()));
                        step.put(r, -1L);
                    }
                } else {
                    for (int attempt = 0; attempt < 5; attempt++) {
                        Row r = randomRow(schema, rnd, pool);
                        if (!present.contains(r) && !step.containsKey(r)) {
                            step.put(r, 1L);
                            break;
                        }
                    }
                }
            }
            step.forEach((r, w) -> {
                if (w > 0) {
                    present.add(r);
                } else {
                    present.remove(r);
                }
            });
            List<Change> changes = new ArrayList<>();
            step.forEach((r, w) -> changes.add(new Change(r, w)));
            l.add(StepData.rows(changes));
        }
        return l;
    }

    private Row randomRow(RowSchema schema, Random rnd, Pool pool) {
        Object[] v = new Object[schema.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = value(schema.column(i), rnd, pool);
        }
        return Row.of(v);
    }

    private Object value(Column c, Random rnd, Pool pool) {
        if (c.nullable() && rnd.nextInt(8) == 0) {
            return null;
        }
        int k = rnd.nextInt(domain);
        boolean literal = rnd.nextBoolean();
        if (literal && c.type() == org.dbspstudio.model.types.SqlType.VARCHAR && !pool.strings().isEmpty()) {
            return pool.strings().get(rnd.nextInt(pool.strings().size()));
        }
        if (literal && c.type().isNumeric() && !pool.numbers().isEmpty()) {
            long n = pool.numbers().get(rnd.nextInt(pool.numbers().size()));
            return switch (c.type()) {
                case DOUBLE -> n + 0.5;
                case DECIMAL -> BigDecimal.valueOf(n * 10 + 5, 1);
                default -> n;
            };
        }
        return switch (c.type()) {
            case BOOLEAN -> k % 2 == 0;
            case INTEGER, BIGINT -> (long) k;
            case DOUBLE -> k + 0.5;
            case DECIMAL -> BigDecimal.valueOf(k * 25L, 1);
            case VARCHAR -> String.valueOf((char) ('a' + k % 26)) + (k / 26 == 0 ? "" : k / 26);
            case DATE -> LocalDate.of(2024, 1, 1).plusDays(k);
            case TIMESTAMP -> LocalDateTime.of(2024, 1, 1, 0, 0).plusHours(k);
        };
    }
}
