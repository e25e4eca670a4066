package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import io.ptfhost.bridge.Bridge;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/** Bridge.describe on real JARs: discovery, JSON shape, lint warnings and I/O problems. */
public final class DescribeTest {

    private static final String PTF = "package p;\n"
            + "import org.apache.flink.table.annotation.*;\n"
            + "import org.apache.flink.table.functions.ProcessTableFunction;\n"
            + "import org.apache.flink.types.Row;\n"
            + "@DataTypeHint(\"ROW<url STRING, view_time INT>\")\n"
            + "public class Views extends ProcessTableFunction<Row> {\n"
            + "  public static class S { public long count; }\n"
            + "  public void eval(@StateHint(name = \"clicks\", ttl = \"1 min\") S s,\n"
            + "      @ArgumentHint(value = ArgumentTrait.SET_SEMANTIC_TABLE, name = \"input\") Row input,\n"
            + "      @ArgumentHint(name = \"min_view_time\") int minViewTime) {}\n"
            + "}\n";

    private static final String OTHERS = "package p;\n"
            + "public abstract class Base extends org.apache.flink.table.functions.ProcessTableFunction<Long> {}\n";

    private static final String SUB = "package p;\n"
            + "public class Sub extends Base { public void eval(Integer x) {} }\n";

    private static final String PLAIN = "package p;\npublic class Helper { public void eval() {} }\n";

    private static byte[] shimClassBytes(String resource) throws Exception {
        try (InputStream in = Bridge.class.getClassLoader().getResourceAsStream(resource)) {
            return in.readAllBytes();
        }
    }

    private static File buildJar(Map<String, byte[]> extra) throws Exception {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("p.Views", PTF);
        sources.put("p.Base", OTHERS);
        sources.put("p.Sub", SUB);
        sources.put("p.Helper", PLAIN);
        Path classes = JarFixtures.compile(sources, JarFixtures.shimClasspath(), "-parameters");
        return JarFixtures.jar(classes, extra);
    }

    public static void testDescribeAllPtfsOfAJar() throws Exception {
        File jar = buildJar(Collections.<String, byte[]>emptyMap());
        String json = Bridge.describe(new String[] {jar.getPath()}, null);
        assertTrue(json.startsWith("{\"jars\":[\"" + jar.getAbsolutePath() + "\"],\"warnings\":[],\"functions\":["),
                json);
        // concrete PTFs only, sorted by name; the abstract base and the helper are not listed
        assertTrue(json.indexOf("\"class\":\"p.Sub\"") < json.indexOf("\"class\":\"p.Views\""), json);
        assertTrue(!json.contains("\"class\":\"p.Base\"") && !json.contains("p.Helper"), json);
        assertTrue(json.contains("{\"class\":\"p.Views\",\"valid\":true,\"error\":null,\"fix\":null,"
                + "\"eval\":\"public void p.Views.eval(p.Views$S,org.apache.flink.types.Row,int)\","
                + "\"has_context\":false,\"arguments\":["
                + "{\"name\":\"input\",\"kind\":\"table\",\"traits\":[\"SET_SEMANTIC_TABLE\"],\"type\":null,"
                + "\"optional\":false,\"conversion\":\"org.apache.flink.types.Row\"},"
                + "{\"name\":\"min_view_time\",\"kind\":\"scalar\",\"traits\":[\"SCALAR\"],\"type\":\"INT NOT NULL\","
                + "\"optional\":false,\"conversion\":\"int\"}],"
                + "\"state\":[{\"name\":\"clicks\",\"kind\":\"value\",\"class\":\"p.Views$S\","
                + "\"type\":\"ROW<`count` BIGINT NOT NULL>\",\"ttl_ms\":60000}],"
                + "\"output\":{\"type\":\"ROW<`url` STRING, `view_time` INT>\",\"atomic\":false},"
                + "\"on_timer\":null,\"changelog_function\":false,\"warnings\":[]}"), json);
        assertTrue(json.contains("\"output\":{\"type\":\"BIGINT\",\"atomic\":true}"), json);
    }

