package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.annotation.StateHint;

import java.io.File;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link Hints} against JDK reflection on the same elements: for every hint type on classes,
 * methods, fields and parameters, the same annotations (equal both ways, same hashCode and
 * toString, same member values) and the same exceptions from members whose class file values do
 * not fit the class path (a missing enum constant or class, another member type).
 */
public final class HintsTest {
    private static final List<Class<? extends Annotation>> TYPES = HintAnnotation.TYPES;

    private static final String HEAD = "package h;\n"
            + "import org.apache.flink.table.annotation.*;\n";

    /** Every hint type and member kind; values chosen to differ from the defaults. */
    private static final String ALL = HEAD
            + "@DataTypeHint(\"ROW<a INT>\")\n"
            + "@FunctionHint(output = @DataTypeHint(\"INT\"))\n"
            + "@FunctionHint(input = {@DataTypeHint(\"STRING\"), @DataTypeHint(bridgedTo = int[].class)},\n"
            + "    argumentNames = {\"a\", \"b\"}, isVarArgs = true, output = @DataTypeHint(\"BIGINT\"))\n"
            + "@ProcedureHint(input = @DataTypeHint(\"INT\"), output = @DataTypeHint(\"INT\"))\n"
            + "public class All {\n"
            + "  @DataTypeHint(value = \"DECIMAL(10, 2)\", bridgedTo = java.math.BigDecimal.class,\n"
            + "      inputGroup = InputGroup.ANY, version = ExtractionVersion.V1, allowRawGlobally = HintFlag.TRUE,\n"
            + "      allowRawPattern = {\"a.\", \"b.\"}, forceRawPattern = {}, defaultDecimalPrecision = 10,\n"
            + "      defaultDecimalScale = 2, defaultYearPrecision = 3, defaultSecondPrecision = 6)\n"
            + "  public java.math.BigDecimal field;\n"
            + "  @DataTypeHint(\"quote \\\" back\\\\slash \\t tab \\u00e9\")\n"
            + "  public String escaped;\n"
            + "  public int plain;\n"
            + "  @FunctionHint(arguments = {@ArgumentHint(value = ArgumentTrait.SCALAR, name = \"x\",\n"
            + "      isOptional = true,\n"
            + "      type = @DataTypeHint(\"INT\"))},\n"
            + "      accumulator = @DataTypeHint(\"ROW<n BIGINT>\"),\n"
            + "      state = {@StateHint(name = \"s\", type = @DataTypeHint(\"INT\"), ttl = \"1 min\"), @StateHint},\n"
            + "      argument = {@ArgumentHint(ArgumentTrait.SCALAR)})\n"
            + "  @DataTypeHint(\"INT\")\n"
            + "  @Deprecated\n"
            + "  public Integer eval(@StateHint(name = \"st\", ttl = \"0\") Object state,\n"
            + "      @ArgumentHint(value = {ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.PASS_COLUMNS_THROUGH},\n"
            + "          name = \"input\") Object input,\n"
            + "      @Deprecated @DataTypeHint(bridgedTo = void.class) Object hinted, Object none) { return 1; }\n"
            + "  @ProcedureHints({@ProcedureHint(output = @DataTypeHint(\"INT\")), @ProcedureHint(isVarArgs = true)})\n"
            + "  public void call() {}\n"
            + "  @FunctionHint(output = @DataTypeHint(\"A\"))\n"
            + "  @FunctionHints({@FunctionHint(output = @DataTypeHint(\"B\")),\n"
            + "      @FunctionHint(output = @DataTypeHint(\"C\"))})\n"
            + "  public void directFirst() {}\n"
            + "  @FunctionHints({@FunctionHint(output = @DataTypeHint(\"B\"))})\n"
            + "  @FunctionHint(output = @DataTypeHint(\"A\"))\n"
            + "  public void containerFirst() {}\n"
            + "  @FunctionHint @ArgumentHint @StateHint @DataTypeHint\n"
            + "  public void defaults(@ArgumentHint @StateHint @DataTypeHint Object o) {}\n"
            + "  public static class Inner { @DataTypeHint(\"INT\") public int x; }\n"
            + "}\n";

