package io.ptfhost.bridge.extract;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;

/**
 * Method parameter names the way Flink's ExtractionUtils obtains them.
 *
 * <p>If the class was compiled with {@code -parameters}, reflection has the names. Otherwise
 * reflection reports {@code arg0, arg1, ...} and Flink reads the method's LocalVariableTable from the
 * class file with ASM (present with {@code javac -g} and Maven's default debug settings). As in
 * Flink, the fallback triggers only when every reflected name starts with "arg", and a method
 * whose table lacks a parameter has no names at all. One deliberate difference: entries are matched
 * to parameters by their local variable slot, not taken in table order, because javac lists
 * block-scoped locals before the parameters (Flink's table-order reading would name a parameter
 * after some local variable).
 */
public final class ParameterNames {
    private ParameterNames() {}

    /** The names of all parameters of {@code method}, or null if they cannot be determined. */
    public static List<String> of(Method method) {
        return ofExecutable(method);
    }

    /** Constructor parameter names (for structured types with an assigning constructor). */
    public static List<String> ofConstructor(Constructor<?> constructor) {
        return ofExecutable(constructor);
    }

    private static List<String> ofExecutable(Executable method) {
        Parameter[] params = method.getParameters();
        List<String> names = new ArrayList<>(params.length);
        boolean allSynthetic = true;
        for (Parameter p : params) {
            names.add(p.getName());
            allSynthetic &= p.getName().startsWith("arg");
        }
        if (allSynthetic) {
            names = readLocalVariableTable(method);
        }
        return names != null && names.size() == params.length ? names : null;
    }

    /**
     * Parameter names from the LocalVariableTable, looked up by the parameters' local variable
     * slots; null if the class file has no entry for some parameter.
     */
    static List<String> readLocalVariableTable(Executable method) {
        ClassReader reader = ClassFiles.of(method.getDeclaringClass()).reader;
        if (reader == null) {
            return null;
        }
        final String descriptor = method instanceof Method ? Type.getMethodDescriptor((Method) method)
                : Type.getConstructorDescriptor((Constructor<?>) method);
        final String name = method instanceof Method ? method.getName() : "<init>";
        Type[] paramTypes = Type.getArgumentTypes(descriptor);
        final int[] slots = new int[paramTypes.length];
        int slot = Modifier.isStatic(method.getModifiers()) ? 0 : 1;
        for (int i = 0; i < paramTypes.length; i++) {
            slots[i] = slot;
            slot += paramTypes[i].getSize();
        }
        final String[] names = new String[paramTypes.length];
        try {
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String methodName, String desc, String signature,
                        String[] exceptions) {
                    if (!desc.equals(descriptor) || !methodName.equals(name)) {
                        return null;
                    }
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitLocalVariable(String varName, String varDesc, String varSignature,
                                Label start, Label end, int index) {
                            for (int i = 0; i < slots.length; i++) {
                                if (slots[i] == index && names[i] == null) {
                                    names[i] = varName;
                                }
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n == null) {
                return null;
            }
            out.add(n);
        }
        return out;
    }
}
