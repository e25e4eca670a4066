package io.ptfhost.bridge.codec;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fields of one POJO class read and written by generated code (ASM) instead of method
 * handles: {@code new C()}, and per field index a {@code getfield}/getter call (boxed, as the
 * handles box) or a {@code putfield}/setter call (cast or unboxed, so a wrong class is a
 * ClassCastException and a null for a primitive a NullPointerException, as through the handles).
 * {@link PojoCodec} uses one when {@link #generate} can build it: a public class, its public
 * no-argument constructor, and public fields or accessors of public classes.
 */
public abstract class PojoAccess {

    /**
     * One accessor per class and members for the life of the process (it holds no state): the
     * parallel instances of a function share it, so the codec's calls into it see one class.
     */
    private static final Map<List<Object>, Optional<PojoAccess>> GENERATED = new ConcurrentHashMap<>();

    public abstract Object newInstance();

    /** Field i of o, boxed. */
    public abstract Object get(Object o, int i);

    /** Sets field i of o to v. */
    public abstract void set(Object o, int i, Object v);

    /**
     * An accessor for cls, whose field i is reached through members[i]: a public Field, or a
     * {getter, setter} pair of public methods. Null when generated code could not reach them all.
     */
    static PojoAccess generate(Class<?> cls, Constructor<?> noArgs, Member[][] members) {
        List<Object> key = new ArrayList<>();
        key.add(cls);
        key.add(noArgs);
        for (Member[] m : members) {
            key.add(Arrays.asList(m));
        }
        return GENERATED.computeIfAbsent(key, k -> Optional.ofNullable(build(cls, noArgs, members))).orElse(null);
    }

    private static PojoAccess build(Class<?> cls, Constructor<?> noArgs, Member[][] members) {
        if (!reachable(cls, noArgs, members)) {
            return null;
        }
        try {
            String name = GeneratedClasses.newName("PojoAccess");
            Class<?> c = GeneratedClasses.define(cls.getClassLoader(), PojoAccess.class, name,
                    classBytes(name, cls, members));
            return (PojoAccess) c.getConstructor().newInstance();
        } catch (LinkageError | ReflectiveOperationException e) {
            return null; // the codec keeps its method handles
        }
    }

    private static boolean reachable(Class<?> cls, Constructor<?> noArgs, Member[][] members) {
        if (noArgs == null || !GeneratedClasses.isPublic(cls) || Modifier.isAbstract(cls.getModifiers())
                || cls.getClassLoader() == null) {
            return false;
        }
        for (Member[] m : members) {
            for (Member x : m) {
                Class<?> owner = x.getDeclaringClass();
                if (!Modifier.isPublic(x.getModifiers()) || Modifier.isStatic(x.getModifiers()) || owner.isInterface()
                        || !GeneratedClasses.isPublic(owner) || !GeneratedClasses.isPublic(valueType(x))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The field's type, a getter's return type or a setter's parameter type. */
    private static Class<?> valueType(Member x) {
        if (x instanceof Field) {
            return ((Field) x).getType();
        }
        Method m = (Method) x;
        return m.getParameterCount() == 0 ? m.getReturnType() : m.getParameterTypes()[0];
    }

    private static byte[] classBytes(String name, Class<?> cls, Member[][] members) {
        String owner = Type.getInternalName(cls);
        ClassWriter cw = GeneratedClasses.classWriter(name, PojoAccess.class);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "newInstance", "()Ljava/lang/Object;", null, null);
        mv.visitCode();
        mv.visitTypeInsn(Opcodes.NEW, owner);
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", "()V", false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();

        accessor(cw, owner, members, true);
        accessor(cw, owner, members, false);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** get(Object, int) or set(Object, int, Object): a switch over the field index. */
    private static void accessor(ClassWriter cw, String owner, Member[][] members, boolean get) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, get ? "get" : "set",
                get ? "(Ljava/lang/Object;I)Ljava/lang/Object;" : "(Ljava/lang/Object;ILjava/lang/Object;)V", null,
                null);
        mv.visitCode();
        int n = members.length;
        Label[] cases = new Label[n];
        for (int i = 0; i < n; i++) {
            cases[i] = new Label();
        }
        Label bad = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        if (n > 0) {
            mv.visitTableSwitchInsn(0, n - 1, bad, cases);
        } else {
            mv.visitJumpInsn(Opcodes.GOTO, bad);
        }
        for (int i = 0; i < n; i++) {
            mv.visitLabel(cases[i]);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitTypeInsn(Opcodes.CHECKCAST, owner);
            if (get) {
                Class<?> t = read(mv, members[i][0]);
                box(mv, t);
                mv.visitInsn(Opcodes.ARETURN);
            } else {
                mv.visitVarInsn(Opcodes.ALOAD, 3);
                write(mv, members[i].length > 1 ? members[i][1] : members[i][0]);
                mv.visitInsn(Opcodes.RETURN);
            }
        }
        mv.visitLabel(bad);
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/IndexOutOfBoundsException");
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ILOAD, 2);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IndexOutOfBoundsException", "<init>", "(I)V", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** The value of a public field or getter of the object on the stack; returns its type. */
    private static Class<?> read(MethodVisitor mv, Member x) {
        String owner = Type.getInternalName(x.getDeclaringClass());
        if (x instanceof Field) {
            Field f = (Field) x;
            mv.visitFieldInsn(Opcodes.GETFIELD, owner, f.getName(), Type.getDescriptor(f.getType()));
            return f.getType();
        }
        Method m = (Method) x;
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, owner, m.getName(), Type.getMethodDescriptor(m), false);
        return m.getReturnType();
    }

    /** Stores the Object on the stack into a public field or setter of the object below it. */
    private static void write(MethodVisitor mv, Member x) {
        String owner = Type.getInternalName(x.getDeclaringClass());
        Class<?> t = valueType(x);
        GeneratedClasses.castOrUnbox(mv, t);
        if (x instanceof Field) {
            mv.visitFieldInsn(Opcodes.PUTFIELD, owner, x.getName(), Type.getDescriptor(t));
            return;
        }
        Method m = (Method) x;
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, owner, m.getName(), Type.getMethodDescriptor(m), false);
        GeneratedClasses.pop(mv, m.getReturnType());
    }

    private static void box(MethodVisitor mv, Class<?> t) {
        if (!t.isPrimitive()) {
            return;
        }
        String boxName = Type.getInternalName(MethodType.methodType(t).wrap().returnType());
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, boxName, "valueOf", "(" + Type.getDescriptor(t) + ")L" + boxName + ";",
                false);
    }
}
