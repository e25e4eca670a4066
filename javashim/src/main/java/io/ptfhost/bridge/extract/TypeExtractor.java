package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.SqlType.Field;
import io.ptfhost.bridge.types.SqlType.IntervalUnit;
import io.ptfhost.bridge.types.SqlType.Kind;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.types.Row;

import java.lang.reflect.Constructor;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Java type -> SQL type, following Flink's DataTypeExtractor (ExtractionVersion V1 defaults).
 *
 * <p>Order of attempts for a type, as in Flink: explicit hint type; arrays (byte[] is BYTES,
 * {@code List<T>} is ARRAY); forced RAW; the common mistakes (pure Row / Object); predefined
 * classes (String, boxed and primitive numbers, java.time, BigDecimal with hint precision);
 * {@code Map<K, V>}; otherwise a structured type (POJO). Errors are wrapped exactly like Flink wraps
 * them, so the printed chain matches.
 */
final class TypeExtractor {
    // Flink's context for error messages; built only when an error is reported (String.format
    // costs tens of milliseconds the first time, and describe must start fast)
    private final Class<?> functionClass;
    private final Method method;
    private final int position;
    private final Class<?> baseClass;
    // structured classes being extracted, to stop cyclic references
    private final List<Class<?>> inProgress = new ArrayList<>();

    private TypeExtractor(Class<?> functionClass, Method method, int position, Class<?> baseClass) {
        this.functionClass = functionClass;
        this.method = method;
        this.position = position;
        this.baseClass = baseClass;
    }

    /** Without context (types of hint classes). */
    static TypeExtractor plain() {
        return new TypeExtractor(null, null, -1, null);
    }

    /** For a method parameter. */
    static TypeExtractor forParameter(Class<?> functionClass, Method method, int pos) {
        return new TypeExtractor(functionClass, method, pos, null);
    }

    /** For the generic output type. */
    static TypeExtractor forGeneric(Class<?> baseClass, Class<?> contextClass) {
        return new TypeExtractor(contextClass, null, -1, baseClass);
    }

    /** Flink's wrapper text, e.g. " in parameter 0 of method 'eval' in class 'com.x.F'". */
    String contextExplanation() {
        if (method != null) {
            return parameterContext(position, method, functionClass);
        } else if (baseClass != null) {
            return " in generic class '" + baseClass.getName() + "' in " + functionClass;
        }
        return "";
    }

    static String parameterContext(int pos, Method m, Class<?> functionClass) {
        return " in parameter " + pos + " of method '" + m.getName() + "' in class '" + functionClass.getName() + "'";
    }

    /** Extracts the type of a class without generic context (used for hint bridgedTo classes). */
    SqlType extractFromClass(Class<?> cls, TypeTemplate template) {
        return extract(template, new ArrayList<Type>(), cls);
    }

    /** Extracts {@code type} seen from {@code contextClass} (whose generics resolve variables). */
    SqlType extract(TypeTemplate template, Class<?> contextClass, Type type) {
        return extract(template, typeHierarchy(contextClass), type);
    }

    // ---------------------------------------------------------------------------------------

    private SqlType extract(TypeTemplate outer, List<Type> hierarchy, Type type) {
        Type resolved = type instanceof TypeVariable ? resolveVariable(hierarchy, (TypeVariable<?>) type) : type;
        TypeTemplate template = outer;
        Class<?> cls = toClass(resolved);
        if (cls != null) {
            DataTypeHint classHint = jdkClass(cls) ? null : Hints.declared(cls, DataTypeHint.class);
            if (classHint != null) {
                template = outer.merge(classHint, this);
            }
        }
        if (template.dataType != null) {
            return template.dataType;
        }
        try {
            return extractOrError(template, hierarchy, resolved);
        } catch (RuntimeException t) {
            if (cls != null && template.allowsRaw(cls)) {
                return SqlType.raw(cls.getName());
            }
            throw ValidationError.wrap(t, "Could not extract a data type from '%s'%s. "
                    + "Please pass the required data type manually or allow RAW types.", resolved, contextExplanation());
        }
    }

