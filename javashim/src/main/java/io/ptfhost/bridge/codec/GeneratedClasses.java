package io.ptfhost.bridge.codec;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Defines the classes the bridge generates with ASM for one user class (invokers, POJO
 * accessors): each in its own loader, a child of the user class's loader that hands out the
 * generated class's bridge superclass and the JDK's classes directly, so a class allowlist (which
 * covers user code) never sees the bridge's own references. Generated classes live in
 * {@link #PACKAGE} and reach only public user classes and members.
 */
public final class GeneratedClasses {

    /** The package of every generated class (stack traces and tests recognise it). */
    public static final String PACKAGE = "io.ptfhost.bridge.generated";

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private GeneratedClasses() {}

    /** A fresh internal name (slashes) for a generated class: PACKAGE.prefix + a number. */
    public static String newName(String prefix) {
        return PACKAGE.replace('.', '/') + "/" + prefix + COUNTER.incrementAndGet();
    }

    /**
     * A writer for {@code public final class name extends base} with its no-argument constructor
     * written; the caller adds the methods and calls {@code toByteArray()}.
     */
    public static ClassWriter classWriter(String name, Class<?> base) {
        String superName = Type.getInternalName(base);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object"; // generated branches merge only their parameters
            }
        };
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, superName, null);
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, superName, "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        return cw;
    }

    /** Defines bytes (internal name internalName, superclass base) next to user's loader. */
    public static Class<?> define(ClassLoader user, Class<?> base, String internalName, byte[] bytes) {
        return new Loader(user, base).define(internalName.replace('/', '.'), bytes);
    }

    /** Whether c (an array's element type, its enclosing classes) is public: generated code can name it. */
    public static boolean isPublic(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (!k.isPrimitive() && !Modifier.isPublic(k.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /** The Object on the stack as type t: a cast, or a box's xxxValue() for a primitive. */
    public static void castOrUnbox(MethodVisitor mv, Class<?> t) {
        if (!t.isPrimitive()) {
            if (t != Object.class) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(t));
            }
            return;
        }
        String boxName = Type.getInternalName(MethodType.methodType(t).wrap().returnType());
        mv.visitTypeInsn(Opcodes.CHECKCAST, boxName);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, boxName, t.getName() + "Value", "()" + Type.getDescriptor(t), false);
    }

    /** Drops a value of type t (a method's result) from the stack. */
    public static void pop(MethodVisitor mv, Class<?> t) {
        if (t == long.class || t == double.class) {
            mv.visitInsn(Opcodes.POP2);
        } else if (t != void.class) {
            mv.visitInsn(Opcodes.POP);
        }
    }

    private static final class Loader extends ClassLoader {
        private final Class<?> base;

        Loader(ClassLoader user, Class<?> base) {
            super(user);
            this.base = base;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.equals(base.getName())) {
                return base;
            }
            if (name.startsWith("java.")) {
                return Class.forName(name, false, ClassLoader.getPlatformClassLoader());
            }
            return super.loadClass(name, resolve);
        }

        Class<?> define(String name, byte[] bytes) {
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
