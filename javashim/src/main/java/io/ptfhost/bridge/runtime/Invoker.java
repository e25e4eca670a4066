package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.codec.GeneratedClasses;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls one method (eval or onTimer) of one function instance with its arguments spread from an
 * Object[]. {@link #of} generates a class per method with ASM whose {@link #invoke} is a plain
 * {@code invokevirtual} of that method (casts and unboxing written out), so the JIT sees one
 * monomorphic call it can inline; a method the generated class could not reach (a non-public
 * class, parameter type or declaring class) is called through a spreading MethodHandle instead.
 * Generated classes are defined by {@link GeneratedClasses}.
 */
public abstract class Invoker {

    /**
     * One invoker per method for the life of the process (it holds no state): the parallel
     * instances of a function share it, so the call site in FunctionRuntime sees one class.
     */
    private static final Map<Method, Invoker> INVOKERS = new ConcurrentHashMap<>();

    /** Calls the method on target with args (one element per parameter, primitives boxed). */
    public abstract void invoke(Object target, Object[] args) throws Throwable;

    /** Whether this invoker is generated (false: the MethodHandle fallback). */
    public boolean generated() {
        return true;
    }

    /** Whether a stack frame of this class is generated code's or an invoker's (the bridge's machinery). */
    static boolean isGeneratedFrame(String className) {
        String self = Invoker.class.getName();
        return className.startsWith(GeneratedClasses.PACKAGE + ".") || className.equals(self)
                || className.startsWith(self + "$");
    }

    /** An invoker for m (a public instance method), generated when the method is reachable. */
    static Invoker of(Method m) throws IllegalAccessException {
        Invoker known = INVOKERS.get(m);
        if (known == null) {
            known = build(m);
            Invoker raced = INVOKERS.putIfAbsent(m, known);
            if (raced != null) {
                known = raced;
            }
        }
        return known;
    }

    private static Invoker build(Method m) throws IllegalAccessException {
        if (reachable(m)) {
            try {
                return generate(m);
            } catch (LinkageError | ReflectiveOperationException e) {
                // fall through to the handle: a class the generated code cannot link
            }
        }
        return new HandleInvoker(FunctionRuntime.unreflect(m), m.getParameterCount());
    }

    /** Public declaring class (and its enclosing classes), public non-interface method, public parameter types. */
    private static boolean reachable(Method m) {
        Class<?> owner = m.getDeclaringClass();
        if (owner.isInterface() || Modifier.isStatic(m.getModifiers()) || !Modifier.isPublic(m.getModifiers())
                || !GeneratedClasses.isPublic(owner)) {
            return false;
        }
        for (Class<?> p : m.getParameterTypes()) {
            if (!GeneratedClasses.isPublic(p)) {
                return false;
            }
        }
        return true;
    }

    private static Invoker generate(Method m) throws ReflectiveOperationException {
        String name = GeneratedClasses.newName("Invoker");
        Class<?> cls = GeneratedClasses.define(m.getDeclaringClass().getClassLoader(), Invoker.class, name,
                classBytes(name, m));
        return (Invoker) cls.getConstructor().newInstance();
    }

    /** public final class NAME extends Invoker { invoke(t, a) { ((Owner) t).m((P0) a[0], ...); } } */
    private static byte[] classBytes(String name, Method m) {
        ClassWriter cw = GeneratedClasses.classWriter(name, Invoker.class);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "invoke", "(Ljava/lang/Object;[Ljava/lang/Object;)V",
                null, null);
        mv.visitCode();
        String owner = Type.getInternalName(m.getDeclaringClass());
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitTypeInsn(Opcodes.CHECKCAST, owner);
        Class<?>[] params = m.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            pushInt(mv, i);
            mv.visitInsn(Opcodes.AALOAD);
            GeneratedClasses.castOrUnbox(mv, params[i]);
        }
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, owner, m.getName(), Type.getMethodDescriptor(m), false);
        GeneratedClasses.pop(mv, m.getReturnType());
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void pushInt(MethodVisitor mv, int i) {
        if (i <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + i);
        } else if (i <= Byte.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.BIPUSH, i);
        } else {
            mv.visitIntInsn(Opcodes.SIPUSH, i);
        }
    }

    /** The fallback: the method through a spreading (Object, Object[])void handle. */
    private static final class HandleInvoker extends Invoker {
        private final MethodHandle handle;

        HandleInvoker(MethodHandle h, int nparams) {
            this.handle = h.asSpreader(Object[].class, nparams)
                    .asType(MethodType.methodType(void.class, Object.class, Object[].class));
        }

        @Override
        public void invoke(Object target, Object[] args) throws Throwable {
            handle.invokeExact(target, args);
        }

        @Override
        public boolean generated() {
            return false;
        }
    }
}