    /**
     * Whether the JDK's loaders defined cls: then it has no @DataTypeHint (they cannot see the
     * shim's), and reading its annotations would only parse the JDK's own (a proxy class each).
     */
    private static boolean jdkClass(Class<?> cls) {
        ClassLoader l = cls.getClassLoader();
        return l == null || l == ClassLoader.getPlatformClassLoader();
    }

    private SqlType extractOrError(TypeTemplate template, List<Type> hierarchy, Type type) {
        if (type instanceof TypeVariable) {
            throw ValidationError.of("Unresolved type variable '%s'. A data type cannot be extracted from a type "
                    + "variable. The original content might have been erased due to Java type erasure.", type);
        }
        SqlType t = extractArray(template, hierarchy, type);
        if (t != null) {
            return t;
        }
        Class<?> cls = toClass(type);
        if (cls != null && template.forcesRaw(cls)) {
            return SqlType.raw(cls.getName());
        }
        checkCommonErrors(cls);
        t = extractPredefined(template, cls);
        if (t != null) {
            return t;
        }
        t = extractMap(template, hierarchy, type, cls);
        if (t != null) {
            return t;
        }
        try {
            return extractStructured(template, hierarchy, type, cls);
        } catch (RuntimeException e) {
            throw ValidationError.wrap(e, "Could not extract a data type from '%s'. "
                    + "Interpreting it as a structured type was also not successful.", type);
        }
    }

    private SqlType extractArray(TypeTemplate template, List<Type> hierarchy, Type type) {
        if (type == byte[].class) {
            return SqlType.bytes();
        }
        if (type instanceof GenericArrayType) {
            return SqlType.array(extract(template, hierarchy, ((GenericArrayType) type).getGenericComponentType()));
        }
        Class<?> cls = toClass(type);
        if (cls == null) {
            return null;
        }
        if (cls.isArray()) {
            return SqlType.array(extract(template, hierarchy, cls.getComponentType()));
        }
        if (cls != List.class) {
            return null;
        }
        if (!(type instanceof ParameterizedType)) {
            throw ValidationError.of("The class '%s' needs generic parameters for an array type.", List.class.getName());
        }
        return SqlType.array(extract(template, hierarchy, ((ParameterizedType) type).getActualTypeArguments()[0]));
    }

    private static void checkCommonErrors(Class<?> cls) {
        if (cls == null) {
            return;
        }
        if (cls == Row.class) {
            throw ValidationError.of("Cannot extract a data type from a pure '%s' class. "
                    + "Please use annotations to define field names and field types.", Row.class.getName());
        } else if (cls == Object.class) {
            throw ValidationError.of("Cannot extract a data type from a pure '%s' class. "
                    + "Usually, this indicates that class information is missing or got lost. "
                    + "Please specify a more concrete class or treat it as a RAW type.", Object.class.getName());
        } else if (cls.getName().startsWith("scala.Tuple")) {
            throw ValidationError.of("Scala tuples are not supported. Use case classes or '%s' instead.",
                    Row.class.getName());
        } else if (cls.getName().startsWith("scala.collection")) {
            throw ValidationError.of("Scala collections are not supported. "
                    + "See the documentation for supported classes or treat them as RAW types.");
        }
    }

