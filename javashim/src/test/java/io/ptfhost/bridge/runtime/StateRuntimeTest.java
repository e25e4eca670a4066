package io.ptfhost.bridge.runtime;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;
import static io.ptfhost.testkit.CompatJars.seed;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.api.dataview.ListView;
import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

import java.util.List;
import java.util.Map;

/**
 * Value state, write-back rules and data views through the batch protocol, with the harness
 * playing C (it keeps the STATE bytes between batches as C's store does).
 */
public final class StateRuntimeTest {

    private StateRuntimeTest() {}

    // ---- the seed's Median (seeds.jar): POJO state with a List<Double> field, a scalar argument --

    private static final String SENSOR = "ROW<`sensor_id` INT, `temperature` DOUBLE>";

    private static Harness median() throws Exception {
        return new Harness(seed("Median"),
                Harness.plan("input", SENSOR, "\"scalars_type\": \"ROW<`numTrailing` INT>\""), 3);
    }

    public static void testMedianAcrossBatches() throws Exception {
        Harness h = median();
        assertEquals("{\"handle\":7,\"changelog_mode\":\"[INSERT]\","
                + "\"output_type\":\"ROW<`temperature` DOUBLE, `median` DOUBLE>\"}", h.openJson.replace(": ", ":")
                        .replace(", \"", ",\""));
        List<Harness.Msg> m = h.batch()
                .eval("1", Row.of(1, 20.0))
                .eval("1", Row.of(1, 22.0))
                .eval("2", Row.of(2, 10.0))
                .run();
        assertEquals("OUT 0 +I[20.0, 20.0]\nOUT 1 +I[22.0, 21.0]\nOUT 2 +I[10.0, 10.0]\n"
                + "STATE 1 0 " + h.stored("1", 0).length + " bytes\nSTATE 2 0 " + h.stored("2", 0).length
                + " bytes\nEND 3\n", Harness.show(m));
        assertEquals("+I[[20.0, 22.0]]", h.storedValue("1", 0, "ROW<`temps` ARRAY<DOUBLE>>", Row.class).toString());
        // the next batch starts from what C stored
        m = h.batch().eval("1", Row.of(1, 30.0)).eval("1", Row.of(1, 1.0)).run();
        assertEquals("OUT 0 +I[30.0, 22.0]\nOUT 1 +I[1.0, 22.0]\nSTATE 1 0 " + h.stored("1", 0).length
                + " bytes\nEND 2\n", Harness.show(m));
        assertEquals("+I[[22.0, 30.0, 1.0]]",
                h.storedValue("1", 0, "ROW<`temps` ARRAY<DOUBLE>>", Row.class).toString());
    }

    // ---- the seed's CountClicks (seeds.jar): named state, primitive field -----------------------

    public static void testCountClicks() throws Exception {
        Harness h = new Harness(seed("CountClicks"), Harness.plan("input", "ROW<`user_id` STRING, `url` STRING>", ""));
        List<Harness.Msg> m = h.batch()
                .eval("alice", Row.of("alice", "/home"))
                .eval("bob", Row.of("bob", "/cart"))
                .eval("alice", Row.of("alice", "/shop"))
                .run();
        assertEquals("OUT 0 +I[/home, 1]\nOUT 1 +I[/cart, 1]\nOUT 2 +I[/shop, 2]\n"
                + "STATE alice 0 10 bytes\nSTATE bob 0 10 bytes\nEND 3\n", Harness.show(m));
        m = h.batch().eval("alice", Row.of("alice", "/home")).run();
        assertEquals("OUT 0 +I[/home, 3]\nSTATE alice 0 10 bytes\nEND 1\n", Harness.show(m));
        assertEquals("+I[3]", h.storedValue("alice", 0, "ROW<`count` BIGINT NOT NULL>", Row.class).toString());
    }