    public static void testEveryHintTypeAndMemberKindMatchesReflection() throws Exception {
        try (URLClassLoader loader = load(sources("h.All", ALL), JarFixtures.shimClasspath())) {
            int compared = compareAll(loader.loadClass("h.All"), true)
                    + compareAll(loader.loadClass("h.All$Inner"), true);
            assertTrue(compared >= 20, "compared " + compared + " annotations");
        }
    }

    public static void testValuesAndSetsOfEqualHints() throws Exception {
        try (URLClassLoader loader = load(sources("h.All", ALL), JarFixtures.shimClasspath())) {
            Class<?> all = loader.loadClass("h.All");
            Method eval = method(all, "eval");
            ArgumentHint input = Hints.parameter(eval, 1, ArgumentHint.class);
            assertEquals("input", input.name());
            assertEquals("[SET_SEMANTIC_TABLE, PASS_COLUMNS_THROUGH]", java.util.Arrays.toString(input.value()));
            input.value()[0] = null; // arrays are copies
            assertEquals("SET_SEMANTIC_TABLE", input.value()[0].name());
            DataTypeHint field = Hints.declared(all.getField("field"), DataTypeHint.class);
            assertEquals(java.math.BigDecimal.class, field.bridgedTo());
            assertEquals(10, field.defaultDecimalPrecision());
            // the eval's and the class's hints in one set: equal hints count once, with reflection's too
            Set<DataTypeHint> set = new HashSet<>();
            set.add(Hints.declared(eval, DataTypeHint.class));
            set.add(eval.getAnnotation(DataTypeHint.class));
            set.add(Hints.byType(eval, FunctionHint.class).get(0).arguments()[0].type());
            assertEquals(1, set.size());
            List<FunctionHint> direct = Hints.byType(method(all, "directFirst"), FunctionHint.class);
            assertEquals("A B C", direct.get(0).output().value() + " " + direct.get(1).output().value() + " "
                    + direct.get(2).output().value());
            List<FunctionHint> container = Hints.byType(method(all, "containerFirst"), FunctionHint.class);
            assertEquals("B A", container.get(0).output().value() + " " + container.get(1).output().value());
        }
    }

    /** A JAR compiled against Flink 2.0's ArgumentTrait, which has TABLE_AS_SET. */
    public static void testMissingEnumConstantFailsAtAccessLikeReflection() throws Exception {
        Map<String, String> fake = sources("org.apache.flink.table.annotation.ArgumentTrait",
                "package org.apache.flink.table.annotation;\n"
                        + "public enum ArgumentTrait { SCALAR, TABLE_AS_ROW, TABLE_AS_SET }\n");
        String user = HEAD + "public class Old {\n"
                + "  public void eval(@ArgumentHint(ArgumentTrait.TABLE_AS_SET) Object in,\n"
                + "      @ArgumentHint(value = ArgumentTrait.SCALAR, name = \"n\") Object ok) {}\n"
                + "  @FunctionHint(arguments = @ArgumentHint(ArgumentTrait.TABLE_AS_ROW))\n"
                + "  public void hinted() {}\n"
                + "}\n";
        try (URLClassLoader loader = load(sources("h.Old", user), against(fake))) {
            Class<?> old = loader.loadClass("h.Old");
            assertEquals(3, compareAll(old, true));
            ArgumentHint bad = Hints.parameter(method(old, "eval"), 0, ArgumentHint.class);
            try {
                bad.value();
                throw new AssertionError("no exception");
            } catch (EnumConstantNotPresentException e) {
                assertEquals("org.apache.flink.table.annotation.ArgumentTrait.TABLE_AS_SET", e.getMessage());
            }
        }
    }

