/*
 * Checks the shim JAR against compat/api-manifest.txt, the machine-readable form of
 * ../shared/reference/flink-ptf-api.md. Run by tests/java/api_surface.sh as a single-file
 * program:  java -cp asm.jar:ptfhost-shim.jar ApiSurfaceCheck.java <manifest> <shim.jar>
 *
 * Class-file facts (access flags, descriptors, generic signatures, supertypes) come from the
 * bytes via ASM, so they are exactly what a user JAR links against; enum ordinals and annotation
 * defaults come from reflection, because that is how the extraction reads them. Members the
 * manifest does not mention are allowed (the shim may be a superset), except abstract methods of
 * classes marked no-extra-abstract, and names listed as absent. Every problem is printed; the
 * exit code is 1 if there was any.
 */

import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

public class ApiSurfaceCheck {

    /** What the class file says about one class. */
    static final class ClassFacts {
        String name;
        int access; // effective: from InnerClasses for nested classes
        String superName;
        List<String> interfaces = new ArrayList<>();
        String signature;
        final Map<String, Member> methods = new LinkedHashMap<>(); // key: name + descriptor
        final Map<String, Member> fields = new LinkedHashMap<>(); // key: name
    }

    static final class Member {
        final int access;
        final String name;
        final String descriptor;
        final String signature;

        Member(int access, String name, String descriptor, String signature) {
            this.access = access;
            this.name = name;
            this.descriptor = descriptor;
            this.signature = signature;
        }
    }