    /** Held in Java between batches: no bytes cross until a WRITEBACK asks for them. */
    public static void testHeldStateCrossesOnlyOnWriteBack() throws Exception {
        Harness h = new Harness(seed("CountClicks"), Harness.plan("input", "ROW<`user_id` STRING, `url` STRING>", ""));
        h.holding = true;
        List<Harness.Msg> m = h.batch()
                .eval("alice", Row.of("alice", "/home"))
                .eval("bob", Row.of("bob", "/cart"))
                .eval("alice", Row.of("alice", "/shop"))
                .run();
        assertEquals("OUT 0 +I[/home, 1]\nOUT 1 +I[/cart, 1]\nOUT 2 +I[/shop, 2]\nHELD alice 0\nHELD bob 0\nEND 3\n",
                Harness.show(m));
        m = h.batch().eval("alice", Row.of("alice", "/home")).run();
        assertEquals("OUT 0 +I[/home, 3]\nEND 1\n", Harness.show(m));
        m = h.batch().writeBack("alice", "bob").run();
        assertEquals("STATE alice 0 10 bytes\nSTATE bob 0 10 bytes\nEND 1\n", Harness.show(m));
        assertEquals("+I[3]", h.storedValue("alice", 0, "ROW<`count` BIGINT NOT NULL>", Row.class).toString());
        // let go: the next batch sends bytes again, and Java holds the value again
        m = h.batch().eval("alice", Row.of("alice", "/home")).run();
        assertEquals("OUT 0 +I[/home, 4]\nHELD alice 0\nEND 1\n", Harness.show(m));
    }

    /** A held value follows Flink's write-back rules per call: all-null and cleared become absent at once. */
    public static void testHeldStateKeepsTheWriteBackRules() throws Exception {
        Harness h = rules();
        h.holding = true;
        List<Harness.Msg> m = h.batch().eval("k", Row.of("k", "set")).run();
        assertEquals("OUT 0 +I[+I[null, null] 99/null]\nHELD k 0\nHELD k 1\nEND 1\n", Harness.show(m));
        m = h.batch().eval("k", Row.of("k", "nulls")).eval("k", Row.of("k", "read")).run();
        assertEquals("OUT 0 +I[+I[1, x] 5/null]\nOUT 1 +I[+I[null, null] 5/null]\nSTATE k 0 absent\nEND 2\n",
                Harness.show(m));
        m = h.batch().eval("k", Row.of("k", "clear-then-set")).eval("k", Row.of("k", "read")).run();
        // d is cleared after the first call (d.i = 7 is lost); the second holds a fresh default
        assertEquals("OUT 0 +I[+I[null, null] 5/null]\nOUT 1 +I[+I[null, null] 99/null]\nEND 2\n",
                Harness.show(m));
        m = h.batch().writeBack("k").run();
        assertEquals("STATE k 1 " + h.stored("k", 1).length + " bytes\nEND 1\n", Harness.show(m));
        assertEquals(null, h.stored("k", 0));
        m = h.batch().eval("k", Row.of("k", "read")).run();
        assertEquals("OUT 0 +I[+I[null, null] 99/null]\nHELD k 1\nEND 1\n", Harness.show(m));
    }

    // ---- write-back rules ------------------------------------------------------------------------

    /** Row state with a type hint; the input's "op" column says what to do with it. */
    @DataTypeHint("ROW<seen STRING>")
    public static class Rules extends ProcessTableFunction<Row> {
        public static class Defaults {
            public int i = 99;
            public String s;
        }

        public void eval(Context ctx, @StateHint(type = @DataTypeHint("ROW<a INT, b STRING>")) Row r,
                @StateHint Defaults d, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            String op = input.getFieldAs("op");
            collect(Row.of(r + " " + d.i + "/" + d.s));
            switch (op) {
                case "read":
                    break;
                case "set":
                    r.setField("a", 1);
                    r.setField("b", "x");
                    d.i = 5;
                    break;
                case "nulls":
                    r.setField("a", null);
                    r.setField("b", null);
                    break;
                case "clear-then-set":
                    ctx.clearState("d");
                    d.i = 7;
                    break;
                case "clear-all":
                    ctx.clearAllState();
                    break;
                case "unknown":
                    ctx.clearState("nope");
                    break;
                default:
                    throw new IllegalArgumentException(op);
            }
        }
    }

    private static Harness rules() throws Exception {
        return new Harness(Rules.class, Harness.plan("input", "ROW<`k` STRING, `op` STRING>", ""));
    }

    public static void testAbsentStateIsFreshDefault() throws Exception {
        Harness h = rules();
        // A default POJO (i = 99) is not all-null, so Flink stores it although eval did not touch it;
        // the Row state stays all-null and therefore absent.
        List<Harness.Msg> m = h.batch().eval("k", Row.of("k", "read")).run();
        assertEquals("OUT 0 +I[+I[null, null] 99/null]\nSTATE k 1 " + h.stored("k", 1).length + " bytes\nEND 1\n",
                Harness.show(m));
        assertEquals(null, h.stored("k", 0));
    }

