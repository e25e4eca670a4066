package io.ptfhost.bridge.runtime;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.functions.ChangelogFunction;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.table.functions.TableSemantics;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Collecting (row kinds, atomic and POJO outputs), argument passing (typed, multiple and no
 * tables, scalars), user exceptions, changelog functions, open/close and the drain protocol.
 */
public final class InvocationRuntimeTest {

    private InvocationRuntimeTest() {}

    private static final String KV = "ROW<`k` STRING, `v` INT>";

    @DataTypeHint("ROW<s STRING>")
    public static class Kinds extends ProcessTableFunction<Row> {
        public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            collect(null); // skipped
            String k = input.getFieldAs("k");
            collect(Row.ofKind(RowKind.valueOf(k), input.getKind().shortString()));
        }
    }

    public static void testRowKindCheckedAgainstProducedMode() throws Exception {
        Harness h = new Harness(Kinds.class, Harness.plan("input", KV, ""));
        List<Harness.Msg> m = h.batch()
                .eval("a", Row.ofKind(RowKind.UPDATE_AFTER, "INSERT", 1))
                .eval("a", Row.of("DELETE", 1))
                .eval("a", Row.of("INSERT", 1))
                .run();
        // the input row kind reaches eval; null is skipped; DELETE is not in [INSERT]
        assertEquals("OUT 0 +I[+U]", m.get(0).toString());
        assertEquals("org.apache.flink.table.api.TableRuntimeException: Invalid row kind received: DELETE. "
                + "Expected produced changelog mode: [INSERT]", m.get(1).text.split("\n")[0]);
        assertEquals("END 1", m.get(2).toString());
    }

    /** An upsert-producing function; remembers what the planner told it. */
    @DataTypeHint("ROW<s STRING>")
    public static class Upserts extends ProcessTableFunction<Row> implements ChangelogFunction {
        public void eval(Context ctx, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            collect(Row.ofKind(RowKind.valueOf((String) input.getFieldAs("k")), ctx.getChangelogMode().toString()));
        }

        @Override
        public ChangelogMode getChangelogMode(ChangelogContext c) {
            if (!c.getTableChangelogMode(0).equals(ChangelogMode.insertOnly()) || c.getTableChangelogMode(1) != null
                    || !c.getRequiredChangelogMode().equals(ChangelogMode.all())) {
                throw new IllegalStateException("unexpected context " + c.getTableChangelogMode(0) + " "
                        + c.getRequiredChangelogMode());
            }
            return ChangelogMode.upsert(false);
        }
    }

    public static void testChangelogFunction() throws Exception {
        Harness h = new Harness(Upserts.class, Harness.plan("input", KV,
                "\"required_changelog_mode\": \"[INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE]\""));
        Map<?, ?> open = (Map<?, ?>) JsonReader.parse(h.openJson);
        assertEquals("[INSERT, UPDATE_AFTER, DELETE]", open.get("changelog_mode"));
        List<Harness.Msg> m = h.batch()
                .eval("a", Row.of("UPDATE_AFTER", 1))
                .eval("a", Row.of("DELETE", 1))
                .eval("a", Row.of("UPDATE_BEFORE", 1))
                .run();
        assertEquals("OUT 0 +U[[INSERT, UPDATE_AFTER, DELETE]]", m.get(0).toString());
        assertEquals("OUT 1 -D[[INSERT, UPDATE_AFTER, DELETE]]", m.get(1).toString());
        assertEquals("org.apache.flink.table.api.TableRuntimeException: Invalid row kind received: UPDATE_BEFORE. "
                + "Expected produced changelog mode: [INSERT, UPDATE_AFTER, DELETE]", m.get(2).text.split("\n")[0]);
    }

    public static class Atomic extends ProcessTableFunction<Long> {
        public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row input, int times) {
            Integer v = input.getFieldAs("v");
            for (int i = 0; i < times; i++) {
                collect(v == null ? null : v.longValue() + i);
            }
        }
    }

    public static void testAtomicOutputAndPrimitiveScalar() throws Exception {
        Harness h = new Harness(Atomic.class,
                Harness.plan("input", KV, "\"scalars_type\": \"ROW<`times` INT NOT NULL>\"").replace(
                        "\"partition_by\": [0]", "\"partition_by\": []"), 2);
        Map<?, ?> open = (Map<?, ?>) JsonReader.parse(h.openJson);
        assertEquals("ROW<`EXPR$0` BIGINT>", open.get("output_type"));
        List<Harness.Msg> m = h.batch().eval(null, Row.of("a", 5)).eval(null, Row.of("b", null)).run();
        assertEquals("OUT 0 +I[5]\nOUT 0 +I[6]\nOUT 1 +I[null]\nOUT 1 +I[null]\nEND 2\n", Harness.show(m));
    }

    public static class Point {
        public int x;
        public Integer y;
    }

    /** Typed table argument (a POJO), POJO output, POJO scalar. */
    public static class Typed extends ProcessTableFunction<Point> {
        public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Point p, Point offset, int[] factors) {
            Point q = new Point();
            q.x = p.x * factors[0] + offset.x;
            q.y = p.y == null ? null : p.y * factors[1];
            collect(q);
        }
    }

    public static void testTypedArgumentsAndPojoOutput() throws Exception {
        Harness h = new Harness(Typed.class,
                Harness.plan("p", "ROW<`x` INT NOT NULL, `y` INT>", "\"scalars_type\": "
                        + "\"ROW<`offset` ROW<`x` INT NOT NULL, `y` INT>, `factors` ARRAY<INT NOT NULL>>\"")
                        .replace("\"partition_by\": [0]", "\"partition_by\": []"),
                Row.of(100, null), new Integer[] {2, 3});
        List<Harness.Msg> m = h.batch().eval(null, Row.of(1, 2)).eval(null, Row.of(3, null)).run();
        assertEquals("OUT 0 +I[102, 6]\nOUT 1 +I[106, null]\nEND 2\n", Harness.show(m));
    }

    /** Two co-partitioned tables: each call gets one non-null table argument. */
    @DataTypeHint("ROW<s STRING>")
    public static class Two extends ProcessTableFunction<Row> {
        public void eval(Context ctx, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row left,
                @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row right) {
            TableSemantics s = ctx.tableSemanticsFor(left != null ? "left" : "right");
            collect(Row.of(left + " " + right + " " + s.dataType() + " " + Arrays.toString(s.partitionByColumns())
                    + " " + s.timeColumn() + " " + s.changelogMode().get()));
            if (left != null && "unknown".equals(left.getFieldAs("a"))) {
                ctx.tableSemanticsFor("middle");
            }
        }
    }

    public static void testMultipleTablesAndTableSemantics() throws Exception {
        String plan = "{\"function\": \"two\", \"tables\": ["
                + "{\"arg\": \"left\", \"row_type\": \"ROW<`id` INT NOT NULL, `a` STRING>\", \"partition_by\": [0],"
                + " \"order_by\": [], \"order_desc\": [], \"time_column\": -1, \"changelog_mode\": \"[INSERT]\"},"
                + "{\"arg\": \"right\", \"row_type\": \"ROW<`b` STRING, `id` INT NOT NULL, `ts` TIMESTAMP(3)>\","
                + " \"partition_by\": [1], \"order_by\": [], \"order_desc\": [], \"time_column\": 2,"
                + " \"changelog_mode\": \"[INSERT, UPDATE_AFTER, ~DELETE]\"}], \"timers_allowed\": true}";
        Harness h = new Harness(Two.class, plan);
        List<Harness.Msg> m = h.batch()
                .eval("1", 0, Row.of(1, "x"), 0, 0, 0)
                .eval("1", 1, Row.of("y", 1, null), 0, 0, 0)
                .run();
        assertEquals("OUT 0 +I[+I[1, x] null ROW<`id` INT NOT NULL, `a` STRING> [0] -1 [INSERT]]\n"
                + "OUT 1 +I[null +I[y, 1, null] ROW<`b` STRING, `id` INT NOT NULL, `ts` TIMESTAMP(3)> [1] 2 "
                + "[INSERT, UPDATE_AFTER, ~DELETE]]\nEND 2\n", Harness.show(m));
        m = h.batch().eval("1", 0, Row.of(1, "unknown"), 0, 0, 0).run();
        assertEquals("org.apache.flink.table.api.TableRuntimeException: Unknown table argument: middle",
                m.get(1).text.split("\n")[0]);
    }

    /** No table argument: one call, no key, no time. */
    public static class NoTable extends ProcessTableFunction<String> {
        public void eval(Context ctx, String greeting) {
            collect(greeting + " " + ctx.timeContext(Long.class).time() + " "
                    + ctx.timeContext(Long.class).currentWatermark());
        }
    }

    public static void testNoTableArgument() throws Exception {
        String plan = "{\"function\": \"hello\", \"tables\": [], \"scalars_type\": \"ROW<`greeting` STRING>\"}";
        Harness h = new Harness(NoTable.class, plan, "hi");
        List<Harness.Msg> m = h.batch().eval(null, 0, null, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE).run();
        assertEquals("OUT 0 +I[hi null null]\nEND 1\n", Harness.show(m));
    }

    @DataTypeHint("ROW<s STRING>")
    public static class Thrower extends ProcessTableFunction<Row> {
        public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            collect(Row.of("before " + input.getFieldAs("k")));
            if ("boom".equals(input.getFieldAs("k"))) {
                fail();
            }
        }

        private static void fail() {
            try {
                Integer.parseInt("x");
            } catch (NumberFormatException e) {
                throw new IllegalStateException("boom", e);
            }
        }
    }

    public static void testUserExceptionBecomesError() throws Exception {
        Harness h = new Harness(Thrower.class, Harness.plan("input", KV, ""));
        List<Harness.Msg> m = h.batch()
                .eval("a", Row.of("ok", 1))
                .eval("a", Row.of("boom", 1))
                .eval("a", Row.of("never", 1))
                .run();
        assertEquals("OUT 0 +I[before ok]\nOUT 1 +I[before boom]\nERROR 1 java.lang.IllegalStateException: boom\n"
                + "END 1\n", Harness.show(m));
        String text = m.get(2).text;
        assertTrue(text.contains("\tat io.ptfhost.bridge.runtime.InvocationRuntimeTest$Thrower.fail("), text);
        assertTrue(text.contains("\tat io.ptfhost.bridge.runtime.InvocationRuntimeTest$Thrower.eval("), text);
        assertTrue(text.contains("Caused by: java.lang.NumberFormatException: For input string: \"x\""), text);
        // the stack ends in the user's code: no runtime or JDK invocation frames below eval
        assertTrue(!text.contains("FunctionRuntime") && !text.contains("java.lang.invoke") && !text.contains("bridge.generated"),
                text);
        assertTrue(text.trim().endsWith(")") || text.contains("... "), text);
    }

    /** open/close are called; the function context carries the user class loader. */
    @DataTypeHint("ROW<s STRING>")
    public static class Lifecycle extends ProcessTableFunction<Row> {
        static int closed;
        private String loader;

        @Override
        public void open(FunctionContext context) {
            loader = context.getUserCodeClassLoader() == Lifecycle.class.getClassLoader() ? "user" : "other";
        }

        @Override
        public void close() {
            closed++;
        }

        public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            collect(Row.of(loader + " " + Thread.currentThread().getContextClassLoader().equals(
                    Lifecycle.class.getClassLoader())));
        }
    }

    public static void testOpenCloseAndContextLoader() throws Exception {
        Harness h = new Harness(Lifecycle.class, Harness.plan("input", KV, ""));
        List<Harness.Msg> m = h.batch().eval("a", Row.of("x", 1)).run();
        assertEquals("OUT 0 +I[user true]", m.get(0).toString());
        int before = Lifecycle.closed;
        h.runtime.close();
        assertEquals(before + 1, Lifecycle.closed);
    }

    public static void testOutputLargerThanTheBufferIsDrained() throws Exception {
        Harness h = new Harness(Atomic.class,
                Harness.plan("input", KV, "\"scalars_type\": \"ROW<`times` INT NOT NULL>\"").replace(
                        "\"partition_by\": [0]", "\"partition_by\": []"), 1000);
        h.outCapacity = 64;
        List<Harness.Msg> m = h.batch().eval(null, Row.of("a", 0)).eval(null, Row.of("a", 1000)).run();
        assertEquals(2001, m.size());
        assertEquals("OUT 1 +I[1999]", m.get(1999).toString());
        assertEquals("END 2", m.get(2000).toString());
        // the next batch fits again and leaves nothing pending
        h.outCapacity = 1 << 16;
        assertEquals(2001, h.batch().eval(null, Row.of("a", 0)).eval(null, Row.of("a", 1000)).run().size());
    }

    public static void testBadPlanAndArguments() throws Exception {
        IllegalArgumentException e = assertThrowsOpen(Kinds.class, Harness.plan("wrong", KV, ""));
        assertEquals("The plan's table 0 is 'wrong', but table argument 0 of "
                + Kinds.class.getName() + " is 'input'.", e.getMessage());
        e = assertThrowsOpen(Atomic.class, Harness.plan("input", KV, "\"scalars_type\": \"ROW<`a` INT, `b` INT>\""),
                1, 2);
        assertTrue(e.getMessage().contains("has 2 fields, but"), e.getMessage());
    }

    /** A state entry on a row without a key: fresh every call, never sent back. */
    @DataTypeHint("ROW<n INT>")
    public static class Keyless extends ProcessTableFunction<Row> {
        public static class S {
            public int n;
        }

        public void eval(@StateHint S s, @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            s.n++;
            collect(Row.of(s.n));
        }
    }

    public static void testNoKeyStateIsScratch() throws Exception {
        Harness h = new Harness(Keyless.class, Harness.plan("input", KV, ""));
        List<Harness.Msg> m = h.batch().eval(null, Row.of("a", 1)).eval(null, Row.of("a", 1)).run();
        assertEquals("OUT 0 +I[1]\nOUT 1 +I[1]\nEND 2\n", Harness.show(m));
    }

    private static IllegalArgumentException assertThrowsOpen(Class<?> cls, String plan, Object... scalars) {
        try {
            new Harness(cls, plan, scalars);
        } catch (IllegalArgumentException e) {
            return e;
        } catch (Exception e) {
            throw new AssertionError("expected IllegalArgumentException, got " + e, e);
        }
        throw new AssertionError("open succeeded");
    }
}