    static final List<String> problems = new ArrayList<>();
    static int checked;

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ApiSurfaceCheck <api-manifest.txt> <ptfhost-shim.jar>");
            System.exit(2);
        }
        Map<String, ClassFacts> classes = readJar(new File(args[1]));
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {new File(args[1]).toURI().toURL()}, ClassLoader.getPlatformClassLoader())) {
            List<String> lines = Files.readAllLines(new File(args[0]).toPath(), StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).trim();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String where = args[0] + ":" + (i + 1) + ": ";
                try {
                    checkLine(line.split("\\s+"), classes, loader, where);
                } catch (RuntimeException | ReflectiveOperationException | LinkageError e) {
                    problems.add(where + "cannot check '" + line + "': " + e);
                }
            }
        }
        for (String p : problems) {
            System.out.println(p);
        }
        System.out.println(checked + " manifest entries checked, " + problems.size() + " problem(s)");
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    static void checkLine(String[] f, Map<String, ClassFacts> classes, ClassLoader loader, String where)
            throws ReflectiveOperationException {
        String cls = f[0];
        String kind = f[1];
        if (kind.equals("skip")) {
            return; // a documented decision not to provide a (master-only) member
        }
        checked++;
        ClassFacts c = classes.get(cls);
        if (kind.equals("absent-class")) {
            if (c != null) {
                problems.add(where + cls + ": must not exist (" + String.join(" ", Arrays.copyOfRange(f, 2, f.length)) + ")");
            }
            return;
        }
        if (c == null) {
            problems.add(where + cls + ": class missing");
            return;
        }
        switch (kind) {
            case "class":
                expectFlags(where, cls, f[2], classFlags(c.access));
                break;
            case "extends":
                if (!f[2].equals(c.superName)) {
                    problems.add(where + cls + ": extends " + c.superName + ", expected " + f[2]);
                }
                break;
            case "implements":
                if (!c.interfaces.contains(f[2])) {
                    problems.add(where + cls + ": does not directly implement " + f[2] + " (has " + c.interfaces + ")");
                }
                break;
            case "signature":
                if (!f[2].equals(c.signature)) {
                    problems.add(where + cls + ": class signature " + c.signature + ", expected " + f[2]);
                }
                break;
            case "method":
            case "ctor": {
                boolean ctor = kind.equals("ctor");
                String name = ctor ? "<init>" : f[3];
                String desc = ctor ? f[3] : f[4];
                String sig = ctor ? null : (f.length > 5 ? f[5] : null);
                Member m = c.methods.get(name + desc);
                if (m == null) {
                    String others = c.methods.values().stream().filter(x -> x.name.equals(name))
                            .map(x -> x.descriptor).collect(Collectors.joining(", "));
                    problems.add(where + cls + ": " + kind + " missing: " + name + desc
                            + (others.isEmpty() ? "" : " (found " + name + " with " + others + ")"));
                    return;
                }
                expectFlags(where, cls + "." + name + desc, f[2], memberFlags(m.access, false));
                if (sig != null && !sig.equals(m.signature)) {
                    problems.add(where + cls + "." + name + desc + ": signature " + m.signature + ", expected " + sig);
                }
                break;
            }
            case "field": {
                Member m = c.fields.get(f[3]);
                if (m == null) {
                    problems.add(where + cls + ": field missing: " + f[3]);
                    return;
                }
                expectFlags(where, cls + "." + f[3], f[2], memberFlags(m.access, true));
                if (!f[4].equals(m.descriptor)) {
                    problems.add(where + cls + "." + f[3] + ": descriptor " + m.descriptor + ", expected " + f[4]);
                }
                break;
            }
            case "enum": {
                Object[] constants = load(loader, cls).getEnumConstants();
                if (constants == null) {
                    problems.add(where + cls + ": not an enum");
                    return;
                }
                int ordinal = Integer.parseInt(f[3]);
                List<String> names = Arrays.stream(constants).map(o -> ((Enum<?>) o).name()).collect(Collectors.toList());
                if (!names.contains(f[2])) {
                    problems.add(where + cls + ": enum constant missing: " + f[2]);
                } else if (names.indexOf(f[2]) != ordinal) {
                    problems.add(where + cls + "." + f[2] + ": ordinal " + names.indexOf(f[2]) + ", expected " + ordinal);
                }
                break;
            }
            case "enum-count": {
                Object[] constants = load(loader, cls).getEnumConstants();
                int n = constants == null ? -1 : constants.length;
                if (n != Integer.parseInt(f[2])) {
                    problems.add(where + cls + ": " + n + " enum constants, expected " + f[2]);
                }
                break;
            }
            case "element": {
                Member m = c.methods.get(f[2] + f[3]);
                if (m == null) {
                    problems.add(where + cls + ": annotation element missing: " + f[2] + f[3]);
                    return;
                }
                Method method = load(loader, cls).getMethod(f[2]);
                Object def = method.getDefaultValue();
                String actual = def == null ? "-" : render(def);
                if (!actual.equals(f[4])) {
                    problems.add(where + cls + "." + f[2] + ": default " + actual + ", expected " + f[4]);
                }
                break;
            }
            case "retention": {
                Retention r = load(loader, cls).getAnnotation(Retention.class);
                String actual = r == null ? "CLASS" : r.value().name();
                if (!actual.equals(f[2])) {
                    problems.add(where + cls + ": retention " + actual + ", expected " + f[2]);
                }
                break;
            }
            case "target": {
                Target t = load(loader, cls).getAnnotation(Target.class);
                Set<String> actual = t == null ? new TreeSet<>()
                        : Arrays.stream(t.value()).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
                Set<String> expected = new TreeSet<>(Arrays.asList(f[2].split(",")));
                if (!actual.equals(expected)) {
                    problems.add(where + cls + ": targets " + actual + ", expected " + expected);
                }
                break;
            }
            case "repeatable": {
                Repeatable r = load(loader, cls).getAnnotation(Repeatable.class);
                String actual = r == null ? "-" : r.value().getName().replace('.', '/');
                if (!actual.equals(f[2])) {
                    problems.add(where + cls + ": repeatable container " + actual + ", expected " + f[2]);
                }
                break;
            }
            case "no-extra-abstract": {
                // user classes extend/implement this type: an abstract method the manifest does not
                // list would make their classes abstract or change what they override
                Set<String> allowed = new TreeSet<>(Arrays.asList(Arrays.copyOfRange(f, 2, f.length)));
                for (Member m : c.methods.values()) {
                    if ((m.access & Opcodes.ACC_ABSTRACT) != 0 && !allowed.contains(m.name + m.descriptor)) {
                        problems.add(where + cls + ": unexpected abstract method " + m.name + m.descriptor);
                    }
                }
                break;
            }
            case "absent-member": {
                boolean present = c.fields.containsKey(f[2])
                        || c.methods.values().stream().anyMatch(m -> m.name.equals(f[2]));
                if (present) {
                    problems.add(where + cls + ": must not have a member named " + f[2]);
                }
                break;
            }
            default:
                problems.add(where + "unknown entry kind '" + kind + "'");
        }
    }

    // ------------------------------------------------------------------------------------------

    static Map<String, ClassFacts> readJar(File jar) throws IOException {
        Map<String, ClassFacts> out = new HashMap<>();
        // nested classes' own access flags (static, the declared visibility) live in InnerClasses
        Map<String, Integer> innerAccess = new HashMap<>();
        try (JarFile jf = new JarFile(jar)) {
            for (Enumeration<JarEntry> e = jf.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                try (InputStream in = jf.getInputStream(entry)) {
                    ClassFacts facts = new ClassFacts();
                    new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                        @Override
                        public void visit(int version, int access, String name, String signature,
                                String superName, String[] interfaces) {
                            facts.name = name;
                            facts.access = access;
                            facts.superName = superName;
                            facts.signature = signature;
                            if (interfaces != null) {
                                facts.interfaces.addAll(Arrays.asList(interfaces));
                            }
                        }

                        @Override
                        public void visitInnerClass(String name, String outerName, String innerName, int access) {
                            innerAccess.put(name, access);
                        }

                        @Override
                        public MethodVisitor visitMethod(int access, String name, String descriptor,
                                String signature, String[] exceptions) {
                            if ((access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) == 0) {
                                facts.methods.put(name + descriptor, new Member(access, name, descriptor, signature));
                            }
                            return null;
                        }

                        @Override
                        public FieldVisitor visitField(int access, String name, String descriptor,
                                String signature, Object value) {
                            if ((access & Opcodes.ACC_SYNTHETIC) == 0) {
                                facts.fields.put(name, new Member(access, name, descriptor, signature));
                            }
                            return null;
                        }

                        @Override
                        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
                            return null;
                        }
                    }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
                    out.put(facts.name, facts);
                }
            }
        }
        for (ClassFacts c : out.values()) {
            Integer inner = innerAccess.get(c.name);
            if (inner != null) {
                c.access = inner;
            }
        }
        return out;
    }

    static Class<?> load(ClassLoader loader, String internalName) throws ClassNotFoundException {
        return Class.forName(internalName.replace('/', '.'), true, loader);
    }

    static void expectFlags(String where, String what, String expected, String actual) {
        Set<String> e = new TreeSet<>(Arrays.asList(expected.split(",")));
        Set<String> a = new TreeSet<>(Arrays.asList(actual.split(",")));
        if (!e.equals(a)) {
            problems.add(where + what + ": modifiers " + String.join(",", a) + ", expected " + String.join(",", e));
        }
    }

    static String classFlags(int access) {
        List<String> out = sharedFlags(access);
        flag(out, access, Opcodes.ACC_INTERFACE, "interface");
        flag(out, access, Opcodes.ACC_ANNOTATION, "annotation");
        flag(out, access, Opcodes.ACC_ENUM, "enum");
        return out.isEmpty() ? "package" : String.join(",", out);
    }

    /** ACC_VARARGS and ACC_TRANSIENT share a bit: it means varargs on methods, transient on fields. */
    static String memberFlags(int access, boolean field) {
        List<String> out = sharedFlags(access);
        flag(out, access, Opcodes.ACC_VARARGS, field ? "transient" : "varargs");
        return out.isEmpty() ? "package" : String.join(",", out);
    }

    /** The modifiers classes and members have in common: visibility, static, final, abstract. */
    static List<String> sharedFlags(int access) {
        List<String> out = new ArrayList<>();
        flag(out, access, Opcodes.ACC_PUBLIC, "public");
        flag(out, access, Opcodes.ACC_PROTECTED, "protected");
        flag(out, access, Opcodes.ACC_PRIVATE, "private");
        flag(out, access, Opcodes.ACC_STATIC, "static");
        flag(out, access, Opcodes.ACC_FINAL, "final");
        flag(out, access, Opcodes.ACC_ABSTRACT, "abstract");
        return out;
    }

    static void flag(List<String> out, int access, int bit, String name) {
        if ((access & bit) != 0) {
            out.add(name);
        }
    }

    /** Renders an annotation default without spaces: "", -1, void.class, SCALAR, {a,b}, @DataTypeHint. */
    static String render(Object v) throws ReflectiveOperationException {
        if (v instanceof String) {
            return "\"" + v + "\"";
        }
        if (v instanceof Class) {
            return ((Class<?>) v).getName() + ".class";
        }
        if (v instanceof Enum) {
            return ((Enum<?>) v).name();
        }
        if (v instanceof Annotation) {
            Class<? extends Annotation> type = ((Annotation) v).annotationType();
            List<String> changed = new ArrayList<>();
            for (Method m : type.getDeclaredMethods()) {
                Object value = m.invoke(v);
                Object def = m.getDefaultValue();
                if (def == null || !render(def).equals(render(value))) {
                    changed.add(m.getName() + "=" + render(value));
                }
            }
            return "@" + type.getSimpleName() + (changed.isEmpty() ? "" : "(" + String.join(",", changed) + ")");
        }
        if (v.getClass().isArray()) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < Array.getLength(v); i++) {
                parts.add(render(Array.get(v, i)));
            }
            return "{" + String.join(",", parts) + "}";
        }
        return String.valueOf(v);
    }
}
