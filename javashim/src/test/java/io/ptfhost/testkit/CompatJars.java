package io.ptfhost.testkit;

import io.ptfhost.bridge.extract.UserClassLoaders;

import java.io.File;
import java.net.MalformedURLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Classes of the compat fixture JARs that compat/build-jars.sh builds into {@code $PTFHOST_BUILD/compat}
 * before the Java tests run (ctest sets PTFHOST_BUILD): the seed PTFs of compat/seeds (seeds.jar) and
 * the bad-input PTFs of compat/errors (errors.jar), both compiled with {@code javac -parameters}.
 *
 * <p>The tests use the very class files the CLI tests describe and run, loaded through
 * {@link UserClassLoaders#forJars}, the loader ptfhost gives a user JAR, rather than copies of their
 * sources. One loader per JAR serves the whole run; it is never closed, as its classes live as long
 * as the tests do.
 */
public final class CompatJars {
    private CompatJars() {}

    private static final Map<String, ClassLoader> LOADERS = new HashMap<>();

    /** The seed PTF {@code com.example.NAME} from seeds.jar. */
    public static Class<?> seed(String name) {
        return load("seeds.jar", "com.example." + name);
    }

    /** The bad-input PTF {@code com.example.errors.NAME} from errors.jar. */
    public static Class<?> error(String name) {
        return load("errors.jar", "com.example.errors." + name);
    }

    private static Class<?> load(String jar, String className) {
        ClassLoader loader = loader(jar);
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("class " + className + " is not in " + path(jar)
                    + ": rebuild the compat JARs (./build.sh runs compat/build-jars.sh)", e);
        }
    }

    private static synchronized ClassLoader loader(String jar) {
        ClassLoader loader = LOADERS.get(jar);
        if (loader == null) {
            File file = path(jar);
            if (!file.isFile()) {
                throw new IllegalStateException(file + " not found: build it with compat/build-jars.sh "
                        + file.getParentFile().getParent() + " (./build.sh does) before running the Java tests");
            }
            try {
                loader = UserClassLoaders.forJars(new String[] {file.getPath()});
            } catch (MalformedURLException e) {
                throw new IllegalStateException("cannot open " + file + ": " + e.getMessage(), e);
            }
            LOADERS.put(jar, loader);
        }
        return loader;
    }

    private static File path(String jar) {
        String build = System.getenv("PTFHOST_BUILD");
        if (build == null || build.isEmpty()) {
            throw new IllegalStateException("PTFHOST_BUILD is not set: run the Java tests through ctest "
                    + "(tests/java/java_unit.sh), or set it to the build folder that holds compat/" + jar);
        }
        return new File(new File(build, "compat"), jar);
    }
}
