package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;

import org.apache.flink.types.RowKind;

/**
 * STRUCTURED as a POJO (Flink's structured type with an implementation class). Fields are found
 * once, by name, as Flink's extraction accepts them: a public non-static field, else a getter
 * ({@code getX()}, {@code isX()} or {@code x()}) and a setter ({@code setX(v)} or {@code x(v)}).
 * Instances come from the public no-argument constructor, else from a public constructor taking
 * every field (matched by parameter name when compiled with -parameters, else by position).
 * Accessors are generated code ({@link PojoAccess}) where it can reach them, else method handles:
 * no reflection per value.
 */
final class PojoCodec extends CompositeCodec {
    private static final MethodType GETTER = MethodType.methodType(Object.class, Object.class);
    private static final MethodType SETTER = MethodType.methodType(void.class, Object.class, Object.class);

    private final MethodHandle[] getters;
    private final MethodHandle[] setters; // null entries when a full constructor is used
    private final MethodHandle noArgs; // ()Object, or null
    private final MethodHandle allArgs; // (Object[])Object spreading fields in type order, or null
    private final PojoAccess access; // generated: replaces getters, setters and noArgs; or null
    /** Every field is a public field and the class (with its superclasses) has no other instance field. */
    private final boolean onlyPublicFields;

    private PojoCodec(SqlType t, Class<?> cls, Codec[] fields, MethodHandle[] getters, MethodHandle[] setters,
            MethodHandle noArgs, MethodHandle allArgs, PojoAccess access, boolean onlyPublicFields) {
        super(t, cls, fields);
        this.onlyPublicFields = onlyPublicFields;
        this.getters = getters;
        this.setters = setters;
        this.noArgs = noArgs;
        this.allArgs = allArgs;
        this.access = access;
    }

    /** The Java type of each field, for the field codecs; resolved before they are built. */
    static Class<?>[] fieldClasses(SqlType t, Class<?> cls) {
        Class<?>[] out = new Class<?>[t.fields().size()];
        for (int i = 0; i < out.length; i++) {
            String name = t.fields().get(i).name;
            Field f = publicField(cls, name);
            if (f != null) {
                out[i] = f.getType();
            } else {
                Method g = getter(cls, name);
                if (g == null) {
                    throw new CodecException("class " + cls.getName() + " has no public field or getter for field "
                            + SqlTypeNames.identifier(name) + " of " + t);
                }
                out[i] = g.getReturnType();
            }
        }
        return out;
    }

    static PojoCodec create(SqlType t, Class<?> cls, Codec[] fields) {
        Member[][] members = members(t, cls);
        boolean onlyPublic = onlyPublicFields(cls, members);
        Constructor<?> c = noArgConstructor(cls);
        if (c != null && settable(members)) {
            PojoAccess access = PojoAccess.generate(cls, c, members);
            if (access != null) { // no method handles: building them costs milliseconds at start-up
                return new PojoCodec(t, cls, fields, null, null, null, null, access, onlyPublic);
            }
        }
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        int n = fields.length;
        MethodHandle[] getters = new MethodHandle[n];
        MethodHandle[] setters = new MethodHandle[n];
        try {
            for (int i = 0; i < n; i++) {
                Member get = members[i][0];
                getters[i] = (get instanceof Field ? lookup.unreflectGetter((Field) get)
                        : lookup.unreflect((Method) get)).asType(GETTER);
                Member set = members[i].length > 1 ? members[i][1] : null;
                if (set != null) {
                    setters[i] = (set instanceof Field ? lookup.unreflectSetter((Field) set)
                            : lookup.unreflect((Method) set)).asType(SETTER);
                }
            }
            MethodHandle noArgs = null;
            MethodHandle allArgs = null;
            if (c != null && settable(members)) {
                noArgs = lookup.unreflectConstructor(c).asType(MethodType.methodType(Object.class));
            } else {
                allArgs = fullConstructor(lookup, t, cls);
                if (allArgs == null) {
                    throw new CodecException("class " + cls.getName() + " for " + t + " needs a public no-argument "
                            + "constructor and a public field or setter per field, or a public constructor taking "
                            + "all " + n + " fields");
                }
            }
            return new PojoCodec(t, cls, fields, getters, setters, noArgs, allArgs, null, onlyPublic);
        } catch (IllegalAccessException e) {
            throw new CodecException("class " + cls.getName() + " for " + t + " is not accessible: " + e.getMessage(),
                    e);
        }
    }

    /**
     * How each field is reached, {read, write} as PojoAccess.generate takes it: a public field is
     * both ({field, field}; {field, null} where it is final), else {getter, setter} or {getter}.
     */
    private static Member[][] members(SqlType t, Class<?> cls) {
        Member[][] members = new Member[t.fields().size()][];
        for (int i = 0; i < members.length; i++) {
            String name = t.fields().get(i).name;
            Field f = publicField(cls, name);
            if (f != null) {
                members[i] = Modifier.isFinal(f.getModifiers()) ? new Member[] {f, null} : new Member[] {f, f};
            } else {
                Method s = setter(cls, name);
                members[i] = s != null ? new Member[] {getter(cls, name), s} : new Member[] {getter(cls, name)};
            }
        }
        return members;
    }

