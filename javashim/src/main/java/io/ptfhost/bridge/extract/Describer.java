package io.ptfhost.bridge.extract;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * {@code Bridge.describe}: finds the PTF classes of a set of JARs (or takes the named one), infers
 * each signature with {@link PtfExtractor}, and lints the JARs.
 *
 * <p>JARs are scanned by reading class-file headers (no class is loaded or initialised to find
 * PTFs); only the PTF classes themselves are loaded, without initialisation, through a fresh
 * {@link UserClassLoaders} loader that is closed afterwards.
 */
public final class Describer {
    static final String PTF_CLASS = "org.apache.flink.table.functions.ProcessTableFunction";
    private static final int JAVA_17_MAJOR = 61;
    private static final String[] FLINK_20_TRAITS = {"TABLE_AS_SET", "TABLE_AS_ROW"};

    private final List<String> jars = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<PtfSignature> functions = new ArrayList<>();
    private final List<ScalarSignature> scalars = new ArrayList<>();
    // every class found in the JARs, by binary name
    private final Map<String, ClassFileInfo> classes = new HashMap<>();
    // the class file the user loader finds first for a name, by the entry's name; null where it
    // cannot be read, or where a JAR's manifest Class-Path or versioned entries may change which
    // file the loader reads (ScalarExtractor.isScalar reads those through the loader)
    private final Map<String, ClassFileInfo> classFiles = new HashMap<>();
    private boolean loaderOrder = true;

    private Describer() {}

    /** See docs/internals.md "Signature JSON". className may be null (all PTFs of the JARs). */
    public static String describe(String[] jarPaths, String className) {
        return describe(jarPaths, className, true);
    }

    /**
     * The same answer for one class, but without the JARs' lint (the answer's own "warnings":
     * bundled Flink classes, class files newer than Java 17, unreadable entries), which needs every
     * class file of every JAR read: a planner asks for one class and shows no such warning, and a
     * shaded JAR holds thousands of classes. The function's own warnings stay.
     */
    public static String signature(String[] jarPaths, String className) {
        return describe(jarPaths, className, className == null); // all classes: the scan is needed anyway
    }

    private static String describe(String[] jarPaths, String className, boolean lint) {
        WarmUp.begin();
        Describer d = new Describer();
        d.run(jarPaths, className, lint);
        return SignatureJson.write(d.jars, d.warnings, d.functions, d.scalars);
    }

