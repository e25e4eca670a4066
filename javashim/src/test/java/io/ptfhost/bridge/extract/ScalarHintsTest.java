package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.io.File;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Flink's mapping rules for @FunctionHint on scalar functions, the rejections in particular. */
public final class ScalarHintsTest {
    private static final String HEAD = "package t;\n"
            + "import org.apache.flink.table.annotation.*;\n"
            + "import org.apache.flink.table.functions.ScalarFunction;\n";

    private static ScalarSignature extract(String cls, String body) throws Exception {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("t." + cls, HEAD + body);
        Path classes = JarFixtures.compile(sources, JarFixtures.shimClasspath(), "-parameters");
        File jar = JarFixtures.jar(classes, Collections.<String, byte[]>emptyMap());
        try (URLClassLoader loader = UserClassLoaders.forJars(new String[] {jar.getPath()})) {
            return ScalarExtractor.extract(loader, "t." + cls, Arrays.asList(jar.getPath()));
        }
    }

    private static String last(ScalarSignature s) {
        return s.error.substring(s.error.lastIndexOf('\n') + 1);
    }

    public static void testTwoOutputOnlyHintsAreAmbiguous() throws Exception {
        ScalarSignature s = extract("Two", "@FunctionHint(output = @DataTypeHint(\"INT\"))\n"
                + "@FunctionHint(output = @DataTypeHint(\"BIGINT\"))\n"
                + "public class Two extends ScalarFunction { public Object eval(Integer i) { return i; } }\n");
        assertEquals("Function hints that lead to ambiguous results are not allowed.", last(s));
    }

    public static void testSameInputOtherResultAcrossEvals() throws Exception {
        ScalarSignature s = extract("Clash", "public class Clash extends ScalarFunction {\n"
                + "  @FunctionHint(input = @DataTypeHint(\"INT\"), output = @DataTypeHint(\"STRING\"))\n"
                + "  public Object eval(Integer i) { return null; }\n"
                + "  @FunctionHint(input = @DataTypeHint(\"INT\"), output = @DataTypeHint(\"INT\"))\n"
                + "  public Object eval(Object o) { return null; }\n"
                + "}\n");
        assertEquals("Function hints with same input definition but different result types are not allowed.",
                last(s));
    }

    public static void testInputOnlyClassHintWithExtractedResult() throws Exception {
        ScalarSignature s = extract("In", "@FunctionHint(input = {@DataTypeHint(\"INT\"), @DataTypeHint(\"INT\")})\n"
                + "public class In extends ScalarFunction { public String eval(Object... xs) { return null; } }\n");
        assertTrue(s.isValid(), String.valueOf(s.error));
        assertEquals(1, s.overloads.size());
        assertEquals("[INT, INT]", s.overloads.get(0).types.toString());
        assertEquals("STRING", s.overloads.get(0).result.toString());
    }

    public static void testOutputHintTheEvalCannotReturn() throws Exception {
        ScalarSignature s = extract("Ret", "@FunctionHint(output = @DataTypeHint(\"INT\"))\n"
                + "public class Ret extends ScalarFunction { public String eval(String x) { return x; } }\n");
        assertEquals("java.lang.Integer eval(java.lang.String)", last(s));
        assertEquals(Fixes.HINT_SIGNATURE, s.fix);
    }

    public static void testHalfNamedArguments() throws Exception {
        ScalarSignature s = extract("Half", "@FunctionHint(arguments = {@ArgumentHint(name = \"a\", type = "
                + "@DataTypeHint(\"INT\")), @ArgumentHint(type = @DataTypeHint(\"INT\"))}, output = "
                + "@DataTypeHint(\"INT\"))\n"
                + "public class Half extends ScalarFunction { public Integer eval(Integer a, Integer b) { return a; } }\n");
        assertEquals("The argument name in function hint must be either fully set or not set at all.", last(s));
    }
}