    /** A Class value whose class is not in the JAR (TypeNotPresentException at access). */
    public static void testMissingClassValueFailsAtAccessLikeReflection() throws Exception {
        Map<String, String> src = sources("h.Gone", "package h;\npublic class Gone {}\n");
        src.put("h.Uses", HEAD + "public class Uses {\n"
                + "  @DataTypeHint(bridgedTo = Gone.class) public Object f;\n"
                + "  @DataTypeHint(bridgedTo = Gone[].class) public Object g;\n"
                + "  @FunctionHint(input = {@DataTypeHint(\"INT\"), @DataTypeHint(bridgedTo = Gone.class)})\n"
                + "  public void eval(@DataTypeHint(bridgedTo = Gone.class) Object o) {}\n"
                + "}\n");
        Path classes = JarFixtures.compile(src, JarFixtures.shimClasspath(), "-parameters");
        Files.delete(classes.resolve("h/Gone.class"));
        File jar = JarFixtures.jar(classes, Collections.<String, byte[]>emptyMap());
        try (URLClassLoader loader = UserClassLoaders.forJars(new String[] {jar.getPath()})) {
            Class<?> uses = loader.loadClass("h.Uses");
            assertEquals(4, compareAll(uses, true));
            try {
                Hints.declared(uses.getField("f"), DataTypeHint.class).bridgedTo();
                throw new AssertionError("no exception");
            } catch (TypeNotPresentException e) {
                assertEquals("Type h.Gone not present", e.getMessage());
                assertTrue(e.getCause() instanceof ClassNotFoundException, "cause " + e.getCause());
            }
        }
    }

    /** Class files of other hint versions: values of another type, members the type lacks or adds. */
    public static void testOtherMemberTypesLikeReflection() throws Exception {
        Map<String, String> fake = sources("org.apache.flink.table.annotation.DataTypeHint",
                "package org.apache.flink.table.annotation;\n"
                        + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
                        + "public @interface DataTypeHint {\n"
                        + "  String value() default \"\";\n"
                        + "  String defaultDecimalPrecision() default \"\";\n"
                        + "  int[] allowRawPattern() default {};\n"
                        + "  Class<?>[] forceRawPattern() default {};\n"
                        + "  String inputGroup() default \"\";\n"
                        + "  HintFlag version() default HintFlag.TRUE;\n"
                        + "  String extra() default \"\";\n"
                        + "}\n");
        fake.put("org.apache.flink.table.annotation.ArgumentHint", "package org.apache.flink.table.annotation;\n"
                + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
                + "public @interface ArgumentHint {\n"
                + "  ArgumentTrait value() default ArgumentTrait.SCALAR;\n"
                + "  String[] name() default {};\n"
                + "}\n");
        String user = HEAD + "public class Other {\n"
                + "  @DataTypeHint(value = \"INT\", defaultDecimalPrecision = \"ten\", extra = \"x\")\n"
                + "  public Object a;\n"
                + "  @DataTypeHint(allowRawPattern = {1, 2}, forceRawPattern = String.class, inputGroup = \"ANY\",\n"
                + "      version = HintFlag.FALSE)\n"
                + "  public Object b;\n"
                + "  public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Object t) {}\n"
                + "}\n";
        Map<String, String> src = sources("h.Other", user);
        src.put("h.Broken", HEAD + "public class Broken {\n"
                + "  public void named(@ArgumentHint(name = \"n\") Object t) {}\n"
                + "}\n");
        try (URLClassLoader loader = load(src, against(fake))) {
            Class<?> other = loader.loadClass("h.Other");
            assertEquals(3, compareAll(other, true));
            DataTypeHint a = Hints.declared(other.getField("a"), DataTypeHint.class);
            assertTrue(a instanceof HintAnnotation, "read from the class file");
            assertEquals("INT", a.value());
            try {
                a.defaultDecimalPrecision();
                throw new AssertionError("no exception");
            } catch (java.lang.annotation.AnnotationTypeMismatchException e) {
                assertEquals("Incorrectly typed data found for annotation element public abstract int "
                        + "org.apache.flink.table.annotation.DataTypeHint.defaultDecimalPrecision() "
                        + "(Found data of type java.lang.String[ten])", e.getMessage());
            }
            // a String[] member given for a String one: reflection fails, and so does the reader
            Method named = method(loader.loadClass("h.Broken"), "named");
            Throwable jdk = thrown(() -> named.getParameterAnnotations());
            Throwable ours = thrown(() -> Hints.parameter(named, 0, ArgumentHint.class));
            assertEquals(describe(jdk), describe(ours));
        }
    }