    private static SqlType extractPredefined(TypeTemplate template, Class<?> cls) {
        if (cls == null) {
            return null;
        }
        if (cls == java.math.BigDecimal.class) {
            if (template.defaultDecimalPrecision != null) {
                int scale = template.defaultDecimalScale != null ? template.defaultDecimalScale : 0;
                return SqlType.decimal(template.defaultDecimalPrecision, scale);
            }
            throw ValidationError.of("Values of '%s' need fixed precision and scale.",
                    java.math.BigDecimal.class.getName());
        }
        Integer sec = template.defaultSecondPrecision;
        String name = cls.getName();
        if (name.equals("java.sql.Time") || cls == java.time.LocalTime.class) {
            return SqlType.precisionType(Kind.TIME, sec != null ? sec : cls == java.time.LocalTime.class ? 9 : 0);
        }
        if (name.equals("java.sql.Timestamp") || cls == java.time.LocalDateTime.class) {
            return SqlType.precisionType(Kind.TIMESTAMP, sec != null ? sec : 9);
        }
        if (cls == java.time.OffsetDateTime.class) {
            return SqlType.precisionType(Kind.TIMESTAMP_TZ, sec != null ? sec : 9);
        }
        if (cls == java.time.Instant.class) {
            return SqlType.precisionType(Kind.TIMESTAMP_LTZ, sec != null ? sec : 9);
        }
        if (cls == java.time.Duration.class) {
            return SqlType.dayTimeInterval(IntervalUnit.SECOND, 2, sec != null ? sec : 9);
        }
        if (cls == java.time.Period.class) {
            Integer year = template.defaultYearPrecision;
            if (year != null && year == 0) {
                return SqlType.yearMonthInterval(IntervalUnit.MONTH, 2);
            }
            return SqlType.yearMonthInterval(IntervalUnit.YEAR_TO_MONTH, year != null ? year : 4);
        }
        if (cls == String.class) {
            return SqlType.string();
        }
        if (name.equals("org.apache.flink.types.ColumnList")) {
            return SqlType.of(Kind.DESCRIPTOR);   // what DESCRIPTOR(a, b) arguments convert to
        }
        if (name.equals("java.sql.Date") || cls == java.time.LocalDate.class) {
            return SqlType.of(Kind.DATE);
        }
        Kind k = primitiveKind(cls);
        if (k != null) {
            return SqlType.of(k).copy(!cls.isPrimitive());
        }
        return null;
    }

    /** Boxed and primitive numbers and booleans (char and void have no SQL type). */
    private static Kind primitiveKind(Class<?> cls) {
        if (cls == Boolean.class || cls == boolean.class) {
            return Kind.BOOLEAN;
        } else if (cls == Byte.class || cls == byte.class) {
            return Kind.TINYINT;
        } else if (cls == Short.class || cls == short.class) {
            return Kind.SMALLINT;
        } else if (cls == Integer.class || cls == int.class) {
            return Kind.INT;
        } else if (cls == Long.class || cls == long.class) {
            return Kind.BIGINT;
        } else if (cls == Float.class || cls == float.class) {
            return Kind.FLOAT;
        } else if (cls == Double.class || cls == double.class) {
            return Kind.DOUBLE;
        }
        return null;
    }

    private SqlType extractMap(TypeTemplate template, List<Type> hierarchy, Type type, Class<?> cls) {
        if (cls != Map.class) {
            return null;
        }
        if (!(type instanceof ParameterizedType)) {
            throw ValidationError.of("The class '%s' needs generic parameters for a map type.", Map.class.getName());
        }
        Type[] args = ((ParameterizedType) type).getActualTypeArguments();
        return SqlType.map(extract(template, hierarchy, args[0]), extract(template, hierarchy, args[1]));
    }

    // ---------------------------------------------------------------------------------------
    // Structured types (POJOs)
    // ---------------------------------------------------------------------------------------

