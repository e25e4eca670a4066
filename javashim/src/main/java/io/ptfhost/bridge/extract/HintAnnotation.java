package io.ptfhost.bridge.extract;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.ExtractionVersion;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.annotation.FunctionHints;
import org.apache.flink.table.annotation.HintFlag;
import org.apache.flink.table.annotation.InputGroup;
import org.apache.flink.table.annotation.ProcedureHint;
import org.apache.flink.table.annotation.ProcedureHints;
import org.apache.flink.table.annotation.StateHint;

import java.lang.annotation.Annotation;
import java.lang.annotation.AnnotationTypeMismatchException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A hint annotation read by {@link Hints}: the member values of one annotation in the member order
 * of its {@link HintType}, each a value as the JDK's annotation proxy holds it (boxed primitives,
 * strings, classes, enum constants, nested annotations, arrays) or a {@link Failure} that the
 * accessor throws, as the proxy throws what its exception proxies generate. equals, hashCode and
 * toString follow the JDK 17 proxy's (AnnotationInvocationHandler), so a hint read here and one
 * read by reflection are equal both ways. Immutable; arrays are cloned on access.
 */
abstract class HintAnnotation implements Annotation {
    final HintType type;
    private final Object[] values;
    // members given in the class file without a default, in class-file order (toString lists them last)
    private final List<String> explicitWithoutDefault;

    HintAnnotation(HintType type, Object[] values, List<String> explicitWithoutDefault) {
        this.type = type;
        this.values = values;
        this.explicitWithoutDefault = explicitWithoutDefault;
    }

    /** The member's value as its accessor returns it. */
    final Object get(String member) {
        Object v = values[type.index(member)];
        if (v instanceof Failure) {
            throw ((Failure) v).exception();
        }
        return v.getClass().isArray() && java.lang.reflect.Array.getLength(v) != 0 ? cloneArray(v) : v;
    }

    /** The member's value as held, a Failure included. */
    final Object raw(int index) {
        return values[index];
    }

    @Override
    public final Class<? extends Annotation> annotationType() {
        return type.annotation;
    }

