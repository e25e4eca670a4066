package io.ptfhost.bridge.extract;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Enumeration;

/**
 * Class loaders for user JARs.
 *
 * <p>Each function source (a JAR, or a folder's JARs) gets its own {@link URLClassLoader}. Its parent
 * exposes exactly two things, parent-first: the JDK (the platform class loader) and
 * {@code org.apache.flink.*} from the shim. So a JAR that bundles Flink API classes still links
 * against the shim's (one {@code ProcessTableFunction}, one {@code Row}), and libraries bundled in the
 * JAR never see, or clash with, what the bridge itself uses (ASM).
 */
public final class UserClassLoaders {
    private UserClassLoaders() {}

    private static final String FLINK_PREFIX = "org.apache.flink.";
    private static final String FLINK_RESOURCE_PREFIX = "org/apache/flink/";

    /** The loader that sees only the JDK and the shim's Flink API; shared by all user loaders. */
    public static ClassLoader apiLoader() {
        return ApiLoaderHolder.INSTANCE;
    }

    private static final class ApiLoaderHolder {
        static final ClassLoader INSTANCE = new ApiOnlyLoader(UserClassLoaders.class.getClassLoader());
    }

    /** A new loader over the given JAR files (absolute or relative paths). */
    public static URLClassLoader forJars(String[] jars) throws MalformedURLException {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            urls[i] = new File(jars[i]).getAbsoluteFile().toURI().toURL();
        }
        // Unnamed, like Flink's user-code loader, so stack frames print as Flink prints them.
        ClassAllowlist allowlist = ALLOWLIST;
        return allowlist == null ? new URLClassLoader(urls, apiLoader()) : new AllowlistLoader(urls, allowlist);
    }

    private static final ClassAllowlist ALLOWLIST = ClassAllowlist.fromEnvironment();

    /** A user loader that loads only the classes the allowlist matches (ClassAllowlist). */
    private static final class AllowlistLoader extends URLClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final ClassAllowlist allowlist;

        AllowlistLoader(URL[] urls, ClassAllowlist allowlist) {
            super(urls, apiLoader());
            this.allowlist = allowlist;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            allowlist.check(name);
            return super.loadClass(name, resolve);
        }
    }

    /** Parent of all user loaders; see the class comment. */
    private static final class ApiOnlyLoader extends ClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final ClassLoader shim;

        ApiOnlyLoader(ClassLoader shim) {
            super("ptfhost-api", ClassLoader.getPlatformClassLoader());
            this.shim = shim;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith(FLINK_PREFIX)) {
                return shim.loadClass(name);
            }
            return super.loadClass(name, resolve); // platform loader, then findClass -> CNFE
        }

        @Override
        public URL getResource(String name) {
            if (name.startsWith(FLINK_RESOURCE_PREFIX)) {
                return shim.getResource(name);
            }
            return super.getResource(name);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            if (name.startsWith(FLINK_RESOURCE_PREFIX)) {
                return shim.getResources(name);
            }
            return super.getResources(name);
        }
    }
}
