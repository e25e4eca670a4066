package io.ptfhost.bridge.extract;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;

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

    /**
     * The class file of {@code className} as {@code loader.getResourceAsStream} finds it, or null.
     * Where only the JARs can have it ({@link #onlyInJars}), only they are searched: that skips
     * opening the runtime image, the costly part of a first lookup at start-up.
     */
    public static InputStream openClassFile(ClassLoader loader, String className) throws IOException {
        String resource = className.replace('.', '/') + ".class";
        if (!onlyInJars(loader, className)) {
            return loader.getResourceAsStream(resource);
        }
        return openOwn((URLClassLoader) loader, resource);
    }

    /**
     * A resource of the loader's own JARs (not its parents'), or null. The stream reads its own
     * copy of the JAR and closes it: a cached one (the JDK's default for jar: URLs) would outlive
     * the loader and keep serving the JAR as it was, after the user rebuilt it at the same path.
     */
    static InputStream openOwn(URLClassLoader loader, String resource) throws IOException {
        URL url = loader.findResource(resource);
        if (url == null) {
            return null;
        }
        URLConnection c = url.openConnection();
        c.setUseCaches(false);
        return c.getInputStream();
    }

    /**
     * Whether a loader of {@link #forJars} can find className's class file only in its JARs: the
     * parents have the shim's Flink API and the JDK's packages, nothing else.
     */
    public static boolean onlyInJars(ClassLoader loader, String className) {
        return loader instanceof URLClassLoader && loader.getParent() == apiLoader()
                && !className.startsWith(FLINK_PREFIX) && !inJdkPackage(className);
    }

    /** Whether the boot or platform loader has className's package (the first call lists them). */
    static boolean inJdkPackage(String className) {
        return JdkPackages.contains(className);
    }

    /** The packages of the JDK's modules that the user loaders' parents see (boot and platform). */
    private static final class JdkPackages {
        static final Set<String> NAMES = load();

        static boolean contains(String className) {
            int dot = className.lastIndexOf('.');
            return NAMES == null || NAMES.contains(dot < 0 ? "" : className.substring(0, dot));
        }

        private static Set<String> load() {
            String append = System.getProperty("jdk.boot.class.path.append");
            if (append != null && !append.isEmpty()) {
                return null; // -Xbootclasspath/a: the boot loader has classes of any package
            }
            Set<String> out = new HashSet<>();
            ClassLoader platform = ClassLoader.getPlatformClassLoader();
            for (Module m : ModuleLayer.boot().modules()) {
                if (m.getClassLoader() == null || m.getClassLoader() == platform) {
                    out.addAll(m.getPackages());
                }
            }
            return out;
        }
    }

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