    @Override
    public final boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!type.annotation.isInstance(o)) {
            return false;
        }
        HintAnnotation ours = o instanceof HintAnnotation ? (HintAnnotation) o : null;
        for (int i = 0; i < values.length; i++) {
            Object his;
            if (ours != null) {
                his = ours.values[i];
            } else {
                try {
                    his = type.member(i).invoke(o);
                } catch (InvocationTargetException e) {
                    return false;
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
            if (!valueEquals(values[i], his)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public final int hashCode() {
        int h = 0;
        for (int i = 0; i < values.length; i++) {
            h += (127 * type.names[i].hashCode()) ^ valueHashCode(values[i]);
        }
        return h;
    }

    /** The JDK's format: members with a default in the JDK's order of them, then the others. */
    @Override
    public final String toString() {
        List<String> order = new ArrayList<>(type.defaultOrder());
        for (String m : explicitWithoutDefault) {
            if (!order.contains(m)) {
                order.add(m);
            }
        }
        StringBuilder b = new StringBuilder(128).append('@').append(type.annotation.getName()).append('(');
        for (int i = 0; i < order.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            if (order.size() != 1 || !order.get(i).equals("value")) {
                b.append(order.get(i)).append('=');
            }
            b.append(valueToString(values[type.index(order.get(i))]));
        }
        return b.append(')').toString();
    }

    // ---- the JDK proxy's value rules ------------------------------------------------------

    private static boolean valueEquals(Object v1, Object v2) {
        if (!v1.getClass().isArray()) {
            return v1.equals(v2);
        }
        if (v1 instanceof Object[] && v2 instanceof Object[]) {
            return Arrays.equals((Object[]) v1, (Object[]) v2);
        }
        if (v2 == null || v2.getClass() != v1.getClass()) {
            return false;
        }
        if (v1 instanceof int[]) {
            return Arrays.equals((int[]) v1, (int[]) v2);
        }
        if (v1 instanceof long[]) {
            return Arrays.equals((long[]) v1, (long[]) v2);
        }
        if (v1 instanceof boolean[]) {
            return Arrays.equals((boolean[]) v1, (boolean[]) v2);
        }
        if (v1 instanceof byte[]) {
            return Arrays.equals((byte[]) v1, (byte[]) v2);
        }
        if (v1 instanceof char[]) {
            return Arrays.equals((char[]) v1, (char[]) v2);
        }
        if (v1 instanceof short[]) {
            return Arrays.equals((short[]) v1, (short[]) v2);
        }
        if (v1 instanceof float[]) {
            return Arrays.equals((float[]) v1, (float[]) v2);
        }
        return Arrays.equals((double[]) v1, (double[]) v2);
    }

    private static int valueHashCode(Object v) {
        if (!v.getClass().isArray()) {
            return v.hashCode();
        }
        if (v instanceof Object[]) {
            return Arrays.hashCode((Object[]) v);
        }
        if (v instanceof int[]) {
            return Arrays.hashCode((int[]) v);
        }
        if (v instanceof long[]) {
            return Arrays.hashCode((long[]) v);
        }
        if (v instanceof boolean[]) {
            return Arrays.hashCode((boolean[]) v);
        }
        if (v instanceof byte[]) {
            return Arrays.hashCode((byte[]) v);
        }
        if (v instanceof char[]) {
            return Arrays.hashCode((char[]) v);
        }
        if (v instanceof short[]) {
            return Arrays.hashCode((short[]) v);
        }
        if (v instanceof float[]) {
            return Arrays.hashCode((float[]) v);
        }
        return Arrays.hashCode((double[]) v);
    }

    private static Object cloneArray(Object v) {
        if (v instanceof Object[]) {
            return ((Object[]) v).clone();
        }
        if (v instanceof int[]) {
            return ((int[]) v).clone();
        }
        if (v instanceof long[]) {
            return ((long[]) v).clone();
        }
        if (v instanceof boolean[]) {
            return ((boolean[]) v).clone();
        }
        if (v instanceof byte[]) {
            return ((byte[]) v).clone();
        }
        if (v instanceof char[]) {
            return ((char[]) v).clone();
        }
        if (v instanceof short[]) {
            return ((short[]) v).clone();
        }
        if (v instanceof float[]) {
            return ((float[]) v).clone();
        }
        return ((double[]) v).clone();
    }

    private static String valueToString(Object v) {
        Class<?> c = v.getClass();
        if (!c.isArray()) {
            return scalarToString(v);
        }
        StringBuilder b = new StringBuilder("{");
        int n = java.lang.reflect.Array.getLength(v);
        for (int i = 0; i < n; i++) {
            Object e = java.lang.reflect.Array.get(v, i);
            b.append(i > 0 ? ", " : "");
            if (c == short[].class || c == int[].class || c == boolean[].class) {
                b.append(e); // the JDK prints these without a suffix
            } else {
                b.append(e == null ? "null" : scalarToString(e));
            }
        }
        return b.append('}').toString();
    }

    private static String scalarToString(Object v) {
        if (v instanceof Class) {
            Class<?> c = (Class<?>) v;
            StringBuilder brackets = new StringBuilder();
            for (; c.isArray(); c = c.getComponentType()) {
                brackets.append("[]");
            }
            return c.getName() + brackets + ".class";
        }
        if (v instanceof String) {
            StringBuilder b = new StringBuilder("\"");
            for (char ch : ((String) v).toCharArray()) {
                b.append(quote(ch));
            }
            return b.append('"').toString();
        }
        if (v instanceof Character) {
            return "'" + quote((Character) v) + "'";
        }
        if (v instanceof Double) {
            double d = (Double) v;
            return Double.isFinite(d) ? Double.toString(d)
                    : Double.isNaN(d) ? "0.0/0.0" : d < 0 ? "-1.0/0.0" : "1.0/0.0";
        }
        if (v instanceof Float) {
            float f = (Float) v;
            return Float.isFinite(f) ? f + "f" : Float.isNaN(f) ? "0.0f/0.0f" : f < 0 ? "-1.0f/0.0f" : "1.0f/0.0f";
        }
        if (v instanceof Long) {
            return v + "L";
        }
        if (v instanceof Byte) {
            return String.format("(byte)0x%02x", (Byte) v);
        }
        return v.toString();
    }

    private static String quote(char ch) {
        switch (ch) {
            case '\b': return "\\b";
            case '\f': return "\\f";
            case '\n': return "\\n";
            case '\r': return "\\r";
            case '\t': return "\\t";
            case '\'': return "\\'";
            case '"': return "\\\"";
            case '\\': return "\\\\";
            default:
                return ch >= ' ' && ch <= '~' ? String.valueOf(ch) : String.format("\\u%04x", (int) ch);
        }
    }

    // ---- member values the accessor throws for ---------------------------------------------

    /**
     * What the JDK keeps as an exception proxy: the accessor throws a new exception each time;
     * equal only to itself; toString is the proxy's.
     */
    abstract static class Failure {
        abstract RuntimeException exception();
    }

    /** A constant the enum type (of the class path, not of the JAR's compile time) does not have. */
    static final class MissingEnumConstant extends Failure {
        private final Class<? extends Enum<?>> enumType;
        private final String name;

        MissingEnumConstant(Class<? extends Enum<?>> enumType, String name) {
            this.enumType = enumType;
            this.name = name;
        }

        @Override
        RuntimeException exception() {
            return new EnumConstantNotPresentException(enumType, name);
        }

        @Override
        public String toString() {
            return name + " /* Warning: constant not present! */";
        }
    }

    /** A Class value the element's loader cannot load. */
    static final class MissingType extends Failure {
        private final String typeName;
        private final Throwable cause;

        MissingType(String typeName, Throwable cause) {
            this.typeName = typeName;
            this.cause = cause;
        }

        @Override
        RuntimeException exception() {
            return new TypeNotPresentException(typeName, cause);
        }

        @Override
        public String toString() {
            return typeName + ".class /* Warning: type not present! */";
        }
    }

    /** A value of another kind than the member's type (the class file is of another annotation version). */
    static final class TypeMismatch extends Failure {
        private final HintType type;
        private final int member;
        private final String foundType;

        TypeMismatch(HintType type, int member, String foundType) {
            this.type = type;
            this.member = member;
            this.foundType = foundType;
        }

        @Override
        RuntimeException exception() {
            return new AnnotationTypeMismatchException(type.member(member), foundType);
        }

        @Override
        public String toString() {
            return "/* Warning type mismatch! \"" + foundType + "\" */";
        }
    }

    // ---- the hint types ------------------------------------------------------------------

    /**
     * One hint annotation type: its members in class-file order, their types (primitives boxed,
     * as the JDK checks values against them) and defaults. The defaults come from the type's class
     * file ({@link Hints#defaults}), not from a copy here.
     */
    static final class HintType {
        final Class<? extends Annotation> annotation;
        final String[] names;
        final Class<?>[] types;
        final Object[] defaults; // null where the member has none
        final Class<? extends Annotation> container; // of @Repeatable, or null
        final boolean runtime; // RetentionPolicy.RUNTIME: the JDK drops the others
        private final Map<String, Integer> indexes = new HashMap<>();
        private volatile Method[] members;
        private volatile List<String> defaultOrder;

        HintType(Class<? extends Annotation> annotation, String[] names, Class<?>[] types, Object[] defaults,
                Class<? extends Annotation> container, boolean runtime) {
            this.annotation = annotation;
            this.names = names;
            this.types = types;
            this.defaults = defaults;
            this.container = container;
            this.runtime = runtime;
            for (int i = 0; i < names.length; i++) {
                indexes.put(names[i], i);
            }
        }

        /** The member's index, or -1 if the type has no such member. */
        int indexOrNone(String member) {
            Integer i = indexes.get(member);
            return i == null ? -1 : i;
        }

        int index(String member) {
            Integer i = indexes.get(member);
            if (i == null) {
                throw new IllegalStateException("no member " + member + " in " + annotation.getName());
            }
            return i;
        }

        /** Only for what the JDK reports or calls by reflection (mismatch errors, equals with a proxy). */
        Method member(int index) {
            Method[] m = members;
            if (m == null) {
                m = new Method[names.length];
                for (int i = 0; i < names.length; i++) {
                    try {
                        m[i] = annotation.getMethod(names[i]);
                    } catch (NoSuchMethodException e) {
                        throw new IllegalStateException(e);
                    }
                }
                members = m;
            }
            return m[index];
        }

        /**
         * The JDK's order of the members with a default (AnnotationType.memberDefaults, a HashMap
         * filled in getDeclaredMethods order), which its toString follows.
         */
        List<String> defaultOrder() {
            List<String> order = defaultOrder;
            if (order == null) {
                Map<String, Object> byHash = new HashMap<>(0);
                for (Method m : annotation.getDeclaredMethods()) {
                    int mod = m.getModifiers();
                    if (Modifier.isPublic(mod) && Modifier.isAbstract(mod) && !m.isSynthetic()
                            && indexes.containsKey(m.getName()) && defaults[index(m.getName())] != null) {
                        byHash.put(m.getName(), Boolean.TRUE);
                    }
                }
                order = new ArrayList<>(byHash.keySet());
                defaultOrder = order;
            }
            return order;
        }

        /** A new instance of this type's implementation class. */
        HintAnnotation create(Object[] values, List<String> explicitWithoutDefault) {
            if (annotation == DataTypeHint.class) {
                return new DataTypeHintValue(this, values, explicitWithoutDefault);
            } else if (annotation == ArgumentHint.class) {
                return new ArgumentHintValue(this, values, explicitWithoutDefault);
            } else if (annotation == StateHint.class) {
                return new StateHintValue(this, values, explicitWithoutDefault);
            } else if (annotation == FunctionHint.class) {
                return new FunctionHintValue(this, values, explicitWithoutDefault);
            } else if (annotation == FunctionHints.class) {
                return new FunctionHintsValue(this, values, explicitWithoutDefault);
            } else if (annotation == ProcedureHint.class) {
                return new ProcedureHintValue(this, values, explicitWithoutDefault);
            } else if (annotation == ProcedureHints.class) {
                return new ProcedureHintsValue(this, values, explicitWithoutDefault);
            }
            throw new IllegalArgumentException(annotation.getName());
        }
    }

    /** The annotation types {@link HintType#create} implements. */
    static final List<Class<? extends Annotation>> TYPES = Arrays.asList(DataTypeHint.class, ArgumentHint.class,
            StateHint.class, FunctionHint.class, FunctionHints.class, ProcedureHint.class, ProcedureHints.class);

    // ---- the implementation classes ------------------------------------------------------

    static final class DataTypeHintValue extends HintAnnotation implements DataTypeHint {
        DataTypeHintValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public String value() { return (String) get("value"); }
        @Override public Class<?> bridgedTo() { return (Class<?>) get("bridgedTo"); }
        @SuppressWarnings("unchecked")
        @Override public Class<? extends TypeSerializer<?>> rawSerializer() {
            return (Class<? extends TypeSerializer<?>>) get("rawSerializer");
        }
        @Override public InputGroup inputGroup() { return (InputGroup) get("inputGroup"); }
        @Override public ExtractionVersion version() { return (ExtractionVersion) get("version"); }
        @Override public HintFlag allowRawGlobally() { return (HintFlag) get("allowRawGlobally"); }
        @Override public String[] allowRawPattern() { return (String[]) get("allowRawPattern"); }
        @Override public String[] forceRawPattern() { return (String[]) get("forceRawPattern"); }
        @Override public int defaultDecimalPrecision() { return (Integer) get("defaultDecimalPrecision"); }
        @Override public int defaultDecimalScale() { return (Integer) get("defaultDecimalScale"); }
        @Override public int defaultYearPrecision() { return (Integer) get("defaultYearPrecision"); }
        @Override public int defaultSecondPrecision() { return (Integer) get("defaultSecondPrecision"); }
    }

    static final class ArgumentHintValue extends HintAnnotation implements ArgumentHint {
        ArgumentHintValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public ArgumentTrait[] value() { return (ArgumentTrait[]) get("value"); }
        @Override public String name() { return (String) get("name"); }
        @Override public boolean isOptional() { return (Boolean) get("isOptional"); }
        @Override public DataTypeHint type() { return (DataTypeHint) get("type"); }
    }

    static final class StateHintValue extends HintAnnotation implements StateHint {
        StateHintValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public String name() { return (String) get("name"); }
        @Override public DataTypeHint type() { return (DataTypeHint) get("type"); }
        @Override public String ttl() { return (String) get("ttl"); }
    }

    @SuppressWarnings("deprecation") // argumentNames() and argument() are deprecated in Flink
    static final class FunctionHintValue extends HintAnnotation implements FunctionHint {
        FunctionHintValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public DataTypeHint[] input() { return (DataTypeHint[]) get("input"); }
        @Override public boolean isVarArgs() { return (Boolean) get("isVarArgs"); }
        @Override public ArgumentHint[] arguments() { return (ArgumentHint[]) get("arguments"); }
        @Override public DataTypeHint accumulator() { return (DataTypeHint) get("accumulator"); }
        @Override public StateHint[] state() { return (StateHint[]) get("state"); }
        @Override public DataTypeHint output() { return (DataTypeHint) get("output"); }
        @Override public String[] argumentNames() { return (String[]) get("argumentNames"); }
        @Override public ArgumentHint[] argument() { return (ArgumentHint[]) get("argument"); }
    }

    static final class FunctionHintsValue extends HintAnnotation implements FunctionHints {
        FunctionHintsValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public FunctionHint[] value() { return (FunctionHint[]) get("value"); }
    }

    @SuppressWarnings("deprecation") // argumentNames() and argument() are deprecated in Flink
    static final class ProcedureHintValue extends HintAnnotation implements ProcedureHint {
        ProcedureHintValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public DataTypeHint[] input() { return (DataTypeHint[]) get("input"); }
        @Override public boolean isVarArgs() { return (Boolean) get("isVarArgs"); }
        @Override public ArgumentHint[] arguments() { return (ArgumentHint[]) get("arguments"); }
        @Override public DataTypeHint output() { return (DataTypeHint) get("output"); }
        @Override public String[] argumentNames() { return (String[]) get("argumentNames"); }
        @Override public ArgumentHint[] argument() { return (ArgumentHint[]) get("argument"); }
    }

    static final class ProcedureHintsValue extends HintAnnotation implements ProcedureHints {
        ProcedureHintsValue(HintType t, Object[] v, List<String> e) {
            super(t, v, e);
        }

        @Override public ProcedureHint[] value() { return (ProcedureHint[]) get("value"); }
    }
}