    public static void testUnchangedStateIsNotRewritten() throws Exception {
        Harness h = rules();
        h.batch().eval("k", Row.of("k", "set")).run();
        assertTrue(h.stored("k", 0) != null, "Row state stored after set");
        List<Harness.Msg> m = h.batch().eval("k", Row.of("k", "read")).eval("k", Row.of("k", "read")).run();
        // both calls see the stored values; nothing changed, so no STATE message (no TTL refresh in C)
        assertEquals("OUT 0 +I[+I[1, x] 5/null]\nOUT 1 +I[+I[1, x] 5/null]\nEND 2\n", Harness.show(m));
    }

    public static void testAllNullStateIsDeleted() throws Exception {
        Harness h = rules();
        h.batch().eval("k", Row.of("k", "set")).run();
        List<Harness.Msg> m = h.batch().eval("k", Row.of("k", "nulls")).eval("k", Row.of("k", "read")).run();
        assertEquals("OUT 0 +I[+I[1, x] 5/null]\nOUT 1 +I[+I[null, null] 5/null]\nSTATE k 0 absent\nEND 2\n",
                Harness.show(m));
        assertEquals(null, h.stored("k", 0));
    }

    public static void testClearStateAppliesAfterTheCall() throws Exception {
        Harness h = rules();
        h.batch().eval("k", Row.of("k", "set")).run();
        List<Harness.Msg> m = h.batch()
                .eval("k", Row.of("k", "clear-then-set"))
                .eval("k", Row.of("k", "read"))
                .run();
        // d is cleared after the call despite d.i = 7 in it; the next call sees a fresh default (99)
        assertEquals("OUT 0 +I[+I[1, x] 5/null]\nOUT 1 +I[+I[1, x] 99/null]\nSTATE k 1 "
                + h.stored("k", 1).length + " bytes\nEND 2\n", Harness.show(m));
        m = h.batch().eval("k", Row.of("k", "clear-all")).eval("k", Row.of("k", "read")).run();
        // both entries are cleared; the second call stores d's fresh default (99) again
        assertEquals("OUT 0 +I[+I[1, x] 99/null]\nOUT 1 +I[+I[null, null] 99/null]\nSTATE k 0 absent\n"
                + "STATE k 1 " + h.stored("k", 1).length + " bytes\nEND 2\n", Harness.show(m));
    }

    public static void testUnknownStateEntry() throws Exception {
        Harness h = rules();
        List<Harness.Msg> m = h.batch().eval("k", Row.of("k", "read")).eval("k", Row.of("k", "unknown"))
                .eval("k", Row.of("k", "read")).run();
        assertEquals("org.apache.flink.table.api.TableRuntimeException: Unknown state entry: nope",
                m.get(2).text.split("\n")[0]);
        assertEquals(1, m.get(2).record);
        // the record before the failure keeps its state change; the batch stops at the failing record
        assertEquals("STATE k 1 " + h.stored("k", 1).length + " bytes", m.get(3).toString());
        assertEquals("END 1", m.get(4).toString());
    }

    // ---- ListView and MapView ------------------------------------------------------------------

    @DataTypeHint("ROW<`list` STRING, `map` STRING>")
    public static class Views extends ProcessTableFunction<Row> {
        public void eval(Context ctx, @StateHint ListView<String> names, @StateHint MapView<String, Integer> counts,
                @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) throws Exception {
            String name = input.getFieldAs("name");
            String op = input.getFieldAs("op");
            switch (op) {
                case "add":
                    names.add(name);
                    Integer c = counts.get(name);
                    counts.put(name, c == null ? 1 : c + 1);
                    break;
                case "remove":
                    names.remove(name);
                    counts.remove(name);
                    break;
                case "iterate": {
                    int sum = 0;
                    for (Map.Entry<String, Integer> e : counts.entries()) {
                        sum += e.getValue();
                    }
                    for (String n : names.get()) {
                        sum += n.length();
                    }
                    names.getList(); // reads only
                    break;
                }
                case "double":
                    for (Map.Entry<String, Integer> e : counts.entries()) {
                        e.setValue(e.getValue() * 2);
                    }
                    break;
                case "copy":
                    names.getList().add("ignored"); // a copy: changes nothing
                    counts.getMap().put("ignored", 0);
                    break;
                case "null-element":
                    names.add(null);
                    break;
                case "null-key":
                    counts.put(null, 1);
                    break;
                case "clear":
                    ctx.clearState("names");
                    names.add("after-clear"); // discarded: the clear applies after the call
                    break;
                default:
                    break;
            }
            collect(Row.of(names.getList().toString(), new java.util.TreeMap<>(counts.getMap()).toString()));
        }
    }