    private SqlType extractStructured(TypeTemplate template, List<Type> hierarchy, Type type, Class<?> cls) {
        if (cls == null) {
            throw ValidationError.of("Not a class type.");
        }
        validateStructuredClass(cls);
        if (inProgress.contains(cls)) {
            throw ValidationError.of("Cyclic reference detected for class '%s'. Attributes of structured types "
                    + "must not (transitively) reference the structured type itself.", cls.getName());
        }
        List<java.lang.reflect.Field> fields = structuredFields(cls);
        if (fields.isEmpty()) {
            throw ValidationError.of("Class '%s' has no fields.", cls.getName());
        }
        boolean allMutable = true;
        for (java.lang.reflect.Field f : fields) {
            if (!Modifier.isPublic(f.getModifiers()) && findGetter(cls, f) == null) {
                throw ValidationError.of("Field '%s' of class '%s' is neither publicly accessible nor does it have "
                        + "a corresponding getter method.", f.getName(), cls.getName());
            }
            allMutable &= isMutable(cls, f);
        }
        List<String> constructorOrder = assigningConstructor(cls, fields);
        if (!allMutable && constructorOrder == null) {
            StringBuilder names = new StringBuilder();
            for (java.lang.reflect.Field f : fields) {
                names.append(names.length() > 0 ? ", " : "").append(f.getName());
            }
            throw ValidationError.of("Class '%s' has immutable fields and thus requires a constructor that is "
                    + "publicly accessible and assigns all fields: %s", cls.getName(), names);
        } else if (constructorOrder == null && !hasPublicDefaultConstructor(cls)) {
            throw ValidationError.of("Class '%s' has neither a constructor that assigns all fields nor a default "
                    + "constructor.", cls.getName());
        }

        inProgress.add(cls);
        Map<String, SqlType> types = new HashMap<>();
        try {
            List<Type> fieldHierarchy = new ArrayList<>(hierarchy);
            fieldHierarchy.addAll(typeHierarchy(type));
            for (java.lang.reflect.Field f : fields) {
                try {
                    DataTypeHint hint = Hints.declared(f, DataTypeHint.class);
                    TypeTemplate fieldTemplate = hint == null ? template.copyWithoutDataType()
                            : template.copyWithoutDataType().merge(hint, this);
                    types.put(f.getName(), extract(fieldTemplate, fieldHierarchy, f.getGenericType()));
                } catch (RuntimeException e) {
                    throw ValidationError.wrap(e, "Error in field '%s' of class '%s'.", f.getName(),
                            f.getDeclaringClass().getName());
                }
            }
        } finally {
            inProgress.remove(cls);
        }
        // Flink orders attributes like the assigning constructor, otherwise by name
        List<Field> attributes = new ArrayList<>();
        if (constructorOrder != null) {
            for (String name : constructorOrder) {
                attributes.add(new Field(name, types.get(name), null));
            }
        } else {
            for (Map.Entry<String, SqlType> e : new TreeMap<>(types).entrySet()) {
                attributes.add(new Field(e.getKey(), e.getValue(), null));
            }
        }
        return SqlType.structured(cls.getName(), attributes);
    }

    static void validateStructuredClass(Class<?> cls) {
        int m = cls.getModifiers();
        if (Modifier.isAbstract(m)) {
            throw ValidationError.of("Class '%s' must not be abstract.", cls.getName());
        }
        if (!Modifier.isPublic(m)) {
            throw ValidationError.of("Class '%s' is not public.", cls.getName());
        }
        if (cls.getEnclosingClass() != null && (cls.getDeclaringClass() == null || !Modifier.isStatic(m))) {
            throw ValidationError.of("Class '%s' is a not a static, globally accessible class.", cls.getName());
        }
    }

