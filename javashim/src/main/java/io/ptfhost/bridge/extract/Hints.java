package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.extract.HintAnnotation.Failure;
import io.ptfhost.bridge.extract.HintAnnotation.HintType;
import io.ptfhost.bridge.extract.HintAnnotation.MissingEnumConstant;
import io.ptfhost.bridge.extract.HintAnnotation.MissingType;
import io.ptfhost.bridge.extract.HintAnnotation.TypeMismatch;

import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hint annotations ({@code org.apache.flink.table.annotation.*}) of a class, its fields, its
 * methods and their parameters, read from the class file with ASM instead of by reflection.
 *
 * <p>Why: the JDK's first annotation read defines a proxy class per annotation type and parses
 * with interpreted code, milliseconds on the critical path of {@code describe} and of every job
 * start, and generated classes cannot be put in the class-data-sharing archive. Here the values
 * are {@link HintAnnotation}s, precompiled classes that implement the hint interfaces.
 *
 * <p>What the extractor can observe is the JDK 17's behaviour (sun.reflect.annotation's
 * AnnotationParser, AnnotationSupport): values resolved through the element's class loader when
 * the element is first asked for (classes, enum constants, nested hints), defaults from the
 * annotation types' own class files, the lazy EnumConstantNotPresentException,
 * TypeNotPresentException and AnnotationTypeMismatchException with the JDK's messages, errors of
 * resolution (a LinkageError) raised by the first read of the element, and getAnnotationsByType's
 * order for repeated hints. Only RuntimeVisible annotations of the hint types are read: the
 * extractor asks for nothing else, and annotations of other types are not parsed (the JDK would
 * parse them too, and could fail on one that is broken, e.g. nesting an annotation of a missing
 * type, where this reader does not).
 *
 * <p>Where a corner would take more than it is worth to match (no class file, an element the class
 * file lacks, a duplicate hint, a nested annotation of an unexpected type, an array value for a
 * member that is no array, a parameter count that differs from the descriptor's, a hint type the
 * element's loader resolves to another class, a repeated hint's container whose value fails),
 * that element alone is read by JDK reflection, which then does what it does.
 */
final class Hints {
    private Hints() {}

    private static final Map<String, Class<? extends Annotation>> KNOWN = new HashMap<>(); // by descriptor
    private static final Set<Class<?>> KNOWN_TYPES = new HashSet<Class<?>>(HintAnnotation.TYPES);

    static {
        for (Class<? extends Annotation> t : HintAnnotation.TYPES) {
            KNOWN.put(Type.getDescriptor(t), t);
        }
    }

    /**
     * e.getDeclaredAnnotation(type); for a hint type also e.getAnnotation(type), as no hint type
     * is @Inherited (HintsTest checks that).
     */
    static <A extends Annotation> A declared(AnnotatedElement e, Class<A> type) {
        List<HintAnnotation> all = KNOWN_TYPES.contains(type) ? annotations(e) : null;
        if (all == null) {
            return e.getDeclaredAnnotation(type);
        }
        return type.cast(find(all, type));
    }

    /** Arrays.asList(e.getAnnotationsByType(type)) (declared ones: no hint type is @Inherited). */
    static <A extends Annotation> List<A> byType(AnnotatedElement e, Class<A> type) {
        List<HintAnnotation> all = KNOWN_TYPES.contains(type) ? annotations(e) : null;
        if (all == null) {
            return Arrays.asList(e.getAnnotationsByType(type));
        }
        // AnnotationSupport.getDirectlyAndIndirectlyPresent
        HintAnnotation direct = find(all, type);
        HintAnnotation container = null;
        for (HintAnnotation a : all) {
            int value = a.type.indexOrNone("value");
            // only a hint holding an array of type can be its container: then type's @Repeatable says
            if (value >= 0 && a.type.types[value].getComponentType() == type
                    && hintType(type).container == a.type.annotation) {
                container = a;
            }
        }
        List<A> out = new ArrayList<>();
        if (direct != null) {
            out.add(type.cast(direct));
        }
        if (container != null) {
            Object value = container.raw(container.type.index("value"));
            if (value instanceof Failure) {
                return Arrays.asList(e.getAnnotationsByType(type)); // the JDK's AnnotationFormatError
            }
            List<A> indirect = new ArrayList<>();
            for (Object a : (Object[]) value) {
                indirect.add(type.cast(a));
            }
            boolean containerFirst = direct == null || all.indexOf(container) < all.indexOf(direct);
            out.addAll(containerFirst ? 0 : 1, indirect);
        }
        return out;
    }