    private static Harness views() throws Exception {
        return new Harness(Views.class, Harness.plan("input", "ROW<`name` STRING, `op` STRING>", ""));
    }

    public static void testListAndMapViews() throws Exception {
        Harness h = views();
        List<Harness.Msg> m = h.batch()
                .eval("k", Row.of("a", "add"))
                .eval("k", Row.of("b", "add"))
                .eval("k", Row.of("a", "add"))
                .eval("k", Row.of("a", "copy"))
                .run();
        assertEquals("OUT 0 +I[[a], {a=1}]\nOUT 1 +I[[a, b], {a=1, b=1}]\nOUT 2 +I[[a, b, a], {a=2, b=1}]\n"
                + "OUT 3 +I[[a, b, a], {a=2, b=1}]\nSTATE k 0 " + h.stored("k", 0).length + " bytes\nSTATE k 1 "
                + h.stored("k", 1).length + " bytes\nEND 4\n", Harness.show(m));
        assertEquals("[a, b, a]", h.storedValue("k", 0, "ARRAY<STRING>", List.class).toString());
        assertEquals("{a=2, b=1}",
                new java.util.TreeMap<>((Map<?, ?>) h.storedValue("k", 1, "MAP<STRING, INT>", null)).toString());

        // reading only, iteration included: no STATE messages
        m = h.batch().eval("k", Row.of("x", "read")).eval("k", Row.of("x", "iterate")).run();
        assertEquals("OUT 0 +I[[a, b, a], {a=2, b=1}]\nOUT 1 +I[[a, b, a], {a=2, b=1}]\nEND 2\n",
                Harness.show(m));

        // writing through an entry is a write
        m = h.batch().eval("k", Row.of("x", "double")).run();
        assertEquals("OUT 0 +I[[a, b, a], {a=4, b=2}]\nSTATE k 1 " + h.stored("k", 1).length + " bytes\nEND 1\n",
                Harness.show(m));
        assertEquals("{a=4, b=2}",
                new java.util.TreeMap<>((Map<?, ?>) h.storedValue("k", 1, "MAP<STRING, INT>", null)).toString());

        // removing everything makes both entries absent
        m = h.batch().eval("k", Row.of("a", "remove")).eval("k", Row.of("a", "remove"))
                .eval("k", Row.of("b", "remove")).run();
        assertEquals("OUT 0 +I[[b, a], {b=2}]\nOUT 1 +I[[b], {b=2}]\nOUT 2 +I[[], {}]\n"
                + "STATE k 0 absent\nSTATE k 1 absent\nEND 3\n", Harness.show(m));
    }

    public static void testViewClearAndNulls() throws Exception {
        Harness h = views();
        List<Harness.Msg> m = h.batch()
                .eval("k", Row.of("a", "add"))
                .eval("k", Row.of("a", "clear"))
                .eval("k", Row.of("b", "add"))
                .run();
        assertEquals("OUT 0 +I[[a], {a=1}]\nOUT 1 +I[[a, after-clear], {a=1}]\nOUT 2 +I[[b], {a=1, b=1}]\n",
                Harness.show(m.subList(0, 3)));
        assertEquals("[b]", h.storedValue("k", 0, "ARRAY<STRING>", List.class).toString());

        m = h.batch().eval("k", Row.of("a", "null-element")).run();
        assertEquals("org.apache.flink.table.api.TableRuntimeException: List views don't support null values.",
                m.get(0).text.split("\n")[0]);
        m = h.batch().eval("k", Row.of("a", "null-key")).run();
        assertEquals("org.apache.flink.table.api.TableRuntimeException: Map views don't support null keys.",
                m.get(0).text.split("\n")[0]);
        assertEquals("KeyedStateListView", new KeyedStateListView<String>(null, 0).getClass().getSimpleName());
    }
}
