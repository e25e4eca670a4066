package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.io.File;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parameter names of classes compiled with -g but without -parameters come from the
 * LocalVariableTable; without either flag, state entries fail with Flink's message and arguments
 * get Flink's arg0, arg1 names.
 */
public final class ParameterNamesTest {

    private static final String SOURCE = "package t;\n"
            + "import org.apache.flink.table.annotation.*;\n"
            + "import org.apache.flink.table.functions.ProcessTableFunction;\n"
            + "import org.apache.flink.types.Row;\n"
            + "public class Lvt extends ProcessTableFunction<String> {\n"
            + "  public static class S { public long n; }\n"
            + "  public void eval(Context ctx, @StateHint S counter,\n"
            + "      @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input, long big, Integer limit) {\n"
            + "    if (input != null) { String local = \"x\"; collect(local); }\n" // a block-scoped local first
            + "    double other = big; collect(String.valueOf(other + limit));\n"
            + "  }\n"
            + "}\n";

    private static final String ARGS_ONLY = "package t;\n"
            + "import org.apache.flink.table.annotation.*;\n"
            + "import org.apache.flink.table.functions.ProcessTableFunction;\n"
            + "import org.apache.flink.types.Row;\n"
            + "public class ArgsOnly extends ProcessTableFunction<String> {\n"
            + "  public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row input, Integer threshold,\n"
            + "      @ArgumentHint(name = \"named\") String s) {}\n"
            + "}\n";

    private static PtfSignature describeCompiled(String flag, String cls) throws Exception {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("t.Lvt", SOURCE);
        sources.put("t.ArgsOnly", ARGS_ONLY);
        Path classes = flag == null ? JarFixtures.compile(sources, JarFixtures.shimClasspath())
                : JarFixtures.compile(sources, JarFixtures.shimClasspath(), flag);
        File jar = JarFixtures.jar(classes, Collections.<String, byte[]>emptyMap());
        try (URLClassLoader loader = UserClassLoaders.forJars(new String[] {jar.getPath()})) {
            return PtfExtractor.extract(Class.forName(cls, false, loader));
        }
    }

    public static void testNamesFromLocalVariableTable() throws Exception {
        PtfSignature s = describeCompiled("-g", "t.Lvt");
        assertTrue(s.isValid(), String.valueOf(s.error));
        assertEquals("counter", s.state.get(0).name);
        assertEquals("input", s.arguments.get(0).name);
        assertEquals("big", s.arguments.get(1).name); // a long takes two slots
        assertEquals("limit", s.arguments.get(2).name);
        assertTrue(s.warnings.isEmpty(), "no warning with debug info: " + s.warnings);
    }

    public static void testPlainJavacStateFails() throws Exception {
        PtfSignature s = describeCompiled(null, "t.Lvt");
        assertTrue(!s.isValid(), "state names cannot be extracted");
        assertTrue(s.error.endsWith("\nUnable to extract names for all state entries."), s.error);
        assertTrue(s.error.startsWith("Could not extract a valid type inference for function class 't.Lvt'."), s.error);
        assertEquals(Fixes.NAMES_STATE, s.fix);
    }

    public static void testPlainJavacArgumentsGetFlinkNames() throws Exception {
        PtfSignature s = describeCompiled(null, "t.ArgsOnly");
        assertTrue(s.isValid(), String.valueOf(s.error));
        assertEquals("arg0", s.arguments.get(0).name);
        assertEquals("arg1", s.arguments.get(1).name);
        assertEquals("named", s.arguments.get(2).name);
        assertEquals(1, s.warnings.size());
        assertTrue(s.warnings.get(0).contains("-parameters"), s.warnings.get(0));
    }

    public static void testReflectionNamesWin() throws Exception {
        PtfSignature s = describeCompiled("-parameters", "t.Lvt");
        assertTrue(s.isValid(), String.valueOf(s.error));
        assertEquals("counter", s.state.get(0).name);
        assertEquals("limit", s.arguments.get(2).name);
    }
}