    /** method.getParameters()[pos].getAnnotation(type) (the last one if several, as there). */
    static <A extends Annotation> A parameter(Method method, int pos, Class<A> type) {
        Object r = KNOWN_TYPES.contains(type) ? resolved(method.getDeclaringClass(), new Parameters(method)) : FALLBACK;
        Annotation[] all = r == FALLBACK ? method.getParameterAnnotations()[pos] : ((Annotation[][]) r)[pos];
        A found = null;
        for (Annotation a : all) {
            if (a.annotationType() == type) {
                found = type.cast(a);
            }
        }
        return found;
    }

    private static HintAnnotation find(List<HintAnnotation> all, Class<?> type) {
        for (HintAnnotation a : all) {
            if (a.type.annotation == type) {
                return a;
            }
        }
        return null;
    }

    // ---- elements ------------------------------------------------------------------------

    private static final Object FALLBACK = new Object();

    /** A reading fell back to reflection (see the class comment). */
    private static final class Fallback extends Exception {
        Fallback() {
            super(null, null, false, false);
        }
    }

    /** The raw hints of one class file, and what has been resolved of them. */
    static final class ClassHints {
        final List<RawAnnotation> type = new ArrayList<>();
        final Map<String, List<RawAnnotation>> fields = new HashMap<>(); // by name + descriptor
        final Map<String, RawMethod> methods = new HashMap<>(); // by name + descriptor
        final Map<Object, Object> resolved = new HashMap<>(); // by element (resolved's key): list, array or FALLBACK
    }

    static final class RawMethod {
        final List<RawAnnotation> annotations = new ArrayList<>();
        int annotableParameters = -1; // -1: no RuntimeVisibleParameterAnnotations
        final Map<Integer, List<RawAnnotation>> parameters = new HashMap<>();
    }

    /** The element's hint annotations in class-file order, or null to read it by reflection. */
    @SuppressWarnings("unchecked")
    private static List<HintAnnotation> annotations(AnnotatedElement e) {
        Class<?> cls;
        if (e instanceof Class) {
            cls = (Class<?>) e;
        } else if (e instanceof Method) {
            cls = ((Method) e).getDeclaringClass();
        } else if (e instanceof Field) {
            cls = ((Field) e).getDeclaringClass();
        } else {
            return null;
        }
        Object r = resolved(cls, e);
        return r == FALLBACK ? null : (List<HintAnnotation>) r;
    }

    /** The key of a method's parameter annotations (a Method is the key of its own). */
    private static final class Parameters {
        final Method method;

        Parameters(Method method) {
            this.method = method;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Parameters && ((Parameters) o).method.equals(method);
        }

        @Override
        public int hashCode() {
            return method.hashCode();
        }
    }

    /**
     * The element's resolved hints (a list, or an array per parameter), or FALLBACK. key: the
     * Class, Field or Method, or the method's Parameters.
     */
    private static Object resolved(Class<?> cls, Object key) {
        ClassFiles.Entry entry = ClassFiles.of(cls);
        ClassHints hints;
        synchronized (entry) {
            if (entry.reader == null) {
                return FALLBACK;
            }
            if (entry.hints == null) {
                entry.hints = read(entry.reader);
            }
            hints = entry.hints;
            Object r = hints.resolved.get(key);
            if (r != null) {
                return r;
            }
        }
        // resolved outside the lock: it loads classes (a JDK error from that is not cached, as there)
        Object r;
        try {
            r = resolve(hints, key, cls);
        } catch (Fallback f) {
            r = FALLBACK;
        }
        synchronized (entry) {
            Object earlier = hints.resolved.putIfAbsent(key, r);
            return earlier != null ? earlier : r;
        }
    }

