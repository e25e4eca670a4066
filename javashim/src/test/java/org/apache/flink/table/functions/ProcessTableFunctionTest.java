package org.apache.flink.table.functions;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.apache.flink.table.types.extraction.TypeInferenceExtractor;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.types.Row;
import org.apache.flink.util.Collector;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The base class behaviour user PTFs inherit. */
public class ProcessTableFunctionTest {

    public static class Echo extends ProcessTableFunction<Row> {
        public void eval(Row input) {
            collect(input);
        }
    }

    public static class WithState extends ProcessTableFunction<String> {
        private final int limit;

        public WithState(int limit) {
            this.limit = limit;
        }

        public void eval(Integer i) {
            collect("v" + (i + limit));
        }
    }

    public static void testCollectGoesToInstalledCollector() {
        List<Row> out = new ArrayList<>();
        Echo f = new Echo();
        f.setCollector(new Collector<Row>() {
            @Override
            public void collect(Row record) {
                out.add(record);
            }

            @Override
            public void close() {}
        });
        f.eval(Row.of(1));
        f.eval(null);
        assertEquals(2, out.size());
        assertEquals(Row.of(1), out.get(0));
        assertEquals(null, out.get(1)); // null rows are passed on; the runtime skips them
    }

    public static void testKindNameAndDefaults() throws Exception {
        Echo f = new Echo();
        assertEquals(FunctionKind.PROCESS_TABLE, f.getKind());
        assertEquals("Echo", f.toString());
        assertEquals(Collections.emptySet(), f.getRequirements());
        assertTrue(f.isDeterministic(), "deterministic by default");
        assertTrue(f.supportsConstantFolding(), "constant folding by default");
        f.open(new FunctionContext(null));
        f.close();
    }

    public static void testFunctionIdentifier() {
        String prefix = "org$apache$flink$table$functions$ProcessTableFunctionTest$";
        assertEquals(prefix + "Echo$", new Echo().functionIdentifier());
        String a = new WithState(1).functionIdentifier();
        String b = new WithState(2).functionIdentifier();
        assertTrue(a.startsWith(prefix + "WithState$") && a.length() == (prefix + "WithState$").length() + 32,
                "instance-specific functions get an MD5 suffix: " + a);
        assertTrue(!a.equals(b), "different state, different identifier");
        assertEquals(a, new WithState(1).functionIdentifier());
    }

    public static void testTypeInferenceDelegatesToInstalledExtractor() {
        try {
            TypeInferenceExtractor.installProcessTableFunctionExtractor(null);
            TableException e = assertThrows(TableException.class, () -> new Echo().getTypeInference(null));
            assertTrue(e.getMessage().contains(Echo.class.getName()), e.getMessage());
            TypeInference ti = TypeInference.newBuilder()
                    .outputTypeStrategy(TypeStrategies.explicit(DataTypes.INT())).build();
            List<Class<?>> seen = new ArrayList<>();
            TypeInferenceExtractor.installProcessTableFunctionExtractor((factory, cls) -> {
                seen.add(cls);
                return ti;
            });
            assertTrue(new Echo().getTypeInference(null) == ti, "extractor result is returned");
            assertEquals(Collections.singletonList(Echo.class), seen);
        } finally {
            TypeInferenceExtractor.installProcessTableFunctionExtractor(null);
        }
    }

    public static void testFunctionContextWithoutRuntime() {
        FunctionContext none = new FunctionContext(null);
        Counter c = none.getMetricGroup().counter("rows");
        c.inc(3);
        assertEquals(3L, c.getCount());
        TableException e = assertThrows(TableException.class, () -> none.getJobParameter("k", "d"));
        assertEquals("Calls to FunctionContext.getJobParameter are not available at the current location.",
                e.getMessage());
        e = assertThrows(TableException.class, () -> none.getCachedFile("f"));
        assertEquals("Calls to FunctionContext.getCachedFile are not available at the current location.",
                e.getMessage());
        assertThrows(TableException.class, none::getUserCodeClassLoader);
        assertThrows(TableException.class, () -> none.getExternalResourceInfos("gpu"));

        Configuration params = new Configuration();
        params.setString("k", "v");
        ClassLoader loader = ProcessTableFunctionTest.class.getClassLoader();
        FunctionContext local = new FunctionContext(null, loader, params);
        assertEquals("v", local.getJobParameter("k", "d"));
        assertEquals("d", local.getJobParameter("other", "d"));
        assertTrue(local.getUserCodeClassLoader() == loader, "class loader passed through");
    }

    /** With TimeType = String, javac binds clearTimer("x") to the String overload. */
    public static void testTimeContextOverloadsAreDistinct() throws Exception {
        Class<?> tc = ProcessTableFunction.TimeContext.class;
        assertTrue(tc.getMethod("clearTimer", String.class) != null, "clearTimer(String)");
        assertTrue(tc.getMethod("clearTimer", Object.class) != null, "clearTimer(Object)");
        assertTrue(tc.getMethod("registerOnTime", String.class, Object.class) != null, "registerOnTime(String, T)");
        assertTrue(tc.getMethod("registerOnTime", Object.class) != null, "registerOnTime(T)");
        assertTrue(ProcessTableFunction.Context.class.isAssignableFrom(ProcessTableFunction.OnTimerContext.class),
                "OnTimerContext extends Context");
    }
}
