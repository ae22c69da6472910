package org.dbspstudio.model.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Mutates valid documents at random, in the JSON tree (delete, replace, rename, duplicate, change
 * the type of fields and values) and in the text (truncate, delete, insert random characters),
 * and shows that the reader only ever returns a document or throws {@link LoadException}; a
 * document it returns can always be written, and reads back equal.
 */
class DocumentReaderFuzzProperties {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] WORDS = {"Z", "", "a.out", "s.out", "add.a", "x.y.z", "input", "plus", "delay",
        "nested", "filter", "join", "aggregate", "constant", "INTEGER", "DATE", "TIMESTAMP", "DECIMAL", "DOUBLE",
        "VARCHAR", "BOOLEAN", "SUM", "COUNT", "outer", "inner", "changes", "snapshots", "2024-02-30",
        "2024-01-01T10:00", "NaN", "-Infinity", "x > 1", "dbsp-studio-circuit", "columns", "row", "weight",
        "params", "circuit", "operators", "streams", "id", "kind", "name", "type", "\u0000", "\uD800", "ünïcødé z⁻¹"};
    private static final String[] NUMBERS = {"0", "-1", "1", "2", "7", "1.5", "-0.0", "1e400", "-1e-400",
        "99999999999999999999999", "1E+999999999", "9223372036854775807", "-9223372036854775808", "0.1"};
    private static final String CHARS = "{}[]\",:0123456789.-+eEtruefalsn \n\t\\/abxyzZ\u0000\u00e9\u2603\uD83D\uDE00";

    @Provide
    Arbitrary<String> fixture() {
        return Arbitraries.of(Fixtures.files()).map(Fixtures::text);
    }

    @Property(tries = 3000)
    void treeMutationsLoadOrFailWithLoadException(@ForAll("fixture") String text,
                                                  @ForAll @IntRange(min = 1, max = 6) int mutations,
                                                  @ForAll long seed) throws Exception {
        Random random = new Random(seed);
        JsonNode root = MAPPER.readTree(text);
        for (int i = 0; i < mutations; i++) {
            root = mutate(root, random);
        }
        check(MAPPER.writeValueAsString(root));
        Statistics.label("outcome").coverage(c -> c.check("with diagnostics").percentage(p -> p >= 10));
    }

    @Property(tries = 3000)
    void textMutationsLoadOrFailWithLoadException(@ForAll("fixture") String text,
                                                  @ForAll @IntRange(min = 1, max = 4) int mutations,
                                                  @ForAll long seed) {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder(text);
        for (int i = 0; i < mutations; i++) {
            int at = random.nextInt(sb.length() + 1);
            switch (random.nextInt(5)) {
                case 0 -> sb.setLength(at);
                case 1 -> sb.delete(at, Math.min(sb.length(), at + 1 + random.nextInt(20)));
                case 2 -> sb.insert(at, CHARS.charAt(random.nextInt(CHARS.length())));
                case 3 -> {
                    for (int k = random.nextInt(8); k >= 0; k--) {
                        sb.insert(at, (char) random.nextInt(0x10000));
                    }
                }
                default -> sb.insert(at, sb.substring(at, Math.min(sb.length(), at + random.nextInt(40))));
            }
            if (sb.length() == 0) {
                break;
            }
        }
        check(sb.toString());
    }

    /** The reader's contract: a document (that writes and reads back equal) or a LoadException. */
    private static void check(String text) {
        LoadResult r;
        try {
            r = DocumentReader.read(text, "fuzz.json");
        } catch (LoadException e) {
            assertThat(e.file()).isEqualTo("fuzz.json");
            assertThat(e.line()).isNotNegative();
            assertThat(e.detail()).isNotBlank();
            Statistics.label("outcome").collect("LoadException");
            return;
        }
        Statistics.label("outcome").collect(r.diagnostics().isEmpty() ? "clean" : "with diagnostics");
        String written = DocumentWriter.write(r.document());
        LoadResult again;
        try {
            again = DocumentReader.read(written, "again.json");
        } catch (LoadException e) {
            throw new AssertionError("a written document does not read back: " + e.getMessage() + "\n" + written, e);
        }
        assertThat(again.document()).isEqualTo(r.document());
        assertThat(DocumentWriter.write(again.document())).isEqualTo(written);
    }

    private static JsonNode randomValue(Random random, int depth) {
        return switch (random.nextInt(depth > 2 ? 5 : 7)) {
            case 0 -> F.textNode(WORDS[random.nextInt(WORDS.length)]);
            case 1 -> number(NUMBERS[random.nextInt(NUMBERS.length)]);
            case 2 -> F.booleanNode(random.nextBoolean());
            case 3 -> F.nullNode();
            case 4 -> random.nextBoolean() ? F.objectNode() : F.arrayNode();
            case 5 -> {
                ArrayNode a = F.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    a.add(randomValue(random, depth + 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = F.objectNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    o.set(WORDS[random.nextInt(WORDS.length)], randomValue(random, depth + 1));
                }
                yield o;
            }
        };
    }

    private static JsonNode number(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Applies one random mutation at a random place; returns the (possibly new) root. */
    private static JsonNode mutate(JsonNode root, Random random) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode target = containers.get(random.nextInt(containers.size()));
        int op = random.nextInt(7);
        if (target instanceof ObjectNode o && o.size() > 0) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = names.get(random.nextInt(names.size()));
            switch (op) {
                case 0 -> o.remove(name);
                case 1, 2 -> o.set(name, randomValue(random, 0));
                case 3 -> {
                    JsonNode v = o.remove(name);
                    o.set(WORDS[random.nextInt(WORDS.length)], v);
                }
                case 4 -> o.set(name, typeSwap(o.get(name)));
                case 5 -> o.set(WORDS[random.nextInt(WORDS.length)], o.get(name).deepCopy());
                default -> o.set(name, containers.get(random.nextInt(containers.size())).deepCopy());
            }
        } else if (target instanceof ArrayNode a && a.size() > 0) {
            int i = random.nextInt(a.size());
            switch (op) {
                case 0 -> a.remove(i);
                case 1, 2 -> a.set(i, randomValue(random, 0));
                case 3 -> a.insert(i, a.get(i).deepCopy());
                case 4 -> a.set(i, typeSwap(a.get(i)));
                case 5 -> a.add(randomValue(random, 0));
                default -> a.set(i, containers.get(random.nextInt(containers.size())).deepCopy());
            }
        } else if (target == root) {
            return randomValue(random, 0);
        }
        return root;
    }

    /** An object becomes the array of its values, an array an object, a scalar a string or a number. */
    private static JsonNode typeSwap(JsonNode v) {
        if (v instanceof ObjectNode o) {
            ArrayNode a = F.arrayNode();
            o.elements().forEachRemaining(a::add);
            return a;
        }
        if (v instanceof ArrayNode a) {
            ObjectNode o = F.objectNode();
            for (int i = 0; i < a.size(); i++) {
                o.set("f" + i, a.get(i));
            }
            return o;
        }
        if (v.isTextual()) {
            return F.numberNode(v.asText().length());
        }
        return F.textNode(v.toString());
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) {
                collect(it.next(), out);
            }
        }
    }
}