    private static Object resolve(ClassHints hints, Object key, Class<?> cls) throws Fallback {
        if (key instanceof Class) {
            return resolveAll(hints.type, cls);
        }
        if (key instanceof Field) {
            Field f = (Field) key;
            List<RawAnnotation> raw = hints.fields.get(f.getName() + " " + Type.getDescriptor(f.getType()));
            if (raw == null) {
                throw new Fallback();
            }
            return resolveAll(raw, cls);
        }
        Method method = key instanceof Method ? (Method) key : ((Parameters) key).method;
        RawMethod m = hints.methods.get(method.getName() + Type.getMethodDescriptor(method));
        if (m == null) {
            throw new Fallback();
        }
        if (key instanceof Method) {
            return resolveAll(m.annotations, cls);
        }
        int n = method.getParameterCount();
        if (m.annotableParameters >= 0 && m.annotableParameters != n) {
            throw new Fallback();
        }
        Annotation[][] out = new Annotation[n][];
        for (int i = 0; i < n; i++) {
            List<RawAnnotation> raw = m.parameters.get(i);
            // no duplicate check: the JDK does none for parameters
            List<HintAnnotation> list = raw == null ? Collections.<HintAnnotation>emptyList()
                    : resolveList(raw, cls, false);
            out[i] = list.toArray(new Annotation[0]);
        }
        return out;
    }

    private static List<HintAnnotation> resolveAll(List<RawAnnotation> raw, Class<?> cls) throws Fallback {
        return raw.isEmpty() ? Collections.<HintAnnotation>emptyList() : resolveList(raw, cls, true);
    }

    private static List<HintAnnotation> resolveList(List<RawAnnotation> raw, Class<?> cls, boolean unique)
            throws Fallback {
        List<HintAnnotation> out = new ArrayList<>(raw.size());
        for (RawAnnotation r : raw) {
            HintType t = topLevelType(r.desc, cls);
            if (!t.runtime) {
                continue;
            }
            if (unique && find(out, t.annotation) != null) {
                throw new Fallback(); // the JDK's AnnotationFormatError "Duplicate annotation"
            }
            out.add(annotation(t, r, cls));
        }
        return out;
    }

    /** A top-level hint's type, if the element's loader resolves its name to the shim's type. */
    private static HintType topLevelType(String desc, Class<?> container) throws Fallback {
        Class<? extends Annotation> known = KNOWN.get(desc);
        try {
            if (known != null && resolveClass(desc, container) == known) {
                return hintType(known);
            }
        } catch (TypeNotPresentException | LinkageError e) {
            // the JDK skips the annotation, or fails: reflection does either
        }
        throw new Fallback();
    }

    // ---- values: AnnotationParser's rules -----------------------------------------------

    /** A hint annotation from its class-file form; container is the class whose file has it. */
    private static HintAnnotation annotation(HintType t, RawAnnotation r, Class<?> container) throws Fallback {
        Object[] values = t.defaults.clone();
        List<String> explicit = new ArrayList<>(0);
        for (int i = 0; i < r.names.size(); i++) {
            String name = r.names.get(i);
            int index = t.indexOrNone(name);
            if (index < 0) {
                continue; // a member the annotation type no longer has: ignored, as by the JDK
            }
            values[index] = value(t, index, t.types[index], r.values.get(i), container);
            if (t.defaults[index] == null && !explicit.contains(name)) {
                explicit.add(name);
            }
        }
        for (Object v : values) {
            if (v == null) {
                throw new Fallback(); // a member without value: the JDK's IncompleteAnnotationException
            }
        }
        return t.create(values, explicit);
    }

