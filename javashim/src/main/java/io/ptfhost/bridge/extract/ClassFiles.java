package io.ptfhost.bridge.extract;

import org.objectweb.asm.ClassReader;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;

/**
 * The class file of a loaded class, read once per class for ASM ({@link Hints} reads its
 * annotations, {@link ParameterNames} its LocalVariableTable). It is used only if it names the
 * class, and readers check that the member they look for is in it.
 */
final class ClassFiles {
    private ClassFiles() {}

    private static final ClassValue<Entry> ENTRIES = new ClassValue<Entry>() {
        @Override
        protected Entry computeValue(Class<?> cls) {
            return new Entry(read(cls));
        }
    };

    /** The cached state of one class; Hints synchronizes on it for what it adds. */
    static final class Entry {
        final ClassReader reader; // null: no readable class file of this class
        Hints.ClassHints hints; // Hints' raw annotations, read on first use

        private Entry(ClassReader reader) {
            this.reader = reader;
        }
    }

    static Entry of(Class<?> cls) {
        return ENTRIES.get(cls);
    }

    private static ClassReader read(Class<?> cls) {
        if (cls.isArray() || cls.isPrimitive()) {
            return null;
        }
        try (InputStream in = open(cls)) {
            if (in == null) {
                return null;
            }
            ClassReader reader = new ClassReader(in);
            return reader.getClassName().replace('/', '.').equals(cls.getName()) ? reader : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The class file where cls's loader defines it from. A loader's getResource asks its parents
     * first, and the JDK's loaders look a name outside their packages up in every module of the
     * runtime image: more than the read itself. So a URLClassLoader's class is looked up in its own
     * JARs only (where it defined the class, versioned entries included), and one of the class
     * path (the shim) at its code source. The JARs are open already: the JDK shares their central
     * directory between the loader's copy and this one (UserClassLoaders.openOwn).
     */
    private static InputStream open(Class<?> cls) throws IOException {
        String resource = cls.getName().replace('.', '/') + ".class";
        ClassLoader loader = cls.getClassLoader();
        if (loader instanceof URLClassLoader) {
            return UserClassLoaders.openOwn((URLClassLoader) loader, resource);
        }
        CodeSource source = loader == null ? null : cls.getProtectionDomain().getCodeSource();
        URL base = source == null ? null : source.getLocation();
        if (base != null && "file".equals(base.getProtocol())) {
            URL url = base.getPath().endsWith("/") ? new URL(base, resource)
                    : new URL("jar:" + base + "!/" + resource);
            return url.openStream();
        }
        String name = cls.getName();
        return cls.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1) + ".class");
    }
}