    /** Non-static, non-transient fields of the class and its superclasses (Flink's order). */
    static List<java.lang.reflect.Field> structuredFields(Class<?> cls) {
        List<java.lang.reflect.Field> out = new ArrayList<>();
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    static boolean hasPublicDefaultConstructor(Class<?> cls) {
        for (Constructor<?> c : cls.getDeclaredConstructors()) {
            if (Modifier.isPublic(c.getModifiers()) && c.getParameterCount() == 0) {
                return true;
            }
        }
        return false;
    }

    private static String normalize(String name) {
        return name.toUpperCase(Locale.ROOT).replace("_", "");
    }

    private static Method findGetter(Class<?> cls, java.lang.reflect.Field f) {
        String n = normalize(f.getName());
        for (Method m : cls.getMethods()) {
            String mn = normalize(m.getName());
            if ((mn.equals("GET" + n) || mn.equals("IS" + n) || mn.equals(n)) && m.getParameterCount() == 0
                    && m.getGenericReturnType().equals(f.getGenericType())) {
                return m;
            }
        }
        return null;
    }

    private static boolean isMutable(Class<?> cls, java.lang.reflect.Field f) {
        int m = f.getModifiers();
        if (Modifier.isFinal(m)) {
            return false;
        }
        if (Modifier.isPublic(m)) {
            return true;
        }
        String n = normalize(f.getName());
        for (Method method : cls.getMethods()) {
            String mn = normalize(method.getName());
            if ((mn.equals("SET" + n) || mn.equals(n) || mn.equals(n + "$EQ")) && method.getParameterCount() == 1
                    && (method.getReturnType() == void.class || method.getReturnType() == cls)) {
                Type p = method.getGenericParameterTypes()[0];
                if (p.equals(f.getGenericType()) || boxed(p).equals(f.getGenericType())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Field order of a public constructor that assigns all fields (by parameter name), or null. */
    private static List<String> assigningConstructor(Class<?> cls, List<java.lang.reflect.Field> fields) {
        List<String> found = null;
        for (Constructor<?> c : cls.getDeclaredConstructors()) {
            if (!Modifier.isPublic(c.getModifiers()) || c.getParameterCount() != fields.size() || fields.isEmpty()) {
                continue;
            }
            List<String> names = ParameterNames.ofConstructor(c);
            if (names == null) {
                continue;
            }
            Map<String, java.lang.reflect.Field> byName = new HashMap<>();
            for (java.lang.reflect.Field f : fields) {
                byName.put(normalize(f.getName()), f);
            }
            List<String> order = new ArrayList<>();
            Type[] params = c.getGenericParameterTypes();
            for (int i = 0; i < names.size() && order != null; i++) {
                java.lang.reflect.Field f = byName.get(normalize(names.get(i)));
                if (f == null || !boxed(params[i]).equals(boxed(f.getGenericType()))) {
                    order = null;
                } else {
                    order.add(f.getName());
                }
            }
            if (order != null) {
                if (found != null) {
                    throw ValidationError.of("Multiple constructors found that assign all fields for class '%s'.",
                            cls.getName());
                }
                found = order;
            }
        }
        return found;
    }

    private static Type boxed(Type t) {
        if (t instanceof Class && ((Class<?>) t).isPrimitive()) {
            Class<?> c = (Class<?>) t;
            if (c == int.class) {
                return Integer.class;
            } else if (c == long.class) {
                return Long.class;
            } else if (c == boolean.class) {
                return Boolean.class;
            } else if (c == double.class) {
                return Double.class;
            } else if (c == float.class) {
                return Float.class;
            } else if (c == short.class) {
                return Short.class;
            } else if (c == byte.class) {
                return Byte.class;
            } else if (c == char.class) {
                return Character.class;
            }
        }
        return t;
    }

    // ---------------------------------------------------------------------------------------
    // Generics
    // ---------------------------------------------------------------------------------------

    static Class<?> toClass(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        } else if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        }
        return null;
    }

    /** The type, then its generic superclasses and interfaces, most specific first. */
    static List<Type> typeHierarchy(Type type) {
        List<Type> out = new ArrayList<>();
        Type current = type;
        Class<?> cls = toClass(type);
        while (cls != null) {
            out.add(current);
            for (Type itf : cls.getGenericInterfaces()) {
                if (toClass(itf) != null) {
                    out.addAll(typeHierarchy(itf));
                }
            }
            current = cls.getGenericSuperclass();
            cls = toClass(current);
        }
        return out;
    }

    /** Resolves a type variable through the parameterized types of a hierarchy (best effort). */
    static Type resolveVariable(List<Type> hierarchy, TypeVariable<?> variable) {
        TypeVariable<?> current = variable;
        // walk from the declaring class towards the most specific type
        for (int i = hierarchy.size() - 1; i >= 0; i--) {
            Type t = hierarchy.get(i);
            if (!(t instanceof ParameterizedType)) {
                continue;
            }
            ParameterizedType pt = (ParameterizedType) t;
            Class<?> raw = (Class<?>) pt.getRawType();
            TypeVariable<?>[] params = raw.getTypeParameters();
            for (int p = 0; p < params.length; p++) {
                if (params[p].equals(current)) {
                    Type actual = pt.getActualTypeArguments()[p];
                    if (actual instanceof TypeVariable) {
                        current = (TypeVariable<?>) actual;
                        break;
                    }
                    return actual;
                }
            }
        }
        return current;
    }
}