    private void run(String[] jarPaths, String className, boolean lint) {
        boolean readable = true;
        for (String path : jarPaths) {
            String abs = new File(path).getAbsolutePath();
            jars.add(abs);
            String problem = lint ? scanJar(abs) : readClass(abs, className);
            if (problem != null) {
                readable = false;
                PtfSignature f = new PtfSignature(className);
                f.error = problem;
                f.fix = "pass an existing JAR file built by 'mvn package' or 'jar --create'";
                functions.add(f);
            }
        }
        if (!readable) {
            return;
        }
        List<String> names = new ArrayList<>();
        if (className != null) {
            names.add(className);
        } else {
            names.addAll(findPtfClasses());
            if (names.isEmpty() && !hasScalarClasses()) {
                warnings.add("no class extending " + PTF_CLASS + " found in " + String.join(", ", jars));
            }
        }
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader loader = UserClassLoaders.forJars(jars.toArray(new String[0]))) {
            Thread.currentThread().setContextClassLoader(loader);
            describeAll(loader, names);
            if (className != null && ScalarExtractor.isOtherFunction(loader, className)) {
                scalars.add(ScalarExtractor.extract(loader, className, jars));
            } else if (className == null) {
                for (String name : new TreeSet<>(classes.keySet())) {
                    if (!classes.get(name).isAbstractOrInterface()
                            && ScalarExtractor.isScalar(loader, name, classFiles)) {
                        scalars.add(ScalarExtractor.extract(loader, name, jars));
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot create or close the class loader for " + jars, e);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** Reads the class headers of one JAR; returns an error message if it cannot be read. */
    private String scanJar(String path) {
        File file = new File(path);
        if (!file.isFile()) {
            return String.format("JAR file '%s' does not exist or is not a regular file.", path);
        }
        List<String> bundledFlink = new ArrayList<>();
        Map<Integer, String> newerClasses = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(file)) {
            loaderOrder &= !changesLoaderOrder(zip);
            List<ZipEntry> classEntries = new ArrayList<>();
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                String n = e.getName();
                if (n.endsWith(".class") && !n.endsWith("module-info.class") && !n.startsWith("META-INF/")) {
                    classEntries.add(e);
                }
            }
            Object[] headers = HeaderReader.readAll(zip, classEntries);
            for (int i = 0; i < headers.length; i++) {
                String n = classEntries.get(i).getName();
                if (n.startsWith("org/apache/flink/")) {
                    bundledFlink.add(n);
                }
                String entryClass = n.substring(0, n.length() - ".class".length()).replace('/', '.');
                if (headers[i] instanceof IOException) {
                    String why = ((IOException) headers[i]).getMessage();
                    warnings.add(String.format("%s: %s is not a valid class file (%s)", path, n, why));
                    addClassFile(entryClass, null);
                    continue;
                }
                ClassFileInfo info = (ClassFileInfo) headers[i];
                addClassFile(entryClass, loaderOrder && info.name.equals(entryClass) ? info : null);
                classes.putIfAbsent(info.name, info);
                if (info.majorVersion > JAVA_17_MAJOR) {
                    newerClasses.putIfAbsent(info.majorVersion, info.name);
                }
            }
        } catch (IOException e) {
            return String.format("'%s' is not a JAR file: %s", path, e.getMessage());
        }
        if (!bundledFlink.isEmpty()) {
            warnings.add(String.format("%s bundles %d Flink API class file(s) (e.g. %s); the shim's copies are used "
                    + "instead. Declare flink-table-common with <scope>provided</scope> so they are not packaged.",
                    path, bundledFlink.size(), bundledFlink.get(0)));
        }
        int runtimeMajor = Runtime.version().feature() + 44;
        for (Map.Entry<Integer, String> e : newerClasses.entrySet()) {
            int major = e.getKey();
            String load = major > runtimeMajor
                    ? String.format("this JVM (Java %d) cannot load them", Runtime.version().feature())
                    : "Flink's Java 17 runtime cannot load them";
            warnings.add(String.format("%s contains class files for Java %d (class file version %d, e.g. %s), "
                    + "newer than Java 17: %s. Fix: %s", path, ClassFileInfo.javaRelease(major), major, e.getValue(),
                    load, Fixes.CLASS_VERSION));
        }
        return null;
    }

    /**
     * The class-file headers of a JAR's entries, in their order: a ClassFileInfo, or the
     * IOException that reading it gave. A shaded JAR holds thousands of classes, and inflating them
     * is most of a describe of it; from SHARED entries on a second thread takes every other chunk
     * (ZipFile inflates concurrent streams in parallel). Any other exception is thrown as reading
     * the entries in order would have thrown it: the first in entry order.
     */
    private static final class HeaderReader extends Thread {
        private static final int SHARED = 512;
        private static final int CHUNK = 64;
        private final ZipFile zip;
        private final List<ZipEntry> entries;
        private final Object[] out;
        private final AtomicInteger next = new AtomicInteger();

        private HeaderReader(ZipFile zip, List<ZipEntry> entries) {
            super("ptfhost-describe-scan");
            setDaemon(true);
            this.zip = zip;
            this.entries = entries;
            this.out = new Object[entries.size()];
        }

        static Object[] readAll(ZipFile zip, List<ZipEntry> entries) {
            HeaderReader r = new HeaderReader(zip, entries);
            boolean shared = entries.size() >= SHARED && Runtime.getRuntime().availableProcessors() > 1;
            if (shared) {
                r.start();
            }
            r.take();
            if (shared) {
                awaitHelper(r);
            }
            for (Object o : r.out) {
                if (o instanceof RuntimeException) {
                    throw (RuntimeException) o;
                } else if (o instanceof Error) {
                    throw (Error) o;
                }
            }
            return r.out;
        }

        @Override
        public void run() {
            take();
        }

        private void take() {
            for (int from = next.getAndAdd(CHUNK); from < out.length; from = next.getAndAdd(CHUNK)) {
                for (int i = from; i < Math.min(from + CHUNK, out.length); i++) {
                    out[i] = read(entries.get(i));
                }
            }
        }

        private Object read(ZipEntry e) {
            try (InputStream in = zip.getInputStream(e)) {
                return ClassFileInfo.read(in);
            } catch (IOException | RuntimeException | Error ex) {
                return ex;
            }
        }
    }

    /**
     * scanJar's checks of the file, and the header of className's own entry if this JAR has one
     * (what describeClass reads of it); nothing else of the JAR is read.
     */
    private String readClass(String path, String className) {
        File file = new File(path);
        if (!file.isFile()) {
            return String.format("JAR file '%s' does not exist or is not a regular file.", path);
        }
        try (ZipFile zip = new ZipFile(file)) {
            ZipEntry e = zip.getEntry(className.replace('.', '/') + ".class");
            if (e != null && !classes.containsKey(className)) {
                try (InputStream in = zip.getInputStream(e)) {
                    ClassFileInfo info = ClassFileInfo.read(in);
                    classes.put(info.name, info);
                } catch (IOException ex) {
                    // the lint's warning; loading the class reports what is wrong with it
                }
            }
        } catch (IOException e) {
            return String.format("'%s' is not a JAR file: %s", path, e.getMessage());
        }
        return null;
    }

    private void addClassFile(String entryClass, ClassFileInfo info) {
        if (!classFiles.containsKey(entryClass)) {
            classFiles.put(entryClass, info);
        }
    }

    /** A manifest Class-Path adds JARs behind this one, versioned entries replace its classes. */
    private static boolean changesLoaderOrder(ZipFile zip) {
        ZipEntry m = zip.getEntry(JarFile.MANIFEST_NAME);
        if (m != null) {
            try (InputStream in = zip.getInputStream(m)) {
                if (new Manifest(in).getMainAttributes().getValue(Attributes.Name.CLASS_PATH) != null) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                return true; // the loader decides what such a manifest means
            }
        }
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
            if (entries.nextElement().getName().startsWith("META-INF/versions/")) {
                return true;
            }
        }
        return false;
    }

    /** Concrete classes whose superclass chain (through classes of the JARs) reaches the PTF base. */
    private List<String> findPtfClasses() {
        TreeSet<String> out = new TreeSet<>();
        for (ClassFileInfo info : classes.values()) {
            if (!info.isAbstractOrInterface() && extendsPtf(info)) {
                out.add(info.name);
            }
        }
        return new ArrayList<>(out);
    }

    /** Whether a concrete class of the JARs extends ScalarFunction (through classes of the JARs). */
    private boolean hasScalarClasses() {
        for (ClassFileInfo info : classes.values()) {
            for (String s = info.superName; !info.isAbstractOrInterface() && s != null; ) {
                if (s.equals(ScalarExtractor.SCALAR_CLASS)) {
                    return true;
                }
                ClassFileInfo parent = classes.get(s);
                s = parent == null || parent == info ? null : parent.superName;
            }
        }
        return false;
    }

    private boolean extendsPtf(ClassFileInfo info) {
        int depth = 0;
        for (String s = info.superName; s != null && depth < 64; depth++) {
            if (s.equals(PTF_CLASS)) {
                return true;
            }
            ClassFileInfo parent = classes.get(s);
            s = parent == null ? null : parent.superName;
        }
        return false;
    }

    /**
     * describeClass for each name, into functions in that order. The classes are independent and
     * describe is mostly start-up work, so with several classes and cores a second thread takes
     * its share; as in turn, the first failure in name order is thrown.
     */
    private void describeAll(ClassLoader loader, List<String> names) {
        Share share = new Share(loader, names);
        Helper helper = null;
        if (names.size() > 1 && Runtime.getRuntime().availableProcessors() > 1) {
            helper = new Helper(share);
            helper.start();
        }
        share.take();
        if (helper != null) {
            awaitHelper(helper);
        }
        for (int i = 0; i < names.size(); i++) {
            Throwable t = share.failed[i];
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            } else if (t != null) {
                throw (Error) t;
            }
            functions.add(share.out[i]);
        }
    }