    private static boolean settable(Member[][] members) {
        for (Member[] m : members) {
            if (m.length < 2 || m[1] == null) {
                return false;
            }
        }
        return true;
    }

    /** The fields are public fields and the object holds nothing else (no getter, no hidden field). */
    private static boolean onlyPublicFields(Class<?> cls, Member[][] members) {
        for (Member[] m : members) {
            if (!(m[0] instanceof Field)) {
                return false;
            }
        }
        int own = 0;
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    own++;
                }
            }
        }
        return own == members.length;
    }

    @Override
    public boolean holdable() {
        return onlyPublicFields && access != null && super.holdable();
    }

    private static Field publicField(Class<?> cls, String name) {
        try {
            Field f = cls.getField(name);
            return Modifier.isStatic(f.getModifiers()) ? null : f;
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    private static Method getter(Class<?> cls, String name) {
        String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (String m : new String[] {"get" + cap, "is" + cap, name}) {
            try {
                Method g = cls.getMethod(m);
                if (!Modifier.isStatic(g.getModifiers()) && g.getReturnType() != void.class
                        && (!m.startsWith("is") || m.equals(name) || g.getReturnType() == boolean.class
                                || g.getReturnType() == Boolean.class)) {
                    return g;
                }
            } catch (NoSuchMethodException e) {
                // try the next naming convention
            }
        }
        return null;
    }

    private static Method setter(Class<?> cls, String name) {
        String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (Method m : cls.getMethods()) {
            if ((m.getName().equals("set" + cap) || m.getName().equals(name)) && m.getParameterCount() == 1
                    && !Modifier.isStatic(m.getModifiers())) {
                return m;
            }
        }
        return null;
    }

    private static Constructor<?> noArgConstructor(Class<?> cls) {
        try {
            return cls.getConstructor();
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** A public constructor with one parameter per field, as an (Object[])Object handle. */
    private static MethodHandle fullConstructor(MethodHandles.Lookup lookup, SqlType t, Class<?> cls)
            throws IllegalAccessException {
        int n = t.fields().size();
        for (Constructor<?> c : cls.getConstructors()) {
            if (c.getParameterCount() != n) {
                continue;
            }
            Parameter[] ps = c.getParameters();
            int[] order = new int[n]; // parameter j takes field order[j]
            boolean named = n > 0 && ps[0].isNamePresent();
            boolean ok = true;
            for (int j = 0; j < n && ok; j++) {
                order[j] = named ? fieldIndex(t, ps[j].getName()) : j;
                ok = order[j] >= 0;
            }
            if (!ok) {
                continue;
            }
            MethodHandle h = lookup.unreflectConstructor(c);
            // reorder: fields array index order[j] feeds parameter j
            MethodHandle spread = h.asType(h.type().generic()).asSpreader(Object[].class, n);
            return MethodHandles.filterArguments(spread, 0, reorder(order));
        }
        return null;
    }

    private static int fieldIndex(SqlType t, String name) {
        for (int i = 0; i < t.fields().size(); i++) {
            if (t.fields().get(i).name.equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static MethodHandle reorder(int[] order) {
        try {
            MethodHandle permute = MethodHandles.lookup().findStatic(PojoCodec.class, "permute",
                    MethodType.methodType(Object[].class, int[].class, Object[].class));
            return MethodHandles.insertArguments(permute, 0, (Object) order);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unused") // used through a method handle
    private static Object[] permute(int[] order, Object[] fields) {
        Object[] args = new Object[order.length];
        for (int j = 0; j < order.length; j++) {
            args[j] = fields[order[j]];
        }
        return args;
    }

    /** Whether the fields are reached by generated code (else by method handles). */
    boolean generatedAccess() {
        return access != null;
    }

    /** The generated accessor, or null (tests). */
    PojoAccess access() {
        return access;
    }

    @Override
    void check(Object v) {
        if (!conversion.isInstance(v)) {
            throw new ClassCastException();
        }
    }

    @Override
    Object get(Object v, int i) {
        try {
            if (access != null) {
                return access.get(v, i);
            }
            return (Object) getters[i].invokeExact(v);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new CodecException("getter of field " + SqlTypeNames.identifier(names[i]) + " failed: " + e, e);
        }
    }

    @Override
    public Object newInstance() {
        try {
            if (access != null) {
                return access.newInstance();
            }
            if (noArgs != null) {
                return (Object) noArgs.invokeExact();
            }
            return (Object) allArgs.invokeExact(new Object[fields.length]);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new CodecException("cannot create " + conversion.getName() + ": " + e, e);
        }
    }

    @Override
    Object build(RowKind kind, Object[] values) {
        try {
            if (access != null) {
                Object o = access.newInstance();
                for (int i = 0; i < values.length; i++) {
                    access.set(o, i, values[i]);
                }
                return o;
            }
            if (noArgs == null) {
                return (Object) allArgs.invokeExact(values);
            }
            Object o = (Object) noArgs.invokeExact();
            for (int i = 0; i < values.length; i++) {
                setters[i].invokeExact(o, values[i]);
            }
            return o;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new CodecException("cannot create " + conversion.getName() + " for " + type + ": " + e, e);
        }
    }
}