    public static void testNamedAbstractClassAndMissingClass() throws Exception {
        File jar = buildJar(Collections.<String, byte[]>emptyMap());
        String base = Bridge.describe(new String[] {jar.getPath()}, "p.Base");
        assertTrue(base.contains("\"valid\":false,\"error\":\"Function class 'p.Base' is not a proper class. It is "
                + "either abstract, an interface, or a primitive type.\""), base);
        String missing = Bridge.describe(new String[] {jar.getPath()}, "p.Nope");
        assertTrue(missing.contains("\"error\":\"Class 'p.Nope' not found in " + jar.getAbsolutePath() + ".\""),
                missing);
        String helper = Bridge.describe(new String[] {jar.getPath()}, "p.Helper");
        assertTrue(helper.contains("is not a process table function"), helper);
    }

    public static void testBundledFlinkClassesAndNewerClassFiles() throws Exception {
        Map<String, byte[]> extra = new LinkedHashMap<>();
        extra.put("org/apache/flink/types/Row.class", shimClassBytes("org/apache/flink/types/Row.class"));
        // a class file claiming Java 21 (major 65)
        byte[] newer = shimClassBytes("io/ptfhost/bridge/json/JsonWriter.class").clone();
        newer[6] = 0;
        newer[7] = 65;
        extra.put("io/ptfhost/bridge/json/JsonWriter.class", newer);
        File jar = buildJar(extra);
        String json = Bridge.describe(new String[] {jar.getPath()}, null);
        assertTrue(json.contains("bundles 1 Flink API class file(s) (e.g. org/apache/flink/types/Row.class)"), json);
        assertTrue(json.contains("<scope>provided</scope>"), json);
        assertTrue(json.contains("contains class files for Java 21 (class file version 65, "
                + "e.g. io.ptfhost.bridge.json.JsonWriter), newer than Java 17"), json);
        // the shim's Row still wins: the PTF is valid
        assertTrue(json.contains("{\"class\":\"p.Views\",\"valid\":true"), json);
    }

    /** The answer with its own "warnings" (the JARs' lint) emptied. */
    private static String withoutLint(String json) {
        int from = json.indexOf("\"warnings\":[") + "\"warnings\":[".length();
        return json.substring(0, from) + json.substring(json.indexOf("],\"functions\"", from));
    }

    public static void testSignatureIsDescribeOfOneClassWithoutTheLint() throws Exception {
        Map<String, byte[]> extra = new LinkedHashMap<>();
        extra.put("org/apache/flink/types/Row.class", shimClassBytes("org/apache/flink/types/Row.class"));
        extra.put("p/Broken.class", "not a class file".getBytes("UTF-8"));
        String[] jars = {buildJar(extra).getPath()};
        String described = Bridge.describe(jars, "p.Views");
        String signature = Bridge.signature(jars, "p.Views");
        assertTrue(described.contains("bundles 1 Flink API class file(s)") && described.contains("p/Broken.class"),
                described);
        assertEquals(withoutLint(described), signature);
        // what the named class's own file says still counts: an abstract class gets its fix
        String base = Bridge.signature(jars, "p.Base");
        assertTrue(base.contains("\"fix\":\"" + Fixes.ABSTRACT + "\""), base);
        assertEquals(withoutLint(Bridge.describe(jars, "p.Base")), base);
        String missing = Bridge.signature(new String[] {"/nonexistent/ptfs.jar"}, "p.Views");
        assertTrue(missing.contains("\"error\":\"JAR file '/nonexistent/ptfs.jar' does not exist"), missing);
    }