    /** Waits for a second thread's share of the work; an interrupt is kept for the caller. */
    private static void awaitHelper(Thread helper) {
        boolean interrupted = false;
        while (helper.isAlive()) {
            try {
                helper.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The classes describeAll's threads take in turn, and what each gave. */
    private final class Share {
        final ClassLoader loader;
        final List<String> names;
        final AtomicInteger next = new AtomicInteger();
        final PtfSignature[] out;
        final Throwable[] failed;

        Share(ClassLoader loader, List<String> names) {
            this.loader = loader;
            this.names = names;
            this.out = new PtfSignature[names.size()];
            this.failed = new Throwable[names.size()];
        }

        void take() {
            for (int i = next.getAndIncrement(); i < names.size(); i = next.getAndIncrement()) {
                try {
                    out[i] = describeClass(loader, names.get(i));
                } catch (RuntimeException | Error e) {
                    failed[i] = e;
                }
            }
        }
    }

    /** describeAll's second thread; a stack as large as the C workers' (deep type recursion). */
    private static final class Helper extends Thread {
        private static final long STACK = 64L << 20;
        private final Share share;

        Helper(Share share) {
            super(null, null, "ptfhost-describe", STACK);
            this.share = share;
            setDaemon(true);
            setContextClassLoader(share.loader);
        }

        @Override
        public void run() {
            share.take();
        }
    }

    private PtfSignature describeClass(ClassLoader loader, String name) {
        ClassFileInfo info = classes.get(name);
        String flink20 = info == null ? null : flink20Trait(info);
        Class<?> cls;
        try {
            cls = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            PtfSignature f = new PtfSignature(name);
            f.error = String.format("Class '%s' not found in %s.", name, String.join(", ", jars));
            f.fix = Fixes.CLASS_NOT_FOUND;
            return f;
        } catch (LinkageError e) {
            PtfSignature f = new PtfSignature(name);
            f.error = String.format("Class '%s' cannot be loaded: %s", name, ValidationError.chain(e));
            f.fix = Fixes.forError(e);
            return f;
        }
        PtfSignature f = PtfExtractor.extract(cls);
        if (flink20 != null) {
            String explanation = String.format("Class '%s' was compiled against Flink 2.0: it uses the argument "
                    + "trait %s, which Flink 2.1 renamed (TABLE_AS_ROW -> ROW_SEMANTIC_TABLE, TABLE_AS_SET -> "
                    + "SET_SEMANTIC_TABLE); Flink 2.1+ rejects it (NoSuchFieldError / "
                    + "EnumConstantNotPresentException).", name, flink20);
            if (f.isValid()) {
                f.warnings.add(explanation);
            } else {
                f.error = explanation + "\n" + f.error;
                f.fix = Fixes.FLINK_20_TRAITS;
            }
        }
        if (!f.isValid() && info != null && Modifier.isAbstract(info.access) && f.fix == null) {
            f.fix = Fixes.ABSTRACT;
        }
        return f;
    }

    private static String flink20Trait(ClassFileInfo info) {
        for (String t : FLINK_20_TRAITS) {
            if (info.hasUtf8(t)) {
                return t;
            }
        }
        return null;
    }
}
