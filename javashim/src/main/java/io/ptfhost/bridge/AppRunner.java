package io.ptfhost.bridge;

import io.ptfhost.bridge.extract.UserClassLoaders;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * {@code ptfhost run [-c MAIN_CLASS] app.jar [args...]}: the program's JAR in its own class loader
 * (parent: the shim's API loader, as for PTF JARs), its {@code main(String[])} called on the
 * calling thread. An exception out of main is rethrown unchanged, so the run fails with the
 * program's own stack trace.
 */
public final class AppRunner {
    private AppRunner() {}

    public static int run(String jar, String mainClass, String[] args) throws Throwable {
        URLClassLoader loader = UserClassLoaders.forJars(new String[] {jar});
        String name = mainClass != null ? mainClass : manifestMainClass(jar);
        Method main = mainMethod(loader, name, jar);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            System.out.flush();
            System.err.flush();
            thread.setContextClassLoader(previous);
            loader.close();
        }
        return 0;
    }

    private static String manifestMainClass(String jar) throws IOException {
        try (JarFile file = new JarFile(jar)) {
            Manifest manifest = file.getManifest();
            String name = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException(
                        jar + " names no Main-Class in its manifest: give the class with -c MAIN_CLASS");
            }
            return name.trim();
        }
    }

    private static Method mainMethod(ClassLoader loader, String name, String jar) {
        Class<?> cls;
        try {
            cls = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("class " + name + " not found in " + jar);
        }
        try {
            Method main = cls.getMethod("main", String[].class);
            if (Modifier.isStatic(main.getModifiers())) return main;
        } catch (NoSuchMethodException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException(name + " has no 'public static void main(String[])'");
    }
}