    /** The hint types as the reader sees them in their class files, against reflection's view. */
    public static void testHintTypesMatchReflection() throws Exception {
        for (Class<? extends Annotation> t : TYPES) {
            // Hints.declared and byType rely on this: otherwise Class.getAnnotation would look up
            assertTrue(!t.isAnnotationPresent(java.lang.annotation.Inherited.class), t + " is not @Inherited");
            HintAnnotation.HintType type = Hints.hintType(t);
            java.lang.annotation.Repeatable r = t.getAnnotation(java.lang.annotation.Repeatable.class);
            assertEquals(r == null ? null : r.value(), type.container);
            assertTrue(type.runtime, t + " is RUNTIME");
            assertEquals(t.getDeclaredMethods().length, type.names.length);
            for (int i = 0; i < type.names.length; i++) {
                Method m = t.getMethod(type.names[i]);
                Object expected = m.getDefaultValue();
                String where = t.getSimpleName() + "." + m.getName() + " default";
                if (expected == null) {
                    assertEquals(where + " null", where + " " + type.defaults[i]);
                } else {
                    sameValue(where, expected, type.defaults[i]);
                }
            }
        }
    }

    public static void testNoClassFileFallsBackToReflection() throws Exception {
        // a class defined from bytes its loader cannot find as a resource
        Path classes = JarFixtures.compile(sources("h.All", ALL), JarFixtures.shimClasspath(), "-parameters");
        final byte[] bytes = Files.readAllBytes(classes.resolve("h/All.class"));
        ClassLoader loader = new ClassLoader(HintsTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (!name.equals("h.All")) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
        Class<?> all = loader.loadClass("h.All");
        assertTrue(Proxy.isProxyClass(Hints.declared(all, DataTypeHint.class).getClass()), "reflection's");
        compareAll(all, false);
    }

    // ---------------------------------------------------------------------------------------

    /**
     * Compares what Hints and reflection return for every hint type on cls, its declared fields,
     * methods and their parameters; returns how many annotations were compared. fromClassFile:
     * each one must be the reader's (no fallback).
     */
    private static int compareAll(Class<?> cls, boolean fromClassFile) throws Exception {
        List<AnnotatedElement> elements = new ArrayList<>();
        elements.add(cls);
        Collections.addAll(elements, cls.getDeclaredFields());
        Collections.addAll(elements, cls.getDeclaredMethods());
        int n = 0;
        for (AnnotatedElement e : elements) {
            for (Class<? extends Annotation> t : TYPES) {
                n += compare(e + " " + t.getSimpleName(), e.getDeclaredAnnotation(t), Hints.declared(e, t),
                        fromClassFile);
                Annotation[] jdk = e.getAnnotationsByType(t);
                List<? extends Annotation> ours = Hints.byType(e, t);
                assertEquals(jdk.length, ours.size());
                for (int i = 0; i < jdk.length; i++) {
                    compare(e + " by type " + t.getSimpleName(), jdk[i], ours.get(i), fromClassFile);
                }
            }
            if (e instanceof Method) {
                Method m = (Method) e;
                for (int p = 0; p < m.getParameterCount(); p++) {
                    for (Class<? extends Annotation> t : TYPES) {
                        n += compare(m + " parameter " + p, m.getParameters()[p].getAnnotation(t),
                                Hints.parameter(m, p, t), fromClassFile);
                    }
                }
            }
        }
        return n;
    }

    private static int compare(String where, Annotation jdk, Annotation ours, boolean fromClassFile)
            throws Exception {
        if (jdk == null || ours == null) {
            assertEquals(where + ": " + jdk, where + ": " + ours);
            return 0;
        }
        if (fromClassFile) {
            assertTrue(ours instanceof HintAnnotation, where + ": read from the class file");
        }
        same(where, jdk, ours);
        return 1;
    }

    /** Asserts both are the same annotation; true if some member, nested ones included, throws. */
    private static boolean same(String where, Annotation jdk, Annotation ours) throws Exception {
        assertEquals(jdk.annotationType(), ours.annotationType());
        assertEquals(where + ": " + jdk, where + ": " + ours);
        boolean fails = false;
        for (Method member : jdk.annotationType().getDeclaredMethods()) {
            fails |= sameMember(where + "." + member.getName(), member, jdk, ours);
        }
        // a failing member is equal only to itself, as with two proxies
        assertEquals(where + " equals " + !fails, where + " equals " + jdk.equals(ours));
        assertEquals(where + " equals " + !fails, where + " equals " + ours.equals(jdk));
        assertTrue(ours.equals(ours), where + " equals itself");
        if (!fails) {
            assertEquals(jdk.hashCode(), ours.hashCode());
        }
        return fails;
    }

    private static boolean sameMember(String where, Method member, Annotation jdk, Annotation ours)
            throws Exception {
        Object a;
        try {
            a = member.invoke(jdk);
        } catch (InvocationTargetException e) {
            try {
                member.invoke(ours);
            } catch (InvocationTargetException mine) {
                assertEquals(where + ": " + describe(e.getCause()), where + ": " + describe(mine.getCause()));
                return true;
            }
            throw new AssertionError(where + ": no exception, reflection has " + describe(e.getCause()));
        }
        return sameValue(where, a, member.invoke(ours));
    }

    private static boolean sameValue(String where, Object a, Object b) throws Exception {
        if (a instanceof Annotation) {
            return same(where, (Annotation) a, (Annotation) b);
        }
        if (a == null || !a.getClass().isArray()) {
            assertEquals(a, b);
            return false;
        }
        assertEquals(a.getClass(), b.getClass());
        assertEquals(where + " length " + Array.getLength(a), where + " length " + Array.getLength(b));
        boolean fails = false;
        for (int i = 0; i < Array.getLength(a); i++) {
            fails |= sameValue(where + "[" + i + "]", Array.get(a, i), Array.get(b, i));
        }
        return fails;
    }

    private static String describe(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (; t != null; t = t.getCause()) {
            b.append(t.getClass().getName()).append(": ").append(t.getMessage()).append(" / ");
        }
        return b.toString();
    }

    private static Throwable thrown(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException | Error e) {
            return e;
        }
        throw new AssertionError("no exception");
    }

    private static Method method(Class<?> cls, String name) {
        for (Method m : cls.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no method " + name);
    }

    private static Map<String, String> sources(String name, String source) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(name, source);
        return m;
    }

    /** A class path with the given replacements of shim classes first (compile time only). */
    private static String against(Map<String, String> fake) throws Exception {
        Path fakeClasses = JarFixtures.compile(fake, JarFixtures.shimClasspath());
        return fakeClasses + File.pathSeparator + JarFixtures.shimClasspath();
    }

    private static URLClassLoader load(Map<String, String> sources, String classpath) throws Exception {
        Path classes = JarFixtures.compile(sources, classpath, "-parameters");
        File jar = JarFixtures.jar(classes, Collections.<String, byte[]>emptyMap());
        return UserClassLoaders.forJars(new String[] {jar.getPath()});
    }
}