    public static void testAShadedJarIsScannedInEntryOrder() throws Exception {
        // more class files than one thread reads alone (Describer.HeaderReader), broken ones among them
        Map<String, byte[]> extra = new LinkedHashMap<>();
        byte[] valid = shimClassBytes("io/ptfhost/bridge/json/JsonWriter.class");
        byte[] newer = valid.clone();
        newer[7] = 65;
        List<String> broken = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            String name = String.format("shaded/c%04d/Copy.class", i);
            if (i % 401 == 7) {
                broken.add(name);
                extra.put(name, Arrays.copyOf(valid, 9 + i % 50)); // cut inside the header
            } else {
                extra.put(name, i == 1234 ? newer : valid);
            }
        }
        String json = Bridge.describe(new String[] {buildJar(extra).getPath()}, null);
        int at = 0;
        for (String name : broken) {
            int found = json.indexOf(name + " is not a valid class file", at);
            assertTrue(found > at, name + " in entry order: " + json.substring(0, Math.min(json.length(), 2000)));
            at = found;
        }
        assertTrue(json.contains("contains class files for Java 21 (class file version 65, "
                + "e.g. io.ptfhost.bridge.json.JsonWriter)"), json);
        assertTrue(json.contains("{\"class\":\"p.Views\",\"valid\":true"), json);
    }

    public static void testARebuiltJarIsReadAgain() throws Exception {
        // one JVM (the shell) describes a JAR, the user rebuilds it at the same path: the hints
        // must come from the new file, as the classes do
        Path jar = Files.createTempFile("ptfhost-rebuilt", ".jar");
        jar.toFile().deleteOnExit();
        for (String name : new String[] {"first", "second"}) {
            Map<String, String> sources = new LinkedHashMap<>();
            sources.put("r.Rebuilt", "package r;\n"
                    + "import org.apache.flink.table.annotation.*;\n"
                    + "public class Rebuilt extends org.apache.flink.table.functions.ProcessTableFunction<String> {\n"
                    + "  public void eval(@ArgumentHint(value = ArgumentTrait.SET_SEMANTIC_TABLE, name = \"" + name
                    + "\") org.apache.flink.types.Row input) {}\n"
                    + "}\n");
            File built = JarFixtures.jar(JarFixtures.compile(sources, JarFixtures.shimClasspath(), "-parameters"),
                    Collections.<String, byte[]>emptyMap());
            Files.move(built.toPath(), jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            String json = Bridge.signature(new String[] {jar.toString()}, "r.Rebuilt");
            assertTrue(json.contains("{\"name\":\"" + name + "\",\"kind\":\"table\""), json);
        }
    }

    public static void testFlink20TraitNames() throws Exception {
        // compile a PTF against a Flink 2.0-like ArgumentTrait that still has TABLE_AS_SET
        Map<String, String> fake = new LinkedHashMap<>();
        fake.put("org.apache.flink.table.annotation.ArgumentTrait", "package org.apache.flink.table.annotation;\n"
                + "public enum ArgumentTrait { SCALAR, TABLE_AS_ROW, TABLE_AS_SET, OPTIONAL_PARTITION_BY, "
                + "PASS_COLUMNS_THROUGH }\n");
        Path fakeClasses = JarFixtures.compile(fake, JarFixtures.shimClasspath());
        Map<String, String> user = new LinkedHashMap<>();
        user.put("old.OldPtf", "package old;\n"
                + "import org.apache.flink.table.annotation.*;\n"
                + "import org.apache.flink.types.Row;\n"
                + "public class OldPtf extends org.apache.flink.table.functions.ProcessTableFunction<String> {\n"
                + "  public void eval(@ArgumentHint(ArgumentTrait.TABLE_AS_SET) Row input) {}\n"
                + "}\n");
        Path classes = JarFixtures.compile(user, fakeClasses + File.pathSeparator + JarFixtures.shimClasspath(),
                "-parameters");
        File jar = JarFixtures.jar(classes, Collections.<String, byte[]>emptyMap());
        String json = Bridge.describe(new String[] {jar.getPath()}, null);
        assertTrue(json.contains("\"class\":\"old.OldPtf\",\"valid\":false,\"error\":\"Class 'old.OldPtf' was "
                + "compiled against Flink 2.0: it uses the argument trait TABLE_AS_SET"), json);
        assertTrue(json.contains("\"fix\":\"" + Fixes.FLINK_20_TRAITS + "\""), json);
    }

    public static void testIoProblemsAreReportedInTheJson() throws Exception {
        String missing = Bridge.describe(new String[] {"/nonexistent/ptfs.jar"}, null);
        assertTrue(missing.contains("\"valid\":false,\"error\":\"JAR file '/nonexistent/ptfs.jar' does not exist or "
                + "is not a regular file.\""), missing);
        File notJar = File.createTempFile("ptfhost-test", ".jar");
        notJar.deleteOnExit();
        Files.write(notJar.toPath(), "hello".getBytes("UTF-8"));
        String bad = Bridge.describe(new String[] {notJar.getPath()}, "x.Y");
        assertTrue(bad.contains("\"class\":\"x.Y\",\"valid\":false,\"error\":\"'" + notJar.getAbsolutePath()
                + "' is not a JAR file: "), bad);
        assertEquals(1, bad.split("\"class\"", -1).length - 1);
    }
}