    /** AnnotationParser.parseMemberValue: the value, or a Failure the accessor throws. */
    private static Object value(HintType t, int member, Class<?> memberType, Object raw, Class<?> container)
            throws Fallback {
        Object result;
        if (raw instanceof RawEnum) {
            return enumValue(t, member, memberType, (RawEnum) raw, container);
        } else if (raw instanceof Type) {
            result = classValue((Type) raw, container);
        } else if (raw instanceof RawAnnotation) {
            result = nested((RawAnnotation) raw, container);
        } else if (raw instanceof List || raw.getClass().isArray()) {
            return arrayValue(t, member, memberType, elements(raw), container);
        } else {
            result = raw; // a constant: boxed primitive or String
        }
        if (!(result instanceof Failure) && !memberType.isInstance(result)) {
            if (result instanceof Annotation) {
                throw new Fallback();
            }
            return new TypeMismatch(t, member, result.getClass().getName() + "[" + result + "]");
        }
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(HintType t, int member, Class<?> enumType, RawEnum raw, Class<?> container) {
        if (!enumType.isEnum() || enumType != resolveClass(raw.desc, container)) {
            String typeName = raw.desc.substring(1, raw.desc.length() - 1).replace('/', '.');
            return new TypeMismatch(t, member, typeName + "." + raw.name);
        }
        try {
            return Enum.valueOf((Class) enumType, raw.name);
        } catch (IllegalArgumentException e) {
            return new MissingEnumConstant((Class<? extends Enum<?>>) enumType, raw.name);
        }
    }

    private static Object classValue(Type raw, Class<?> container) {
        try {
            return resolveClass(raw.getDescriptor(), container);
        } catch (NoClassDefFoundError e) {
            return new MissingType("[unknown]", e);
        } catch (TypeNotPresentException e) {
            return new MissingType(e.typeName(), e.getCause());
        }
    }

    /** A nested annotation: a missing type fails the read of the element, as in the JDK. */
    private static HintAnnotation nested(RawAnnotation raw, Class<?> container) throws Fallback {
        Class<?> resolved;
        try {
            resolved = resolveClass(raw.desc, container);
        } catch (NoClassDefFoundError e) {
            throw new TypeNotPresentException(raw.desc, e);
        }
        if (resolved != KNOWN.get(raw.desc)) {
            throw new Fallback();
        }
        return annotation(hintType(KNOWN.get(raw.desc)), raw, container);
    }

    /** AnnotationParser.parseArray for the member's component type. */
    private static Object arrayValue(HintType t, int member, Class<?> arrayType, List<Object> elements,
            Class<?> container) throws Fallback {
        Class<?> component = arrayType.getComponentType();
        if (component == null) {
            throw new Fallback(); // the JDK fails with a NullPointerException
        }
        int n = elements.size();
        char lastTag = 0;
        boolean constants = component.isPrimitive() || component == String.class;
        if (constants || !(component == Class.class || component.isEnum() || component.isAnnotation())) {
            char expected = constants ? tagOf(component) : 1; // 1: never matches
            Object out = Array.newInstance(component, n);
            boolean mismatch = false;
            for (int i = 0; i < n; i++) {
                lastTag = tag(elements.get(i));
                if (lastTag == expected) {
                    Array.set(out, i, elements.get(i));
                } else {
                    mismatch = true;
                }
            }
            boolean fails = mismatch || (!constants);
            return fails ? new TypeMismatch(t, member, "Array with component tag: " + (lastTag == 0 ? "0"
                    : String.valueOf(lastTag))) : out;
        }
        Object[] out = (Object[]) Array.newInstance(component, n);
        Object failure = null;
        char expected = component == Class.class ? 'c' : component.isEnum() ? 'e' : '@';
        for (int i = 0; i < n; i++) {
            Object raw = elements.get(i);
            char tag = tag(raw);
            if (tag != expected) {
                failure = failure != null ? failure : new TypeMismatch(t, member, "Array with component tag: " + tag);
                continue;
            }
            Object v = tag == 'c' ? classValue((Type) raw, container)
                    : tag == 'e' ? enumValue(t, member, component, (RawEnum) raw, container)
                    : nested((RawAnnotation) raw, container);
            if (v instanceof Failure) {
                failure = failure != null ? failure : v;
            } else if (!component.isInstance(v)) {
                throw new Fallback(); // the JDK's ArrayStoreException
            } else {
                out[i] = v;
            }
        }
        return failure != null ? failure : out;
    }

    private static List<Object> elements(Object raw) {
        if (raw instanceof List) {
            @SuppressWarnings("unchecked")
            List<Object> list = (List<Object>) raw;
            return list;
        }
        List<Object> out = new ArrayList<>(); // ASM gives an array of primitives as such
        for (int i = 0; i < Array.getLength(raw); i++) {
            out.add(Array.get(raw, i));
        }
        return out;
    }

    /** The element_value tag of a raw value. */
    private static char tag(Object raw) {
        if (raw instanceof String) {
            return 's';
        } else if (raw instanceof Type) {
            return 'c';
        } else if (raw instanceof RawEnum) {
            return 'e';
        } else if (raw instanceof RawAnnotation) {
            return '@';
        } else if (raw instanceof List) {
            return '[';
        }
        return tagOf(raw instanceof Boolean ? boolean.class : raw instanceof Character ? char.class
                : raw instanceof Byte ? byte.class : raw instanceof Short ? short.class
                : raw instanceof Integer ? int.class : raw instanceof Long ? long.class
                : raw instanceof Float ? float.class : double.class);
    }

    private static char tagOf(Class<?> c) {
        return c == String.class ? 's' : Type.getDescriptor(c).charAt(0);
    }

    /**
     * AnnotationParser.parseSig: a descriptor's class through container's loader; a class that
     * is not found is a TypeNotPresentException with the loader's ClassNotFoundException.
     */
    private static Class<?> resolveClass(String desc, Class<?> container) {
        Type t = Type.getType(desc);
        switch (t.getSort()) {
            case Type.VOID: return void.class;
            case Type.BOOLEAN: return boolean.class;
            case Type.CHAR: return char.class;
            case Type.BYTE: return byte.class;
            case Type.SHORT: return short.class;
            case Type.INT: return int.class;
            case Type.FLOAT: return float.class;
            case Type.LONG: return long.class;
            case Type.DOUBLE: return double.class;
            case Type.ARRAY:
                return Array.newInstance(resolveClass(desc.substring(1), container), 0).getClass();
            default:
                String name = t.getClassName();
                try {
                    return Class.forName(name, false, container.getClassLoader());
                } catch (ClassNotFoundException e) {
                    throw new TypeNotPresentException(name, e);
                }
        }
    }

    // ---- the hint types, from their own class files ------------------------------------------

    private static final ClassValue<HintType> TYPES = new ClassValue<HintType>() {
        @Override
        protected HintType computeValue(Class<?> type) {
            return readType(type.asSubclass(Annotation.class));
        }
    };

    static HintType hintType(Class<? extends Annotation> type) {
        return TYPES.get(type);
    }

    /** Members, member types, defaults and meta-annotations of a hint type from its class file. */
    private static HintType readType(Class<? extends Annotation> type) {
        ClassReader reader = ClassFiles.of(type).reader;
        if (reader == null) {
            throw new IllegalStateException("no class file of " + type.getName());
        }
        final List<String> names = new ArrayList<>();
        final List<String> descs = new ArrayList<>();
        final Map<String, Object> defaults = new HashMap<>();
        final List<RawAnnotation> meta = new ArrayList<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                RawAnnotation a = new RawAnnotation(desc);
                meta.add(a);
                return a.visitor();
            }

            @Override
            public MethodVisitor visitMethod(int access, final String name, String desc, String signature,
                    String[] exceptions) {
                int member = Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT;
                if ((access & member) != member || (access & Opcodes.ACC_SYNTHETIC) != 0) {
                    return null;
                }
                names.add(name);
                descs.add(desc);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotationDefault() {
                        final RawAnnotation holder = new RawAnnotation(null);
                        return new Collector(holder.names, holder.values) {
                            @Override
                            public void visitEnd() {
                                defaults.put(name, holder.values.get(0));
                            }
                        };
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);

        Class<?>[] types = new Class<?>[names.size()];
        for (int i = 0; i < types.length; i++) {
            types[i] = box(resolveClass(Type.getReturnType(descs.get(i)).getDescriptor(), type));
        }
        Class<? extends Annotation> container = null;
        boolean runtime = false;
        for (RawAnnotation a : meta) {
            if (a.desc.equals("Ljava/lang/annotation/Repeatable;")) {
                container = resolveClass(((Type) a.values.get(0)).getDescriptor(), type).asSubclass(Annotation.class);
            } else if (a.desc.equals("Ljava/lang/annotation/Retention;")) {
                runtime = ((RawEnum) a.values.get(0)).name.equals("RUNTIME");
            }
        }
        HintType t = new HintType(type, names.toArray(new String[0]), types, new Object[types.length], container,
                runtime);
        for (int i = 0; i < types.length; i++) {
            Object raw = defaults.get(names.get(i));
            if (raw != null) {
                try {
                    t.defaults[i] = value(t, i, types[i], raw, type);
                } catch (Fallback e) {
                    throw new IllegalStateException("unreadable default of " + type.getName() + "." + names.get(i));
                }
            }
        }
        return t;
    }

    private static Class<?> box(Class<?> c) {
        return !c.isPrimitive() ? c : c == int.class ? Integer.class : c == boolean.class ? Boolean.class
                : c == long.class ? Long.class : c == double.class ? Double.class : c == float.class ? Float.class
                : c == short.class ? Short.class : c == byte.class ? Byte.class : Character.class;
    }

    // ---- reading the class file ----------------------------------------------------------

    private static boolean isHint(String desc, boolean visible) {
        return visible && KNOWN.containsKey(desc);
    }

    private static ClassHints read(ClassReader reader) {
        final ClassHints out = new ClassHints();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                return isHint(desc, visible) ? add(out.type, desc) : null;
            }

            @Override
            public FieldVisitor visitField(int access, String name, String desc, String signature, Object value) {
                final List<RawAnnotation> list = new ArrayList<>(0);
                out.fields.put(name + " " + desc, list);
                return new FieldVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                        return isHint(d, visible) ? add(list, d) : null;
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature,
                    String[] exceptions) {
                final RawMethod m = new RawMethod();
                out.methods.put(name + desc, m);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                        return isHint(d, visible) ? add(m.annotations, d) : null;
                    }

                    @Override
                    public void visitAnnotableParameterCount(int count, boolean visible) {
                        if (visible) {
                            m.annotableParameters = count;
                        }
                    }

                    @Override
                    public AnnotationVisitor visitParameterAnnotation(int parameter, String d, boolean visible) {
                        if (!isHint(d, visible)) {
                            return null;
                        }
                        List<RawAnnotation> list = m.parameters.get(parameter);
                        if (list == null) {
                            list = new ArrayList<>(1);
                            m.parameters.put(parameter, list);
                        }
                        return add(list, d);
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return out;
    }

    private static AnnotationVisitor add(List<RawAnnotation> list, String desc) {
        RawAnnotation a = new RawAnnotation(desc);
        list.add(a);
        return a.visitor();
    }

    /** An annotation as the class file has it: member names and raw values, in order. */
    static final class RawAnnotation {
        final String desc;
        final List<String> names = new ArrayList<>();
        // boxed constant, String, Type (a class), RawEnum, RawAnnotation, List (an array) or a primitive array
        final List<Object> values = new ArrayList<>();

        RawAnnotation(String desc) {
            this.desc = desc;
        }

        AnnotationVisitor visitor() {
            return new Collector(names, values);
        }
    }

    static final class RawEnum {
        final String desc;
        final String name;

        RawEnum(String desc, String name) {
            this.desc = desc;
            this.name = name;
        }
    }

    /** Collects an annotation's (or an array's) values; names is null for an array's elements. */
    private static class Collector extends AnnotationVisitor {
        private final List<String> names;
        private final List<Object> values;

        Collector(List<String> names, List<Object> values) {
            super(Opcodes.ASM9);
            this.names = names;
            this.values = values;
        }

        private void add(String name, Object value) {
            if (names != null) {
                names.add(name);
            }
            values.add(value);
        }

        @Override
        public void visit(String name, Object value) {
            add(name, value);
        }

        @Override
        public void visitEnum(String name, String desc, String value) {
            add(name, new RawEnum(desc, value));
        }

        @Override
        public AnnotationVisitor visitAnnotation(String name, String desc) {
            RawAnnotation a = new RawAnnotation(desc);
            add(name, a);
            return a.visitor();
        }

        @Override
        public AnnotationVisitor visitArray(String name) {
            List<Object> elements = new ArrayList<>();
            add(name, elements);
            return new Collector(null, elements);
        }
    }
}
