package io.ptfhost.testkit;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Runs the Java unit tests: every class named {@code *Test} under the given class folder,
 * every {@code public static void test*()} method in it. Prints one line per failure and a
 * closing {@code N passed, N failed} line; exits 1 on any failure or if nothing ran.
 */
public final class TestRunner {
    public static void main(String[] args) throws Exception {
        File root = new File(args[0]);
        List<String> classes = new ArrayList<>();
        collect(root, root, classes);
        Collections.sort(classes);
        int passed = 0;
        int failed = 0;
        for (String name : classes) {
            Class<?> cls = Class.forName(name);
            List<Method> methods = new ArrayList<>();
            for (Method m : cls.getDeclaredMethods()) {
                if (m.getName().startsWith("test")
                        && Modifier.isStatic(m.getModifiers())
                        && Modifier.isPublic(m.getModifiers())
                        && m.getParameterCount() == 0) {
                    methods.add(m);
                }
            }
            methods.sort((a, b) -> a.getName().compareTo(b.getName()));
            for (Method m : methods) {
                try {
                    m.invoke(null);
                    passed++;
                } catch (InvocationTargetException e) {
                    failed++;
                    System.out.println("FAIL " + cls.getSimpleName() + "." + m.getName() + ": " + e.getCause());
                    e.getCause().printStackTrace(System.out);
                }
            }
        }
        System.out.println(passed + " passed, " + failed + " failed");
        System.exit(failed > 0 || passed == 0 ? 1 : 0);
    }

    private static void collect(File root, File dir, List<String> out) {
        File[] files = dir.listFiles();
        if (files == null) {
            return;
        }
        for (File f : files) {
            if (f.isDirectory()) {
                collect(root, f, out);
            } else if (f.getName().endsWith("Test.class")) {
                String rel = root.toPath().relativize(f.toPath()).toString();
                out.add(rel.substring(0, rel.length() - ".class".length()).replace(File.separatorChar, '.'));
            }
        }
    }
}
